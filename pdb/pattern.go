// Package pdb holds additive pattern databases: for a pattern (the tiles
// whose goal cells form a set), the least number of moves of those tiles
// alone that brings them home from any placement, found once by a reverse
// breadth-first search from the goal. Disjoint patterns add up to a lower
// bound on the moves left, which the search engine uses.
//
// A pattern is named by goal cells, not by tile labels, so one database
// serves every goal whose blank stands outside its cells (in the same
// free region), and, through a symmetry of the board, the image of its
// cells too: a database for the cells 1..6 of a 4x4 board, with the blank
// in cell 0, also serves the cells 9..14 with the blank in cell 15.
//
// The search counts only the pattern's moves, but it tracks where the
// blank can be: its state is the placement of the pattern's tiles with
// the connected region of free cells that holds the blank, within which
// the blank moves at no cost. A placement's value is the least over its
// regions.
package pdb

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/slidingpuzzle/solver/board"
)

// MaxCells is the most cells of a shape a pattern can be of: a board's
// cells are bits of a 32-bit word in a build.
const MaxCells = 32

// Pattern is a set of goal cells of a shape, with the goal's blank cell:
// the tiles whose goal cells they are, and the blank's region at the goal.
type Pattern struct {
	Shape board.Shape // the shape of the boards the pattern is of
	Cells []int       // the goal cells of the pattern's tiles, ascending
	Blank int         // the goal's blank cell, not one of Cells
	// Zero says the database is zero-aware: it holds a byte a placement,
	// the extra with the blank in the region of free cells that holds
	// the cell Blank (low four bits; where Blank is a tile's, the least
	// over the regions) and the least over the other regions (high four
	// bits; where there is none, the same). An additive database (Zero
	// false) holds four bits, the least over every region.
	Zero bool
}

// rawLen returns the length of the raw bytes of p's database.
func (p Pattern) rawLen() int {
	if p.Zero {
		return p.Size()
	}
	return (p.Size() + 1) / 2
}

// Check reports whether p is a pattern of a valid shape.
func (p Pattern) Check() error {
	s := p.Shape
	if !s.Valid() || s.Cells() > MaxCells {
		return fmt.Errorf("pdb: shape %v not supported; a pattern is of a board of at most %d cells", s, MaxCells)
	}
	n := s.Cells()
	if len(p.Cells) == 0 || len(p.Cells) >= n {
		return fmt.Errorf("pdb: a pattern of %d cells on a %v board", len(p.Cells), s)
	}
	if !slices.IsSorted(p.Cells) {
		return fmt.Errorf("pdb: the cells %v are not ascending", p.Cells)
	}
	for i, c := range p.Cells {
		if c < 0 || c >= n || (i > 0 && c == p.Cells[i-1]) || c == p.Blank {
			return fmt.Errorf("pdb: cells %v with the blank in %d on a %v board", p.Cells, p.Blank, s)
		}
	}
	if p.Blank < 0 || p.Blank >= n {
		return fmt.Errorf("pdb: blank cell %d on a %v board", p.Blank, s)
	}
	return nil
}

// Size returns the number of placements of p's tiles: n!/(n-k)!.
func (p Pattern) Size() int { return size(p.Shape.Cells(), len(p.Cells)) }

func size(n, k int) int {
	s := 1
	for i := range k {
		s *= n - i
	}
	return s
}

// String names p: "4x4 1,2,3,4,5,6 blank 0".
func (p Pattern) String() string {
	var b []byte
	for i, c := range p.Cells {
		if i > 0 {
			b = append(b, ',')
		}
		b = fmt.Appendf(b, "%d", c)
	}
	z := ""
	if p.Zero {
		z = " zero-aware"
	}
	return fmt.Sprintf("%v %s blank %d%s", p.Shape, b, p.Blank, z)
}

// Rank returns the index of a placement of k tiles on n cells: pos[i] is
// the cell of the tile whose goal is the pattern's i-th cell. The index is
// the placement's rank as a partial permutation, in lexicographic order:
//
//	index = ((d0*(n-1) + d1)*(n-2) + d2) ...
//
// where d_i is pos[i] less the number of earlier tiles in cells before it.
func Rank(n int, pos []uint8) int {
	var used uint32
	idx := 0
	for i, p := range pos {
		d := int(p) - bits.OnesCount32(used&(1<<(p&31)-1))
		used |= 1 << (p & 31)
		idx = idx*(n-i) + d
	}
	return idx
}

// Unrank sets pos to the placement of len(pos) tiles on n cells with
// index idx, the inverse of Rank. For n over MaxCells, more tiles
// than cells, or an index out of 0..n!/(n-k)!-1 it sets every cell to
// 0xff, which is no cell.
func Unrank(n int, idx int, pos []uint8) {
	k := len(pos)
	if n > MaxCells || k > n || idx < 0 || idx >= size(n, k) {
		for i := range pos {
			pos[i] = 0xff
		}
		return
	}
	unrank(n, idx, pos)
}

// unrank is Unrank for an idx in range: the digits of the index, each
// the rank of its tile's cell among the cells still free, picked a byte
// of cells at a time.
func unrank(n int, idx int, pos []uint8) {
	var digits [MaxCells]uint64
	x := uint64(idx)
	for i := len(pos) - 1; i >= 0; i-- {
		r := uint64(n - i)
		digits[i&(MaxCells-1)] = x % r
		x /= r
	}
	free := uint32(1)<<n - 1
	for i := range pos {
		d := digits[i&(MaxCells-1)]
		var c uint32
		for base := uint32(0); ; base += 8 {
			lo := free >> base & 0xff
			if pc := uint64(bits.OnesCount32(lo)); d >= pc {
				d -= pc
				continue
			}
			c = base + uint32(selectByte[lo][d&7])
			break
		}
		pos[i] = uint8(c)
		free &^= 1 << c
	}
}

// selectByte[x][d] is the d-th set bit of x.
var selectByte = func() (t [256][8]uint8) {
	for x := range 256 {
		d := 0
		for i := range 8 {
			if x&(1<<i) != 0 {
				t[x][d] = uint8(i)
				d++
			}
		}
	}
	return
}()

// SameRegion reports whether, with p's tiles home, cell c is free and in
// the blank's region: whether p's database also serves goals with the
// blank in c.
func SameRegion(p Pattern, c int) bool {
	if p.Check() != nil || c < 0 || c >= p.Shape.Cells() {
		return false
	}
	g := newGeom(p.Shape)
	var tiles uint32
	for _, t := range p.Cells {
		tiles |= 1 << t
	}
	return g.flood(1<<p.Blank, g.full&^tiles)&(1<<c) != 0
}
