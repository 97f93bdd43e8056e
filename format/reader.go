package format

import (
	"bytes"
	"fmt"
	"io"
	"strconv"

	"github.com/slidingpuzzle/solver/board"
)

// MaxLine is the longest line a Reader reads; a longer one is a bad case,
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
}

// Reader reads the cases of a judge file one at a time, as a preset lays
// them out. It holds one line at a time, however long its input.
type Reader struct {
	p    Preset
	name string
	goal board.Board
	lineReader

	countRead bool
	count     int // the number of cases the file announced, -1 if none
	num       int // cases read so far
	extraSaid bool
	shortSaid bool

	cells []board.Cell
}

// NewReader returns a Reader of the cases of r, laid out as p says. name
// names the input in messages ("stdin"). goal is the goal of every case
// when p reads none with its cases.
func NewReader(r io.Reader, name string, p Preset, goal board.Board) *Reader {
	return &Reader{p: p, name: name, goal: goal, lineReader: newLineReader(r), count: -1}
}

// Reset makes r read the cases of in from its start, as if it were part of
// a file that had n lines before it, keeping its buffer.
func (r *Reader) Reset(in io.Reader, n int) {
	r.lineReader.reset(in, n)
	r.countRead, r.count, r.num, r.extraSaid, r.shortSaid = false, -1, 0, false, false
}

// LineTooLong is the error for a line of size bytes, longer than MaxLine,
// at line of the input called name.
func LineTooLong(name string, line, size int) error {
	return fmt.Errorf("%s:%w", name, &board.SyntaxError{Line: line, Msg: fmt.Sprintf("line of %d bytes is too long; want a board", size)})
}

// errorf makes an error that names the input, a line and, when col > 0, a
// column.
func (r *Reader) errorf(line, col int, format string, args ...any) error {
	return r.wrap(&board.SyntaxError{Line: line, Col: col, Msg: fmt.Sprintf(format, args...)})
}

func (r *Reader) wrap(err error) error {
	return fmt.Errorf("%s:%w", r.name, err)
}

func isBlankLine(line []byte) bool {
	return len(bytes.TrimLeft(line, " \t\r\v\f")) == 0
}

// Next reads the next case into c and reports whether there was one.
func (r *Reader) Next(c *Case) bool {
	*c = Case{}
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
			c.Err = r.errorf(r.line+1, 0, "more cases than the count %d at the start; answering them too", r.count)
			return true
		}
	}
	need := r.p.Shape.Cells()
	if r.p.Pairs {
		need *= 2
	}
	cells := r.cells[:0]
	defer func() { r.cells = cells[:0] }()
	var bad error
	for {
		line, tooLong, ok := r.readLine()
		if !ok {
			if len(cells) == 0 {
				if r.count >= 0 && r.num < r.count && !r.shortSaid {
					r.shortSaid = true
					c.Err = r.errorf(r.line, 0, "input ends after %d cases; the count at the start says %d", r.num, r.count)
					return true
				}
				return false
			}
			if bad == nil {
				bad = r.errorf(r.line, 0, "input ends in the middle of a case: %d cells, want %d", len(cells), need)
			}
			break
		}
		if tooLong > 0 {
			if c.Line == 0 {
				c.Line = r.line
			}
			if bad == nil {
				bad = LineTooLong(r.name, r.line, tooLong)
			}
			break // its cells are not known: the case ends here
		}
		if isBlankLine(line) {
			if len(cells)%r.p.Shape.Cells() != 0 {
				// Blank lines stand only between boards: this one cuts the
				// case short.
				if bad == nil {
					bad = r.errorf(r.line-1, 0, "too few cells: %d, want %d", len(cells)%r.p.Shape.Cells(), r.p.Shape.Cells())
				}
				break
			}
			continue
		}
		if c.Line == 0 {
			c.Line = r.line
		}
		if r.p.OneLine && !r.p.Pairs {
			if b, ok := board.ParseLine(r.p.Shape, line); ok {
				r.num++
				c.Num, c.Start, c.Goal = r.num, b, r.goal
				return true
			}
		}
		var err error
		cells, err = r.p.Shape.AppendCells(cells, line, r.line)
		if err != nil && bad == nil {
			bad = r.wrap(err)
		}
		if r.p.OneLine || len(cells) >= need {
			break
		}
	}
	r.num++
	c.Num = r.num
	if bad != nil {
		c.Err = bad
		return true
	}
	c.Start, c.Goal, c.Err = r.boards(cells, c.Line)
	return true
}

// boards makes the start and goal of a case from its cells.
func (r *Reader) boards(cells []board.Cell, line int) (start, goal board.Board, err error) {
	n := r.p.Shape.Cells()
	if !r.p.Pairs {
		start, err = r.p.Shape.FromCells(cells, line)
		if err != nil {
			return start, goal, r.wrap(err)
		}
		return start, r.goal, nil
	}
	if len(cells) > 2*n {
		c := cells[2*n]
		return start, goal, r.errorf(int(c.Line), int(c.Col), "too many cells: %d, want %d for a start and a goal", len(cells), 2*n)
	}
	if len(cells) < 2*n {
		line := int(cells[len(cells)-1].Line)
		return start, goal, r.errorf(line, 0, "too few cells: %d, want %d for a start and a goal", len(cells), 2*n)
	}
	start, err = r.p.Shape.FromCells(cells[:n], line)
	if err != nil {
		return start, goal, r.wrap(fmt.Errorf("%w (in the start board)", err))
	}
	goal, err = r.p.Shape.FromCells(cells[n:], line)
	if err != nil {
		return start, goal, r.wrap(fmt.Errorf("%w (in the goal board)", err))
	}
	return start, goal, nil
}

// readCount reads the number of cases that starts the input. A first line
// that is not a number is a note.
func (r *Reader) readCount() error {
	for {
		line, tooLong, ok := r.readLine()
		if !ok {
			return nil
		}
		if tooLong > 0 {
			return r.errorf(r.line, 0, "line of %d bytes is too long; want the number of cases", tooLong)
		}
		if isBlankLine(line) {
			continue
		}
		f := bytes.TrimSpace(line)
		n, err := strconv.Atoi(string(f))
		if err == nil && n >= 0 {
			r.count = n
			return nil
		}
		err = r.errorf(r.line, 0, "want the number of cases, got %q; reading cases to the end of the input", truncate(f, 40))
		// A line of cells is likely the first case of a file without its
		// count; anything else is a count gone wrong, and is skipped.
		if cells, cerr := r.p.Shape.AppendCells(r.cells[:0], line, r.line); cerr == nil && len(cells) > 0 {
			r.unread(line, 0)
		}
		return err
	}
}

// moreInput reports whether anything but blank lines is left.
func (r *Reader) moreInput() bool {
	for {
		line, tooLong, ok := r.readLine()
		if !ok {
			return false
		}
		if tooLong > 0 || !isBlankLine(line) {
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
