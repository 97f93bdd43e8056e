package format

import (
	"bytes"
	"errors"
	"io"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/internal/scan"
)

// MaxLine is the longest line a Reader reads, in bytes, not counting its
// line end ("\n"; a "\r" before it counts). A longer line is a bad case,
// skipped without being held in memory.
const MaxLine = 64 << 10

// Case is one case of a judge file, or a note about the file.
type Case struct {
	Num  int // the case's number, counted from 1; 0 for a note
	Line int // the line where the case starts

	Start, Goal board.Board // when Err is nil

	// Err, when not nil, says why the case could not be read. For a note
	// (Num 0) it is a fault of the file that has no case of its own to
	// answer, such as a count that disagrees with the cases.
	Err error

	name string // the input, for Fault
	args bool
}

// set sets c to a good case, field by field: a Case made whole and then
// copied is read back before its stores land (a stall of a store
// forward), once a case.
func (c *Case) set(num, line int, start, goal board.Board, name string) {
	c.Num, c.Line, c.Start, c.Goal, c.Err, c.name, c.args = num, line, start, goal, nil, name, false
}

// Fault returns an error for a fault of the case found after it was read
// (a shape no engine answers), placed as the reader places its own.
func (c *Case) Fault(msg string) error {
	return &Error{Name: c.name, Args: c.args, SyntaxError: &board.SyntaxError{Line: c.Line, Msg: msg}}
}

// Reader reads the cases of a judge file one at a time, as a preset lays
// them out. It holds one line at a time, however long its input.
//
// The lines of a file bound its boards: a board is written on one line,
// or one row a line (a first line of at most one row's cells starts a
// board of Rows lines). A case of a preset of pairs is a start board then
// a goal board, or both on one line. In a preset whose cases are
// separated by blank lines (Preset.Separated), a case runs to the next
// blank line. So a malformed board is one bad case, and the next case
// starts where the layout says, whatever was wrong with this one.
type Reader struct {
	p    Preset
	name string
	goal board.Board
	args bool // one board a line, and a blank line is an empty board
	// argTexts are the arguments as given, for reading the shape of a
	// board from its own rows when the preset has none.
	argTexts []string
	lineReader

	countRead bool
	count     int  // the number of cases the file announced, -1 if none
	notFast   bool // the line given by ResetSlowLine is no board board.ParseLine reads
	num       int  // cases read so far
	extraSaid bool
	shortSaid bool
	invalid   error // the preset cannot be read (Preset.Check)

	cells []board.Cell

	// For a preset whose cases give their size (Preset.Size): the shape
	// of the case being read, and whether the size line before the next
	// one must be looked for past lines that are none (after a bad one),
	// or the input has ended ("0 0"). skip is a size no board has, read
	// last, whose rows are skipped.
	shape    board.Shape
	skip     board.Shape
	resync   bool
	ended    bool
	lastGoal board.Board // the preset's goal of the last shape read

	// starts, when not nil, holds the cases of a block read whole at once
	// (Block.Reader), of which Next gives startsNext on; startsBuf keeps
	// the room for the next block.
	starts     []startCase
	startsNext int
	startsBuf  []startCase
	startsData []byte // the block's bytes, where the boards not yet read lie
	startsRead bool   // every board of starts is read

	slow slowPaths // fast paths turned off, by tests
}

// NewReader returns a Reader of the cases of r, laid out as p says. name
// names the input in messages ("stdin"). The goal of every case, when p
// reads none with its cases, is p's Goal. A preset that fails
// Preset.Check, or a goal that is not a board of its shape, gives one
// bad note and no cases.
func NewReader(r io.Reader, name string, p Preset) *Reader {
	return newReader(r, name, p, false)
}

func newReader(r io.Reader, name string, p Preset, args bool) *Reader {
	rd := &Reader{p: p, name: name, lineReader: newLineReader(r), count: -1, args: args, shape: p.Shape}
	rd.comments = p.Comments
	if n := p.Shape.Cells(); n > board.MaxSmall && p.Shape.Valid() {
		rd.setMaxLine(lineFor(n))
	}
	own, isBoard := p.Goal.Board()
	rd.invalid = p.check(!args || isBoard)
	switch {
	case rd.invalid != nil || p.Pairs:
	case p.Shape.Valid():
		rd.goal, _ = p.Goal.For(p.Shape) // check found it a board of the shape, and no size a case
	case isBoard:
		rd.goal = own // cases of another shape are bad
	}
	return rd
}

