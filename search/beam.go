package search

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/internal/hashset"
)

// Beam finds short paths, not proven shortest, for boards of up to
// MaxLargeCells cells by a beam search over their whole arrangement:
// from the start, each depth keeps the width states of least bound (the
// tiles' Manhattan distance and linear conflicts), a state met again
// dropped, until one is the goal. It does not commit to a line or a tile
// as a constructive solver does: on DeepCubeA's 6x6 boards its paths
// are about a sixth shorter than those of lines placed one by one
// (package reduce). Its time and memory grow with the width and the
// path's length alone. Each child's bound is moved by its move (the
// tile's distance, and the conflicts of the line of the tile's goal, if
// the tile leaves or enters it), not counted again.
type Beam struct {
	goal       board.Board
	rows, cols int
	n          int
	lines      int                                  // rows + cols
	home       [MaxLargeCells]uint8                 // home[t]: the goal cell of tile t (t 0: the blank)
	step       [MaxLargeCells][board.NumMoves]uint8 // the blank's cell after a move, 0xff for none
	md         [MaxLargeCells][MaxLargeCells]uint8  // md[c][g]: cells from c to g
	zob        [MaxLargeCells][MaxLargeCells]uint64 // zob[c][t]: the hash of tile t in cell c
}

// NewBeam returns the beam search for boards of goal's shape, to goal.
func NewBeam(goal board.Board) (*Beam, error) {
	s := goal.Shape()
	if !goal.Valid() || s.Cells() > MaxLargeCells {
		return nil, fmt.Errorf("search: the goal is not a valid board of at most %d cells", MaxLargeCells)
	}
	b := &Beam{goal: goal, rows: s.Rows, cols: s.Cols, n: s.Cells(), lines: s.Rows + s.Cols}
	b.step, b.md = steps(s), distances(s)
	rng := rand.New(rand.NewPCG(uint64(s.Rows), uint64(s.Cols)))
	for c := range b.n {
		b.home[goal.Cell(c)] = uint8(c)
		for t := range b.n {
			b.zob[c][t] = rng.Uint64()
		}
	}
	return b, nil
}

// ErrBeam is the error of a beam search that found no path: near the
// goal, where the bound misleads most, the beam can wander among states
// of one bound. Solve then gives the path to the state of least bound it
// met, for another search to finish from there.
var ErrBeam = errors.New("search: the beam search found no path")

// beamStall is how many depths the beam search goes on without a state
// of a bound less than any before it: past that, it stops (ErrBeam).
const beamStall = 60

// A beamLayer is the states of one depth of the beam search, each
// state's n cells at cells[i*n:] (the tile in each, 0 the blank) and its
// lines' conflicts at lc[i*lines:] (the rows, then the columns).
type beamLayer struct {
	cells []uint8
	lc    []uint8
	blank []uint8
	last  []int8  // the move that made the state, -1 for none
	md    []int16 // the Manhattan distance
	h     []int16 // md and every line's conflicts: the bound
	hash  []uint64
}

func (l *beamLayer) len() int { return len(l.blank) }

// A beamChild is a state one move from one of its layer's, its bound
// moved by the move.
type beamChild struct {
	parent int32
	move   int8
	line   int8  // the line of the tile's goal, where the move changed its conflicts, else -1
	lc     uint8 // that line's conflicts
	md     int16
	h      int16
	hash   uint64
}

// A beamLink is how a state of a layer was made: its parent in the layer
// before (the high bits), and the move (the low two).
type beamLink uint32

