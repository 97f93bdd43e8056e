package search

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"runtime"
	"slices"
	"sync/atomic"
	"time"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/internal/prune"
	"github.com/slidingpuzzle/solver/pdb"
)

// MaxLargeCells is the most cells a Large search takes: an 8x8 board.
const MaxLargeCells = 64

// MaxLargePath is the longest path a Large search returns.
const MaxLargePath = 1000

// Large searches a board of any shape of at most MaxLargeCells cells for
// its lexicographically smallest shortest path (d < l < r < u) by IDA*
// with the Manhattan distance and linear conflicts, and the pattern
// databases it is given (NewLargeWith). It proves what it returns
// shortest. The search grows about six times with each two moves: with
// the linear conflicts alone it is for boards a few dozen moves from
// their goal (a random 5x5 board would take years); with the 5x5 6-6-6-6
// databases a random 5x5 board takes seconds to hours. It walks no run
// of moves when another run from the same cell leaves the tiles alike in
// fewer moves, or in as many with smaller letters (internal/prune: on the
// 5x5 board, the runs of up to 12 moves): Solve finds the same path, in
// 0.57 times the nodes of a search that only never undoes the last move. Its inner loop works on a
// compact state of its own and allocates nothing; large iterations are
// shared among the cores.
type Large struct {
	goal         board.Board
	rows, cols   int
	n            int
	cell         [MaxLargeCells]uint8                    // cell[t]: the goal cell of tile t
	step         [MaxLargeCells][board.NumMoves]uint8    // the blank's cell after a move, 0xff for none
	md           [MaxLargeCells][MaxLargeCells]uint8     // md[g][c]: cells from c to goal cell g
	rowOf, colOf [MaxLargeCells]uint8                    // of each cell
	lineCells    [2 * MaxLargeCells][MaxLargeCells]uint8 // the cells of each row, then of each column
	// For a shape whose rows and columns have at most maxTableLine cells
	// (coded), each line's conflicts are kept as a code (conflictTable),
	// moved by the move, and looked up in rowTable or colTable: rowPow[c]
	// is the weight of column c's digit in a row's code, colPow[r] that
	// of row r's in a column's.
	coded              bool
	rowTable, colTable []uint8
	rowPow, colPow     [MaxLargeCells]int32

	// The patterns of the partitions (NewLargeWith), all in one list;
	// partOf[pi][g] is the place in it of the pattern of partition pi
	// that holds the tile whose goal is cell g.
	pats   []lpattern
	partOf [][MaxLargeCells]uint8
	names  []string

	prune *prune.Pruner // the runs of moves not to walk

	bits board.Bits // the board's cells, for the flood fills zero-aware databases need
}

// maxLargePatterns is the most patterns a Large search's partitions have
// in all, and maxLargePartitions the most partitions.
const (
	maxLargePatterns   = 32
	maxLargePartitions = 8
)

// An lpattern is a database read through a map onto the board.
type lpattern struct {
	raw []byte
	n   int
	// zero says the database is zero-aware (pdb.Pattern.Zero): a byte a
	// placement, whose value hangs on whether the blank's region holds
	// the board's cell ref, the image of the database's blank cell.
	zero bool
	ref  uint8
	// gs are the board's goal cells of the pattern's tiles, in the
	// database's order, k of them; inv[c] is the database's cell of the
	// board's cell c.
	gs  [pdb.MaxCells]uint8
	k   int
	inv [MaxLargeCells]uint8
	// For delta: order[g] is the place among gs of goal cell g, 0xff for
	// a cell not in the pattern; w[i] the weight of place i's digit in the
	// index; cellOf[c] the board's cell of the database's cell c; pass[t][g]
	// what passing the tile whose goal is cell g (0xff: none) adds to the
	// index when the tile of place t moves: the later tile's weight, less
	// the mover's for an earlier one, 0 for a tile not in the pattern.
	order  [MaxLargeCells]uint8
	w      [pdb.MaxCells]int32
	cellOf [MaxLargeCells]uint8
	pass   [][256]int32
}