// NewArgsReader returns a Reader of boards given as command-line
// arguments: each argument is one board (one line of cells; line ends in
// it read as spaces), and two make a case for a preset of pairs. An empty
// argument is a bad case. Messages name the argument: "argument 2,
// column 5: ...".
//
// A preset with no shape (the zero Shape) and no goal of one shape takes
// the shape of each board from the board (board.Infer): its rows when
// written one row a line, else the square of its cells; the goal is then
// the preset's goal (a name every shape has) of that shape.
func NewArgsReader(args []string, p Preset) *Reader {
	var sb strings.Builder
	for _, a := range args {
		// A row a line is a row between slashes: its rows are checked.
		sb.WriteString(strings.ReplaceAll(a, "\n", "/"))
		sb.WriteByte('\n')
	}
	p.Count, p.Separated, p.Size = false, false, NoSize
	r := newReader(strings.NewReader(sb.String()), "argument", p, true)
	r.argTexts = args
	for _, a := range args {
		r.setMaxLine(len(a))
	}
	return r
}

// lineFor is the longest line a board of n cells may take, written on one
// line with room to spare: a 999 x 999 board takes about 7 MB.
func lineFor(n int) int { return 16*n + 1024 }

// argShape returns the shape of the board of argument k, read from it.
func (r *Reader) argShape(k int) (board.Shape, error) {
	if k < 1 || k > len(r.argTexts) {
		return board.Shape{}, errors.New("no shape for the board")
	}
	return InferShape(r.argTexts[k-1])
}

// InferShape is board.Infer with its errors worded for the commands: a
// board on one line whose cells make no square says "give -shape 2x3 or
// 3x2".
func InferShape(text string) (board.Shape, error) {
	s, err := board.Infer(text)
	var se *board.ShapeError
	if errors.As(err, &se) {
		return s, se.Give("-shape ")
	}
	return s, err
}

// wantCells says how many cells a board of s has: "9 cells".
func wantCells(s board.Shape) string {
	if !s.Valid() {
		return "its cells"
	}
	return strconv.Itoa(s.Cells()) + " cells"
}

// ResetLine makes r read line alone, as line lineNo of a file and the whole
// of its input, from the start of its cases (no count read, no case
// numbered yet), keeping its buffer and without copying the line. The
// line must not be changed until r has read it.
func (r *Reader) ResetLine(line []byte, lineNo int) {
	r.lineReader.feed(line, lineNo)
	r.countRead, r.count, r.num, r.extraSaid, r.shortSaid = false, -1, 0, false, false
	r.notFast = false
}

// ResetSlowLine is ResetLine for a line that the caller found
// board.ParseLine does not read as a board of r's shape (a bad line, as a
// rule): r does not try it again, and reads it the general way at once.
func (r *Reader) ResetSlowLine(line []byte, lineNo int) {
	r.ResetLine(line, lineNo)
	r.notFast = true
}

// StartAt makes r read on as if line lines and num cases of its input had
// come before: a Reader of the rest of a file whose first cases were read
// another way, whose cases, messages and lines are then numbered as one
// Reader of the whole file numbers them. It is for a preset with no count.
func (r *Reader) StartAt(line, num int) {
	r.lineReader.line, r.num = line, num
}

// LineTooLong is the error for a line of size bytes, longer than MaxLine,
// at line of the input called name.
func LineTooLong(name string, line, size int) error {
	return lineTooLong(name, line, size, MaxLine)
}

func lineTooLong(name string, line, size, limit int) error {
	return &Error{Name: name, SyntaxError: &board.SyntaxError{Line: line, Msg: "line of " + strconv.Itoa(size) + " bytes is too long; want at most " + strconv.Itoa(limit) + " bytes"}}
}

// lineTooLong is the error for a line of size bytes at line, longer than
// the limit r reads lines to: MaxLine, or more for a large board.
func (r *Reader) lineTooLong(line, size int) error {
	err := lineTooLong(r.name, line, size, max(MaxLine, r.maxLine))
	err.(*Error).Args = r.args
	return err
}

// errorAt makes an error that names the input, a line and, when col > 0, a
// column.
func (r *Reader) errorAt(line, col int, msg string) error {
	return &Error{Name: r.name, Args: r.args, SyntaxError: &board.SyntaxError{Line: line, Col: col, Msg: msg}}
}

// wrap names the input in an error of board.
func (r *Reader) wrap(err error) error {
	if se, ok := err.(*board.SyntaxError); ok {
		return &Error{Name: r.name, Args: r.args, SyntaxError: se}
	}
	return err
}