// Solve appends to dst the letters of a path from start to b's goal
// found by the beam search of width states a depth, and reports false
// when start cannot reach the goal. It stops with ctx's error when ctx
// ends first (it looks at ctx every depth, a few milliseconds). Where the
// search finds no path (60 depths with no state of a bound less
// than before, or MaxLargePath), it is ErrBeam, and dst holds the path to
// the state of least bound it met.
func (b *Beam) Solve(ctx context.Context, dst []byte, start board.Board, width int) ([]byte, bool, Stats, error) {
	var st Stats
	if b == nil || !start.Valid() || start.Shape() != b.goal.Shape() || !board.Solvable(start, b.goal) {
		return dst, false, st, nil
	}
	if ctx == nil {
		ctx = context.Background()
	}
	width = max(width, 1)
	n := b.n
	var cur, next beamLayer
	var md int16
	var hash uint64
	for c := range n {
		t := uint8(start.Cell(c))
		cur.cells = append(cur.cells, t)
		hash ^= b.zob[c][t]
		if t != 0 {
			md += int16(b.md[c][b.home[t]])
		}
	}
	h := md
	for line := range b.lines {
		lc := b.conflicts(cur.cells, line, 0xff, 0xff, 0)
		cur.lc = append(cur.lc, lc)
		h += int16(lc)
	}
	cur.blank = append(cur.blank, uint8(start.Blank()))
	cur.last = append(cur.last, -1)
	cur.md = append(cur.md, md)
	cur.h = append(cur.h, h)
	cur.hash = append(cur.hash, hash)
	if md == 0 {
		return dst, true, st, nil
	}
	var seen hashset.Set
	defer seen.Release()
	var children, more, sorted []beamChild
	var count, sel []int32
	var hist [][]beamLink
	// The state of least bound met: its depth (-1: the start) and place.
	bestH, bestDepth, bestAt := h, -1, 0
	path := func(depth, k int) []byte {
		moves := make([]byte, depth+1)
		for d := depth; d >= 0; d-- {
			l := hist[d][k]
			moves[d] = board.Letters[l&3]
			k = int(l >> 2)
		}
		return moves
	}
	for depth := 0; depth < MaxLargePath && depth-bestDepth <= beamStall; depth++ {
		if err := ctx.Err(); err != nil {
			return dst, false, st, err
		}
		children = b.expandAll(&cur, children[:0], &more)
		st.Nodes += int64(len(children))
		st.Bounds++
		// The layer before cur (in next, from the last depth) holds the
		// parents' parents: a child that is one of them is met again, as
		// is one made twice. Children are taken least bound first, in
		// the order they were made.
		seen.Reset(8 * width)
		for _, h := range next.hash {
			seen.Add(h)
		}
		sorted, count = sortChildren(children, sorted, count)
		sel = sel[:0]
		found := -1
		for j := range sorted {
			if len(sel) == width {
				break
			}
			if j%hashset.Ahead == 0 {
				// The set is larger than the caches: the slots of the
				// next children are loaded together, not one miss at a
				// time.
				for i := j; i < min(j+hashset.Ahead, len(sorted)); i++ {
					seen.Touch(sorted[i].hash)
				}
			}
			c := &sorted[j]
			if !seen.Add(c.hash) {
				continue
			}
			sel = append(sel, int32(j))
			if c.md == 0 {
				found = len(sel) - 1
				break
			}
		}
		links := make([]beamLink, len(sel))
		b.materializeAll(&cur, &next, sorted, sel, links)
		hist = append(hist, links)
		if found >= 0 {
			return append(dst, path(depth, found)...), true, st, nil
		}
		if next.len() == 0 {
			break
		}
		if next.h[0] < bestH { // the layer's first child has its least bound
			bestH, bestDepth, bestAt = next.h[0], depth, 0
		}
		cur, next = next, cur
	}
	if bestDepth >= 0 {
		dst = append(dst, path(bestDepth, bestAt)...)
	}
	return dst, false, st, ErrBeam
}

// expandAll appends the children of every state of cur to out, in the
// order of the states: where the layer is large and the cores more than
// one, its second half on another goroutine, into more's room.
func (b *Beam) expandAll(cur *beamLayer, out []beamChild, more *[]beamChild) []beamChild {
	n := cur.len()
	if n < parallelBeam || runtime.GOMAXPROCS(0) < 2 {
		for i := range n {
			out = b.expand(cur, i, out)
		}
		return out
	}
	half := n / 2
	done := make(chan struct{})
	go func() {
		m := (*more)[:0]
		for i := half; i < n; i++ {
			m = b.expand(cur, i, m)
		}
		*more = m
		close(done)
	}()
	for i := range half {
		out = b.expand(cur, i, out)
	}
	<-done
	return append(out, *more...)
}

// parallelBeam is the fewest states of a layer expanded on two cores.
const parallelBeam = 2048

// expand appends the children of state i of cur: every move of the
// blank but the one that undoes the move that made the state.
func (b *Beam) expand(cur *beamLayer, i int, out []beamChild) []beamChild {
	n, nl := b.n, b.lines
	cells := cur.cells[i*n : (i+1)*n]
	lc := cur.lc[i*nl : (i+1)*nl]
	bl, last := cur.blank[i], cur.last[i]
	for m := range int8(board.NumMoves) {
		to := b.step[bl][m]
		if to == 0xff || m == 3-last {
			continue
		}
		t := cells[to]
		g := b.home[t]
		c := beamChild{parent: int32(i), move: m}
		dmd := int16(b.md[bl][g]) - int16(b.md[to][g])
		c.md = cur.md[i] + dmd
		c.h = cur.h[i] + dmd
		c.hash = cur.hash[i] ^ b.zob[to][t] ^ b.zob[bl][0] ^ b.zob[bl][t] ^ b.zob[to][0]
		// The tile leaves a line across the move (a row, when it moves
		// up or down) and enters another; a line's conflicts are those
		// of the tiles whose goal is in it, so only the one of the two
		// that holds the tile's goal, if either, changes.
		c.line = int8(b.goalLine(to, bl, m, g))
		if line := int(c.line); line >= 0 {
			c.lc = b.conflicts(cells, line, to, bl, t)
			c.h += int16(c.lc) - int16(lc[line])
		}
		out = append(out, c)
	}
	return out
}

