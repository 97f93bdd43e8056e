package format

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Answer is one case's answer as read from an answer file.
type Answer struct {
	Line int // the line where the answer starts

	Word  string // the preset's word for unsolvable, or Bad, when given
	Moves int    // the number of moves, for presets that print it
	Path  []byte // the move letters, for presets that print a path; valid until the next read
	// More says that Path is only the start of a path too long to hold
	// at once: AnswerReader.MorePath gives the rest, piece by piece.
	More bool

	// Err says why the answer could not be read: a missing label or
	// blank line, a number that is not one.
	Err error
}

// AnswerReader reads an answer file laid out as a preset writes it, one
// case's answer at a time.
type AnswerReader struct {
	p    Preset
	name string
	lineReader
	tooLong int    // the length of the last line read, if it was too long
	label   []byte // the label of the answer being read
	between int    // the blank lines between answers: the line ends of p.Between
}

// NewAnswerReader returns an AnswerReader of r, whose answers p laid out.
func NewAnswerReader(r io.Reader, name string, p Preset) *AnswerReader {
	return &AnswerReader{p: p, name: name, lineReader: newLineReader(r), between: strings.Count(p.Between, "\n")}
}

// StartAt makes a read on as if line lines of its input had come before,
// as Reader.StartAt does.
func (a *AnswerReader) StartAt(line int) { a.line = line }

// ResetLine makes a read line alone, as line lineNo of a file and the
// whole of its input, without copying it, as Reader.ResetLine does. The
// line must not be changed until a has read it.
func (a *AnswerReader) ResetLine(line []byte, lineNo int) {
	a.lineReader.feed(line, lineNo)
	a.tooLong, a.label = 0, a.label[:0]
}

// next returns the next line, without its line end and trailing spaces. A
// line too long reads as "", with its length in a.tooLong.
func (a *AnswerReader) next() ([]byte, bool) {
	line, tooLong, ok := a.readLine()
	a.tooLong = tooLong
	return trimEnd(line), ok
}

// Err returns the error that stopped reading, if it was not the end of the
// input.
func (a *AnswerReader) Err() error {
	if err := a.lineReader.Err(); err != nil {
		return fmt.Errorf("%s:%d: %w", a.name, a.line+1, err)
	}
	return nil
}

// nextPath reads a line that holds a path, a piece at a time: the whole
// line without trailing spaces, or its start with more set.
func (a *AnswerReader) nextPath() (piece []byte, more, ok bool) {
	a.tooLong = 0
	piece, more, ok = a.readPiece()
	if !more {
		piece = trimEnd(piece)
	}
	return piece, more, ok
}

// MorePath returns the next piece of a path that Next returned only the
// start of (Answer.More), and whether more follows it. The pieces hold the
// line as written, trailing spaces included; they are valid until the
// next read.
func (a *AnswerReader) MorePath() (piece []byte, more bool) {
	piece, more, _ = a.readPiece()
	return piece, more
}

// Line returns the number of the last line read.
func (a *AnswerReader) Line() int { return a.line }

// long says that the last line read was too long, if it was.
func (a *AnswerReader) long(ans *Answer) bool {
	if a.tooLong > 0 && ans.Err == nil {
		ans.Err = a.errorf("line of %d bytes is too long; want an answer", a.tooLong)
	}
	return a.tooLong > 0
}

func (a *AnswerReader) errorf(format string, args ...any) error {
	return fmt.Errorf("%s:%d: %s", a.name, a.line, fmt.Sprintf(format, args...))
}

// Next reads the answer to case num into ans, and reports false if the
// answers end before it.
func (a *AnswerReader) Next(num int, ans *Answer) bool {
	*ans = Answer{}
	for range a.between {
		if num == 1 {
			break
		}
		line, ok := a.next()
		if !ok {
			return false
		}
		if len(line) != 0 || a.tooLong > 0 {
			ans.Err = a.errorf("want a blank line between answers, got %q", truncate(line, 40))
			ans.Line = a.line
			return true
		}
	}
	var line []byte
	var ok bool
	if a.p.Print == Path && a.p.Label == "" {
		// The line is the path, or a word: read it in pieces, so that a
		// path of any length is judged on its merits.
		line, ans.More, ok = a.nextPath()
		if ans.More {
			ans.Line, ans.Path = a.line, line
			return true
		}
	} else {
		line, ok = a.next()
	}
	if !ok {
		return false
	}
	ans.Line = a.line
	if a.long(ans) {
		return true
	}
	if a.p.Label != "" {
		a.label = a.p.appendCaseLabel(a.label[:0], num)
		rest, found := bytes.CutPrefix(line, a.label)
		if !found {
			ans.Err = a.errorf("want %q, got %q", string(a.label)+"...", truncate(line, 40))
			return true
		}
		line = bytes.TrimLeft(rest, " ")
	}
	if w, ok := a.word(line); ok {
		ans.Word = w
		if a.p.Print == MovesThenPath {
			// The line for the path is empty, or missing at the end.
			if l, ok := a.next(); ok && (len(l) != 0 || a.tooLong > 0) {
				ans.Err = a.errorf("want an empty line after %q, got %q", w, truncate(l, 40))
			}
		}
		return true
	}
	switch a.p.Print {
	case Verdict:
		ans.Err = a.errorf("want %q or %q, got %q", a.p.Solved, a.p.Unsolvable, truncate(line, 40))
	case Path:
		ans.Path = line
	case Moves, MovesThenPath:
		n, err := strconv.Atoi(string(line))
		if err != nil || n < 0 {
			ans.Err = a.errorf("want a number of moves or %q, got %q", a.p.Unsolvable, truncate(line, 40))
			return true
		}
		ans.Moves = n
		if a.p.Print == MovesThenPath {
			path, more, ok := a.nextPath()
			if !ok {
				ans.Err = a.errorf("the answers end before the path of case %d", num)
				return true
			}
			ans.Path, ans.More = path, more
		}
	}
	return true
}

// Rest reads what is left after the last answer and returns the number of
// lines that are not blank, and the first of them.
func (a *AnswerReader) Rest() (n, first int) {
	for {
		line, ok := a.next()
		if !ok {
			return n, first
		}
		if len(line) > 0 {
			if n == 0 {
				first = a.line
			}
			n++
		}
	}
}

// trimEnd drops the spaces, tabs and carriage returns that end b.
func trimEnd(b []byte) []byte {
	n := len(b)
	for n > 0 && (b[n-1] == ' ' || b[n-1] == '\t' || b[n-1] == '\r') {
		n--
	}
	return b[:n]
}

// word returns the preset's word for unsolvable, or Bad, when line is one,
// without making a string of every line.
func (a *AnswerReader) word(line []byte) (string, bool) {
	// Comparisons, not a switch on string(line), which copies the line.
	if string(line) == a.p.Unsolvable {
		return a.p.Unsolvable, true
	}
	if string(line) == Bad {
		return Bad, true
	}
	if a.p.Print == Verdict && string(line) == a.p.Solved {
		return a.p.Solved, true
	}
	return "", false
}
