package format

import (
	"bytes"
	"math"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/internal/scan"
)

// A Block is a run of whole cases cut from a file by Reader.NextBlock, for
// a Reader of its own to read apart from the rest (on another core), its
// cases numbered and placed as in the file.
type Block struct {
	data  []byte // whole lines, ending at a blank line
	line  int    // the lines of the file before data
	num   int    // the cases before data
	cases int    // the cases in data
	pairs bool   // a block of pairs: see Pairs
	// stride, when not 0, is the length of every line of a block of
	// pairs, line end included: board lines of one form, no empty lines.
	stride int
	src    *Reader
}

// Cases returns the number of cases in b.
func (b *Block) Cases() int { return b.cases }

// Len returns the number of bytes of input b holds.
func (b *Block) Len() int { return len(b.data) }

// NextBlock cuts the next run of whole cases of r's input into b, and
// reports whether it did. It does so only for a preset whose cases are
// separated by blank lines (Preset.Separated), where a case is a run of
// lines that are not blank whatever they hold, once the count is read,
// and while a buffer of input is left and the count, if any, is not
// passed: a Reader of the Block (Block.Reader) then reads exactly the
// cases, the faults and the line numbers that r would have read next.
// When it reports false, r reads on with Next, as before.
//
// For a 3x3 preset of pairs, it cuts runs of cases whose every line is
// empty or one board: written in one of the two forms board.NineWords
// reads, by its layout, or a line of more cells than a row that is no
// pair (Block.Pairs): the start of a case is then every other board line.
// For a 3x3 preset of one board a case whose cases are not separated and
// may take more than a line (uva652, aoj), it cuts runs whose every line
// is empty or one board so, or one of three rows of a board: each board
// is then a case.
func (r *Reader) NextBlock(b *Block) bool {
	if r.p.Pairs || !r.p.Separated && !r.p.OneLine {
		return r.nextBoardBlock(b)
	}
	if !r.p.Separated || r.args || r.invalid != nil || r.p.Count && !r.countRead || r.partial || r.err != nil || r.inMem {
		return false
	}
	if r.held {
		// The blank line that ended the last case, given back: the next
		// case would skip it, and so does the block.
		if r.heldTooLong > 0 || !scan.Blank(r.pending) {
			return false
		}
		r.held = false
		r.line++
	}
	size := r.br.Size()
	data, err := r.br.Peek(size)
	if err != nil {
		return false // less than a buffer left: the end of the input is read case by case
	}
	// Cut after the last blank line whose line end is in data.
	cut := -1
	for end := len(data); end > 0; {
		nl := bytes.LastIndexByte(data[:end], '\n')
		if nl < 0 {
			break
		}
		start := bytes.LastIndexByte(data[:nl], '\n') + 1
		if scan.Blank(data[start:nl]) {
			cut = nl + 1
			break
		}
		end = start
	}
	if cut <= 0 {
		return false
	}
	lines, cases, ok := scan.CountWords(data[:cut])
	if !ok {
		lines, cases = scan.CountLines(data[:cut])
	}
	if cases == 0 || r.count >= 0 && r.num+cases > r.count {
		return false // the count's faults are said case by case
	}
	r.take(b, data[:cut], lines, cases, false, 0)
	return true
}

// take makes b the block of the cases in data, the start of the input's
// buffer, which are lines lines and cases cases (of pairs, their lines
// stride bytes each when not 0), and reads past them.
func (r *Reader) take(b *Block, data []byte, lines, cases int, pairs bool, stride int) {
	b.data = append(b.data[:0], data...)
	b.line, b.num, b.cases, b.pairs, b.stride, b.src = r.line, r.num, cases, pairs, stride, r
	r.br.Discard(len(data))
	r.line += lines
	r.num += cases
}

