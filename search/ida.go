package search

import (
	"context"
	"errors"
	"fmt"
	"runtime"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/internal/prune"
)

// MaxPath is the longest path a search returns: more than any board of
// at most 16 cells needs.
const MaxPath = 255

// Stats says what a search did.
type Stats struct {
	Nodes  int64 // nodes visited, in every iteration
	Bounds int   // iterations: bounds tried
}

// Problem is one goal, as a search sees it: the bound, the goal's tiles
// renamed to their cells, and the shape's pruner: the search walks no run
// of moves when another run from the same cell leaves the tiles alike in
// fewer moves, or in as many with smaller letters (internal/prune; on
// the 4x4 board the runs of up to 14 moves, which take Korf's 100 from
// 81.1M nodes to 44.0M with the embedded databases), and Solve finds the
// same path (SolveSuboptimal may find another, as bounded).
type Problem struct {
	h    *Heuristic
	goal board.Board
	cell [board.MaxSmall]uint8 // cell[t] is the goal cell of tile t
	step [board.MaxSmall][board.NumMoves]uint8
	md   [board.MaxSmall][board.MaxSmall]int8 // md[g][c]: cells from c to goal cell g
	// The walking distances of the rows and of the columns, both or
	// neither, and the row and column of each goal cell.
	rows, cols   *walking
	rowOf, colOf [board.MaxSmall]uint8

	prune *prune.Pruner // the runs of moves not to walk
}

// NewProblem returns the search for goal with the bound h, which must be
// of goal's shape and blank cell.
func NewProblem(h *Heuristic, goal board.Board) (*Problem, error) {
	if h == nil || !goal.Small() || goal.Shape() != h.shape || goal.Blank() != h.blank {
		return nil, errors.New("search: the goal does not fit the bound")
	}
	s := goal.Shape()
	n := s.Cells()
	pr, err := prunerOf(s)
	if err != nil {
		return nil, err
	}
	p := &Problem{h: h, goal: goal, prune: pr}
	for c := range n {
		p.cell[goal.Cell(c)] = uint8(c)
		for m := range board.Move(board.NumMoves) {
			p.step[c][m] = 0xff
			if to, ok := s.Step(c, m); ok {
				p.step[c][m] = uint8(to)
			}
		}
		for g := range n {
			dr, dc := c/s.Cols-g/s.Cols, c%s.Cols-g%s.Cols
			p.md[g][c] = int8(max(dr, -dr) + max(dc, -dc))
		}
		p.rowOf[c], p.colOf[c] = uint8(c/s.Cols), uint8(c%s.Cols)
	}
	b := goal.Blank()
	p.rows, p.cols = walkingOf(s.Rows, s.Cols, b/s.Cols), walkingOf(s.Cols, s.Rows, b%s.Cols)
	if p.rows == nil || p.cols == nil {
		p.rows, p.cols = nil, nil
	}
	return p, nil
}

// Goal returns the goal of p.
func (p *Problem) Goal() board.Board {
	if p == nil {
		return board.Board{}
	}
	return p.goal
}

// state is the search's own compact board.
type state struct {
	p     *Problem
	where [board.MaxSmall]uint8 // where[g]: the cell of the tile whose goal is cell g
	at    [board.MaxSmall]uint8 // at[c]: the goal cell of the tile in cell c
	blank uint8
	md    int
	// sum[pi] is the sum of the extras of partition pi, extra[pi][k]
	// that of its pattern k, for the first inline partitions (the search
	// of two is as fast as with room for two alone); the partitions
	// after them, rare, are in more (their sums), moreExtra and moreUndo
	// (moreUndo[g*len(more)+i]: what a move at depth g replaced).
	sum       [inline]int
	extra     [inline][board.MaxSmall]uint8
	idx       [inline][board.MaxSmall]int32 // the placements' indexes of the patterns in extra
	nparts    int                           // in sum and extra
	more      []int
	moreExtra [][board.MaxSmall]uint8
	moreUndo  []uint8

	// wr and wc are the states of the walking distances, where p has them.
	wr, wc int32
	walk   bool

	bound, next int
	// A node's cost is wg*g + wh*h: 1 and 1 for the shortest path, and
	// for a path at most wh/wg times as long, found sooner, more.
	wg, wh   int
	found    int   // the length of the path found
	maxNodes int64 // the most nodes the search may visit, 0 for no bound
	nodes    int64
	check    int64 // nodes at which to look at stop next
	ctx      context.Context
	stopIf   func() bool // when not nil, asked now and then whether to stop (an iteration shared among the cores)
	stopped  bool
	path     [MaxPath + 1]byte
}