// Next reads the next case into c and reports whether there was one.
func (r *Reader) Next(c *Case) bool {
	if r.starts != nil && !r.startsRead && !r.readStarts() {
		r.starts = nil // a board that is none: the block is read line by line
	}
	if r.starts != nil {
		if r.startsNext == len(r.starts) {
			return false
		}
		sc := &r.starts[r.startsNext]
		r.startsNext++
		r.num++
		c.set(r.num, sc.line, sc.start, r.goal, r.name)
		return true
	}
	// known is a start board the fast path below read, for the rest of the
	// case to be read the general way.
	var known boardScan
	if r.oneLine() {
		if r.p.Shape == board.Shape3x3 {
			if start, goal, line, ok := r.bufferedCase(); ok {
				r.num++
				c.set(r.num, line, start, goal, r.name)
				return true
			}
		}
		// The common case first: a whole board on the next line that is
		// not blank, or for a preset of pairs, a whole board on each of
		// the next two (blank lines before a board are skipped, as
		// readBoard skips them).
		line, tooLong, ok := r.filledLine()
		var start board.Board
		parsed := false
		if ok && tooLong == 0 && !r.notFast {
			start, parsed = board.ParseLine(r.p.Shape, line)
		}
		switch {
		case parsed && !r.p.Pairs:
			r.num++
			c.set(r.num, r.line, start, r.goal, r.name)
			return true
		case parsed:
			first := r.line
			line, tooLong, ok := r.filledLine()
			if ok && tooLong == 0 {
				if goal, ok := board.ParseLine(r.p.Shape, line); ok {
					r.num++
					c.set(r.num, first, start, goal, r.name)
					return true
				}
			}
			if ok {
				r.unread(line, tooLong) // the goal, read again below
			}
			known = boardScan{found: true, shape: r.p.Shape, fast: true, b: start, line: first, last: first, count: r.p.Shape.Cells()}
		case ok:
			r.unread(line, tooLong) // read again below, for its message
		}
	}
	*c = Case{}
	if r.invalid != nil {
		c.Err, r.invalid = r.invalid, nil
		r.err = io.EOF
		return true
	}
	if r.p.Count && !r.countRead {
		r.countRead = true
		if note := r.readCount(); note != nil {
			c.Err = note
			return true
		}
	}
	if r.count >= 0 && r.num == r.count {
		if !r.moreInput() {
			return false
		}
		if !r.extraSaid {
			r.extraSaid = true
			c.Err = r.errorAt(r.line+1, 0, "more cases than the count "+strconv.Itoa(r.count)+" at the start; answering them too")
			return true
		}
	}
	if r.p.Size != NoSize {
		return r.nextSized(c)
	}
	cells := r.cells[:0]
	defer func() { r.cells = cells[:0] }()
	// bs is known only when the fast path found it: a copy of the zero
	// one would load what was just stored, a store-forwarding stall that
	// was a third of Next's own time on a file of bad lines.
	var bs boardScan
	if known.found {
		bs = known
	} else {
		cells = r.readBoard(cells, false, &bs)
	}
	n := bs.shape.Cells()
	if !bs.found {
		if r.count >= 0 && r.num < r.count && !r.shortSaid {
			r.shortSaid = true
			c.Err = r.errorAt(r.line, 0, "input ends after "+Plural(r.num, "case")+"; the count at the start says "+strconv.Itoa(r.count))
			return true
		}
		return false
	}
	c.Line, c.name, c.args = bs.line, r.name, r.args
	bad := bs.err
	var start, goal board.Board
	if r.p.Pairs {
		if !r.args && !bs.fast && bs.count == 2*n && bs.err == nil && len(cells) == 2*n {
			// The start and the goal on one line.
			start, goal, bad = r.pair(cells)
		} else {
			if bad == nil {
				start, bad = r.fromCells(cells, &bs, n, " (in the start board)")
			}
			var gs boardScan
			cells = r.readBoard(cells[:0], true, &gs)
			switch {
			case bad != nil:
			case !gs.found:
				bad = r.errorAt(r.line, 0, "input ends after the start board; want a goal board")
			case gs.err != nil:
				bad = gs.err
			case gs.shape != bs.shape:
				bad = r.errorAt(gs.line, 0, "the goal is a "+gs.shape.String()+" board and the start a "+bs.shape.String()+" one; want one shape")
			default:
				goal, bad = r.fromCells(cells, &gs, gs.shape.Cells(), " (in the goal board)")
			}
		}
	} else if bad == nil {
		start, bad = r.fromCells(cells, &bs, n, "")
		if bad == nil {
			goal, bad = r.goalFor(bs.shape, bs.line)
		}
	}
	if r.p.Separated {
		if err := r.restOfCase(); bad == nil {
			bad = err
		}
	}
	r.num++
	c.Num = r.num
	if bad != nil {
		c.Err = bad
		return true
	}
	c.Start, c.Goal = start, goal
	return true
}

// filledLine is readLine past any blank lines, as readBoard reads them
// before a board.
func (r *Reader) filledLine() ([]byte, int, bool) {
	for {
		line, tooLong, ok := r.readLine()
		if !ok || tooLong > 0 || !scan.Blank(line) {
			return line, tooLong, ok
		}
	}
}

