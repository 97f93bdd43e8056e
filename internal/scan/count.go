package scan

import (
	"encoding/binary"
	"math/bits"
)

// CountLines counts the lines of data, whole lines, and its cases: the
// runs of lines that are not blank.
func CountLines(data []byte) (lines, cases int) {
	inCase := false
	for rest := data; len(rest) > 0; lines++ {
		nl := LineEnd(rest)
		blank := Blank(rest[:nl])
		if !blank && !inCase {
			cases++
		}
		inCase = !blank
		rest = rest[nl+1:]
	}
	return lines, cases
}

// CountWords is CountLines eight bytes at a time, for data in which no
// line starts with a space or any other byte below '!' but a line end, as
// judge files are written: a blank line is then an empty one, and a case
// starts at each byte that is not a line end and follows two of them (the
// start of data stands after two). It reports false for any other data.
func CountWords(data []byte) (lines, cases int, ok bool) {
	const ones, high, low7 = 0x0101010101010101, 0x8080808080808080, 0x7f7f7f7f7f7f7f7f
	// In masks, byte lanes of 0x80: exact, with no borrow between lanes.
	newlines := func(x uint64) uint64 {
		z := x ^ 0x0a*ones
		return ^((z&low7 + low7) | z | low7)
	}
	lowBytes := func(x uint64) uint64 { // the bytes up to ' '
		return ^((x | high) - 0x21*ones) &^ x & high
	}
	before := uint64(high) // the line ends of the last word: two before data
	var bad uint64
	// Whole words, then what is left in one word of its own, with the
	// bytes past data masked off: no test of the length in the loop.
	off := 0
	for ; off+8 <= len(data); off += 8 {
		x := binary.LittleEndian.Uint64(data[off:])
		n := newlines(x)
		prev1 := n<<8 | before>>56
		prev2 := n<<16 | before>>48
		lines += bits.OnesCount64(n)
		cases += bits.OnesCount64(^n & high & prev1 & prev2)
		bad |= lowBytes(x) &^ n & prev1
		before = n
	}
	if off < len(data) {
		var buf [8]byte
		valid := uint64(1)<<(8*uint(copy(buf[:], data[off:]))) - 1
		x := binary.LittleEndian.Uint64(buf[:])
		n := newlines(x) & valid
		prev1 := n<<8 | before>>56
		prev2 := n<<16 | before>>48
		lines += bits.OnesCount64(n)
		cases += bits.OnesCount64(^n & high & valid & prev1 & prev2)
		bad |= lowBytes(x) &^ n & prev1 & valid
	}
	return lines, cases, bad == 0
}
