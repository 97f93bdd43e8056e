package format

import (
	"bytes"
	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/internal/scan"
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
	return append(e.appendPlace(b, se.Line, se.Col), se.Msg...)
}

// appendPlace appends what comes before the message of an Error of e's
// input at line and col: "name:line:col: ", or "argument 2, column 5: ".
func (e *Error) appendPlace(b []byte, line, col int) []byte {
	switch {
	case e.Args && line > 0:
		b = append(b, "argument "...)
		b = appendInt(b, line)
		if col > 0 {
			b = append(b, ", column "...)
			b = appendInt(b, col)
		}
	default:
		b = append(b, e.Name...)
		if line > 0 {
			b = append(b, ':')
			b = appendInt(b, line)
			if col > 0 {
				b = append(b, ':')
				b = appendInt(b, col)
			}
		}
	}
	return append(b, ": "...)
}

// Unwrap returns the fault without the input's name.
func (e *Error) Unwrap() error {
	if e.SyntaxError == nil {
		return nil
	}
	return e.SyntaxError
}

// AppendLineFault appends to dst the message of line, line lineNo of the
// input called name, when the line is one bad case of p as a Reader of p
// reads it alone: the text of the Error it gives, "name:line:col: what".
// It reports false, appending nothing, for any line it does not so read:
// a board, a blank line, a line past MaxLine or with a byte that is not
// printable ASCII or a space, and every line of a preset whose cases are
// not one board a line (OneLine, not Nested, not Pairs) of ten cells or
// fewer. The caller reads those with a Reader. It finds the fault with
// board.Shape.ScanFault (ScanCells with no error made) and FromCells, as
// the Reader does, but makes no Error and no Case: the hot path of a file
// of bad lines.
func (p *Preset) AppendLineFault(dst []byte, name string, lineNo int, line []byte) ([]byte, bool) {
	s := p.Shape
	if !p.OneLine || p.Nested || p.Pairs || !s.Valid() || len(line) > MaxLine || scan.Blank(line) || bytes.IndexByte(line, '/') >= 0 {
		return dst, false // rows between slashes are the Reader's to check
	}
	for _, c := range line {
		if (c < ' ' || c > '~') && c != '\t' && c != '\r' && c != '\v' && c != '\f' {
			return dst, false
		}
	}
	n := s.Cells()
	if n > 10 {
		return dst, false // cells are numbers: ScanCells reads them otherwise
	}
	var cellBuf [2*10 + 1]board.Cell
	cells, k, col, msg := s.ScanFault(cellBuf[:0], 2*n+1, line, lineNo)
	at := lineNo
	e := Error{Name: name} // its place written as AppendTo writes it, then the message
	if col == 0 {
		switch {
		case k > n:
			c := cells[n]
			at, col, msg = int(c.Line), int(c.Col), countMsg(k, n, "")
		case k < n:
			msg = countMsg(k, n, "")
		default:
			// The message of FromCells' error, written in place.
			var msgBuf [128]byte
			m, at, col, bad := s.AppendCellsFault(msgBuf[:0], cells, lineNo)
			if !bad {
				return dst, false // a board
			}
			return append(e.appendPlace(dst, at, col), m...), true
		}
	}
	return append(e.appendPlace(dst, at, col), msg...), true
}
