// Package search finds the lexicographically smallest shortest path
// (d < l < r < u) by iterative-deepening A* over the pattern databases of
// package pdb. Its inner loop works on a compact state of its own, the
// cell of each tile, the blank, the Manhattan distance and each pattern's
// bound, updated per move; it allocates nothing and counts its nodes.
// Large iterations are shared among the cores (parallel.go), in the
// order that keeps the path the one a single core finds. Large does the
// same for boards of up to 64 cells, with the Manhattan distance and
// linear conflicts as its bound.
package search

import (
	"errors"
	"fmt"
	"math/bits"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/pdb"
)

// A Map is a bijection between the cells of two shapes that keeps cells
// next to each other next to each other: a symmetry of a board, or the
// transposition of one shape onto another.
type Map struct {
	From, To board.Shape           // the shape mapped and the shape it maps onto
	cell     [board.MaxSmall]uint8 // cell i of From is cell[i] of To
}

// Apply returns the cell of To that c of From maps to, or -1 for a c that
// is not a cell of From.
func (m *Map) Apply(c int) int {
	if m == nil || c < 0 || c >= m.From.Cells() || c >= board.MaxSmall {
		return -1
	}
	return int(m.cell[c])
}

// bijective reports whether m maps the cells of From one to one onto
// those of To: made by Maps or Then, not by hand.
func (m *Map) bijective() bool {
	n := m.From.Cells()
	if !m.From.Small() || !m.To.Small() || m.To.Cells() != n {
		return false
	}
	var seen uint32
	for i := range n {
		c := m.cell[i]
		if int(c) >= n || seen&(1<<c) != 0 {
			return false
		}
		seen |= 1 << c
	}
	return true
}

// RenamedBoard returns b with its tiles renamed as from turns into to
// (board.Rename) and moved as m moves cells, in one pass
// (board.RenameRemap), for a board of m's From shape onto itself, or false
// for any other.
func (m *Map) RenamedBoard(b, from, to board.Board) (board.Board, bool) {
	if m.From != m.To || b.Shape() != m.From {
		return board.Board{}, false
	}
	return board.RenameRemap(b, from, to, &m.cell)
}

// Maps returns every Map from shape a onto shape b: the symmetries of
// the rectangle, or of the square (eight), with, when b is a turned, those
// that transpose.
//
// It returns none for shapes of more than board.MaxSmall cells.
func Maps(a, b board.Shape) []Map {
	if !a.Small() || !b.Small() {
		return nil
	}
	var out []Map
	for _, cells := range cellMaps(a, b) {
		m := Map{From: a, To: b}
		for i, c := range cells {
			m.cell[i] = uint8(c)
		}
		out = append(out, m)
	}
	return out
}

// cellMaps returns the maps of Maps and Symmetries, of shape a onto
// shape b (a itself or its transpose), as the cell of b each cell of a
// goes to: the four flips of a rectangle, the identity first, then,
// where b is a turned (a square onto itself too), the four that
// transpose.
func cellMaps(a, b board.Shape) [][]int {
	var out [][]int
	for _, transpose := range []bool{false, true} {
		if !transpose && a != b || transpose && (a.Rows != b.Cols || a.Cols != b.Rows) {
			continue
		}
		for _, flip := range [][2]bool{{false, false}, {false, true}, {true, false}, {true, true}} {
			m := make([]int, a.Cells())
			for i := range m {
				r, c := i/a.Cols, i%a.Cols
				if flip[0] {
					r = a.Rows - 1 - r
				}
				if flip[1] {
					c = a.Cols - 1 - c
				}
				if transpose {
					r, c = c, r
				}
				m[i] = r*b.Cols + c
			}
			out = append(out, m)
		}
	}
	return out
}