// bufferedCase reads the next case of a 3x3 preset from the buffer when
// all of it is there: each board (two, for a preset of pairs) after empty
// lines or none, as bufferedBoard takes it (a line of one of the two forms
// NineWords reads, or three rows), that reads as a board. It returns the
// case and the line of its first board, or false, having read nothing,
// for anything else, which is read a line at a time. A file of boards as
// judges write them reads every case so, with one Discard.
func (r *Reader) bufferedCase() (start, goal board.Board, line int, ok bool) {
	l := &r.lineReader
	if l.held || l.partial || l.inMem || l.err != nil || l.line == 0 {
		return start, goal, 0, false // line 1 may begin with a byte order mark
	}
	buf, _ := l.br.Peek(min(l.br.Buffered(), 128))
	start, at, first, lines, ok := bufferedBoard(buf, 0, r.p.OneLine)
	if !ok {
		return start, goal, 0, false
	}
	line = l.line + first
	goal = r.goal
	if r.p.Pairs {
		var more int
		if goal, at, _, more, ok = bufferedBoard(buf, at, r.p.OneLine); !ok {
			return start, goal, 0, false
		}
		lines += more
	}
	l.br.Discard(at)
	l.line += lines
	return start, goal, line, true
}

// bufferedBoard reads a 3x3 board from buf at at for bufferedCase, after
// empty lines or none: on one line of the length of one of the two forms
// NineWords reads, or, unless oneLine, on three rows of "a b c" or "abc"
// (rows9). It returns the board, where its last line ends, the lines to
// its first line, and to its last.
func bufferedBoard(buf []byte, at int, oneLine bool) (b board.Board, end, first, lines int, ok bool) {
	for at < len(buf) && buf[at] == '\n' {
		at++
		lines++
	}
	if !oneLine {
		// Rows first: three rows of "a b c" also end a line at 17.
		if b, size, ok := rows9(buf[at:]); ok {
			return b, at + size, lines + 1, lines + 3, true
		}
	}
	for _, w := range [2]int{17, 9} {
		if end := at + w; end < len(buf) && buf[end] == '\n' {
			b, ok = board.ParseLine(board.Shape3x3, buf[at:end])
			return b, end + 1, lines + 1, lines + 1, ok
		}
	}
	return b, 0, 0, 0, false
}

// oneLine reports whether the next case may be a board on one line (or a
// pair on two) that Next can take as it is: of a shape given, with no count
// left to check, in a preset that does not run a case to a blank line.
func (r *Reader) oneLine() bool {
	return !r.p.Separated && !r.p.Nested && !r.args && r.invalid == nil && r.slow&slowFastCases == 0 &&
		r.p.Shape.Valid() && (!r.p.Count || r.countRead && (r.count < 0 || r.num < r.count))
}

// slowPaths turns fast paths of a Reader off (Reader.slow), for the
// tests that hold them to the general reading. A Reader of a Block or a
// case (Block.Reader, PairLines.Reader) takes its source's.
type slowPaths uint8

const (
	slowFastCases slowPaths = 1 << iota // Next's fast path, and NextBlock's blocks of boards
	slowPlainRows                       // plainRows, and cutStarts
)

// Plural writes n and what, "1 case" or "2 cases".
func Plural(n int, what string) string {
	s := strconv.Itoa(n) + " " + what
	if n != 1 {
		s += "s"
	}
	return s
}

// boardScan is what readBoard saw of one board.
type boardScan struct {
	found bool        // a board started before the end of the input
	shape board.Shape // its shape: the preset's, or read from the board
	fast  bool        // the board is one well-formed line, read into b
	b     board.Board // when fast
	line  int         // its first line
	last  int         // its last line
	count int         // the cells it holds; cells past n+1 are counted, not kept
	err   error       // its first fault: of a line, or of its layout
}