// goalLine returns the line (rows, then columns) of the two that the
// tile of cell from leaves and enters, as it moves into cell to by the
// blank's move m, that holds its goal g, or -1 for neither.
func (b *Beam) goalLine(from, to uint8, m int8, g uint8) int {
	cols := uint8(b.cols)
	if board.Move(m) == board.Down || board.Move(m) == board.Up {
		if r := g / cols; r == from/cols || r == to/cols {
			return int(r)
		}
		return -1
	}
	if c := g % cols; c == from%cols || c == to%cols {
		return b.rows + int(c)
	}
	return -1
}

// materializeAll makes next the children sel names of sorted, children
// of cur, in that order, and sets links to how each was made: where they
// are many and the cores more than one, the second half on another
// goroutine.
func (b *Beam) materializeAll(cur, next *beamLayer, sorted []beamChild, sel []int32, links []beamLink) {
	k := len(sel)
	next.cells = resize(next.cells, k*b.n)
	next.lc = resize(next.lc, k*b.lines)
	next.blank, next.last = resize(next.blank, k), resize(next.last, k)
	next.md, next.h, next.hash = resize(next.md, k), resize(next.h, k), resize(next.hash, k)
	some := func(from, to int) {
		for i := from; i < to; i++ {
			c := &sorted[sel[i]]
			links[i] = beamLink(c.parent)<<2 | beamLink(c.move)
			b.materialize(cur, next, c, i)
		}
	}
	if k < parallelBeam || runtime.GOMAXPROCS(0) < 2 {
		some(0, k)
		return
	}
	done := make(chan struct{})
	go func() {
		some(k/2, k)
		close(done)
	}()
	some(0, k/2)
	<-done
}

// resize returns s with length n, its elements kept where it had room.
func resize[E any](s []E, n int) []E {
	if cap(s) < n {
		return make([]E, n, n+n/4)
	}
	return s[:n]
}

// materialize makes state k of next child c of cur.
func (b *Beam) materialize(cur, next *beamLayer, c *beamChild, k int) {
	n, nl := b.n, b.lines
	i := int(c.parent)
	bl := cur.blank[i]
	to := b.step[bl][c.move]
	cells := next.cells[k*n : (k+1)*n]
	copy(cells, cur.cells[i*n:(i+1)*n])
	t := cells[to]
	cells[bl], cells[to] = t, 0
	lc := next.lc[k*nl : (k+1)*nl]
	copy(lc, cur.lc[i*nl:(i+1)*nl])
	if c.line >= 0 {
		lc[c.line] = c.lc
	}
	next.blank[k] = to
	next.last[k] = c.move
	next.md[k] = c.md
	next.h[k] = c.h
	next.hash[k] = c.hash
}

// conflicts returns the linear conflicts of line (a row, then a column)
// of cells, with the tile of cell from moved into cell to (from 0xff for
// none): twice the tiles whose goal is in the line that must leave it
// for the others to stand in their goals' order.
func (b *Beam) conflicts(cells []uint8, line int, from, to, moved uint8) uint8 {
	var seq [MaxLargeCells]uint8 // the goals' places along the line, in the cells' order
	k := 0
	row := line < b.rows
	first, stride, length := line*b.cols, 1, b.cols
	if !row {
		first, stride, length = line-b.rows, b.cols, b.rows
	}
	cols := uint8(b.cols)
	for j := range length {
		c := uint8(first + j*stride)
		t := cells[c]
		switch c {
		case from:
			t = 0
		case to:
			t = moved
		}
		if t == 0 {
			continue
		}
		g := b.home[t]
		switch {
		case row && int(g/cols) == line:
			seq[k] = g % cols
			k++
		case !row && int(g%cols) == line-b.rows:
			seq[k] = g / cols
			k++
		}
	}
	return conflicts(seq[:k]) // the goals along the line are distinct
}

// sortChildren returns children ordered by bound, least first, those of
// one bound in the order they were made (a counting sort), in sorted's
// room, with count's for the counts. The children are copied, not
// indexed, so that what follows reads them in order.
func sortChildren(children, sorted []beamChild, count []int32) ([]beamChild, []int32) {
	maxH := 0
	for i := range children {
		maxH = max(maxH, int(children[i].h))
	}
	count = append(count[:0], make([]int32, maxH+2)...)
	for i := range children {
		count[children[i].h+1]++
	}
	for h := 1; h < len(count); h++ {
		count[h] += count[h-1]
	}
	sorted = resize(sorted, len(children))
	for i := range children {
		h := children[i].h
		sorted[count[h]] = children[i]
		count[h]++
	}
	return sorted, count
}