// instance is a database read through a Map: a pattern of the board's own
// goal cells.
type instance struct {
	raw []byte
	inv [board.MaxSmall]uint8
	// gs holds the goal cells of the board, in the order of the
	// database's cells, and k how many.
	gs [board.MaxSmall]uint8
	k  int
	n  int
	// For delta: order[g] is the place among gs of goal cell g, 0xff for
	// a cell not in the pattern; w[i] the weight of place i's digit in the
	// index; cellOf[c] the board's cell of the database's cell c.
	order  [board.MaxSmall]uint8
	w      [board.MaxSmall]int32
	cellOf [board.MaxSmall]uint8
	// pass[t][g] is what passing the tile whose goal is cell g (31: no
	// tile) adds to the index when the tile of place t moves: the later
	// tile's weight, less the mover's for an earlier one, 0 for a tile
	// not in the pattern.
	pass [board.MaxSmall][32]int32
}

// Heuristic is an admissible lower bound on the moves from any board of a
// shape to a goal with a given blank cell: the tiles' Manhattan distance
// plus twice the largest sum of extras over its partitions (each a set of
// disjoint patterns covering every tile, read from databases).
type Heuristic struct {
	shape board.Shape
	blank int
	parts [][]instance
	// partOf[p][g] is the instance of partition p that holds the tile
	// whose goal is cell g.
	partOf [][board.MaxSmall]uint8
	// Names describes the databases, for -v.
	names []string
}

// Part is a database read through a Map: the database's pattern, on the
// board, is the image of its cells.
type Part struct {
	DB  *pdb.DB // the database, of a pattern of the Map's From shape
	Map Map     // the map of the database's cells onto the board's
}

// NewHeuristic makes the bound of a shape for goals whose blank is in cell
// blank from partitions of parts, of any number. Every partition must
// cover every cell but the blank exactly once, every database must be
// whole (pdb.DB.Complete), its Map one of Maps (or Then of two), and its
// goal blank must map into the blank's free region, so that the bound
// stays a lower one: anything else is an error.
func NewHeuristic(shape board.Shape, blank int, partitions [][]Part) (*Heuristic, error) {
	if !shape.Small() || blank < 0 || blank >= shape.Cells() {
		return nil, fmt.Errorf("search: no %v board has the blank in cell %d", shape, blank)
	}
	if len(partitions) == 0 {
		return nil, errors.New("search: no partitions")
	}
	h := &Heuristic{shape: shape, blank: blank}
	n := shape.Cells()
	for pi, parts := range partitions {
		var of [board.MaxSmall]uint8
		var covered uint32
		var insts []instance
		for k, part := range parts {
			if !part.DB.Complete() {
				return nil, fmt.Errorf("search: partition %d, part %d: no whole database (pdb.Decode or pdb.FromExtras makes one)", pi, k)
			}
			p := part.DB.Pattern
			if p.Zero {
				return nil, fmt.Errorf("search: partition %d, part %d: %v is zero-aware; a Heuristic takes additive databases (a Large search takes both)", pi, k, p)
			}
			if p.Size() > pdb.MaxPlacements {
				// The search keeps indexes in 32 bits.
				return nil, fmt.Errorf("search: partition %d, part %d: %v has %d placements; the search takes databases of at most %d", pi, k, p, p.Size(), pdb.MaxPlacements)
			}
			m := part.Map
			if m.From != p.Shape || m.To != shape || !m.bijective() {
				return nil, fmt.Errorf("search: a map from %v onto %v for a %v database on a %v board", m.From, m.To, p.Shape, shape)
			}
			// The goal's blank, seen from the database, must be where the
			// database's own blank can move freely.
			var back [board.MaxSmall]uint8
			for i := range n {
				back[m.cell[i]] = uint8(i)
			}
			if !pdb.SameRegion(p, int(back[blank])) {
				return nil, fmt.Errorf("search: the %v database does not serve goals with the blank in cell %d", p, blank)
			}
			in := instance{raw: part.DB.Raw(), n: n}
			for i := range n {
				in.inv[m.cell[i]] = uint8(i)
				in.cellOf[i] = m.cell[i]
				in.order[i] = 0xff
			}
			for _, c := range p.Cells {
				g := m.cell[c]
				if int(g) == blank || covered&(1<<g) != 0 {
					return nil, fmt.Errorf("search: partition %d covers cell %d twice, or the blank", pi, g)
				}
				covered |= 1 << g
				in.gs[in.k&15] = g
				in.k++
				of[g] = uint8(k)
			}
			insts = append(insts, in)
			if pi == 0 {
				h.names = append(h.names, p.String())
			}
		}
		for k := range insts {
			in := &insts[k]
			for i := range in.k {
				in.order[in.gs[i]] = uint8(i)
				w := int32(1)
				for j := i + 1; j < in.k; j++ {
					w *= int32(n - j)
				}
				in.w[i] = w
			}
			for t := range in.k {
				for g := range n {
					switch j := int(in.order[g]); {
					case j == 0xff:
					case j < t:
						in.pass[t][g] = -in.w[t]
					case j > t:
						in.pass[t][g] = in.w[j]
					}
				}
			}
		}
		if covered != (1<<n-1)&^(1<<blank) {
			return nil, fmt.Errorf("search: partition %d does not cover every tile", pi)
		}
		h.parts = append(h.parts, insts)
		h.partOf = append(h.partOf, of)
	}
	return h, nil
}