// delta returns how the index of p's placement changes when the tile
// whose goal is cell g moves from cell from to cell to, next to it: at[c]
// is the goal cell of the tile in cell c, 0xff for none. In the
// database's own cells, the tile's digit changes by the cells it passes
// less the earlier tiles among them, and each later tile it passes gains
// one in its own digit (or loses one, moving back): a move along a row of
// the database passes none.
func (p *lpattern) delta(g, from, to uint8, at *[MaxLargeCells]uint8) int32 {
	t := int(p.order[g&(MaxLargeCells-1)]) & (pdb.MaxCells - 1)
	lo, hi := p.inv[from&(MaxLargeCells-1)], p.inv[to&(MaxLargeCells-1)]
	sign := int32(1)
	if hi < lo {
		lo, hi, sign = hi, lo, -1
	}
	d := int32(hi-lo) * p.w[t]
	pass := &p.pass[t]
	for c := lo + 1; c < hi; c++ {
		d += pass[at[p.cellOf[c&(MaxLargeCells-1)]&(MaxLargeCells-1)]]
	}
	return sign * d
}

// setDelta fills p's tables for delta.
func (p *lpattern) setDelta(m []int) {
	for c := range MaxLargeCells {
		p.order[c] = 0xff
	}
	for c := range p.n {
		p.cellOf[c] = uint8(m[c])
	}
	for i := range p.k {
		p.order[p.gs[i]] = uint8(i)
		w := int32(1)
		for j := i + 1; j < p.k; j++ {
			w *= int32(p.n - j)
		}
		p.w[i] = w
	}
	p.pass = make([][256]int32, p.k)
	for t := range p.k {
		for g := range p.n {
			switch j := int(p.order[g]); {
			case j == 0xff:
			case j < t:
				p.pass[t][g] = -p.w[t]
			case j > t:
				p.pass[t][g] = p.w[j]
			}
		}
	}
}

// rank returns the index of p's placement when the tile whose goal is
// cell g is in cell where[g] (pdb.Rank, in the database's cells).
func (p *lpattern) rank(where *[MaxLargeCells]uint8) int32 {
	var used uint64
	idx := 0
	for i := range p.k & (pdb.MaxCells - 1) {
		c := uint64(p.inv[where[p.gs[i]&(MaxLargeCells-1)]&(MaxLargeCells-1)])
		d := int(c) - bits.OnesCount64(used&(1<<c-1))
		used |= 1 << c
		idx = idx*(p.n-i) + d
	}
	return int32(idx)
}

// value returns the extra of the placement of index idx, of an additive
// database.
func (p *lpattern) value(idx int32) uint8 {
	return p.raw[idx>>1] >> (4 * (idx & 1)) & 15
}

// extraOf returns the extra of pattern i in state s, whose placement has
// index idx: of a zero-aware database, the value of the blank's region,
// which a flood fill of the cells its tiles leave free tells where the
// placement's two values differ (a fraction of them: where its tiles wall
// off a part of the board).
func (s *lstate) extraOf(i int, idx int32) uint8 {
	p := &s.l.pats[i&(maxLargePatterns-1)]
	if !p.zero {
		return p.value(idx)
	}
	v := p.raw[idx]
	z0, z1 := v&15, v>>4
	if z0 == z1 {
		return z0
	}
	// The database holds one value where its blank cell holds a tile: ref
	// is free here.
	var occupied uint64
	for j := range p.k & (pdb.MaxCells - 1) {
		occupied |= 1 << (s.where[p.gs[j]&(MaxLargeCells-1)] & (MaxLargeCells - 1))
	}
	if s.l.bits.Flood(1<<(s.blank&(MaxLargeCells-1)), s.l.bits.Full()&^occupied)>>(p.ref&(MaxLargeCells-1))&1 != 0 {
		return z0
	}
	return z1
}

// A LargePart is a database read through a map of its cells onto the
// board's: Map[i] is the board's cell of the database's cell i, nil for
// the identity. Symmetries lists the maps of a shape onto itself.
type LargePart struct {
	DB  *pdb.DB // the database read through Map
	Map []int   // the board's cell of each of the database's cells, nil for the identity
}

// Symmetries returns the symmetries of shape s, of at most
// MaxLargeCells cells, as maps of its cells onto themselves: the four of
// a rectangle, and of a square the four that transpose too. The first is
// the identity.
func Symmetries(s board.Shape) [][]int {
	if !s.Valid() || s.Cells() > MaxLargeCells {
		return nil
	}
	return cellMaps(s, s)
}