// nextBoardBlock is NextBlock for a preset of pairs, or of one board a
// case, on a line or in three rows.
func (r *Reader) nextBoardBlock(b *Block) bool {
	l := &r.lineReader
	if r.p.Shape != board.Shape3x3 || r.p.Nested || r.args || r.invalid != nil || r.p.Count && !r.countRead ||
		l.held || l.partial || l.inMem || l.err != nil || l.line == 0 || r.slow&slowFastCases != 0 { // line 1 may begin with a byte order mark
		return false
	}
	limit := math.MaxInt
	if r.count >= 0 {
		if limit = r.count - r.num; limit <= 0 {
			return false // the count's faults are said case by case
		}
	}
	data, err := l.br.Peek(l.br.Size())
	if err != nil {
		return false // less than a buffer left: the end of the input is read case by case
	}
	per := 1
	if r.p.Pairs {
		per = 2
	}
	cut, lines, cases, stride := scan.Boards(data, limit, per)
	if cases == 0 {
		return false
	}
	r.take(b, data[:cut], lines, cases, r.p.Pairs, stride)
	return true
}

// Pairs reports whether b is a block of pairs, whose every line is empty
// or one 3x3 board, most often laid out as board.NineWords reads it (its
// cells may still be wrong), two board lines a case: its cases can be
// read as lines with PairLines, or with Reader as any block's.
func (b *Block) Pairs() bool { return b.pairs }

// PairLines walks the cases of a block of pairs (Block.Pairs) as lines,
// for a caller that reads the usual case its own way.
type PairLines struct {
	rest []byte // the lines after the last case
	line int    // the lines of the file before rest
	num  int    // the number of the last case
	src  *Reader
	// The last case: its lines, and the lines of the file before them.
	last     []byte
	lastLine int
	// stride, when not 0, is the length of every line, line end
	// included, and width a board's, without it: a case is two strides.
	stride, width int
}

// PairLines returns the PairLines of b's cases; of none, for a block that
// is not one of pairs.
func (b *Block) PairLines() PairLines {
	if !b.pairs {
		return PairLines{}
	}
	pl := PairLines{rest: b.data, line: b.line, num: b.num, src: b.src, stride: b.stride}
	if pl.stride > 0 {
		// 10 or 11 bytes a line (with a "\r"), or 18 or 19.
		pl.width = 9
		if pl.stride >= 18 {
			pl.width = 17
		}
	}
	return pl
}

// Next returns the lines of the start and the goal of the next case, or
// false after the last.
func (pl *PairLines) Next() (start, goal []byte, ok bool) {
	if d := pl.stride; d > 0 && len(pl.rest) >= 2*d {
		// Lines of one length: the case at a fixed place.
		data := pl.rest
		start, goal = data[:pl.width], data[d:d+pl.width]
		pl.last, pl.lastLine = data[:2*d], pl.line
		pl.rest, pl.line = data[2*d:], pl.line+2
		pl.num++
		return start, goal, true
	}
	data, line := pl.rest, pl.line
	for len(data) > 0 && data[0] == '\n' {
		data, line = data[1:], line+1
	}
	first, firstLine := data, line
	start, data, ok = cutBoard(data)
	if !ok {
		return nil, nil, false
	}
	line++
	for len(data) > 0 && data[0] == '\n' {
		data, line = data[1:], line+1
	}
	if goal, data, ok = cutBoard(data); !ok {
		return nil, nil, false
	}
	pl.rest, pl.line = data, line+1
	pl.last, pl.lastLine = first[:len(first)-len(data)], firstLine
	pl.num++
	return start, goal, true
}

// Eight returns the bytes of the cases after the one Next gave last,
// and the length of each of their lines with its line end, when the
// block's lines are all of one length with a line end of one byte ("\n")
// and eight cases or more are left: for a caller that reads eight cases
// at once, each a start line and a goal line one after the other, and
// then passes over them with Skip.
func (pl *PairLines) Eight() (data []byte, stride int, ok bool) {
	if d := pl.stride; d == pl.width+1 && len(pl.rest) >= 16*d {
		return pl.rest, d, true
	}
	return nil, 0, false
}