// Shape returns the shape h bounds.
func (h *Heuristic) Shape() board.Shape {
	if h == nil {
		return board.Shape{}
	}
	return h.shape
}

// Blank returns the goal's blank cell h bounds for.
func (h *Heuristic) Blank() int {
	if h == nil {
		return 0
	}
	return h.blank
}

// String describes h: its databases and partitions.
func (h *Heuristic) String() string {
	if h == nil {
		return "no heuristic"
	}
	return fmt.Sprintf("%d partitions of %v", len(h.parts), h.names)
}

// extra returns the extra of instance in when the tile whose goal is cell
// g is in cell where[g].
func (in *instance) extra(where *[board.MaxSmall]uint8) uint8 {
	return in.value(int32(in.rank(where)))
}

// value returns the extra of the placement of index idx.
func (in *instance) value(idx int32) uint8 {
	return in.raw[idx>>1] >> (4 * (idx & 1)) & 15
}

// delta returns how the index of in's placement changes when the tile
// whose goal is cell g moves from cell from to cell to, next to it: at[c]
// is the goal cell of the tile in cell c, 0xff for none. In the
// database's own cells, the tile's digit changes by the cells it passes
// less the earlier tiles among them, and each later tile it passes gains
// or loses one in its own digit: a move along a row of the database
// changes one digit.
func (in *instance) delta(g, from, to uint8, at *[board.MaxSmall]uint8) int32 {
	t := in.order[g&15] & 15
	lo, hi := in.inv[from&15], in.inv[to&15]
	sign := int32(1)
	if hi < lo {
		lo, hi, sign = hi, lo, -1
	}
	d := int32(hi-lo) * in.w[t]
	for c := lo + 1; c < hi; c++ {
		d += in.pass[t][at[in.cellOf[c&15]&15]&31]
	}
	return sign * d
}

// rank returns the index of in's placement when the tile whose goal is
// cell g is in cell where[g].
func (in *instance) rank(where *[board.MaxSmall]uint8) int {
	// The placement's rank (pdb.Rank) in an unrolled form: the cells in
	// the database's own shape, each less the earlier ones before it.
	var used uint32
	idx := 0
	n := in.n
	for i := range in.k & 15 {
		p := uint32(in.inv[where[in.gs[i]&15]&15])
		d := int(p) - bits.OnesCount32(used&(1<<p-1))
		used |= 1 << p
		idx = idx*(n-i) + d
	}
	return idx
}

// Then returns the Map that applies m, then n, or the zero Map when n
// does not start where m ends.
func (m Map) Then(n Map) Map {
	if m.To != n.From || !m.From.Small() || !n.From.Small() {
		return Map{}
	}
	out := Map{From: m.From, To: n.To}
	for i := range m.From.Cells() {
		out.cell[i] = n.cell[m.cell[i]]
	}
	return out
}