// NewLargeWith is NewLarge with partitions of pattern databases, of any
// number: the bound is then the larger of the Manhattan distance with
// linear conflicts and the Manhattan distance plus twice the largest sum
// of extras over the partitions. Every partition must cover every tile
// exactly once, every database must be whole (pdb.DB.Complete) and of the
// goal's shape, its map one of Symmetries, and the goal's blank must be
// in the free region of its own blank, so that the bound stays a lower
// one: anything else is an error.
func NewLargeWith(goal board.Board, partitions [][]LargePart) (*Large, error) {
	l, err := NewLarge(goal)
	if err != nil {
		return nil, err
	}
	s := goal.Shape()
	n, blank := l.n, goal.Blank()
	syms := Symmetries(s)
	for pi, parts := range partitions {
		if pi >= maxLargePartitions {
			return nil, fmt.Errorf("search: %d partitions; a Large search takes at most %d", len(partitions), maxLargePartitions)
		}
		var of [MaxLargeCells]uint8
		var covered uint64
		for k, part := range parts {
			if len(l.pats) >= maxLargePatterns {
				return nil, fmt.Errorf("search: more than %d patterns", maxLargePatterns)
			}
			if !part.DB.Complete() {
				return nil, fmt.Errorf("search: partition %d, part %d: no whole database (pdb.Decode or pdb.FromExtras makes one)", pi, k)
			}
			p := part.DB.Pattern
			if p.Shape != s {
				return nil, fmt.Errorf("search: a %v database for a %v board", p.Shape, s)
			}
			m := part.Map
			if m == nil {
				m = syms[0]
			}
			if !slices.ContainsFunc(syms, func(sym []int) bool { return slices.Equal(sym, m) }) {
				return nil, fmt.Errorf("search: partition %d, part %d: the map is not a symmetry of a %v board", pi, k, s)
			}
			var back [MaxLargeCells]uint8
			for i := range n {
				back[m[i]] = uint8(i)
			}
			if !pdb.SameRegion(p, int(back[blank])) {
				return nil, fmt.Errorf("search: the %v database does not serve goals with the blank in cell %d", p, blank)
			}
			lp := lpattern{raw: part.DB.Raw(), n: n, zero: p.Zero, ref: uint8(m[p.Blank])}
			for i := range n {
				lp.inv[m[i]] = uint8(i)
			}
			for _, c := range p.Cells {
				g := m[c]
				if g == blank || covered&(1<<g) != 0 {
					return nil, fmt.Errorf("search: partition %d covers cell %d twice, or the blank", pi, g)
				}
				covered |= 1 << g
				lp.gs[lp.k] = uint8(g)
				lp.k++
				of[g] = uint8(len(l.pats))
			}
			lp.setDelta(m)
			l.pats = append(l.pats, lp)
			if pi == 0 {
				l.names = append(l.names, p.String())
			}
		}
		if covered != (1<<n-1)&^(1<<blank) {
			return nil, fmt.Errorf("search: partition %d does not cover every tile", pi)
		}
		l.partOf = append(l.partOf, of)
	}
	return l, nil
}

// String describes l's bound: its databases and partitions.
func (l *Large) String() string {
	if l == nil {
		return "no search"
	}
	if len(l.partOf) == 0 {
		return "Manhattan distance and linear conflicts"
	}
	return fmt.Sprintf("%d partitions of %v, and linear conflicts", len(l.partOf), l.names)
}

// steps returns the cell the blank of a board of shape s moves to from
// each cell by each move, 0xff for none: the table of Large and Beam.
func steps(s board.Shape) (t [MaxLargeCells][board.NumMoves]uint8) {
	for c := range s.Cells() {
		for m := range board.Move(board.NumMoves) {
			t[c][m] = 0xff
			if to, ok := s.Step(c, m); ok {
				t[c][m] = uint8(to)
			}
		}
	}
	return t
}

// distances returns the rows and columns between each two cells of a
// board of shape s: the table of Large and Beam.
func distances(s board.Shape) (d [MaxLargeCells][MaxLargeCells]uint8) {
	for c := range s.Cells() {
		for g := range s.Cells() {
			dr, dc := c/s.Cols-g/s.Cols, c%s.Cols-g%s.Cols
			d[c][g] = uint8(max(dr, -dr) + max(dc, -dc))
		}
	}
	return d
}

