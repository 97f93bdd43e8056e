package format

import (
	"strconv"

	"github.com/slidingpuzzle/solver/board"
)

// Error is a fault of a judge file, or of boards given as arguments: the
// input, the place in it, and what was wrong and what was expected.
type Error struct {
	Name string // the input: "stdin", a file name
	// Args says the input is command-line arguments (NewArgsReader): the
	// line of the fault is the number of its argument.
	Args bool
	*board.SyntaxError
}

// Error returns "name:line:col: msg", or for arguments "argument 2,
// column 5: msg"; the column, or the line, is left out when it is 0.
func (e *Error) Error() string { return string(e.AppendTo(nil)) }

// AppendTo appends the text of Error to b.
func (e *Error) AppendTo(b []byte) []byte {
	se := e.SyntaxError
	if se == nil {
		return append(append(b, e.Name...), ": bad input"...)
	}
	switch {
	case e.Args && se.Line > 0:
		b = append(b, "argument "...)
		b = strconv.AppendInt(b, int64(se.Line), 10)
		if se.Col > 0 {
			b = append(b, ", column "...)
			b = strconv.AppendInt(b, int64(se.Col), 10)
		}
	default:
		b = append(b, e.Name...)
		if se.Line > 0 {
			b = append(b, ':')
			b = strconv.AppendInt(b, int64(se.Line), 10)
			if se.Col > 0 {
				b = append(b, ':')
				b = strconv.AppendInt(b, int64(se.Col), 10)
			}
		}
	}
	b = append(b, ": "...)
	return append(b, se.Msg...)
}

// Unwrap returns the fault without the input's name.
func (e *Error) Unwrap() error {
	if e.SyntaxError == nil {
		return nil
	}
	return e.SyntaxError
}
