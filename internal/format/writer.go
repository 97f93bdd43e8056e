package format

import (
	"encoding/binary"
	"slices"
	"strconv"

	"github.com/slidingpuzzle/solver/notation"
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
	// text holds the label of case num, little-endian, its first n bytes:
	// before, digits of the number, after. It is changed a word at a time,
	// as it is read: a word read back after a store of one of its bytes
	// would wait for the store to land.
	text   [labelRoom / 8]uint64
	n      int
	digits int
	// none holds what follows the label of a case that cannot reach its
	// goal, its first noneLen bytes, when that is at most labelRoom
	// (noneLen > 0).
	none    [labelRoom / 8]uint64
	noneLen int
}

// labelRoom is the longest label an AnswerWriter writes with stores of
// eight bytes; a longer one is appended as it is.
const labelRoom = 32

// Writer returns an AnswerWriter of p's answers.
func (p *Preset) Writer() AnswerWriter {
	w := AnswerWriter{p: *p}
	w.before, w.after, w.numbered = labelParts(p.Label)
	var buf [2 * labelRoom]byte
	none := append(buf[:0], p.Unsolvable...)
	if p.Print == MovesThenPath {
		none = append(none, '\n')
	}
	if none = append(none, '\n'); len(none) <= labelRoom {
		w.noneLen = len(none)
		for k := range w.none {
			w.none[k] = binary.LittleEndian.Uint64(buf[8*k:])
		}
	}
	return w
}

// put appends the first n bytes of words, n at most labelRoom, in four
// stores of eight bytes.
func put(dst []byte, words *[labelRoom / 8]uint64, n int) []byte {
	m := len(dst)
	dst = slices.Grow(dst, labelRoom)
	buf := dst[m : m+labelRoom]
	binary.LittleEndian.PutUint64(buf[0:], words[0])
	binary.LittleEndian.PutUint64(buf[8:], words[1])
	binary.LittleEndian.PutUint64(buf[16:], words[2])
	binary.LittleEndian.PutUint64(buf[24:], words[3])
	return dst[:m+n]
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
	return put(dst, &w.text, w.n)
}

// countUp makes text the label of the number after num, and reports
// whether it could: not when the number gains a digit (99 to 100).
func (w *AnswerWriter) countUp() bool {
	first := len(w.before)
	for k := first + w.digits - 1; k >= first; k-- {
		word, shift := &w.text[k>>3&3], 8*uint(k&7)
		if *word>>shift&0xff != '9' {
			*word += 1 << shift
			return true
		}
		*word -= ('9' - '0') << shift
	}
	return false
}

// set makes text the label of num, and reports whether it fits in
// labelRoom bytes and num is above 0.
func (w *AnswerWriter) set(num int) bool {
	var buf [labelRoom + 24]byte
	text := append(buf[:0], w.before...)
	text = strconv.AppendInt(text, int64(num), 10)
	w.digits = len(text) - len(w.before)
	text = append(text, w.after...)
	if num <= 0 || len(text) > labelRoom {
		return false
	}
	w.n = len(text)
	for k := range w.text {
		w.text[k] = binary.LittleEndian.Uint64(buf[8*k:])
	}
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
// are dst[from:] (the judges' letters, as the tables spell them): in the
// preset's notation, in capitals where it asks, then the line end.
func (w *AnswerWriter) End(dst []byte, from int) []byte {
	switch {
	case from < 0:
	case w.p.Notation != notation.Blank:
		var room [3 * 64]byte
		letters := append(room[:0], dst[from:]...)
		dst = w.p.Notation.Append(dst[:from], letters)
	case w.p.Upper:
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
	if w.noneLen > 0 {
		return put(dst, &w.none, w.noneLen)
	}
	dst = append(dst, w.p.Unsolvable...)
	if w.p.Print == MovesThenPath {
		dst = append(dst, '\n')
	}
	return append(dst, '\n')
}