// Skip passes over the next k cases, at most the eight that Eight says
// are there, as k calls of Next would.
func (pl *PairLines) Skip(k int) {
	d := pl.stride
	if k <= 0 || d == 0 || len(pl.rest) < 2*k*d {
		return
	}
	pl.last, pl.lastLine = pl.rest[2*(k-1)*d:2*k*d], pl.line+2*(k-1)
	pl.rest, pl.line = pl.rest[2*k*d:], pl.line+2*k
	pl.num += k
}

// cutBoard splits the board line that starts data off, as boardLines took
// it, without its line end ("\n" or "\r\n"): a line of boardLine's ends
// where it says, any other is searched.
func cutBoard(data []byte) (board, rest []byte, ok bool) {
	k := scan.BoardLine(data)
	if k == 0 {
		k = scan.LineEnd(data)
	}
	if k <= 0 {
		return nil, data, false
	}
	return scan.WithoutCR(data[:k]), data[k+1:], true
}

// Num returns the number of the case Next gave last.
func (pl *PairLines) Num() int { return pl.num }

// Reader returns a Reader of the case Next gave last, alone: it reads its
// case, numbered and placed as in the file, exactly as the Reader that cut
// the block would have, fault or not. It reuses into when it is one that
// Reader returned before.
func (pl *PairLines) Reader(into *Reader) *Reader {
	if pl.src == nil {
		return emptyReader() // the zero PairLines
	}
	one := Block{data: pl.last, line: pl.lastLine, num: pl.num - 1, cases: 1, src: pl.src}
	return one.Reader(into)
}

// Reader returns a Reader of the cases of b, reusing into when it is one
// that Reader returned before.
func (b *Block) Reader(into *Reader) *Reader {
	if b.src == nil {
		return emptyReader() // the zero Block
	}
	if into == nil || into.p.Name != b.src.p.Name {
		into = newReader(nil, b.src.name, b.src.p, false)
	}
	into.name, into.p, into.goal, into.slow = b.src.name, b.src.p, b.src.goal, b.src.slow
	into.lineReader.resetMem(b.data, b.line)
	into.countRead, into.count, into.num, into.extraSaid, into.shortSaid = true, -1, b.num, false, false
	into.starts, into.startsNext, into.startsData, into.startsRead = nil, 0, nil, false
	if cases, ok := into.cutStarts(b.data, b.line, into.startsBuf[:0]); ok {
		into.starts, into.startsBuf, into.startsData = cases, cases, b.data
	}
	return into
}

// emptyReader returns a Reader of no cases and no faults.
func emptyReader() *Reader {
	r := newReader(bytes.NewReader(nil), "", Preset{}, false)
	r.invalid = nil
	return r
}

// Starts reports whether r, a Reader of a Block (Block.Reader), cut the
// block's cases whole at once, every one laid out as judges write them,
// and none of them read yet by Next: then they are n cases numbered from
// first, each a start (Start, StartLayout) for goal. A caller may
// answer them from their starts, in place of reading them with Next,
// once it has found every start a board: where one is not (Start
// says false), Next reads the block line by line and says so.
func (r *Reader) Starts() (n, first int, goal board.Board, ok bool) {
	if r.starts == nil || r.startsNext != 0 {
		return 0, 0, board.Board{}, false
	}
	return len(r.starts), r.num + 1, r.goal, true
}

// Start returns the start board of case i of the cases Starts
// reports, counted from 0, and reports whether it is one; false, and the
// zero Board, for an i out of their range.
func (r *Reader) Start(i int) (board.Board, bool) {
	if uint(i) >= uint(len(r.starts)) {
		return board.Board{}, false
	}
	c := &r.starts[i]
	if c.layout == LayoutRead {
		return c.start, true
	}
	return readLayout(r.startsData[c.off:], c.layout)
}

// StartLayout returns the block's bytes, and where in them the start of
// case i of the cases Starts reports lies and in which layout, for a
// caller that reads eight such boards at once; LayoutRead for a start
// that Start gives, and for an i out of their range.
func (r *Reader) StartLayout(i int) (data []byte, off int, layout Layout) {
	if uint(i) >= uint(len(r.starts)) {
		return nil, 0, LayoutRead
	}
	c := &r.starts[i]
	return r.startsData, int(c.off), c.layout
}