// LargeProgress is told, now and then, the bound a Large search has
// reached and the nodes it has visited so far, and once more, with done
// true, when the search ends.
type LargeProgress func(bound int, nodes int64, done bool)

// NewLarge returns the search for goal, a valid board of at most
// MaxLargeCells cells.
func NewLarge(goal board.Board) (*Large, error) {
	s := goal.Shape()
	if !goal.Valid() || s.Cells() > MaxLargeCells {
		return nil, fmt.Errorf("search: the goal is not a valid board of at most %d cells", MaxLargeCells)
	}
	p, err := prunerOf(s)
	if err != nil {
		return nil, err
	}
	l := &Large{goal: goal, rows: s.Rows, cols: s.Cols, n: s.Cells(), prune: p, bits: s.Bits()}
	l.step, l.md = steps(s), distances(s) // distances are symmetric: md[g][c]
	for c := range l.n {
		l.cell[goal.Cell(c)] = uint8(c)
		l.rowOf[c], l.colOf[c] = uint8(c/s.Cols), uint8(c%s.Cols)
	}
	for r := range s.Rows {
		for c := range s.Cols {
			l.lineCells[r][c] = uint8(r*s.Cols + c)
			l.lineCells[s.Rows+c][r] = uint8(r*s.Cols + c)
		}
	}
	l.rowTable, l.colTable = conflictTable(s.Cols), conflictTable(s.Rows)
	l.coded = l.rowTable != nil && l.colTable != nil
	w := int32(1)
	for c := s.Cols - 1; c >= 0; c-- {
		l.rowPow[c] = w
		w *= int32(s.Cols + 1)
	}
	w = 1
	for r := s.Rows - 1; r >= 0; r-- {
		l.colPow[r] = w
		w *= int32(s.Rows + 1)
	}
	return l, nil
}

// rowDigit is the digit in row r's code of the tile whose goal is cell g:
// 1 + its goal column when its goal is in row r, else 0.
func (l *Large) rowDigit(g uint8, r int) int32 {
	if int(l.rowOf[g&(MaxLargeCells-1)]) != r {
		return 0
	}
	return 1 + int32(l.colOf[g&(MaxLargeCells-1)])
}

// colDigit is rowDigit for column c's code.
func (l *Large) colDigit(g uint8, c int) int32 {
	if int(l.colOf[g&(MaxLargeCells-1)]) != c {
		return 0
	}
	return 1 + int32(l.rowOf[g&(MaxLargeCells-1)])
}

// table returns the conflicts of line i with code x.
func (l *Large) table(i int, x int32) uint8 {
	if i < l.rows {
		return l.rowTable[x]
	}
	return l.colTable[x]
}

// maxTableLine is the longest line whose conflicts are looked up in a
// table: 7^6 codes, 117,649 bytes.
const maxTableLine = 6

// conflictTable returns the conflicts of every code of a line of size
// cells, or nil for a line longer than maxTableLine. A code has a digit
// a cell, in the line's order, in base size+1: 0 for a cell that holds
// no tile whose goal is in the line, else 1 + the place of that goal in
// the line.
func conflictTable(size int) []uint8 {
	if size > maxTableLine {
		return nil
	}
	n := 1
	for range size {
		n *= size + 1
	}
	t := make([]uint8, n)
	var digits [maxTableLine]uint8
	for code := range n {
		x, k := code, maxTableLine
		for range size {
			if d := x % (size + 1); d != 0 {
				k--
				digits[k] = uint8(d)
			}
			x /= size + 1
		}
		t[code] = conflicts(digits[k:]) // the digits of the tiles, in the line's order
	}
	return t
}

// conflicts returns the linear conflicts of a line whose tiles, those
// whose goals are in it, have goals in the order of keys: two for each
// tile out of the longest increasing run of keys.
func conflicts(keys []uint8) uint8 {
	// Patience sorting: tails[k] is the least last key of a run of k+1
	// increasing ones.
	var tails [MaxLargeCells]uint8
	runs := 0
	for _, g := range keys {
		k := 0
		for k < runs && tails[k] < g {
			k++
		}
		tails[k&(MaxLargeCells-1)] = g
		if k == runs {
			runs++
		}
	}
	return uint8(2 * (len(keys) - runs))
}