// readBoard reads the lines of one board, appending its cells to dst (at
// most 2n+1 of them, for a pair on one line), and says what it saw. Blank
// lines before the board are skipped, except for arguments, where a blank
// line is an empty board. inCase says the board is the second of a case,
// where a blank line in a preset of separated cases ends the case.
func (r *Reader) readBoard(dst []board.Cell, inCase bool, bs *boardScan) []board.Cell {
	*bs = boardScan{shape: r.shape}
	n := bs.shape.Cells()
	var line []byte
	for {
		var tooLong int
		var ok bool
		line, tooLong, ok = r.readLine()
		if !ok {
			return dst
		}
		if tooLong > 0 {
			bs.found, bs.line, bs.last = true, r.line, r.line
			bs.err = r.lineTooLong(r.line, tooLong)
			return dst
		}
		if !scan.Blank(line) {
			break
		}
		if r.args {
			bs.found, bs.line, bs.last = true, r.line, r.line
			bs.err = r.errorAt(r.line, 0, "empty board; want "+wantCells(bs.shape))
			return dst
		}
		if inCase && r.p.Separated {
			r.unread(line, 0) // it ends the case, which restOfCase finds
			return dst
		}
	}
	bs.found, bs.line, bs.last = true, r.line, r.line
	if !bs.shape.Valid() {
		// No shape given: the board's own, as written in its argument.
		s, err := r.argShape(r.line)
		if err != nil {
			bs.err = r.errorAt(r.line, 0, err.Error())
			return dst
		}
		bs.shape, n = s, s.Cells()
	}
	if !r.p.Nested && bytes.IndexByte(line, '/') >= 0 {
		// Rows between slashes, on one line: each must be a row.
		if err := bs.shape.CheckRows(line, r.line); err != nil {
			bs.err = r.wrap(err)
			return dst
		}
	}
	limit := len(dst) + 2*n + 1
	scan := bs.shape.ScanCells
	if r.p.Nested {
		scan = bs.shape.ScanNested // a nested board is its line
	} else if len(line) >= n && !(r.notFast && bs.shape == r.p.Shape) { // a line shorter holds no whole board
		if b, ok := board.ParseLine(bs.shape, line); ok {
			// The common case, read fast: a whole board on its line.
			bs.fast, bs.b, bs.count = true, b, n
			return dst
		}
	}
	cols := bs.shape.Cols
	if !r.p.Nested && !r.args && !r.p.OneLine && n <= 10 && r.slow&slowPlainRows == 0 {
		if dst, ok := r.plainRows(dst, bs, line); ok {
			return dst
		}
	}
	var k int
	var err error
	dst, k, err = scan(dst, limit, line, r.line)
	bs.count = k
	if err != nil {
		bs.err = r.wrap(err)
	}
	if r.p.Nested || r.args || r.p.OneLine || k > cols {
		return dst // the board is this line
	}
	// One row a line: the board is Rows lines.
	if k != cols && bs.err == nil {
		bs.err = r.errorAt(r.line, 0, "row 1 has "+Plural(k, "cell")+", want "+strconv.Itoa(cols))
	}
	return r.rows(dst, bs, 2)
}

// rows reads rows from..Rows of a board of one row a line, as readBoard
// does, appending their cells to dst.
func (r *Reader) rows(dst []board.Cell, bs *boardScan, from int) []board.Cell {
	n := bs.shape.Cells()
	limit := len(dst) - bs.count + 2*n + 1
	cols, rows := bs.shape.Cols, bs.shape.Rows
	for row := from; row <= rows; row++ {
		line, tooLong, ok := r.readLine()
		switch {
		case !ok:
			if bs.err == nil {
				bs.err = r.errorAt(r.line, 0, "input ends in the middle of a board: "+Plural(row-1, "row")+", want "+strconv.Itoa(rows))
			}
			return dst
		case tooLong > 0:
			if bs.err == nil {
				bs.err = r.lineTooLong(r.line, tooLong)
			}
			bs.last = r.line
			continue
		case scan.Blank(line):
			if bs.err == nil {
				bs.err = r.errorAt(r.line, 0, "a blank line after "+Plural(row-1, "row")+" of the board; want "+strconv.Itoa(rows)+" rows of "+strconv.Itoa(cols))
			}
			if r.p.Separated {
				r.unread(line, 0) // it ends the case
			}
			return dst
		}
		bs.last = r.line
		var k int
		var err error
		dst, k, err = bs.shape.ScanCells(dst, limit, line, r.line)
		bs.count += k
		if err != nil && bs.err == nil {
			bs.err = r.wrap(err)
		}
		if k != cols && bs.err == nil {
			bs.err = r.errorAt(r.line, 0, "row "+strconv.Itoa(row)+" has "+Plural(k, "cell")+", want "+strconv.Itoa(cols))
		}
	}
	return dst
}