// inline is how many partitions a search keeps in arrays of its own.
const inline = 4

// ErrTooLong is returned for a search whose bound passes MaxPath.
var ErrTooLong = errors.New("search: no path within the longest one searched")

// Solve appends to dst the letters of the lexicographically smallest
// shortest path from start to p's goal and reports true, or false when
// start cannot reach the goal. It returns ctx's error when ctx is done
// first. A search of one core allocates nothing beyond dst; its
// iterations on several cores (large ones) allocate their tasks.
func (p *Problem) Solve(ctx context.Context, dst []byte, start board.Board) ([]byte, bool, Stats, error) {
	return p.solve(ctx, dst, start, 1, 1, 0)
}

// ErrBudget is returned by SolveSuboptimal for a search that visited its
// most nodes.
var ErrBudget = errors.New("search: no path within the nodes allowed")

// SolveSuboptimal is Solve for a path at most Weight times as long as
// the shortest, not the lexicographically smallest: weighted IDA*, whose
// bound counts the heuristic Weight times, finds one in a fraction of the
// nodes where the shortest takes long. It visits at most maxNodes nodes
// (none for 0 or less), and then returns ErrBudget.
func (p *Problem) SolveSuboptimal(ctx context.Context, dst []byte, start board.Board, maxNodes int64) ([]byte, bool, Stats, error) {
	return p.solve(ctx, dst, start, weightDen, weightNum, maxNodes)
}

// The weight of SolveSuboptimal, weightNum/weightDen.
const (
	weightNum = 3
	weightDen = 2
)

// Weight is the most times as long as the shortest path a path of
// SolveSuboptimal can be.
const Weight = float64(weightNum) / weightDen

// solve is IDA* with a node's cost wg*g + wh*h.
func (p *Problem) solve(ctx context.Context, dst []byte, start board.Board, wg, wh int, maxNodes int64) ([]byte, bool, Stats, error) {
	var st Stats
	if p == nil || p.h == nil || !board.Solvable(start, p.goal) {
		return dst, false, st, nil
	}
	if ctx == nil {
		ctx = context.Background()
	}
	var s state
	s.init(p, start)
	s.ctx, s.wg, s.wh, s.maxNodes = ctx, wg, wh, maxNodes
	s.check = 1 << 16
	if maxNodes > 0 {
		s.check = min(s.check, maxNodes)
	}
	bound := wh * s.h()
	var shared int64 // the nodes of the iterations shared among the cores
	for {
		st.Bounds++
		before := s.nodes
		s.bound, s.next = bound, 1<<30
		var found bool
		if before >= parallelFrom && maxNodes <= 0 && runtime.GOMAXPROCS(0) > 1 {
			var nodes int64
			found, s.next, nodes, s.stopped = s.iterate(start, bound)
			shared += nodes
		} else {
			found = s.dfs(0, p.prune.Root[s.blank&(board.MaxSmall-1)])
		}
		st.Nodes = s.nodes + shared
		if s.stopped {
			if err := ctx.Err(); err != nil {
				return dst, false, st, err
			}
			return dst, false, st, ErrBudget
		}
		if found {
			return append(dst, s.path[:s.found]...), true, st, nil
		}
		if s.next > wg*MaxPath {
			return dst, false, st, ErrTooLong
		}
		bound = s.next
	}
}

// Bound returns the heuristic's bound on the moves from start, for tests
// of admissibility.
func (p *Problem) Bound(start board.Board) (int, error) {
	if p == nil || p.h == nil {
		return 0, errors.New("search: the Problem has no bound (NewProblem makes one)")
	}
	if !board.Solvable(start, p.goal) {
		return 0, fmt.Errorf("search: %v cannot reach %v", start, p.goal)
	}
	var s state
	s.init(p, start)
	return s.h(), nil
}