// Goal returns the goal of l.
func (l *Large) Goal() board.Board {
	if l == nil {
		return board.Board{}
	}
	return l.goal
}

// Bound returns the Manhattan distance with the linear conflicts of
// start: a lower bound on its moves to l's goal.
func (l *Large) Bound(start board.Board) (int, error) {
	if l == nil {
		return 0, errors.New("search: the Large has no goal (NewLarge makes one)")
	}
	if !board.Solvable(start, l.goal) {
		return 0, fmt.Errorf("search: %v cannot reach %v", start, l.goal)
	}
	var s lstate
	s.init(l, start)
	return s.h(), nil
}

// h returns the bound on the moves left.
func (s *lstate) h() int {
	m := 0
	for pi := range len(s.l.partOf) {
		m = max(m, s.sum[pi&(maxLargePartitions-1)])
	}
	return s.md + max(s.lc, 2*m)
}

// Solve appends to dst the letters of the lexicographically smallest
// shortest path from start to l's goal and reports true, or false when
// start cannot reach the goal. It returns ctx's error when ctx is done
// first, and ErrTooLong for a path of more than MaxLargePath moves.
// progress, when not nil, is told the bound and the nodes every quarter
// of a second, from a goroutine of its own, and once more before Solve
// returns.
func (l *Large) Solve(ctx context.Context, dst []byte, start board.Board, progress LargeProgress) ([]byte, bool, Stats, error) {
	return l.solve(ctx, dst, start, progress, 1, 1, 0)
}

// SolveWithin is Solve within about maxNodes nodes (no bound for 0 or
// less; the cores look at the count every 65,536 nodes): past them it
// returns ErrBudget, for a caller that has a stronger search to turn to.
func (l *Large) SolveWithin(ctx context.Context, dst []byte, start board.Board, maxNodes int64) ([]byte, bool, Stats, error) {
	return l.solve(ctx, dst, start, nil, 1, 1, maxNodes)
}

// SolveWeighted is Solve for a path at most wh/wg times as long as the
// shortest (wh >= wg >= 1), not the lexicographically smallest: weighted
// IDA*, whose bound counts the heuristic wh/wg times, finds one in a
// fraction of the nodes where the shortest takes long. It visits about
// maxNodes nodes at most (no bound for 0 or less; the cores look at the
// count every 65,536 nodes), and then returns ErrBudget.
func (l *Large) SolveWeighted(ctx context.Context, dst []byte, start board.Board, wg, wh int, maxNodes int64) ([]byte, bool, Stats, error) {
	if wg < 1 || wh < wg {
		return dst, false, Stats{}, fmt.Errorf("search: weight %d/%d; want wh >= wg >= 1", wh, wg)
	}
	return l.solve(ctx, dst, start, nil, wg, wh, maxNodes)
}