// plainRows reads a board of one row a line whose first row is first,
// when it is a plain row (plainRow), and reports whether it was: it
// takes the rows after it the same way while they are plain, and their
// characters make the board written on one line, which board.ParseLine
// reads, with no cells kept. At the first row that is not plain, or a
// board that is not one, the rows so far become the cells ScanCells would
// have made of them, and reading goes on as readBoard's, with that line
// given back.
func (r *Reader) plainRows(dst []board.Cell, bs *boardScan, first []byte) ([]board.Cell, bool) {
	n, cols, rows := bs.shape.Cells(), bs.shape.Cols, bs.shape.Rows
	var chars [board.MaxSmall]byte  // the cells' characters, row by row
	var layout [board.MaxSmall]bool // whether each row was spaced
	spaced, ok := scan.PlainRow(first, cols, n, chars[:])
	if !ok {
		return dst, false
	}
	layout[0] = spaced
	// cells appends the cells of the rows before row, as ScanCells does.
	cells := func(row int) []board.Cell {
		for i := range row {
			step := 1
			if layout[i] {
				step = 2
			}
			for j := range cols {
				v, _ := board.CellValue(chars[i*cols+j])
				dst = append(dst, board.Cell{Value: uint32(v), Line: int32(bs.line + i), Col: int32(j*step + 1)})
			}
		}
		bs.count = row * cols
		return dst
	}
	for row := 1; row < rows; row++ {
		line, tooLong, ok := r.readLine()
		if !ok {
			return r.rows(cells(row), bs, row+1), true
		}
		simple := false
		if tooLong == 0 {
			layout[row], simple = scan.PlainRow(line, cols, n, chars[row*cols:])
		}
		if !simple {
			r.unread(line, tooLong)
			return r.rows(cells(row), bs, row+1), true
		}
		bs.last = r.line
	}
	if b, ok := board.ParseLine(bs.shape, chars[:rows*cols]); ok {
		bs.fast, bs.b, bs.count = true, b, rows*cols
		return dst, true
	}
	return cells(rows), true // a tile twice: FromCells says where
}

// fromCells makes a board of the n cells of one board, as readBoard saw it.
func (r *Reader) fromCells(cells []board.Cell, bs *boardScan, n int, which string) (board.Board, error) {
	switch {
	case bs.fast:
		return bs.b, nil
	case bs.count > n:
		c := cells[n]
		return board.Board{}, r.errorAt(int(c.Line), int(c.Col), countMsg(bs.count, n, which))
	case bs.count < n:
		return board.Board{}, r.errorAt(bs.last, 0, countMsg(bs.count, n, which))
	}
	b, err := bs.shape.FromCells(cells, bs.line)
	if err != nil {
		return b, r.wrap(suffix(err, which))
	}
	return b, nil
}

// countMsg returns the message of a board of count cells where n are
// wanted (board.AppendCountFault's): "too many cells: 10, want 9", and
// which after it. Those a line of junk has most (no which, counts below
// 2*MaxSmall+2) are made once (countMsgs).
func countMsg(count, n int, which string) string {
	if which == "" && n >= 0 && n <= board.MaxSmall && count >= 0 && count < len(countMsgs{}) {
		p := &countMsgsOf[n]
		m := p.Load()
		if m == nil {
			m = &countMsgs{}
			for k := range m {
				m[k] = string(board.AppendCountFault(nil, k, n))
			}
			p.CompareAndSwap(nil, m)
			m = p.Load()
		}
		return m[count]
	}
	return string(append(board.AppendCountFault(nil, count, n), which...))
}

// countMsgs are the messages of countMsg for boards of n cells, by count.
type countMsgs [2*board.MaxSmall + 2]string

// countMsgsOf[n] holds the countMsgs of boards of n cells, made on first
// use.
var countMsgsOf [board.MaxSmall + 1]atomic.Pointer[countMsgs]

// pair makes the start and goal of a case written on one line.
func (r *Reader) pair(cells []board.Cell) (start, goal board.Board, err error) {
	n := r.p.Shape.Cells()
	start, err = r.p.Shape.FromCells(cells[:n], 0)
	if err != nil {
		return start, goal, r.wrap(suffix(err, " (in the start board)"))
	}
	goal, err = r.p.Shape.FromCells(cells[n:], 0)
	if err != nil {
		return start, goal, r.wrap(suffix(err, " (in the goal board)"))
	}
	return start, goal, nil
}

func suffix(err error, s string) error {
	if se, ok := err.(*board.SyntaxError); ok {
		se.Msg += s
	}
	return err
}

// restOfCase reads, in a preset of separated cases, what is left of a case
// up to the blank line that ends it, and returns a fault if it is not
// empty: a case holds one board (or one pair) and no more.
func (r *Reader) restOfCase() error {
	var err error
	for {
		line, tooLong, ok := r.readLine()
		if !ok {
			return err
		}
		if tooLong == 0 && scan.Blank(line) {
			r.unread(line, 0)
			return err
		}
		if err == nil {
			err = r.errorAt(r.line, 0, "more lines than one board before the blank line that ends the case; want "+strconv.Itoa(r.shape.Rows)+" rows of "+strconv.Itoa(r.shape.Cols))
		}
	}
}

