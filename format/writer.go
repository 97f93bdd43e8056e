package format

import (
	"strconv"
	"strings"
)

// An AnswerWriter appends the answers of many cases as Preset.AppendAnswer
// and AppendUnsolvable do, for a caller that writes them in bulk: the
// label is split once, the case number is counted on in place when each
// case follows the last, and the caller spells the path where it goes,
// with no copy. Its zero value writes the answers of the zero Preset.
type AnswerWriter struct {
	p             Preset
	before, after string // the label around its %d
	numbered      bool   // the label has a %d
	num           int    // the number in digits, or 0 for none yet
	// digits[start:] is num in decimal.
	digits [24]byte
	start  int
}

// Writer returns an AnswerWriter of p's answers.
func (p *Preset) Writer() AnswerWriter {
	w := AnswerWriter{p: *p, start: len(AnswerWriter{}.digits)}
	w.before, w.after, w.numbered = p.Label, "", false
	if i := strings.Index(p.Label, "%d"); i >= 0 {
		w.before, w.after, w.numbered = p.Label[:i], p.Label[i+2:], true
	}
	return w
}

// label appends what comes before the answer to case num, as appendLabel
// does.
func (w *AnswerWriter) label(dst []byte, num int) []byte {
	if num > 1 {
		dst = append(dst, w.p.Between...)
	}
	dst = append(dst, w.before...)
	if !w.numbered {
		return dst
	}
	if num == w.num+1 && w.num > 0 {
		// The next number: the last digit up, carried past nines.
		k := len(w.digits) - 1
		for ; k >= w.start && w.digits[k] == '9'; k-- {
			w.digits[k] = '0'
		}
		if k < w.start {
			w.start--
			k = w.start
			w.digits[k] = '0'
		}
		w.digits[k]++
	} else if num > 0 {
		var buf [24]byte
		d := strconv.AppendInt(buf[:0], int64(num), 10)
		w.start = len(w.digits) - len(d)
		copy(w.digits[w.start:], d)
	} else {
		// Not counted: written as it is.
		w.num = 0
		dst = strconv.AppendInt(dst, int64(num), 10)
		return append(dst, w.after...)
	}
	w.num = num
	dst = append(dst, w.digits[w.start:]...)
	return append(dst, w.after...)
}

// Begin appends the start of the answer to case num, whose shortest path
// has dist moves: all of it that comes before the path's letters. A
// caller then appends the letters of the path when the preset prints one
// (Preset.NeedsPath), and calls End with where they start.
func (w *AnswerWriter) Begin(dst []byte, num, dist int) []byte {
	dst = w.label(dst, num)
	switch w.p.Print {
	case Moves:
		dst = appendInt(dst, dist)
	case MovesThenPath:
		dst = appendInt(dst, dist)
		dst = append(dst, '\n')
	}
	return dst
}

// End ends the answer that Begin began, whose path's letters, if any,
// are dst[from:]: in capitals where the preset asks, then the line end.
func (w *AnswerWriter) End(dst []byte, from int) []byte {
	if w.p.Upper && from >= 0 {
		for i := from; i < len(dst); i++ {
			dst[i] &^= 0x20
		}
	}
	return append(dst, '\n')
}

// Unsolvable appends the answer to case num when its goal cannot be
// reached, as Preset.AppendUnsolvable does.
func (w *AnswerWriter) Unsolvable(dst []byte, num int) []byte {
	dst = w.label(dst, num)
	dst = append(dst, w.p.Unsolvable...)
	if w.p.Print == MovesThenPath {
		dst = append(dst, '\n')
	}
	return append(dst, '\n')
}
