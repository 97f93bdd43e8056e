package scan

import (
	"encoding/binary"

	"github.com/slidingpuzzle/solver/board"
)

// Boards finds the longest run of at most limit whole cases of per
// boards each (1 or 2) at the start of data whose every line is empty or
// a board line (BoardLine), and returns its length, its lines, its cases,
// and the length of each line when they are board lines of one length
// (stride), else 0. Such a line is a whole board to readBoard, good or
// bad, and an empty one is skipped: so the boards of the run pair up in
// turn, or are each a case. With one board a case, a board may also be
// three rows (RowsCase).
func Boards(data []byte, limit, per int) (cut, lines, cases, stride int) {
	at, n, boards := 0, 0, 0
	// The length of every line so far, line end included, while they are
	// all board lines of one length, else -1; and up to cut.
	size, sizeBefore := 0, 0
	// The length of every board line so far, empty lines left out, as
	// size is of every line.
	boardSize := 0
	rows := false // a board of rows has been met
	for at < len(data) && cases < limit {
		if boardSize > 0 && boards%per == 0 && data[at] != '\n' {
			// Whole cases of board lines of that size each followed by
			// an empty line, in bulk: a file whose cases have a blank
			// line before each (Preset.Gap).
			k := SameGapLines(data[at:], boardSize, per*min(limit-cases, len(data)))
			if k -= k % per; k > 0 {
				at += k * (boardSize + 1)
				n += 2 * k
				boards += k
				cases += k / per
				size = -1
				cut, lines, sizeBefore = at, n, size
			}
			if at >= len(data) || cases >= limit {
				break
			}
		}
		if size > 0 && boards%per == 0 {
			// Whole cases of lines of the size so far, in bulk.
			// (limit may be math.MaxInt: twice it would wrap.)
			k := SameLines(data[at:], size, per*min(limit-cases, len(data)))
			if k -= k % per; k > 0 {
				at += k * size
				n += k
				boards += k
				cases += k / per
				cut, lines, sizeBefore = at, n, size
			}
			if at >= len(data) || cases >= limit {
				break
			}
		}
		if data[at] == '\n' {
			at++
			n++
			size = -1
			continue
		}
		if rows && boards%per == 0 {
			// Whole cases of three rows each, as judges write them, in
			// bulk.
			if k, m := SameRows(data[at:], min(limit-cases, len(data))); k > 0 {
				at += m
				n += 3 * k
				boards += k
				cases += k
				cut, lines, sizeBefore = at, n, size
				if at >= len(data) || cases >= limit {
					break
				}
			}
		}
		w := BoardLine(data[at:])
		if w == 0 {
			if w = OtherBoardLine(data[at:]); w == 0 {
				if per != 1 {
					break
				}
				// A board of one row a line, each row a line of three
				// cells.
				k := RowsCase(data[at:])
				if k == 0 {
					break
				}
				at += k
				n += 3
				boards++
				cases++
				rows, size, boardSize = true, -1, -1
				cut, lines, sizeBefore = at, n, size
				continue
			}
			size = -1
		}
		if size == 0 {
			size = w + 1
		} else if size != w+1 {
			size = -1
		}
		if boardSize == 0 {
			boardSize = w + 1
		} else if boardSize != w+1 {
			boardSize = -1
		}
		at += w + 1
		n++
		if boards++; boards%per == 0 {
			cases++
			cut, lines, sizeBefore = at, n, size
		}
	}
	return cut, lines, cases, max(sizeBefore, 0)
}

// BoardLine returns the length of the line at the start of data when it
// is laid out as a 3x3 board in one of the forms of board.NineWords, and
// has its line end ("\n", or "\r\n", whose "\r" the length counts): nine
// characters, each a byte from '!' to 0x7f, with a space between each two
// or none. Each such byte is one Cell to board.Shape.ScanCells (and "\r"
// a space), so the line holds nine cells, good or bad. It returns 0 for
// any other line.
func BoardLine(data []byte) int {
	// The line end is at 9 or 17, or one further after a "\r"; byte 9
	// says which form to look for (a space in the spaced form).
	k := 0
	switch {
	case len(data) <= 9:
	case data[9] == '\n':
		k = 9
	case data[9] == '\r':
		if len(data) > 10 && data[10] == '\n' {
			k = 10
		}
	case len(data) > 17 && data[17] == '\n':
		k = 17
	case len(data) > 18 && data[17] == '\r' && data[18] == '\n':
		k = 18
	}
	switch {
	case (k == 9 || k == 10) && cells9(data):
		return k
	case (k == 17 || k == 18) && cells17(data):
		return k
	}
	return 0
}

