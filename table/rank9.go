package table

// The index of a 3x3 board by table lookups rather than a loop over its
// cells: the hot path of a batch.
//
// The Lehmer rank of the eight tiles t0..t7 (0-based, blank left out)
// splits at the middle. Permutations are ordered first by t0..t3, so
//
//	rank = head[t0 t1 t2 t3] * 4! + tail[t4 t5 t6 t7]
//
// where head is the rank of t0..t3 among the 8*7*6*5 ways to begin, and
// tail the rank of the order of t4..t7 among themselves. The parity is the
// inversions within the head, within the tail, and between them; a head
// value v has v smaller values in all, of which those in the head account
// for 0+1+2+3 = 6 together, so the inversions between are sum(head) - 6.
//
// Both tables are indexed by four 3-bit values (4096 entries) and hold the
// rank shifted left by one with the parity of its part in bit 0; head's
// parity includes sum(head) - 6. Past their ends is room for the four
// bytes that the assembly (expand9, keyBoards9, keyPairs9) gathers from
// an entry.
var head9, tail9 = func() (head [4096 + 2]uint16, tail [4096 + 4]uint8) {
	// The ways to begin, in lexicographic order: r counts them. (Only
	// these 1680 of the 4096 keys are ever looked up.) la, lac, lb and
	// l0-l2 count, for a, b and c, the values after each that are
	// smaller, as the loops go; this runs at every start of a process.
	less := func(x, y int) int {
		if x < y {
			return 1
		}
		return 0
	}
	r := 0
	for a := range 8 {
		for b := range 8 {
			if b == a {
				continue
			}
			la := less(b, a)
			for c := range 8 {
				if c == a || c == b {
					continue
				}
				lac, lb := la+less(c, a), less(c, b)
				for d := range 8 {
					if d == a || d == b || d == c {
						continue
					}
					l0, l1, l2 := lac+less(d, a), lb+less(d, b), less(d, c)
					inv := l0 + l1 + l2
					key := a | b<<3 | c<<6 | d<<9
					between := a + b + c + d - 6
					head[key] = uint16(r)<<1 | uint16((inv+between)&1)
					// The rank of the tail's order among the 4! orders.
					tail[key] = uint8(l0*6+l1*2+l2)<<1 | uint8(inv&1)
					r++
				}
			}
		}
	}
	return head, tail
}()

// index9 returns the index and tile parity of a 3x3 board whose cells are
// packed a byte each in lo (cells 0..7) and hi (cell 8), with its blank in
// cell blank.
func index9(lo, hi uint64, blank int) (idx, parity int) {
	return rank9(byteTiles9(lo, hi, blank), blank)
}

// byteTiles9 is tiles9 for cells packed a byte each in lo and hi.
func byteTiles9(lo, hi uint64, blank int) uint64 {
	// Take the blank's byte out: the cells after it move down one byte.
	// The bytes before the blank: all of lo if it is cell 8, as a shift by
	// 64 or more is 0.
	below := uint64(1)<<(8*uint(blank)) - 1
	seq := lo&below | (lo>>8|hi<<56)&^below
	return nibbles9(seq-0x0101010101010101, 0) // tiles 1..8 to 0..7, a nibble each
}

// nibbles9 packs the cells of a 3x3 board, given a byte each as by
// board.Board.Words, four bits each: cell i in bits 4i..4i+3.
func nibbles9(lo, hi uint64) uint64 {
	// Each byte below 16: the bytes in pairs, then fours, then eights.
	x := (lo | lo>>4) & 0x00ff00ff00ff00ff
	x = (x | x>>8) & 0x0000ffff0000ffff
	x = (x | x>>16) & 0xffffffff
	return x | (hi&15)<<32
}

// The index of a board packed by nibbles9 with its blank in cell blank is
// rank9(tiles9(w, blank), blank): index9 for such cells, in two halves
// the compiler inlines, where one function would be too large to.

// tiles9 returns the eight tiles of w, packed by nibbles9, in reading
// order without the blank, 0-based.
func tiles9(w uint64, blank int) uint64 {
	below := uint64(1)<<(4*uint(blank)&63) - 1 // the cells before the blank
	return (w&below | w>>4&^below) - 0x11111111
}

// rank9 returns the index and tile parity of the board whose tiles are
// seq (tiles9) and whose blank is in cell blank.
func rank9(seq uint64, blank int) (idx, parity int) {
	// The four nibbles of each half to four 3-bit fields, both halves at
	// once: pairs of nibbles to six bits a byte, pairs of those to twelve
	// bits a half, head9's and tail9's keys.
	x := seq&0x07070707 | seq>>1&0x38383838
	x = x&0x003f003f | x>>2&0x0fc00fc0
	hv, tv := int(head9[x&4095]), int(tail9[x>>16&4095])
	return blank*20160 + (hv>>1*24+tv>>1)/2, (hv ^ tv) & 1
}