func (s *state) init(p *Problem, start board.Board) {
	s.p = p
	n := p.goal.Shape().Cells()
	for c := range board.MaxSmall {
		s.at[c] = 0xff
	}
	for c := range n {
		t := start.Cell(c)
		if t == 0 {
			s.blank = uint8(c)
			continue
		}
		g := p.cell[t]
		s.where[g], s.at[c] = uint8(c), g
		s.md += int(p.md[g][c])
	}
	if p.rows != nil {
		goalBlank := p.goal.Blank()
		s.wr = p.rows.stateOf(n, &s.where, goalBlank, int(s.blank), func(c int) int { return int(p.rowOf[c]) })
		s.wc = p.cols.stateOf(n, &s.where, goalBlank, int(s.blank), func(c int) int { return int(p.colOf[c]) })
		s.walk = s.wr >= 0 && s.wc >= 0
	}
	s.nparts = min(len(p.h.parts), inline)
	if n := len(p.h.parts) - inline; n > 0 {
		s.more = make([]int, n)
		s.moreExtra = make([][board.MaxSmall]uint8, n)
		s.moreUndo = make([]uint8, (MaxPath+1)*n)
	}
	for pi, insts := range p.h.parts {
		for k := range insts {
			idx := int32(insts[k].rank(&s.where))
			e := insts[k].value(idx)
			if pi < inline {
				s.idx[pi][k] = idx
				s.extra[pi][k] = e
				s.sum[pi] += int(e)
			} else {
				s.moreExtra[pi-inline][k] = e
				s.more[pi-inline] += int(e)
			}
		}
	}
}

// h returns the bound on the moves left.
func (s *state) h() int {
	m := 0
	for pi := range s.nparts {
		m = max(m, s.sum[pi])
	}
	for _, v := range s.more {
		m = max(m, v)
	}
	h := s.md + 2*m
	if s.walk {
		h = max(h, int(s.p.rows.dist[s.wr])+int(s.p.cols.dist[s.wc]))
	}
	return h
}