// goalFor returns the goal of a case whose board, of shape s, starts at
// line: the Reader's goal, or the preset's for s.
func (r *Reader) goalFor(s board.Shape, line int) (board.Board, error) {
	if r.goal.Valid() {
		if r.goal.Shape() != s {
			return board.Board{}, r.errorAt(line, 0, "the board is "+s.String()+" and the goal "+r.goal.Shape().String()+"; want one shape")
		}
		return r.goal, nil
	}
	if r.lastGoal.Valid() && r.lastGoal.Shape() == s {
		return r.lastGoal, nil // a large goal is made once, not once a case
	}
	g, err := r.p.Goal.For(s)
	if err != nil {
		return g, r.errorAt(line, 0, "goal: "+err.Error())
	}
	r.lastGoal = g
	return g, nil
}

// nextSized is Next for a preset whose cases give their size
// (Preset.Size): the size line, then the board's rows. A line where a
// size line should be that is none, or a board whose rows are wrong, is a
// bad case. A board ends after its rows, or before a line that can only
// be the next case's size line: so a short board never takes the next
// case's size for a row.
func (r *Reader) nextSized(c *Case) bool {
	*c = Case{}
	if !r.ended {
		s, line, ok, err := r.readSize()
		switch {
		case !ok:
			return false
		case err != nil:
			r.num++
			c.Num, c.Line, c.name, c.args, c.Err = r.num, line, r.name, r.args, err
			return true
		}
		r.shape = s
		r.setMaxLine(lineFor(s.Cells()))
		r.num++
		c.Num, c.Line, c.name, c.args = r.num, line, r.name, r.args
		cells, err := r.sizedRows(r.cells[:0], s)
		r.cells = cells[:0]
		if err == nil {
			var b board.Board
			if b, err = s.FromCells(cells, line); err == nil {
				c.Start = b
				c.Goal, err = r.goalFor(s, line)
			} else {
				err = r.wrap(err)
			}
		}
		c.Err = err
		if err != nil {
			c.Start, c.Goal = board.Board{}, board.Board{}
		}
		return true
	}
	return false
}

// sizedRows reads the rows of a board of shape s after its size line,
// appending their cells to dst: s.Rows lines of s.Cols cells (or the
// whole board on its first line), blank lines and lines all comment
// skipped. A line that can only be the next case's size line ends the
// board early, and is left for it.
func (r *Reader) sizedRows(dst []board.Cell, s board.Shape) ([]board.Cell, error) {
	n := s.Cells()
	var first error
	fault := func(err error) {
		if first == nil {
			first = err
		}
	}
	for row := 1; row <= s.Rows; row++ {
		line, tooLong, ok := r.filledLine()
		if !ok {
			msg := "input ends in the middle of a board: " + Plural(row-1, "row") + ", want " + strconv.Itoa(s.Rows)
			if row == 1 {
				msg = "input ends after the size line; want " + strconv.Itoa(s.Rows) + " rows of " + strconv.Itoa(s.Cols)
			}
			fault(r.errorAt(r.line, 0, msg))
			return dst, first
		}
		if tooLong > 0 {
			fault(r.lineTooLong(r.line, tooLong))
			continue
		}
		if r.sizeLike(line, s) {
			r.unread(line, 0)
			fault(r.errorAt(r.line+1, 0, "the board ends after "+Plural(row-1, "row")+"; want "+strconv.Itoa(s.Rows)+" rows of "+strconv.Itoa(s.Cols)))
			return dst, first
		}
		var k int
		var err error
		dst, k, err = s.ScanCells(dst, len(dst)+2*n+1, line, r.line)
		if err != nil {
			fault(r.wrap(err))
		}
		if row == 1 && k == n && s.Rows > 1 {
			break // the whole board on one line
		}
		if k != s.Cols {
			fault(r.errorAt(r.line, 0, "row "+strconv.Itoa(row)+" has "+Plural(k, "cell")+", want "+strconv.Itoa(s.Cols)))
		}
	}
	if first == nil && len(dst) != n {
		first = r.errorAt(r.line, 0, countMsg(len(dst), n, ""))
	}
	return dst, first
}

// sizeLike reports whether line, read where a row of a board of shape s
// should be, is rather the next case's size line, the board before it
// short of rows: it is "0 0" that ends the input, or a size whose rows
// (or whole board on one line) the next line begins. A line that might
// be a row of s damaged is never one: its count of numbers is a row's, or
// that size's rows are as wide as s's, or as wide as a size line.
func (r *Reader) sizeLike(line []byte, s board.Shape) bool {
	v, _, good := r.parseSize(line)
	want := 2
	if r.p.Size == Side {
		want = 1
	}
	if !good || s.Cols == want {
		return false
	}
	if r.p.Size == RowsCols && v == [2]int{} {
		return true
	}
	next := board.Shape{Rows: v[0], Cols: v[1]}
	if !next.Valid() || next.Cols == s.Cols || next.Cols == want {
		return false
	}
	words, ok := r.peekWords()
	return ok && (words == next.Cols || words == next.Cells() && words != s.Cols)
}

