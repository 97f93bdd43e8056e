package format

import (
	"bufio"
	"bytes"
	"io"

	"github.com/slidingpuzzle/solver/internal/scan"
)

// lineReader reads lines and counts them, holding one line at a time: a
// line longer than MaxLine is skipped, and only its length is kept.
type lineReader struct {
	br   *bufio.Reader
	line int   // the number of the last line read
	err  error // the error that ended the input, io.EOF at its end

	partial     bool   // the last readPiece returned a piece with more of its line to come
	pending     []byte // a line given back, for the next read
	own         []byte // the buffer of lines given back
	heldTooLong int    // the length of a line too long given back
	held        bool   // pending or heldTooLong holds a line

	// mem, when inMem, is the rest of an input held in memory (a Block),
	// whose lines readLine slices with no copy.
	mem   []byte
	inMem bool

	// maxLine is the longest line read, MaxLine unless a large board asks
	// for more (setMaxLine); a line longer than MaxLine is gathered in long.
	maxLine int
	long    []byte
	// comments says that "#" starts a comment, cut from each line read.
	comments bool
}

// setMaxLine makes l read lines of up to n bytes, for a board of many
// cells on one line; it never lowers the limit below MaxLine.
func (l *lineReader) setMaxLine(n int) {
	l.maxLine = max(n, MaxLine, l.maxLine)
}

// uncomment cuts a comment from line, where l has comments.
func (l *lineReader) uncomment(line []byte) []byte {
	if l.comments {
		if i := bytes.IndexByte(line, '#'); i >= 0 {
			return line[:i]
		}
	}
	return line
}

func newLineReader(in io.Reader) lineReader {
	return lineReader{br: bufio.NewReaderSize(in, MaxLine+1)} // a line of MaxLine bytes and its \n
}

// resetMem makes l read the lines of data, as if they came after n lines.
func (l *lineReader) resetMem(data []byte, n int) {
	l.br.Reset(nil)
	l.line, l.err, l.held, l.partial, l.mem, l.inMem = n, nil, false, false, data, true
}

// Err returns the first error reading the input, other than its end.
func (l *lineReader) Err() error {
	if l.err == io.EOF {
		return nil
	}
	return l.err
}

// readLine returns the next line without its line end. A line longer than
// MaxLine is skipped, and tooLong gives its length without its line end.
// ok is false at the end of the input or after an error.
func (l *lineReader) readLine() (line []byte, tooLong int, ok bool) {
	l.skipRest()
	if l.held {
		l.held = false
		l.line++
		return l.pending, l.heldTooLong, true
	}
	if l.err != nil {
		return nil, 0, false
	}
	if l.inMem {
		return l.memLine()
	}
	line, err := l.br.ReadSlice('\n')
	if err == bufio.ErrBufferFull && l.maxLine > MaxLine {
		// A line longer than the buffer, which a large board may have:
		// gathered while it fits in maxLine, counted after.
		l.long = append(l.long[:0], line...)
		for err == bufio.ErrBufferFull && len(l.long) <= l.maxLine {
			line, err = l.br.ReadSlice('\n')
			l.long = append(l.long, line...)
		}
		if err != bufio.ErrBufferFull && (err == nil || err == io.EOF) {
			if err != nil {
				l.err = err
			}
			line = l.long
			if n := len(line); n > 0 && line[n-1] == '\n' {
				line = line[:n-1]
			}
			l.line++
			if len(line) <= l.maxLine {
				return l.uncomment(withoutBOM(line, l.line)), 0, true
			}
			return nil, len(line), true
		}
		if err == bufio.ErrBufferFull {
			return l.skipLong(len(l.long))
		}
		l.err = err
		return nil, 0, false
	}
	if err == bufio.ErrBufferFull {
		return l.skipLong(len(line))
	}
	if err != nil {
		l.err = err
		if err != io.EOF || len(line) == 0 {
			return nil, 0, false
		}
	}
	l.line++
	line = withoutBOM(line, l.line)
	if n := len(line); n > 0 && line[n-1] == '\n' {
		line = line[:n-1]
	}
	return l.uncomment(line), 0, true
}

// skipLong skips the rest of a line too long to read, of which n bytes
// are read, and returns its length without its line end, as readLine
// does.
func (l *lineReader) skipLong(n int) (line []byte, tooLong int, ok bool) {
	err := bufio.ErrBufferFull
	for err == bufio.ErrBufferFull {
		line, err = l.br.ReadSlice('\n')
		n += len(line)
	}
	switch err {
	case nil:
		n-- // the line end
	case io.EOF:
	default:
		l.err = err
		return nil, 0, false
	}
	l.err = err
	l.line++
	return nil, n, true
}