// cells9 reports whether the first nine bytes of data, nine at least,
// are each from '!' to 0x7f: BoardLine's compact form.
func cells9(data []byte) bool {
	return printable(binary.LittleEndian.Uint64(data), 0x8080808080808080) && data[8]-'!' < 0x80-'!'
}

// cells17 reports whether the first 17 bytes of data, 17 at least, are
// nine bytes from '!' to 0x7f with a space between each two: BoardLine's
// spaced form.
func cells17(data []byte) bool {
	a, c := binary.LittleEndian.Uint64(data[0:]), binary.LittleEndian.Uint64(data[8:])
	const ones, odd, spaces, even = 0x0101010101010101, 0xff00ff00ff00ff00, 0x2000200020002000, 0x0080008000800080
	// The spaces in the odd bytes; the cells in the even ones below 0x80,
	// and raised past 0x7f by adding 0x5f (printable, for both words at
	// once); a byte below '!' wraps past 0x80-'!' when '!' is taken from
	// it.
	x, y := a&^odd, c&^odd
	return (a&odd^spaces)|(c&odd^spaces)|(x|y)&even == 0 && (x+0x5f*ones)&(y+0x5f*ones)&even == even && data[16]-'!' < 0x80-'!'
}

// printable reports whether the bytes of x flagged in mask (0x80 in their
// lanes) are all from '!' to 0x7f: below 0x80, and raised past 0x7f by
// adding 0x5f, with no carry out of any lane.
func printable(x, mask uint64) bool {
	const ones = 0x0101010101010101
	return x&mask == 0 && (x&^mask+0x5f*ones)&mask == mask
}

// SameLines returns how many whole lines at the start of data, max at
// most, are board lines of BoardLine's of size bytes, line end included,
// for size 10 or 18 (line ends of one byte; any other size gives 0): the
// lines of a file as judges write them, checked in a loop of their own.
func SameLines(data []byte, size, max int) int { return lineRun(data, size, 0, max) }

// RowsCase returns the length of the three lines at the start of data,
// line ends included, when each is a row of a 3x3 board to readBoard: at
// most maxOther bytes from ' ' to 0x7e (and a "\r" at its end), of which
// three are not spaces, and so three cells to board.Shape.ScanCells,
// good or bad. A line of a row's cells starts a board of rows, and the
// two lines after it are its rows, so the three are one case. It returns
// 0 for anything else.
func RowsCase(data []byte) int {
	at := 0
	for range 3 {
		k := LineEnd(data[at:min(len(data), at+maxOther+1)])
		if k < 0 {
			return 0
		}
		cells := 0
		for _, c := range WithoutCR(data[at : at+k]) {
			if c < ' ' || c > 0x7e {
				return 0
			}
			if c != ' ' {
				cells++
			}
		}
		if cells != 3 {
			return 0
		}
		at += k + 1
	}
	return at
}

// SameRows counts the cases at the start of data, max at most, of three
// rows each written "a b c" or "abc" with a line end of one byte, the
// first case's form for them all (RowsCase's lines, checked in a loop of
// their own), and returns their number and their bytes.
func SameRows(data []byte, max int) (n, size int) {
	row := func(d []byte, spaced bool) bool {
		if spaced {
			return d[1] == ' ' && d[3] == ' ' && d[5] == '\n' && Cell(d[0]) && Cell(d[2]) && Cell(d[4])
		}
		return d[3] == '\n' && Cell(d[0]) && Cell(d[1]) && Cell(d[2])
	}
	spaced := len(data) > 1 && data[1] == ' '
	width := 4
	if spaced {
		width = 6
	}
	for n < max && len(data) >= 3*width && row(data, spaced) && row(data[width:], spaced) && row(data[2*width:], spaced) {
		data = data[3*width:]
		n++
	}
	return n, n * 3 * width
}

