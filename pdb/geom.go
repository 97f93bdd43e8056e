package pdb

import "github.com/slidingpuzzle/solver/board"

// geom is a shape's cells as bits, cell i in bit i, for flood fills.
type geom struct {
	n        int
	full     uint32
	bits     board.Bits
	nbr      [MaxCells]uint32
	row, col [MaxCells]int8
}

func newGeom(s board.Shape) *geom {
	g := &geom{n: s.Cells(), full: 1<<s.Cells() - 1, bits: s.Bits()}
	for i := range g.n {
		r, c := i/s.Cols, i%s.Cols
		g.row[i], g.col[i] = int8(r), int8(c)
		for m := range board.Move(board.NumMoves) {
			if j, ok := s.Step(i, m); ok {
				g.nbr[i] |= 1 << j
			}
		}
	}
	return g
}

// flood returns the cells of free connected to seed, which must be free.
func (g *geom) flood(seed, free uint32) uint32 {
	return uint32(g.bits.Flood(uint64(seed), uint64(free)))
}

// manhattan returns the distance between cells a and b.
func (g *geom) manhattan(a, b int) int {
	dr, dc := int(g.row[a])-int(g.row[b]), int(g.col[a])-int(g.col[b])
	return max(dr, -dr) + max(dc, -dc)
}