// dfs searches below the current state, g moves from the start, with
// the pruner in state q, and reports whether it found the goal within
// the bound: the path is then in s.path.
func (s *state) dfs(g int, q int32) bool {
	s.nodes++
	if s.nodes >= s.check {
		s.check = s.nodes + 1<<16
		if s.ctx.Err() != nil || s.maxNodes > 0 && s.nodes >= s.maxNodes || s.stopIf != nil && s.stopIf() {
			s.stopped = true
		}
	}
	if s.stopped {
		return false
	}
	h := s.h()
	if f := s.wg*g + s.wh*h; f > s.bound {
		if f < s.next {
			s.next = f
		}
		return false
	}
	if h == 0 {
		s.found = g
		return true
	}
	p := s.p
	blank := s.blank
	next := p.prune.Next[4*q : 4*q+4]
	for m := uint8(0); m < board.NumMoves; m++ {
		nq := next[m&3]
		if nq == prune.Pruned {
			continue // off the board, or a run that is not the least
		}
		to := p.step[blank][m]
		tile := s.at[to]
		// The tile in cell to slides into the blank's cell.
		dmd := int(p.md[tile][blank]) - int(p.md[tile][to])
		s.md += dmd
		wr, wc := s.wr, s.wc
		if s.walk {
			// The tile crosses into the blank's row (a move up or down) or
			// column: from the line before it when the blank goes up or
			// left (m is Up or Left: d 0), after it otherwise.
			d := int32(0)
			if m == uint8(board.Down) || m == uint8(board.Right) {
				d = 1
			}
			if m == uint8(board.Up) || m == uint8(board.Down) {
				w := p.rows
				s.wr = int32(w.next[(s.wr*2+d)*int32(w.lines)+int32(p.rowOf[tile&15])])
			} else {
				w := p.cols
				s.wc = int32(w.next[(s.wc*2+d)*int32(w.lines)+int32(p.colOf[tile&15])])
			}
		}
		// What the child's bound is at least, before its databases are
		// read (a likely cache miss each): its Manhattan distance with the
		// extras of the patterns the tile is not in, and the walking
		// distance. A child this prunes is counted and left here.
		var k [inline]uint8
		least := 0
		for pi := 0; pi < s.nparts; pi++ {
			k[pi] = p.h.partOf[pi][tile]
			least = max(least, s.sum[pi]-int(s.extra[pi][k[pi]]))
		}
		least = s.md + 2*least
		if s.walk {
			least = max(least, int(p.rows.dist[s.wr])+int(p.cols.dist[s.wc]))
		}
		if f := s.wg*(g+1) + s.wh*least; f > s.bound && s.more == nil {
			s.nodes++
			if f < s.next {
				s.next = f
			}
			s.md -= dmd
			s.wr, s.wc = wr, wc
			continue
		}
		s.where[tile], s.at[blank], s.at[to], s.blank = blank, tile, 0xff, to
		var old [inline]uint8
		var oldIdx [inline]int32
		pruned := false
		for pi := 0; pi < s.nparts; pi++ {
			// The index of the tile's pattern follows from the move
			// (instance.delta), with no ranking.
			in := &p.h.parts[pi][k[pi]]
			old[pi], oldIdx[pi] = s.extra[pi][k[pi]], s.idx[pi][k[pi]]
			ni := oldIdx[pi] + in.delta(tile, to, blank, &s.at)
			e := in.value(ni)
			s.idx[pi][k[pi]] = ni
			s.extra[pi][k[pi]] = e
			s.sum[pi] += int(e) - int(old[pi])
			// A partition read may prune the child before the next is.
			if f := s.wg*(g+1) + s.wh*(s.md+2*s.sum[pi]); f > s.bound && s.more == nil {
				s.nodes++
				if f < s.next {
					s.next = f
				}
				for ; pi >= 0; pi-- {
					s.sum[pi] += int(old[pi]) - int(s.extra[pi][k[pi]])
					s.extra[pi][k[pi]] = old[pi]
					s.idx[pi][k[pi]] = oldIdx[pi]
				}
				pruned = true
				break
			}
		}
		if pruned {
			s.where[tile], s.at[to], s.at[blank], s.blank = to, tile, 0xff, blank
			s.md -= dmd
			s.wr, s.wc = wr, wc
			continue
		}
		if s.more != nil {
			s.moveMore(g, tile)
		}
		s.path[g] = board.Letters[m]
		if s.dfs(g+1, nq) {
			return true
		}
		for pi := 0; pi < s.nparts; pi++ {
			s.sum[pi] += int(old[pi]) - int(s.extra[pi][k[pi]])
			s.extra[pi][k[pi]] = old[pi]
			s.idx[pi][k[pi]] = oldIdx[pi]
		}
		if s.more != nil {
			s.undoMore(g, tile)
		}
		s.where[tile], s.at[to], s.at[blank], s.blank = to, tile, 0xff, blank
		s.md -= dmd
		s.wr, s.wc = wr, wc
		if s.stopped {
			return false
		}
	}
	return false
}

// moveMore is dfs's update of the partitions past the inline ones for a
// move at depth g of the tile whose goal is cell tile.
func (s *state) moveMore(g int, tile uint8) {
	h := s.p.h
	undo := s.moreUndo[g*len(s.more) : (g+1)*len(s.more)]
	for i := range s.more {
		pi := inline + i
		k := h.partOf[pi][tile&15] & 15
		undo[i] = s.moreExtra[i][k]
		e := h.parts[pi][k].extra(&s.where)
		s.more[i] += int(e) - int(undo[i])
		s.moreExtra[i][k] = e
	}
}

// undoMore undoes moveMore.
func (s *state) undoMore(g int, tile uint8) {
	h := s.p.h
	undo := s.moreUndo[g*len(s.more) : (g+1)*len(s.more)]
	for i := range s.more {
		k := h.partOf[inline+i][tile&15] & 15
		s.more[i] += int(undo[i]) - int(s.moreExtra[i][k])
		s.moreExtra[i][k] = undo[i]
	}
}