// Cell reports whether c is from '!' to 0x7e: a Cell to ScanCells.
func Cell(c byte) bool { return c-'!' < 0x7f-'!' }

// SameGapLines is SameLines for lines of size bytes each followed by an
// empty line: it counts such pairs of lines.
func SameGapLines(data []byte, size, max int) int { return lineRun(data, size, 1, max) }

// lineRun is SameLines, for lines each followed by gap empty lines (0 or
// 1): the byte before each next line is a line end too.
func lineRun(data []byte, size, gap, max int) int {
	n := 0
	step := size + gap
	switch size {
	case 10:
		for ; n < max && len(data) >= step && data[9] == '\n' && data[step-1] == '\n' && cells9(data); n++ {
			data = data[step:]
		}
	case 18:
		for ; n < max && len(data) >= step && data[17] == '\n' && data[step-1] == '\n' && cells17(data); n++ {
			data = data[step:]
		}
	}
	return n
}

// OtherBoardLine returns the length of the line at the start of data when
// it is not a board line of the usual forms (BoardLine) but is still a
// whole board to readBoard, good or bad, and one board, not a pair: a
// line of at most maxOther bytes from ' ' to 0x7e (and a "\r" at its
// end), of which four or more, but not 18, are not spaces, and so cells
// to board.Shape.ScanCells (more than a row's three, and not the start
// and the goal on one line). A bad case, so written, stays in its block.
// It returns 0 for any other line.
func OtherBoardLine(data []byte) int {
	k := LineEnd(data[:min(len(data), maxOther+1)])
	if k < 0 {
		return 0
	}
	cells := 0
	for _, c := range WithoutCR(data[:k]) { // a "\r" is a space to ScanCells
		if c < ' ' || c > 0x7e {
			return 0
		}
		if c != ' ' {
			cells++
		}
	}
	if cells < 4 || cells == 18 {
		return 0
	}
	return k
}

// maxOther is the longest line OtherBoardLine takes.
const maxOther = 128

// NineRows reports whether a 3x3 case at the start of data is laid out
// in one of the two usual ways, three rows of "a b c" or of "abc"
// (RowsSize), and then a blank line, and gives the bytes of its rows;
// false for anything else, which cutStarts reads row by row. Its board
// is read when asked (readLayout).
func NineRows(data []byte) (int, bool) {
	size, ok := RowsSize(data)
	if !ok || len(data) <= size || data[size] != '\n' {
		return 0, false
	}
	return size, true
}

// RowsSize reports whether data starts with three rows that rows9
// reads, by their line ends alone, and their bytes.
func RowsSize(data []byte) (int, bool) {
	switch {
	case len(data) > 17 && data[5] == '\n' && data[11] == '\n' && data[17] == '\n':
		return 18, true
	case len(data) > 11 && data[3] == '\n' && data[7] == '\n' && data[11] == '\n':
		return 12, true
	}
	return 0, false
}

// PlainLine reports whether line is a board of n cells as BoardLines
// takes them.
func PlainLine(line []byte, n int) bool {
	printable := func(c byte) bool { return c > ' ' && c < 0x7f }
	switch len(line) {
	case n:
		for _, c := range line {
			if !printable(c) {
				return false
			}
		}
		return true
	case 2*n - 1:
		for i := 0; i < len(line); i += 2 {
			if !printable(line[i]) || i+1 < len(line) && line[i+1] != ' ' {
				return false
			}
		}
		return true
	}
	return false
}

// PlainRow reports whether line is one row of a board of n cells (ten or
// fewer) written plainly: cols characters, each a Cell of the board, with
// nothing between them (spaced false) or one space (spaced true); and
// copies the cells' characters to chars.
func PlainRow(line []byte, cols, n int, chars []byte) (spaced, ok bool) {
	step := 1
	switch len(line) {
	case cols:
	case 2*cols - 1:
		spaced, step = true, 2
	default:
		return false, false
	}
	chars = chars[:cols]
	for j := range chars {
		c := line[j*step]
		if v, ok := board.CellValue(c); !ok || int(v) >= n || spaced && j > 0 && line[2*j-1] != ' ' {
			return false, false
		}
		chars[j] = c
	}
	return spaced, true
}
