// Package scan recognises the lines of judge files written as judges
// write them, a word of bytes at a time where it pays: whole 3x3 boards
// on a line or in three rows (Boards, BoardLine), runs of such lines
// checked in loops of their own (SameLines, SameRows), boards of up to
// ten cells on a line or a row (PlainLine, PlainRow), and the lines and
// cases of a block counted (CountWords). Each function says exactly which
// bytes it takes; package format, which reads the cases, relies on that
// to cut blocks of whole cases and to read their boards with no search.
// Nothing here reads a case or knows a preset. Where a doc says what
// readBoard takes, it is package format's reader of a board, whose cells
// board.Shape.ScanCells splits.
package scan

import (
	"bytes"
	"encoding/binary"
	"math/bits"
)

// WithoutCR returns line without the "\r" of a line end of two bytes, if
// it has one: a space to the readers.
func WithoutCR(line []byte) []byte {
	if n := len(line); n > 0 && line[n-1] == '\r' {
		return line[:n-1]
	}
	return line
}

// Blank reports whether line holds nothing but spaces, tabs, "\r", "\v"
// and "\f": a blank line, which separates cases.
func Blank(line []byte) bool {
	for _, c := range line {
		if c != ' ' && c != '\t' && c != '\r' && c != '\v' && c != '\f' {
			return false
		}
	}
	return true
}

// LineEnd returns the index of the first '\n' in data, or -1: the first
// 24 bytes (a spaced 3x3 board and its line end) are searched eight at a
// time in a word, which costs less than setting up bytes.IndexByte for a
// short line.
func LineEnd(data []byte) int {
	off := 0
	for ; off+8 <= len(data) && off < 24; off += 8 {
		// The bytes of x that are '\n' become zero; the lowest byte the
		// classic test for a zero byte flags is exact.
		x := binary.LittleEndian.Uint64(data[off:]) ^ 0x0a0a0a0a0a0a0a0a
		if m := (x - 0x0101010101010101) &^ x & 0x8080808080808080; m != 0 {
			return off + bits.TrailingZeros64(m)/8
		}
	}
	if k := bytes.IndexByte(data[off:], '\n'); k >= 0 {
		return off + k
	}
	return -1
}
