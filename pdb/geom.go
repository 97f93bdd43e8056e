package pdb

import "github.com/slidingpuzzle/solver/board"

// geom is a shape's cells as bits, cell i in bit i, for flood fills.
type geom struct {
	n, cols    int
	full       uint32
	notCol0    uint32 // every cell but those of the first column
	notColLast uint32 // every cell but those of the last column
	nbr        [MaxCells]uint32
	row, col   [MaxCells]int8
}

func newGeom(s board.Shape) *geom {
	g := &geom{n: s.Cells(), cols: s.Cols, full: 1<<s.Cells() - 1}
	for i := range g.n {
		r, c := i/s.Cols, i%s.Cols
		g.row[i], g.col[i] = int8(r), int8(c)
		if c != 0 {
			g.notCol0 |= 1 << i
		}
		if c != s.Cols-1 {
			g.notColLast |= 1 << i
		}
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
	r := seed
	for {
		n := (r | r<<1&g.notCol0 | r>>1&g.notColLast | r<<g.cols | r>>g.cols) & free
		if n == r {
			return r
		}
		r = n
	}
}

// manhattan returns the distance between cells a and b.
func (g *geom) manhattan(a, b int) int {
	dr, dc := int(g.row[a])-int(g.row[b]), int(g.col[a])-int(g.col[b])
	return max(dr, -dr) + max(dc, -dc)
}
