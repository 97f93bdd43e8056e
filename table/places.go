package table

import (
	"sync"

	"github.com/slidingpuzzle/solver/board"
)

// The raw bytes of a table hold each position's move as its place among
// the moves the blank can make from its cell (legalMoves): 0 or 1 with the
// blank in a corner, 0 to 2 on an edge, 0 to 3 inside. The positions are
// grouped by the blank's cell, in the order of their indexes (index =
// blank*half + j), and each cell's group takes as few bits as its places
// need, so that a table is used as it is stored, with nothing to decode:
//
//	moves   places   byte k of the group holds the places of j =
//	2       8        8k..8k+7, a bit each, the lowest first
//	3       5        5k..5k+4, as the base-3 number p0 + 3p1 + 9p2 + 27p3 + 81p4
//	4       4        4k..4k+3, two bits each, the lowest first
//
// The groups follow one another from cell 0, each a whole number of bytes
// (the unused places of its last byte are 0). A 3x3 table takes 31248
// bytes, 1.38 bits a position: about what zstd made of two bits a
// position.

// A layout says where the places of one shape's positions are.
type layout struct {
	half  int // positions a blank cell
	size  int // bytes in all
	off   [board.MaxSmall]int
	per   [board.MaxSmall]int    // places a byte: 8, 5 or 4
	magic [board.MaxSmall]uint64 // j*magic>>32 is j/per for every j below 1<<29
	digit [board.MaxSmall]*[256][8]uint8
}

// newLayout returns the layout of shape s, which must be valid.
func newLayout(s board.Shape) layout {
	l := layout{half: half(s)}
	moves := legalMoves(s)
	ds := digits()
	for b := range s.Cells() {
		n := 0 // the moves from cell b
		for n < board.NumMoves && moves[b][n] != noMove {
			n++
		}
		per := [board.NumMoves + 1]int{2: 8, 3: 5, 4: 4}[n]
		l.off[b], l.per[b] = l.size, per
		l.magic[b] = (1<<32 + uint64(per) - 1) / uint64(per)
		l.digit[b] = &ds[n-2]
		l.size += (l.half + per - 1) / per
	}
	return l
}

// place returns the place of the position blank*half+j. A byte of a group
// of three moves past 242 holds no places: its digits read as 3, which no
// edge cell has.
func (l *layout) place(raw []byte, blank, j int) uint8 {
	blank &= board.MaxSmall - 1
	q := int(uint64(j) * l.magic[blank] >> 32)
	return l.digit[blank][raw[l.off[blank]+q]][(j-q*l.per[blank])&7]
}

// put sets the place of the position blank*half+j, which must be 0.
func (l *layout) put(raw []byte, blank, j int, place uint8) {
	per := l.per[blank]
	q, k := j/per, j%per
	switch per {
	case 5:
		raw[l.off[blank]+q] += place * [5]uint8{1, 3, 9, 27, 81}[k]
	default:
		raw[l.off[blank]+q] |= place << (k * (8 / per))
	}
}

// digits returns, for places of two, three and four moves, the places
// each byte value holds.
var digits = sync.OnceValue(func() *[3][256][8]uint8 {
	var d [3][256][8]uint8
	for v := range 256 {
		for k := range 8 {
			d[0][v][k] = uint8(v >> k & 1)
			d[2][v][k] = uint8(v >> (2 * (k & 3)) & 3)
		}
		x := v
		for k := range 5 {
			d[1][v][k] = uint8(x % 3)
			if v > 242 {
				d[1][v][k] = 3
			}
			x /= 3
		}
	}
	return &d
})
