package board

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/bits"
	"strconv"
	"strings"
	"sync/atomic"
	"unicode/utf8"
)

// A Cell is one cell as read from text, with where it was written, so that
// a fault found later (a repeated tile) can still name its place.
type Cell struct {
	Value     uint32 // the tile, or 0 for the blank; Bad for a cell that could not be read
	Line, Col int32  // 1-based
}

// SyntaxError is a board that could not be read: what was wrong and where.
type SyntaxError struct {
	Line int    // 1-based line of the fault
	Col  int    // 1-based column, or 0 when the fault has no one column
	Msg  string // what was wrong and what was expected
}

// Error returns "line:col: msg", or "line: msg" when there is no column.
func (e *SyntaxError) Error() string {
	if e.Col > 0 {
		return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg)
	}
	return fmt.Sprintf("%d: %s", e.Line, e.Msg)
}

func errorAt(line, col int, format string, args ...any) *SyntaxError {
	return &SyntaxError{Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

// isSpace reports whether c separates cells: a space, a tab, the
// carriage return of a CRLF line end, or the slash between rows of a
// board written "1 2 3/4 5 6/7 8 0".
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' || c == '/'
}

// isBlank reports whether c writes the blank cell.
func isBlank(c byte) bool { return c == 'x' || c == 'X' || c == '0' || c == '#' }

// want describes what a cell of s may be, for error messages.
func (s Shape) want() string {
	if s.Small() {
		return wants[s.Rows][s.Cols]
	}
	return "want a tile 1.." + strconv.Itoa(s.Cells()-1) + " or a blank (x X 0 #)" + s.forShape()
}

// wants holds want for every valid shape, made once: a line of junk
// pays for its one message and no more.
var wants = func() (w [MaxSmall + 1][MaxSmall + 1]string) {
	for r := 2; r <= MaxSmall/2; r++ {
		for c := 2; r*c <= MaxSmall; c++ {
			s := Shape{Rows: r, Cols: c}
			w[r][c] = "want a tile 1.." + strconv.Itoa(s.Cells()-1) + " or a blank (x X 0 #)" + s.forShape()
		}
	}
	return w
}()

// faultMsgs holds, for each valid shape, the messages of the faults a
// line of junk has most (byteMsgs), made on first use.
var faultMsgs [MaxSmall + 1][MaxSmall + 1]atomic.Pointer[byteMsgs]

// byteMsgs are the messages of a fault at one printable ASCII byte of a
// board of a shape: stray[c] for a character c that is no cell
// ("unexpected 'h'; want a tile 1..8 or a blank (x X 0 #) for a 3x3
// board"), and tile[d] for a digit d out of range on a board of ten cells
// or fewer. A line of junk then pays for no message of its own.
type byteMsgs struct {
	stray [utf8.RuneSelf]string
	tile  [10]string
}

// msgs returns the byteMsgs of s, or nil for a shape that is not valid.
func (s Shape) msgs() *byteMsgs {
	if !s.Small() {
		return nil
	}
	p := &faultMsgs[s.Rows][s.Cols]
	if m := p.Load(); m != nil {
		return m
	}
	m := &byteMsgs{}
	want := s.want()
	for c := ' '; c < 0x7f; c++ {
		if c != '\'' && c != '\\' {
			m.stray[c] = "unexpected '" + string(c) + "'; " + want
		}
	}
	for d := range m.tile {
		m.tile[d] = "tile " + strconv.Itoa(d) + " out of range 1.." + strconv.Itoa(s.Cells()-1) + s.forShape()
	}
	p.CompareAndSwap(nil, m)
	return p.Load()
}

// forShape names s in a message: " for a 3x4 board".
func (s Shape) forShape() string {
	return " for a " + strconv.Itoa(s.Rows) + "x" + strconv.Itoa(s.Cols) + " board"
}

// AppendCells reads the cells written on one line of text (without its
// line end) and appends them to dst; lineNo is the line's number for
// positions and errors. It is ScanCells with no limit on the cells kept.
func (s Shape) AppendCells(dst []Cell, line []byte, lineNo int) ([]Cell, error) {
	dst, _, err := s.ScanCells(dst, int(^uint(0)>>1), line, lineNo)
	return dst, err
}

// ScanCells reads the cells written on one line of text (without its line
// end) and appends them to dst until dst holds limit cells; the cells past
// that are counted but not kept, so that a line of junk costs no memory.
// It returns dst, the number of cells on the line, and the first fault of
// the line; lineNo is the line's number for positions and errors.
//
// On a board of ten cells or fewer every tile is one digit, so every
// character that is not a space is a cell: "2 3 4 1 5 x 7 6 8",
// "23415x768" and "4#5" all read as written. On a larger board cells are
// numbers separated by spaces. The blank is x, X, 0 or #.
//
// A character (or, on a larger board, a word) that is not a cell counts as
// a cell with the value Bad, so that the cells after it keep their count.
// Only the first fault's message is made: a line of junk costs about what
// a line of cells does.
func (s Shape) ScanCells(dst []Cell, limit int, line []byte, lineNo int) ([]Cell, int, error) {
	if s.Cells() > 10 {
		return s.scanWide(dst, limit, line, lineNo)
	}
	dst, count, col, msg := s.ScanFault(dst, limit, line, lineNo)
	if col > 0 {
		return dst, count, &SyntaxError{Line: lineNo, Col: col, Msg: msg}
	}
	return dst, count, nil
}

// ScanFault is ScanCells for a board of ten cells or fewer (it reads any
// other as one of ten), giving its first fault as the column and message of
// the SyntaxError ScanCells returns, col 0 for none, with no error made:
// for a caller that writes the message at once.
func (s Shape) ScanFault(dst []Cell, limit int, line []byte, lineNo int) (cells []Cell, count, col int, msg string) {
	n := min(s.Cells(), 10)
	for i := 0; i < len(line); i++ {
		v := cellValue[line[i]]
		if v == 0xff {
			continue // a space
		}
		start := i
		val := uint32(v)
		if v == 0xfe || int(v) >= n {
			if col == 0 {
				col = start + 1
				if v == 0xfe {
					msg = s.strayMsg(line, i)
				} else if m := s.msgs(); m != nil {
					msg = m.tile[(line[i]-'0')%10] // a digit: n is 10 or less
				} else {
					msg = "tile " + string(line[i]) + " out of range 1.." + strconv.Itoa(n-1) + s.forShape()
				}
			}
			if line[i] >= utf8.RuneSelf {
				_, size := utf8.DecodeRune(line[i:])
				i += size - 1 // one character, one bad cell
			}
			val = Bad
		}
		count++
		if len(dst) < limit {
			dst = append(dst, Cell{Value: val, Line: int32(lineNo), Col: int32(start + 1)})
		}
	}
	return dst, count, col, msg
}

// scanWide is ScanCells for a board of more than ten cells, whose cells
// are numbers separated by spaces.
func (s Shape) scanWide(dst []Cell, limit int, line []byte, lineNo int) ([]Cell, int, error) {
	n := s.Cells()
	var first error
	count := 0
	for i := 0; i < len(line); i++ {
		c := line[i]
		if isSpace(c) {
			continue
		}
		start := i
		v := -1
		var err func() error
		switch {
		case c >= '0' && c <= '9':
			v = 0
			for ; i < len(line) && line[i] >= '0' && line[i] <= '9'; i++ {
				v = min(v*10+int(line[i]-'0'), 10*MaxCells) // out of range, however long
			}
			i-- // the last digit
			if i+1 < len(line) && !isSpace(line[i+1]) {
				at := i + 1
				err = func() error { return s.stray(line, at, lineNo) }
			} else if v >= n {
				end := i + 1
				err = func() error {
					return &SyntaxError{Line: lineNo, Col: start + 1, Msg: "tile " + string(line[start:end]) + " out of range 1.." + strconv.Itoa(n-1) + s.forShape()}
				}
			}
		case isBlank(c) && (i+1 == len(line) || isSpace(line[i+1])):
			v = 0
		default:
			at := i
			if isBlank(c) {
				at = i + 1
			}
			err = func() error { return s.stray(line, at, lineNo) }
		}
		if err != nil {
			if first == nil {
				first = err()
			}
			v = Bad
			for i+1 < len(line) && !isSpace(line[i+1]) {
				i++ // the rest of the word is part of the one bad cell
			}
		}
		count++
		if len(dst) < limit {
			dst = append(dst, Cell{Value: uint32(v), Line: int32(lineNo), Col: int32(start + 1)})
		}
	}
	return dst, count, first
}

// Bad is the value of a cell that could not be read.
const Bad = 1<<32 - 1

// stray describes the unexpected character at line[i].
func (s Shape) stray(line []byte, i, lineNo int) error {
	return &SyntaxError{Line: lineNo, Col: i + 1, Msg: s.strayMsg(line, i)}
}

// strayMsg is the message of stray.
func (s Shape) strayMsg(line []byte, i int) string {
	r, size := utf8.DecodeRune(line[i:])
	var what string
	switch {
	case r == utf8.RuneError && size <= 1:
		const hex = "0123456789abcdef"
		what = "byte 0x" + string([]byte{hex[line[i]>>4], hex[line[i]&15]}) + " is not text"
	case r < ' ' || r == 0x7f:
		what = "control character " + strconv.QuoteRune(r)
	case r < utf8.RuneSelf && r != '\'' && r != '\\' && s.Small():
		return s.msgs().stray[r&0x7f]
	case r < utf8.RuneSelf && r != '\'' && r != '\\':
		return "unexpected '" + string(line[i:i+1]) + "'; " + s.want()
	default:
		what = "unexpected " + strconv.QuoteRune(r)
	}
	return what + "; " + s.want()
}

// FromCells makes a board of shape s from exactly s.Cells() cells holding
// each tile once and one blank. line is the line to name when a fault has
// no cell to point at (too few cells).
func (s Shape) FromCells(cells []Cell, line int) (Board, error) {
	if !s.Valid() {
		return Board{}, fmt.Errorf("board: shape %v not supported", s)
	}
	if n := s.Cells(); len(cells) == n && n > MaxSmall {
		c := make([]uint32, n)
		ok := true
		for i, v := range cells {
			if v.Value >= uint32(n) {
				ok = false
				break
			}
			c[i] = v.Value
		}
		if ok {
			if b, err := fromLarge(s, c); err == nil {
				return b, nil
			}
		}
	} else if len(cells) == n {
		// Each tile once and one blank, checked on a mask; a fault is
		// found again by AppendCellsFault, for its message.
		var mask uint32
		var words [2]uint64
		blank := 0
		for i, c := range cells {
			v := c.Value
			if int(v) >= n || mask&(1<<v) != 0 {
				mask = 0
				break
			}
			mask |= 1 << v
			words[i>>3&1] |= uint64(v) << (8 * uint(i&7))
			if v == 0 {
				blank = i
			}
		}
		if mask == 1<<n-1 {
			var b Board
			b.setShape(s)
			b.lo, b.hi = words[0], words[1]
			b.setBlank(blank)
			return b, nil
		}
	}
	var buf [128]byte
	msg, at, col, _ := s.AppendCellsFault(buf[:0], cells, line)
	return Board{}, &SyntaxError{Line: at, Col: col, Msg: string(msg)}
}

// AppendCountFault appends to dst the message of FromCells' error for
// count cells where a board has n, count not n: "too few cells: 8, want
// 9" or "too many cells: 10, want 9".
func AppendCountFault(dst []byte, count, n int) []byte {
	if count > n {
		dst = append(dst, "too many cells: "...)
	} else {
		dst = append(dst, "too few cells: "...)
	}
	dst = strconv.AppendInt(dst, int64(count), 10)
	dst = append(dst, ", want "...)
	return strconv.AppendInt(dst, int64(n), 10)
}

// AppendCellsFault appends to dst the message of FromCells' error for
// cells and line, and returns it with the line and column the error
// names, when cells are not a board of s; bad is false, and dst returned
// as it is, when they are one. It makes no error and no string: the
// messages of a file of bad boards, one a line, are made with no garbage.
// For a shape that is not valid the message is FromCells', at line.
func (s Shape) AppendCellsFault(dst []byte, cells []Cell, line int) (msg []byte, at, col int, bad bool) {
	if !s.Valid() {
		return fmt.Appendf(dst, "board: shape %v not supported", s), line, 0, true
	}
	n := s.Cells()
	num := func(v int) { dst = strconv.AppendInt(dst, int64(v), 10) }
	place := func(c Cell) {
		num(int(c.Line))
		dst = append(dst, ':')
		num(int(c.Col))
	}
	if len(cells) != n {
		// Too many cells are named at the first one past n; too few at
		// the line of the last one, or line for none.
		at, col := line, 0
		if len(cells) > n {
			at, col = int(cells[n].Line), int(cells[n].Col)
		} else if len(cells) > 0 {
			at = int(cells[len(cells)-1].Line)
		}
		return AppendCountFault(dst, len(cells), n), at, col, true
	}
	var small [MaxSmall]int32
	seen := small[:] // 1 + index of the cell that holds each tile
	if n > MaxSmall {
		seen = make([]int32, n)
	}
	for i, c := range cells {
		if int64(c.Value) >= int64(n) {
			dst = append(append(dst, "not a cell; "...), s.want()...)
			return dst, int(c.Line), int(c.Col), true
		}
		if j := seen[c.Value]; j != 0 {
			if c.Value == 0 {
				dst = append(dst, "a second blank (the first is at "...)
				place(cells[j-1])
				dst = append(dst, "); want one blank"...)
			} else {
				dst = append(dst, "tile "...)
				num(int(c.Value))
				dst = append(dst, " repeated (first at "...)
				place(cells[j-1])
				dst = append(dst, "); want each of 1.."...)
				num(n - 1)
				dst = append(dst, " once"...)
			}
			return dst, int(c.Line), int(c.Col), true
		}
		seen[c.Value] = int32(i + 1)
	}
	return dst, 0, 0, false
}

// Parse reads a board of shape s written in any of the usual forms: one
// line of cells ("2 3 4 1 5 x 7 6 8", "23415x768"), its rows between
// slashes ("1 2 3/4 5 6/7 8 0"), or several lines ("123\n4#5\n786"). Errors name the line and column, counted from 1.
func Parse(s Shape, text string) (Board, error) {
	if !s.Valid() {
		return Board{}, fmt.Errorf("board: shape %v not supported", s)
	}
	var buf [2 * MaxSmall]Cell
	cells := buf[:0]
	lines := strings.Split(text, "\n")
	for i, line := range lines {
		var err error
		if len(cells) > s.Cells() {
			break
		}
		cells, err = s.AppendCells(cells, []byte(line), i+1)
		if err != nil {
			return Board{}, err
		}
	}
	for i, line := range lines {
		if err := s.CheckRows([]byte(line), i+1); err != nil {
			return Board{}, err
		}
	}
	return s.FromCells(cells, len(lines))
}

// CheckRows checks a board written on one line with its rows between
// slashes ("1 2 3/4 5 6/7 8 0", "123/456/78x"): every row must hold
// s.Cols cells. A line without a slash, and a stretch between slashes
// with no cells, are not checked; faults of the cells themselves are left
// to ScanCells. It keeps no cells: a line of any length costs no memory.
func (s Shape) CheckRows(line []byte, lineNo int) error {
	if bytes.IndexByte(line, '/') < 0 || !s.Valid() {
		return nil
	}
	row := 0
	for start := 0; start <= len(line); {
		end := bytes.IndexByte(line[start:], '/')
		if end < 0 {
			end = len(line)
		} else {
			end += start
		}
		_, k, _ := s.ScanCells(nil, 0, line[start:end], lineNo)
		if k > 0 {
			row++
			if k != s.Cols {
				col := start
				for col < end && isSpace(line[col]) {
					col++
				}
				return errorAt(lineNo, col+1, "row %d has %d cells, want %d for a %v board", row, k, s.Cols, s)
			}
		}
		start = end + 1
	}
	return nil
}

// MustParse is like Parse but panics on an error. It is for boards written
// in programs, not read from input.
func MustParse(s Shape, text string) Board {
	b, err := Parse(s, text)
	if err != nil {
		panic(err)
	}
	return b
}

// cellValue maps a character to the cell it writes on a board of ten
// cells or fewer: 0 for a blank, 1..9 for a tile, 0xff for a space and
// 0xfe for anything else.
var cellValue = func() (t [256]uint8) {
	for i := range t {
		t[i] = 0xfe
	}
	for c := byte('1'); c <= '9'; c++ {
		t[c] = c - '0'
	}
	for _, c := range []byte("xX0#") {
		t[c] = 0
	}
	for _, c := range []byte(" \t\r\v\f/") {
		t[c] = 0xff
	}
	return t
}()

// CellValue returns the cell that the character c writes on a board of ten
// cells or fewer, as ScanCells reads it: 0 for a blank (x, X, 0 or #),
// 1..9 for a tile; false for a space or anything else.
func CellValue(c byte) (uint8, bool) {
	v := cellValue[c]
	return v, v < 10
}

// ParseLine reads a board written on one line, as AppendCells and
// FromCells would, but fast and without saying what is wrong: it reports
// false for anything but a well-formed board, and the caller reads the
// line again with AppendCells for the message. It is for boards of ten
// cells or fewer, and reports false on larger ones.
func ParseLine(s Shape, line []byte) (Board, bool) {
	n := s.Cells()
	var b Board
	if n > 10 || !s.Valid() {
		return b, false
	}
	b.setShape(s)
	if n == 9 {
		// The two forms judges use most, read without a loop that asks of
		// every byte whether it is a space (NineWords). Any other line,
		// and one of those forms that is not a board, is read below.
		if lo, hi, blank, ok := NineWords(line); ok {
			b.lo, b.hi = lo, hi
			b.setBlank(blank)
			return b, true
		}
		// A line of one of those forms that is not a board is no board
		// read the slow way either: its cells are the same nine (a line of
		// nine bytes with a space in it has fewer than nine).
		if len(line) == 9 || len(line) == 17 && spacedNine(line) {
			return b, false
		}
	}
	k := 0
	var seen uint32
	slash := false
	for _, c := range line {
		v := cellValue[c]
		if v == 0xff {
			slash = slash || c == '/'
			continue
		}
		if k == n || int(v) >= n || seen&(1<<v) != 0 {
			return b, false // too many cells, a stray character or a repeat
		}
		seen |= 1 << v
		b.set(k, v)
		if v == 0 {
			b.setBlank(k)
		}
		k++
	}
	if slash && s.CheckRows(line, 0) != nil {
		return b, false // rows between slashes, one of the wrong length
	}
	return b, k == n
}

// NineWords reads a 3x3 board written in one of the two forms judges use
// most, "2 3 4 1 5 x 7 6 8" and "23415x768", into the words Board.Words
// gives and its blank cell, and reports false for anything else (which
// ParseLine may still read, or say what is wrong with). It is the hot
// path of a batch, with no Board to make.
func NineWords(line []byte) (lo, hi uint64, blank int, ok bool) {
	switch len(line) {
	case 17:
		// The spaces in the odd bytes, checked eight at a time.
		a, c := binary.LittleEndian.Uint64(line[0:8]), binary.LittleEndian.Uint64(line[8:16])
		const odd, spaces = 0xff00ff00ff00ff00, 0x2000200020002000
		if a&odd == spaces && c&odd == spaces {
			return nine(byte(a), byte(a>>16), byte(a>>32), byte(a>>48), byte(c), byte(c>>16), byte(c>>32), byte(c>>48), line[16])
		}
	case 9:
		return nine(line[0], line[1], line[2], line[3], line[4], line[5], line[6], line[7], line[8])
	}
	return 0, 0, 0, false
}

// spacedNine reports whether line, of 17 bytes, has a space in each odd
// byte, the layout of "2 3 4 1 5 x 7 6 8".
func spacedNine(line []byte) bool {
	const odd, spaces = 0xff00ff00ff00ff00, 0x2000200020002000
	return binary.LittleEndian.Uint64(line[0:8])&odd == spaces && binary.LittleEndian.Uint64(line[8:16])&odd == spaces
}

// nine returns the words of the nine cells written c0..c8 and the blank
// cell, and reports whether they are each of 0..8 once.
func nine(c0, c1, c2, c3, c4, c5, c6, c7, c8 byte) (lo, hi uint64, blank int, ok bool) {
	v0, v1, v2, v3 := uint64(cellValue[c0]), uint64(cellValue[c1]), uint64(cellValue[c2]), uint64(cellValue[c3])
	v4, v5, v6, v7 := uint64(cellValue[c4]), uint64(cellValue[c5]), uint64(cellValue[c6]), uint64(cellValue[c7])
	v8 := uint64(cellValue[c8])
	// A space or a stray character sets a bit above 8.
	seen := 1<<(v0&63) | 1<<(v1&63) | 1<<(v2&63) | 1<<(v3&63) | 1<<(v4&63) | 1<<(v5&63) | 1<<(v6&63) | 1<<(v7&63) | 1<<(v8&63)
	lo = v0 | v1<<8 | v2<<16 | v3<<24 | v4<<32 | v5<<40 | v6<<48 | v7<<56
	// The blank is the one zero byte; the lowest byte the classic test for
	// a zero byte flags is exact, and with none in lo, it is cell 8.
	zero := (lo - 0x0101010101010101) &^ lo & 0x8080808080808080
	return lo, v8, bits.TrailingZeros64(zero) / 8, seen == 1<<9-1
}

// ScanNested reads a board written as nested lists, one list a row, as
// LeetCode writes it: "[[1,2,3],[4,0,5]]", spaces allowed anywhere, 0 the
// blank. It appends the cells to dst, at most limit in all, and returns
// them with the number of cells and the first fault, as ScanCells does;
// rows of the wrong length and the wrong number of rows are faults.
func (s Shape) ScanNested(dst []Cell, limit int, line []byte, lineNo int) ([]Cell, int, error) {
	i := 0
	skip := func() {
		for i < len(line) && isSpace(line[i]) {
			i++
		}
	}
	fail := func(want string) ([]Cell, int, error) {
		if i >= len(line) {
			return dst, 0, errorAt(lineNo, 0, "the line ends early; want %s", want)
		}
		r, _ := utf8.DecodeRune(line[i:])
		return dst, 0, errorAt(lineNo, i+1, "unexpected %s; want %s", strconv.QuoteRune(r), want)
	}
	expect := func(c byte, want string) bool {
		skip()
		if i < len(line) && line[i] == c {
			i++
			return true
		}
		return false
	}
	n := s.Cells()
	count := 0
	if !expect('[', "") {
		return fail(`"[", the start of a board such as [[1,2,3],[4,0,5]]`)
	}
	for row := 0; ; row++ {
		if !expect('[', "") {
			return fail(`"[", the start of a row`)
		}
		cols := 0
		for {
			skip()
			start := i
			v := 0
			for i < len(line) && line[i] >= '0' && line[i] <= '9' {
				v = min(v*10+int(line[i]-'0'), 10*MaxCells)
				i++
			}
			if i == start {
				return fail("a number, a tile or 0 for the blank")
			}
			if v >= n {
				return dst, 0, errorAt(lineNo, start+1, "tile %s out of range 1..%d%s", line[start:i], n-1, s.forShape())
			}
			cols++
			count++
			if len(dst) < limit {
				dst = append(dst, Cell{Value: uint32(v), Line: int32(lineNo), Col: int32(start + 1)})
			}
			if expect(']', "") {
				break
			}
			if !expect(',', "") {
				return fail(`"," or "]"`)
			}
		}
		if cols != s.Cols {
			return dst, 0, errorAt(lineNo, 0, "row %d has %d numbers, want %d for a %v board", row+1, cols, s.Cols, s)
		}
		if expect(']', "") {
			if row+1 != s.Rows {
				return dst, 0, errorAt(lineNo, 0, "%d rows, want %d for a %v board", row+1, s.Rows, s)
			}
			break
		}
		if !expect(',', "") {
			return fail(`"," or "]"`)
		}
	}
	if skip(); i < len(line) {
		return fail("the end of the line after the board")
	}
	return dst, count, nil
}