// memLine is readLine for an input in memory.
func (l *lineReader) memLine() (line []byte, tooLong int, ok bool) {
	if len(l.mem) == 0 {
		l.err = io.EOF
		return nil, 0, false
	}
	if k := scan.LineEnd(l.mem); k >= 0 {
		line, l.mem = l.mem[:k], l.mem[k+1:]
	} else {
		line, l.mem = l.mem, nil
	}
	l.line++
	line = withoutBOM(line, l.line)
	if len(line) > max(MaxLine, l.maxLine) {
		return nil, len(line), true
	}
	return l.uncomment(line), 0, true
}

// feed makes line, without its line end, the next and last line l reads,
// as line lineNo. A line over MaxLine reads as too long.
func (l *lineReader) feed(line []byte, lineNo int) {
	line = l.uncomment(withoutBOM(line, lineNo))
	l.pending, l.heldTooLong = line, 0
	if len(line) > MaxLine {
		l.pending, l.heldTooLong = nil, len(line)
	}
	l.held, l.partial = true, false
	l.line, l.err = lineNo-1, io.EOF
}

// readPiece returns the next piece of a line, at most MaxLine+1 bytes,
// without its line end: the whole line, or a line's start with more set
// when it goes on, and then the rest piece by piece. A caller that stops
// before the end of a line may call readLine next: it skips the rest.
func (l *lineReader) readPiece() (piece []byte, more, ok bool) {
	if l.held || l.err != nil || l.inMem {
		l.partial = false
		line, tooLong, ok := l.readLine()
		return line, false, ok && tooLong == 0
	}
	first := !l.partial
	line, err := l.br.ReadSlice('\n')
	switch {
	case err == bufio.ErrBufferFull:
		l.partial = true
	case err != nil:
		l.err, l.partial = err, false
		if err != io.EOF || len(line) == 0 {
			if !first {
				return nil, false, true // the line ended with the input
			}
			return nil, false, false
		}
	default:
		l.partial = false
		line = line[:len(line)-1]
	}
	if first {
		l.line++
		line = withoutBOM(line, l.line)
	}
	return line, l.partial, true
}

// skipRest skips what is left of a line whose pieces were being read.
func (l *lineReader) skipRest() {
	for l.partial {
		if _, _, ok := l.readPiece(); !ok {
			return
		}
	}
}

// unread gives back the line just read (or, when tooLong > 0, the news of
// a line too long), for the next readLine.
func (l *lineReader) unread(line []byte, tooLong int) {
	l.own = append(l.own[:0], line...) // not into pending, which feed may have lent
	l.pending = l.own
	l.heldTooLong = tooLong
	l.held = true
	l.line--
}

// withoutBOM returns line, line lineNo of its input, without the byte
// order mark that may start the first line.
func withoutBOM(line []byte, lineNo int) []byte {
	if lineNo == 1 {
		return bytes.TrimPrefix(line, []byte("\xef\xbb\xbf"))
	}
	return line
}

// peekWords returns the number of words on the next line that is not
// blank or all comment, without reading it, and ok. ok is false when the
// input ends first, when that line does not fit in l's buffer, or after
// a line given back (unread), which it does not look past. Reading a
// stream, it waits for that line and no more.
func (l *lineReader) peekWords() (words int, ok bool) {
	if l.held || l.partial || l.err != nil && !l.inMem {
		return 0, false
	}
	// scan looks for the line in data, all there is to read when final.
	scan := func(data []byte, final bool) (words int, found bool) {
		for len(data) > 0 {
			k := bytes.IndexByte(data, '\n')
			if k < 0 {
				if !final {
					return 0, false
				}
				k = len(data)
			}
			if line := l.uncomment(data[:k]); !scan.Blank(line) {
				return len(bytes.Fields(line)), true
			}
			data = data[min(k+1, len(data)):]
		}
		return 0, false
	}
	if l.inMem {
		return scan(l.mem, true)
	}
	for {
		data, _ := l.br.Peek(l.br.Buffered())
		if words, found := scan(data, false); found || len(data) >= l.br.Size() {
			return words, found
		}
		if _, err := l.br.Peek(len(data) + 1); err != nil {
			data, _ = l.br.Peek(l.br.Buffered())
			return scan(data, true)
		}
	}
}
