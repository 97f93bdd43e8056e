package format

import (
	"encoding/binary"
	"slices"
	"strconv"
	"strings"
)

// An AnswerWriter appends the answers of many cases as Preset.AppendAnswer
// and AppendUnsolvable do, for a caller that writes them in bulk: the
// label of a case that follows the last is the last's with its number
// counted up in place, written in a few stores of eight bytes, and the
// caller spells the path where it goes, with no copy. Its zero value
// writes the answers of the zero Preset.
type AnswerWriter struct {
	p             Preset
	before, after string // the label around its %d
	numbered      bool   // the label has a %d
	num           int    // the number of the label in text, or 0 for none
	// text[start:end] is the label of case num: before, the digits, after.
	text       [2 * labelRoom]byte
	start, end int
}

// labelRoom is the longest label an AnswerWriter writes with stores of
// eight bytes; a longer one is appended as it is.
const labelRoom = 32

// Writer returns an AnswerWriter of p's answers.
func (p *Preset) Writer() AnswerWriter {
	w := AnswerWriter{p: *p}
	w.before, w.after, w.numbered = p.Label, "", false
	if i := strings.Index(p.Label, "%d"); i >= 0 {
		w.before, w.after, w.numbered = p.Label[:i], p.Label[i+2:], true
	}
	return w
}

// label appends what comes before the answer to case num, as appendLabel
// does.
func (w *AnswerWriter) label(dst []byte, num int) []byte {
	if num > 1 && w.p.Between != "" {
		dst = append(dst, w.p.Between...)
	}
	if !w.numbered {
		return append(dst, w.before...)
	}
	if num != w.num+1 || w.num <= 0 || !w.countUp() {
		if !w.set(num) {
			// Out of the room, or not counted: written as it is.
			w.num = 0
			dst = append(dst, w.before...)
			dst = strconv.AppendInt(dst, int64(num), 10)
			return append(dst, w.after...)
		}
	}
	w.num = num
	n := w.end - w.start
	m := len(dst)
	dst = slices.Grow(dst, labelRoom)
	buf := dst[m : m+labelRoom]
	src := w.text[w.start : w.start+labelRoom]
	for k := 0; k < labelRoom; k += 8 {
		binary.LittleEndian.PutUint64(buf[k:], binary.LittleEndian.Uint64(src[k:]))
	}
	return dst[:m+n]
}

// countUp makes text the label of the number after num, and reports
// whether it fits.
func (w *AnswerWriter) countUp() bool {
	k := w.end - len(w.after) - 1 // the last digit
	first := w.start + len(w.before)
	for ; k >= first && w.text[k] == '9'; k-- {
		w.text[k] = '0'
	}
	if k >= first {
		w.text[k]++
		return true
	}
	// One more digit: 99 to 100, unless the label would outgrow
	// labelRoom (it ends there).
	if w.start == 0 {
		return false
	}
	w.start--
	copy(w.text[w.start:], w.before)
	w.text[w.start+len(w.before)] = '1'
	return true
}

// set makes text the label of num, and reports whether it fits in
// labelRoom bytes and num is above 0.
func (w *AnswerWriter) set(num int) bool {
	var buf [24]byte
	d := strconv.AppendInt(buf[:0], int64(num), 10)
	n := len(w.before) + len(d) + len(w.after)
	if num <= 0 || n > labelRoom {
		return false
	}
	// Ending labelRoom bytes into text, with room before it to grow.
	w.end = labelRoom
	w.start = w.end - n
	copy(w.text[w.start:], w.before)
	copy(w.text[w.start+len(w.before):], d)
	copy(w.text[w.end-len(w.after):], w.after)
	return true
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