// readStarts reads every start of r.starts not yet read, and reports
// whether each was a board.
func (r *Reader) readStarts() bool {
	for i := range r.starts {
		c := &r.starts[i]
		if c.layout == LayoutRead {
			continue
		}
		b, ok := readLayout(r.startsData[c.off:], c.layout)
		if !ok {
			return false
		}
		c.start, c.layout = b, LayoutRead
	}
	r.startsRead = true
	return true
}

// A startCase is a case of a block read whole at once: its start, and
// the line of its first row. A 3x3 start written in one of the four
// usual layouts is not read at once: layout says which (Layout), and off
// where it starts in the block's bytes, for a caller that reads eight
// such at a time (Reader.StartLayout); Next and Start read it when
// asked.
type startCase struct {
	start  board.Board
	line   int
	off    int32
	layout Layout
}

// A Layout is how a 3x3 board of a block's case is written, for a caller
// that reads the board itself (Reader.StartLayout).
type Layout uint8

// The layouts of a 3x3 board that judges write most, each ended by "\n".
const (
	LayoutRead       Layout = iota // none of these: the board is read (Start)
	LayoutSpaced                   // "2 3 4 1 5 x 7 6 8"
	LayoutCompact                  // "23415x768"
	LayoutSpacedRows               // "2 3 4", "1 5 x", "7 6 8"
	LayoutRows                     // "234", "15x", "768"
)

// layoutOf returns the layout of a 3x3 board written in the size bytes
// at the start of data that rows9 or boardLine took, line ends included,
// or LayoutRead for one with a line end of two bytes.
func layoutOf(data []byte, size int, rows bool) Layout {
	switch {
	case rows && size == 18:
		return LayoutSpacedRows
	case rows && size == 12:
		return LayoutRows
	case !rows && size == 18 && data[16] != '\r':
		return LayoutSpaced
	case !rows && size == 10 && data[8] != '\r':
		return LayoutCompact
	}
	return LayoutRead
}

// readLayout reads the 3x3 board written in layout at the start of data.
func readLayout(data []byte, layout Layout) (board.Board, bool) {
	switch layout {
	case LayoutSpaced:
		return board.ParseLine(board.Shape3x3, data[:17])
	case LayoutCompact:
		return board.ParseLine(board.Shape3x3, data[:9])
	case LayoutSpacedRows, LayoutRows:
		b, _, ok := rows9(data)
		return b, ok
	}
	return board.Board{}, false
}

// cutStarts reads every case of data, the whole lines of a block after
// line lines of the file, into dst when each is written as judges do:
// after one empty line or more, its rows, each a plain row (plainRow),
// and then an empty line; it reports false when any line or board is not
// so (a fault, a line with spaces, a line end of two bytes), and the
// block is read line by line. Read so, the cases are those the Reader
// would read one by one, with no state to keep between them.
func (r *Reader) cutStarts(data []byte, line int, dst []startCase) ([]startCase, bool) {
	s := r.p.Shape
	n, rows, cols := s.Cells(), s.Rows, s.Cols
	if r.p.Pairs || r.p.Nested || r.p.OneLine || r.args || n == 0 || n > 10 || r.slow&slowPlainRows != 0 {
		return dst, false
	}
	if !r.p.Separated {
		return lineCases(data, line, dst)
	}
	whole := data
	var chars [board.MaxSmall]byte
	for len(data) > 0 {
		if data[0] == '\n' { // an empty line
			data = data[1:]
			line++
			continue
		}
		if s == board.Shape3x3 {
			if size, ok := scan.NineRows(data); ok {
				dst = append(dst, startCase{line: line + 1, off: int32(len(whole) - len(data)), layout: layoutOf(data, size, true)})
				data = data[size:]
				line += rows
				continue
			}
		}
		for row := range rows {
			k := scan.LineEnd(data)
			if k < 0 {
				return dst, false
			}
			if _, ok := scan.PlainRow(data[:k], cols, n, chars[row*cols:]); !ok {
				return dst, false
			}
			data = data[k+1:]
		}
		if len(data) == 0 || data[0] != '\n' {
			return dst, false // a line after the rows, or no blank line to end the case
		}
		b, ok := board.ParseLine(s, chars[:n])
		if !ok {
			return dst, false
		}
		dst = append(dst, startCase{start: b, line: line + 1})
		line += rows
	}
	return dst, true
}