// solve is IDA* with a node's cost wg*g + wh*h.
func (l *Large) solve(ctx context.Context, dst []byte, start board.Board, progress LargeProgress, wg, wh int, maxNodes int64) ([]byte, bool, Stats, error) {
	var st Stats
	if l == nil || !board.Solvable(start, l.goal) {
		return dst, false, st, nil
	}
	if ctx == nil {
		ctx = context.Background()
	}
	var nodes atomic.Int64 // of every search, added at its checks
	var bound atomic.Int64
	if progress != nil {
		done := make(chan struct{})
		ended := make(chan struct{})
		defer func() {
			close(done)
			<-ended // no call after the last
			progress(int(bound.Load()), nodes.Load(), true)
		}()
		go func() {
			defer close(ended)
			tick := time.NewTicker(250 * time.Millisecond)
			defer tick.Stop()
			for {
				select {
				case <-done:
					return
				case <-tick.C:
					progress(int(bound.Load()), nodes.Load(), false)
				}
			}
		}()
	}
	s := new(lstate) // a path of a thousand moves: not on the stack
	s.init(l, start)
	s.ctx, s.total = ctx, &nodes
	s.wg, s.wh, s.maxNodes = wg, wh, maxNodes
	s.plain = wg == 1 && wh == 1
	s.check = lcheck
	if maxNodes > 0 {
		s.check = min(s.check, maxNodes)
	}
	b := wh * s.h()
	var shared int64 // the nodes of the iterations shared among the cores
	for {
		st.Bounds++
		bound.Store(int64(b))
		s.bound, s.next = b, 1<<30
		var found bool
		if s.nodes+shared >= parallelFrom && runtime.GOMAXPROCS(0) > 1 {
			var n int64
			found, s.next, n, s.stopped = s.iterate(start, b)
			shared += n
		} else {
			found = s.dfs(0, l.prune.Root[s.blank&(MaxLargeCells-1)])
			nodes.Add(s.nodes - s.counted)
			s.counted = s.nodes
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
		if s.next > wg*MaxLargePath {
			return dst, false, st, ErrTooLong
		}
		b = s.next
	}
}

// lcheck is how many nodes a Large search visits between looks at its
// context.
const lcheck = 1 << 16

// lstate is a Large search's own compact board.
type lstate struct {
	l     *Large
	at    [MaxLargeCells]uint8 // at[c]: the goal cell of the tile in cell c, 0xff for the blank
	blank uint8
	md    int
	// conflict[i] is the linear conflicts of line i (the rows, then the
	// columns), and lc their sum.
	conflict [2 * MaxLargeCells]uint8
	lc       int
	code     [2 * MaxLargeCells]int32 // each line's code, where l.coded
	// where[g] is the cell of the tile whose goal is cell g; extra[i] is
	// the extra of pattern i, sum[pi] the sum of partition pi's.
	where [MaxLargeCells]uint8
	extra [maxLargePatterns]uint8
	idx   [maxLargePatterns]int32 // the index of each pattern's placement
	sum   [maxLargePartitions]int

	bound, next int
	// A node's cost is wg*g + wh*h: 1 and 1 for the shortest path
	// (plain).
	wg, wh   int
	plain    bool
	maxNodes int64 // the most nodes the search may visit, 0 for no bound
	found    int
	nodes    int64
	check    int64         // nodes at which to look at ctx next
	counted  int64         // nodes added to total so far
	total    *atomic.Int64 // the nodes of the whole search, for progress
	ctx      context.Context
	stopIf   func() bool // when not nil, asked now and then whether to stop
	stopped  bool
	path     [MaxLargePath + 1]byte
}

func (s *lstate) init(l *Large, start board.Board) {
	s.l = l
	s.md = 0
	for c := range MaxLargeCells {
		s.at[c] = 0xff
	}
	for c := range l.n {
		t := start.Cell(c)
		if t == 0 {
			s.blank = uint8(c)
			continue
		}
		g := l.cell[t]
		s.at[c] = g
		s.where[g] = uint8(c)
		s.md += int(l.md[g][c])
	}
	s.sum = [maxLargePartitions]int{}
	for i := range l.pats {
		s.idx[i] = l.pats[i].rank(&s.where)
		s.extra[i] = s.extraOf(i, s.idx[i])
	}
	for pi := range l.partOf {
		for i := range l.pats {
			if l.partOf[pi][l.pats[i].gs[0]] == uint8(i) {
				s.sum[pi] += int(s.extra[i])
			}
		}
	}
	s.lc = 0
	for i := range l.rows + l.cols {
		s.conflict[i] = s.lineConflict(i)
		s.lc += int(s.conflict[i])
	}
	if l.coded {
		s.code = [2 * MaxLargeCells]int32{}
		for c := range l.n {
			if g := s.at[c]; g != 0xff {
				r, col := int(l.rowOf[c]), int(l.colOf[c])
				s.code[r] += l.rowDigit(g, r) * l.rowPow[col]
				s.code[l.rows+col] += l.colDigit(g, col) * l.colPow[r]
			}
		}
	}
}

// lineConflict returns the linear conflicts of line i (a row for i below
// the rows, else a column): of the tiles in the line whose goal cells are
// in it too, the fewest that must leave the line for the others to pass
// no one on their way home, each of which takes two moves the Manhattan
// distance does not count. They are the tiles out of the longest run of
// goal cells in increasing order.
func (s *lstate) lineConflict(i int) uint8 {
	l := s.l
	cells, size, row := l.lineCells[i&(2*MaxLargeCells-1)][:], l.cols, true
	if i >= l.rows {
		size, row = l.rows, false
	}
	var goals [MaxLargeCells]uint8 // of the line's tiles, in its order
	n := 0
	for _, c := range cells[:size] {
		g := s.at[c&(MaxLargeCells-1)]
		if g == 0xff {
			continue
		}
		if row && l.rowOf[g&(MaxLargeCells-1)] != l.rowOf[c&(MaxLargeCells-1)] ||
			!row && l.colOf[g&(MaxLargeCells-1)] != l.colOf[c&(MaxLargeCells-1)] {
			continue
		}
		goals[n&(MaxLargeCells-1)] = g
		n++
	}
	return conflicts(goals[:n])
}

// spent returns the nodes of the whole search so far: of every core,
// where an iteration is shared.
func (s *lstate) spent() int64 {
	if s.total == nil {
		return s.nodes
	}
	return s.total.Load()
}

// dfs searches below the current state, g moves from the start, with
// the pruner in state q, and reports whether it found the goal within
// the bound: the path is then in s.path.
func (s *lstate) dfs(g int, q int32) bool {
	s.nodes++
	if s.nodes >= s.check {
		s.check = s.nodes + lcheck
		if s.total != nil {
			s.total.Add(s.nodes - s.counted)
			s.counted = s.nodes
		}
		if s.ctx.Err() != nil || s.maxNodes > 0 && s.spent() >= s.maxNodes || s.stopIf != nil && s.stopIf() {
			s.stopped = true
		}
	}
	if s.stopped {
		return false
	}
	h := s.h()
	if f := s.wg*g + s.wh*h; f > s.bound {
		s.next = min(s.next, f)
		return false
	}
	if h == 0 {
		s.found = g
		return true
	}
	if g >= MaxLargePath {
		return false
	}
	l := s.l
	blank := s.blank
	next := l.prune.Next[4*q : 4*q+4]
	for m := uint8(0); m < board.NumMoves; m++ {
		nq := next[m&3]
		if nq == prune.Pruned {
			continue // off the board, or a run that is not the least
		}
		to := l.step[blank&(MaxLargeCells-1)][m]
		tile := s.at[to&(MaxLargeCells-1)]
		// The tile in cell to slides into the blank's cell: the lines it
		// leaves and enters are rows for a move up or down, columns for
		// one left or right. Its order among the other lines' tiles stays.
		dmd := int(l.md[tile][blank]) - int(l.md[tile][to])
		if s.plain && len(l.partOf) > 0 {
			// What the child's bound is at least, before its databases are
			// read (a likely cache miss each): its Manhattan distance with
			// the extras of the patterns the tile is not in. A child this
			// prunes is counted and left here. Every cost of a shortest
			// path's search has the parity of the first bound, so the
			// least cost past the bound this gives is the one the child's
			// own bound would, or a bound no node passes by less.
			least := 0
			for pi := range len(l.partOf) {
				pi &= maxLargePartitions - 1
				i := l.partOf[pi][tile&(MaxLargeCells-1)] & (maxLargePatterns - 1)
				least = max(least, s.sum[pi]-int(s.extra[i]))
			}
			if f := g + 1 + s.md + dmd + 2*least; f > s.bound {
				s.nodes++
				s.next = min(s.next, f)
				continue
			}
		}
		a, b := int(l.rowOf[to]), int(l.rowOf[blank])
		if m == uint8(board.Left) || m == uint8(board.Right) {
			a, b = l.rows+int(l.colOf[to]), l.rows+int(l.colOf[blank])
		}
		a, b = a&(2*MaxLargeCells-1), b&(2*MaxLargeCells-1)
		s.at[blank], s.at[to], s.blank = tile, 0xff, to
		s.where[tile&(MaxLargeCells-1)] = blank
		// The pattern of the tile in each partition: its index follows
		// from the move (lpattern.delta), with no ranking.
		var olds [maxLargePartitions]uint8
		var oldIdx [maxLargePartitions]int32
		for pi := range len(l.partOf) {
			pi &= maxLargePartitions - 1
			i := l.partOf[pi][tile&(MaxLargeCells-1)] & (maxLargePatterns - 1)
			olds[pi], oldIdx[pi] = s.extra[i], s.idx[i]
			ni := oldIdx[pi] + l.pats[i].delta(tile, to, blank, &s.at)
			s.idx[i] = ni
			e := s.extraOf(int(i), ni)
			s.extra[i] = e
			s.sum[pi] += int(e) - int(olds[pi])
		}
		oldA, oldB := s.conflict[a], s.conflict[b]
		var codeA, codeB, codeP int32
		par := 0 // the line the tile moves along
		if l.coded {
			// The codes of the lines it leaves and enters lose and gain
			// its digit; the line it moves along has it in another place.
			var dA, dB, dP int32
			if a < l.rows { // up or down, in column c
				c := int(l.colOf[to])
				par = l.rows + c
				dA, dB = l.rowDigit(tile, a)*l.rowPow[c], l.rowDigit(tile, b)*l.rowPow[c]
				dP = l.colDigit(tile, c) * (l.colPow[b] - l.colPow[a])
			} else { // left or right, in row r
				r := int(l.rowOf[to])
				par = r
				dA, dB = l.colDigit(tile, a-l.rows)*l.colPow[r], l.colDigit(tile, b-l.rows)*l.colPow[r]
				dP = l.rowDigit(tile, r) * (l.rowPow[b-l.rows] - l.rowPow[a-l.rows])
			}
			par &= 2*MaxLargeCells - 1
			codeA, codeB, codeP = s.code[a], s.code[b], s.code[par]
			s.code[a] -= dA
			s.code[b] += dB
			s.code[par] += dP
			s.conflict[a], s.conflict[b] = l.table(a, s.code[a]), l.table(b, s.code[b])
		} else {
			s.conflict[a], s.conflict[b] = s.lineConflict(a), s.lineConflict(b)
		}
		dlc := int(s.conflict[a]) + int(s.conflict[b]) - int(oldA) - int(oldB)
		s.md += dmd
		s.lc += dlc
		s.path[g] = board.Letters[m]
		found := s.dfs(g+1, nq)
		s.md -= dmd
		s.lc -= dlc
		s.conflict[a], s.conflict[b] = oldA, oldB
		if l.coded {
			s.code[par], s.code[b], s.code[a] = codeP, codeB, codeA
		}
		for pi := range len(l.partOf) {
			pi &= maxLargePartitions - 1
			i := l.partOf[pi][tile&(MaxLargeCells-1)] & (maxLargePatterns - 1)
			s.sum[pi] += int(olds[pi]) - int(s.extra[i])
			s.extra[i], s.idx[i] = olds[pi], oldIdx[pi]
		}
		s.where[tile&(MaxLargeCells-1)] = to
		s.at[to], s.at[blank], s.blank = tile, 0xff, blank
		if found {
			return true
		}
		if s.stopped {
			return false
		}
	}
	return false
}

// iterate is state.iterate for a Large search.
func (s *lstate) iterate(start board.Board, bound int) (found bool, next int, nodes int64, stopped bool) {
	estimate := func(b board.Board) int {
		var t lstate
		t.init(s.l, b)
		return t.h()
	}
	t, next, nodes, stopped := shareIteration(start, bound, s.wg, s.wh, s.l.prune, estimate, func() func(t *task, stop func() bool) {
		w := new(lstate)
		return func(t *task, stop func() bool) { w.subtree(s, start, t, bound, stop) }
	})
	if t == nil {
		return false, next, nodes, stopped
	}
	s.found = len(t.out)
	copy(s.path[:], t.out)
	return true, 0, nodes, false
}

// subtree searches the subtree of t with w to the bound, for the search
// s, and records what it found in t.
func (w *lstate) subtree(s *lstate, start board.Board, t *task, bound int, stop func() bool) {
	b := start
	for _, c := range t.path {
		m, _ := board.ParseMove(c)
		b.Move(m)
	}
	w.init(s.l, b)
	w.ctx, w.total, w.stopIf = s.ctx, s.total, stop
	w.wg, w.wh, w.maxNodes, w.plain = s.wg, s.wh, s.maxNodes, s.plain
	// The context is looked at on the first node: a task after one that
	// a cancelled context stopped stops at once, not 64K nodes in.
	w.nodes, w.counted, w.check, w.stopped = 0, 0, 1, false
	w.bound, w.next = bound, 1<<30
	copy(w.path[:], t.path)
	t.found = w.dfs(len(t.path), t.q)
	if w.total != nil {
		w.total.Add(w.nodes - w.counted)
	}
	t.done = !w.stopped
	t.next, t.nodes = w.next, w.nodes
	if t.found {
		t.out = append([]byte(nil), w.path[:w.found]...)
	}
}