// readSize reads the line that gives the size of the next case's board
// (Preset.Size), past blank lines: "M N" or "N". It reports false at the
// end of the input, and at the line "0 0" that ends the input of
// RowsCols. A line that is no size, or a size no board has, is a bad
// case, at its line, and the lines after it up to the next that may be a
// size line are skipped: they are the bad case's board.
func (r *Reader) readSize() (board.Shape, int, bool, error) {
	what := `the size of the next board, "M N" (rows and columns) or "0 0" at the end`
	if r.p.Size == Side {
		what = `the size of the next board, "N" for N x N`
	}
	for {
		line, tooLong, ok := r.readLine()
		if !ok {
			return board.Shape{}, 0, false, nil
		}
		if tooLong == 0 && scan.Blank(line) {
			continue
		}
		if r.skip.Rows > 0 {
			// A row of the board of a bad size, unless it can only be
			// the next size line.
			if skip := r.skip; tooLong > 0 || !r.sizeLike(line, skip) {
				r.skip.Rows--
				continue
			}
			r.skip = board.Shape{}
		}
		v, words, good := r.parseSize(line)
		if tooLong > 0 || !words {
			if r.resync {
				continue
			}
			r.resync = true
			got := "a line of " + strconv.Itoa(tooLong) + " bytes"
			if tooLong == 0 {
				got = strconv.Quote(truncate(bytes.TrimSpace(line), 40))
			}
			return board.Shape{}, r.line, true, r.errorAt(r.line, 0, "want "+what+", got "+got)
		}
		r.resync = false
		if !good {
			r.resync = true
			return board.Shape{}, r.line, true, r.errorAt(r.line, 0, "want "+what+", got "+strconv.Quote(truncate(bytes.TrimSpace(line), 40)))
		}
		if r.p.Size == RowsCols && v[0] == 0 && v[1] == 0 {
			r.ended = true
			return board.Shape{}, 0, false, nil
		}
		s := board.Shape{Rows: v[0], Cols: v[1]}
		if !s.Valid() {
			r.resync, r.skip = true, s
			return s, r.line, true, r.errorAt(r.line, 0, "size "+strconv.Itoa(v[0])+"x"+strconv.Itoa(v[1])+": want R x C with R, C >= 2 and at most "+strconv.Itoa(board.MaxCells)+" cells")
		}
		return s, r.line, true, nil
	}
}

// parseSize reads line as a size line of r's preset: words says it has
// the size's count of words ("M N" or "N"), good that they are numbers of
// at least 0, v the rows and columns.
func (r *Reader) parseSize(line []byte) (v [2]int, words, good bool) {
	want := 2
	if r.p.Size == Side {
		want = 1
	}
	f := bytes.Fields(line)
	if len(f) != want {
		return v, false, false
	}
	good = true
	for i := range want {
		n, err := strconv.Atoi(string(f[i]))
		good = good && err == nil && n >= 0
		v[i] = n
	}
	if want == 1 {
		v[1] = v[0]
	}
	return v, true, good
}

// readCount reads the number of cases that starts the input. A first line
// that is not a number is a note, and the cases that follow it are read
// to the end of the input.
func (r *Reader) readCount() error {
	for {
		line, tooLong, ok := r.readLine()
		if !ok {
			if r.lineReader.Err() != nil {
				return nil // the caller reports the error
			}
			return r.errorAt(max(r.line, 1), 0, "the input is empty; want the number of cases")
		}
		if tooLong > 0 {
			return r.errorAt(r.line, 0, "line of "+strconv.Itoa(tooLong)+" bytes is too long; want the number of cases")
		}
		if scan.Blank(line) {
			continue
		}
		f := bytes.TrimSpace(line)
		n, err := strconv.Atoi(string(f))
		if err == nil && n >= 0 {
			r.count = n
			return nil
		}
		return r.errorAt(r.line, 0, "want the number of cases, got "+strconv.Quote(truncate(f, 40))+"; reading cases to the end of the input")
	}
}

// Count returns the number of cases the input says it holds, once it is
// read (by the first Next), and false for a preset with no count, or
// before, or when the count line was not a number.
func (r *Reader) Count() (int, bool) {
	return r.count, r.countRead && r.count >= 0
}

// moreInput reports whether anything but blank lines is left.
func (r *Reader) moreInput() bool {
	for {
		line, tooLong, ok := r.readLine()
		if !ok {
			return false
		}
		if tooLong > 0 || !scan.Blank(line) {
			r.unread(line, tooLong)
			return true
		}
	}
}

func truncate(b []byte, n int) string {
	if len(b) > n {
		return string(b[:n]) + "..."
	}
	return string(b)
}