// lineCases is cutStarts for a 3x3 preset of one board a case whose
// cases are not separated (uva652, aoj), whose blocks are of whole boards
// on lines of their own or in three rows (boardLines): each line is empty,
// or a board of the usual forms (boardLine, "\n" or "\r\n" ended) that
// board.ParseLine reads, or the first of three rows that rows9 reads; each
// such board is a case, the board the Reader reads from it.
func lineCases(data []byte, line int, dst []startCase) ([]startCase, bool) {
	whole := data
	for len(data) > 0 {
		if data[0] == '\n' {
			data = data[1:]
			line++
			continue
		}
		off := int32(len(whole) - len(data))
		k := scan.BoardLine(data)
		if k == 0 {
			// Three rows of "a b c" or "abc", each with its line end of
			// one byte.
			size, ok := scan.RowsSize(data)
			if !ok {
				return dst, false
			}
			dst = append(dst, startCase{line: line + 1, off: off, layout: layoutOf(data, size, true)})
			data = data[size:]
			line += 3
			continue
		}
		line++
		c := startCase{line: line, off: off, layout: layoutOf(data, k+1, false)}
		if c.layout == LayoutRead {
			b, ok := board.ParseLine(board.Shape3x3, scan.WithoutCR(data[:k]))
			if !ok {
				return dst, false
			}
			c.start = b
		}
		dst = append(dst, c)
		data = data[k+1:]
	}
	return dst, true
}

// rows9 reads a 3x3 board at the start of data written as three rows of
// "a b c" or of "abc", each with its line end: as the three rows joined
// into one line, which board.ParseLine reads in one pass. It gives the
// board and the bytes of its rows, or false for anything else, and for a
// board that is not one (a tile twice), which a reader reads row by row.
// Rows so written are each a row to readBoard (plainRow), so the board
// is the one readBoard reads from them.
func rows9(data []byte) (board.Board, int, bool) {
	switch {
	case len(data) > 17 && data[5] == '\n' && data[11] == '\n' && data[17] == '\n':
		var line [17]byte
		copy(line[:], data)
		line[5], line[11] = ' ', ' '
		b, ok := board.ParseLine(board.Shape3x3, line[:])
		return b, 18, ok
	case len(data) > 11 && data[3] == '\n' && data[7] == '\n' && data[11] == '\n':
		var line [9]byte
		copy(line[0:3], data[0:3])
		copy(line[3:6], data[4:7])
		copy(line[6:9], data[8:11])
		b, ok := board.ParseLine(board.Shape3x3, line[:])
		return b, 12, ok
	}
	return board.Board{}, 0, false
}

// BoardLines returns how many whole lines (each with its line end, "\n"
// or "\r\n") at the start of data are boards of p's shape written as
// judges write them: one character a cell, every one printable and not a
// space, with a space between each two or none. It returns them as a
// length in bytes and a count. For a preset of one board a line, each such line is one case,
// whatever its cells (a Reader reads it as one board, good or bad): a
// caller that reads them another way (judge check) counts the cases of
// the file as a Reader would. For a preset of another layout, or boards
// of more than ten cells, it returns 0, 0.
func (p *Preset) BoardLines(data []byte) (size, lines int) {
	n := p.Shape.Cells()
	if p.Pairs || p.Separated || p.Nested || p.Count || n == 0 || n > 10 {
		return 0, 0
	}
	for size < len(data) {
		k := scan.LineEnd(data[size:])
		if k < 0 || !scan.PlainLine(scan.WithoutCR(data[size:size+k]), n) {
			break
		}
		size += k + 1
		lines++
	}
	return size, lines
}
