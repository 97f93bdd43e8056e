package engine

import (
	"context"
	"errors"
	"io"
	"math"
	"sync/atomic"
	"time"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/reduce"
	"github.com/slidingpuzzle/solver/search"
	"github.com/slidingpuzzle/solver/table"
)

// A strategy is how a Goal answers its boards, chosen once when the Goal
// is made (Solver.choose): a lookup in a table, a search over pattern
// databases (shortest, or weighted on 5x5), or lines placed (reduce).
type strategy interface {
	// solve appends a path from start, a valid board of the goal's
	// shape that can reach it (a lookup alone is given boards that may
	// not, and reports false for them), with what it took.
	solve(ctx context.Context, dst []byte, start board.Board) ([]byte, bool, Stats, error)
	// bound returns a lower bound on the moves of start's path.
	bound(start board.Board) (int, error)
	// exact reports whether solve's paths are shortest when no
	// deadline cuts them.
	exact() bool
	name() Name
}

// choose returns the strategy of goal, whose shape name's engine
// answers: the one place that decides how a goal's boards are answered.
func (v *Solver) choose(name Name, goal board.Board) (strategy, error) {
	switch {
	case name == Table:
		t, err := v.tables.For(goal)
		if err != nil {
			return nil, err
		}
		return &lookup{t}, nil
	case name == Reduce:
		return &reducer{v: v, goal: goal, opt: handing(goal.Shape())}, nil
	case name == Beam:
		b, err := search.NewBeam(goal)
		if err != nil {
			return nil, err
		}
		return &beamer{b: b, width: beamWidth(goal.Shape()), reducer: reducer{v: v, goal: goal}}, nil
	case goal.Small():
		return v.chooseSmall(goal)
	}
	return v.chooseLarge(goal)
}

// chooseSmall returns the search of a goal of 10 to 16 cells: over the
// databases that bound it, read now where they are there to read; where
// one is to be built first, a board near the goal is answered sooner
// without them (cheap), and they are built for the first that is not.
func (v *Solver) chooseSmall(goal board.Board) (strategy, error) {
	s := &smallSearch{v: v, goal: goal}
	if !v.dbs.ready(goal.Shape(), goal.Blank()) {
		cheap, err := search.NewLarge(goal)
		if err != nil {
			return nil, err
		}
		s.cheap = cheap
		return s, nil
	}
	h, err := v.dbs.heuristic(context.Background(), goal.Shape(), goal.Blank(), nil)
	if err != nil {
		return nil, err
	}
	if s.p, err = search.NewProblem(h, goal); err != nil {
		return nil, err
	}
	return s, nil
}

// chooseLarge returns the search of a goal of more than 16 cells (5x5,
// or up to search.MaxLargeCells with WithShortest): over the databases
// largePlan chooses, read now where they are there to read, else built
// when a board first needs them, a board near the goal answered without
// them; or, for a path not proven shortest where the shape has no
// databases, lines placed.
func (v *Solver) chooseLarge(goal board.Board) (strategy, error) {
	c := v.dbs.largePlan(goal)
	if !v.shortest && c.tier == dbNone {
		return &reducer{v: v, goal: goal}, nil // a goal whose blank no plan fits
	}
	s := &largeSearch{v: v, goal: goal, choice: c, weighted: !v.shortest}
	if !v.dbs.largeReady(c) {
		cheap, err := search.NewLarge(goal)
		if err != nil {
			return nil, err
		}
		s.cheap = cheap
		s.later = newPending(func() (*search.Large, error) { return v.dbs.large(goal, c) })
		return s, nil
	}
	l, err := v.dbs.large(goal, c)
	if err != nil {
		return nil, err
	}
	s.l = l
	return s, nil
}

// lookup answers from a full table of optimal moves.
type lookup struct{ t *table.Goal }

func (l *lookup) solve(_ context.Context, dst []byte, start board.Board) ([]byte, bool, Stats, error) {
	dst, ok, err := l.t.AppendPath(dst, start)
	return dst, ok, Stats{Optimal: ok, Engine: Table}, err
}

func (l *lookup) bound(start board.Board) (int, error) {
	d, _, err := l.t.Distance(start)
	return d, err
}

func (l *lookup) exact() bool { return true }
func (l *lookup) name() Name  { return Table }

// smallSearch answers a goal of 10 to 16 cells by IDA* over pattern
// databases: p, or, while they are to be built, cheap first.
type smallSearch struct {
	v    *Solver
	goal board.Board
	p    *search.Problem // the search over the databases, when they were there
	// cheap, while the databases are to be built, searches each board
	// with the Manhattan distance and linear conflicts alone, within the
	// Solver's cheap nodes; the databases are built for a board that
	// takes more, and the search over them kept in built.
	cheap *search.Large
	built atomic.Pointer[search.Problem]
}

func (s *smallSearch) solve(ctx context.Context, dst []byte, start board.Board) ([]byte, bool, Stats, error) {
	n := len(dst)
	var st search.Stats
	p := s.p
	if p == nil {
		p = s.built.Load()
	}
	if p == nil {
		var err error
		var ok bool
		dst, ok, st, err = s.cheap.SolveWithin(ctx, dst, start, s.v.cheapNodes())
		if err == nil {
			return dst, ok, stats(st, Search, true), nil
		}
		if !errors.Is(err, search.ErrBudget) {
			return s.cut(ctx, dst[:n], start, st, err, nil)
		}
		p, err = s.problem(ctx)
		if err != nil {
			return s.cut(ctx, dst[:n], start, st, err, nil)
		}
	}
	dst, ok, more, err := p.Solve(ctx, dst[:n], start)
	st = add(st, more)
	if err != nil {
		return s.cut(ctx, dst[:n], start, st, err, p)
	}
	return dst, ok, stats(st, Search, true), nil
}

// problem returns the search over the databases, built now where they
// are not, waiting for them while ctx allows, and keeps it.
func (s *smallSearch) problem(ctx context.Context) (*search.Problem, error) {
	h, err := s.v.dbs.heuristic(ctx, s.goal.Shape(), s.goal.Blank(), s.v.buildProgress)
	if err != nil {
		return nil, err
	}
	p, err := search.NewProblem(h, s.goal)
	if err == nil {
		s.built.Store(p)
	}
	return p, err
}

// cut answers start when the search for its shortest path stopped with
// err, having visited st: where ctx's deadline cut it, by a weighted
// search over the databases of p (nil: without them, while they are to
// be built) or failing that by lines placed (afterCut).
func (s *smallSearch) cut(ctx context.Context, dst []byte, start board.Board, st search.Stats, err error, p *search.Problem) ([]byte, bool, Stats, error) {
	if ctx.Err() == nil {
		return dst, false, stats(st, Search, false), err // a corrupt database, say
	}
	weighted := func(ctx context.Context, dst []byte) ([]byte, bool, search.Stats, error) {
		if p != nil {
			return p.SolveSuboptimal(ctx, dst, start, cutNodes)
		}
		return s.cheap.SolveWeighted(ctx, dst, start, 2, 3, cutNodes) // search.Weight
	}
	return s.v.afterCut(ctx, dst, start, s.goal, stats(st, Search, false), weighted)
}

func (s *smallSearch) bound(start board.Board) (int, error) {
	if s.p != nil {
		return s.p.Bound(start)
	}
	return s.cheap.Bound(start) // the databases may be still to build
}

func (s *smallSearch) exact() bool { return true }
func (s *smallSearch) name() Name  { return Search }

// largeSearch answers a goal of more than 16 cells by IDA* over the
// databases of choice: for the shortest path (a Solver made by
// WithShortest), or, weighted, for a path at most a few times as long (5x5).
type largeSearch struct {
	v        *Solver
	goal     board.Board
	choice   largeChoice
	weighted bool
	l        *search.Large // the search over the databases, when they were there
	// cheap and later, while the databases are to be built: cheap
	// searches a board near the goal without them, later builds them
	// (in the background, once) for a board that is not.
	cheap *search.Large
	later *pending[*search.Large]
}

// cheapBound is the most moves the Manhattan distance and linear
// conflicts of a 5x5 board may give for it to be searched without
// databases for a path not proven shortest: such a search takes
// milliseconds.
const cheapBound = 40

func (s *largeSearch) solve(ctx context.Context, dst []byte, start board.Board) ([]byte, bool, Stats, error) {
	n := len(dst)
	var st search.Stats
	l := s.l
	if l == nil && s.later.ready() {
		if built, err := s.later.val, s.later.err; err == nil {
			l = built
		}
	}
	if l == nil {
		var ok bool
		err := search.ErrBudget
		if !s.weighted {
			dst, ok, st, err = s.cheap.SolveWithin(ctx, dst, start, s.v.cheapNodes())
		} else if h, herr := s.cheap.Bound(start); herr == nil && h <= cheapBound {
			w := weightings(s.choice.tier)[0]
			dst, ok, st, err = s.cheap.SolveWeighted(ctx, dst, start, w.wg, w.wh, s.v.cheapNodes())
		}
		if err == nil {
			return dst, ok, stats(st, Search, !s.weighted), nil
		}
		if !errors.Is(err, search.ErrBudget) {
			return s.cut(ctx, dst[:n], start, st, err, nil)
		}
		if l, err = wait(ctx, s.v.dbs, s.later, s.v.buildProgress); err != nil {
			return s.cut(ctx, dst[:n], start, st, err, nil)
		}
	}
	if s.weighted {
		return s.solveWeighted(ctx, dst[:n], start, l, st)
	}
	dst, ok, more, err := l.Solve(ctx, dst[:n], start, s.v.searchProgress)
	st = add(st, more)
	if err != nil {
		return s.cut(ctx, dst[:n], start, st, err, l)
	}
	return dst, ok, stats(st, Search, true), nil
}

// cut answers start when its search stopped with err, having visited
// st: where ctx's deadline cut it, by a weighted search over l (nil:
// without the databases, still to be built), or by lines placed
// (afterCut).
func (s *largeSearch) cut(ctx context.Context, dst []byte, start board.Board, st search.Stats, err error, l *search.Large) ([]byte, bool, Stats, error) {
	if ctx.Err() == nil {
		return dst, false, stats(st, Search, false), err
	}
	if l == nil {
		l = s.cheap
	}
	weighted := func(ctx context.Context, dst []byte) ([]byte, bool, search.Stats, error) {
		w := weightings(s.choice.tier)[0]
		return l.SolveWeighted(ctx, dst, start, w.wg, w.wh, cutNodes)
	}
	if s.weighted {
		weighted = nil // a weighted search is what ran past the deadline
	}
	return s.v.afterCut(ctx, dst, start, s.goal, stats(st, Search, false), weighted)
}

func (s *largeSearch) bound(start board.Board) (int, error) {
	if s.l != nil {
		return s.l.Bound(start)
	}
	return s.cheap.Bound(start)
}

func (s *largeSearch) exact() bool { return !s.weighted }
func (s *largeSearch) name() Name  { return Search }

// A weighting is a weighted search of a 5x5 board: a node's cost is
// wg*g + wh*h, so the path is at most wh/wg times the shortest, and the
// search visits at most nodes nodes (or weightedNodes, where fewer).
type weighting struct {
	wg, wh int
	nodes  int64
}

// weightings returns the searches solveWeighted tries in turn with the
// databases of tier. The first, 4/3 with pdb.Large5 (zero-aware), 3/2
// with pdb.Small5s, answers about 19 boards in 20. Its time has a long
// tail (4 s for one random board in 200, where the median took 12 ms),
// which a larger weight cuts: on 200 random boards for blank-last and
// 100 for each of four other kinds of blank cell, 5M nodes of 3/2, then
// 5M of 5/3, then 2, took 0.4 s at most, 1.54 times the Manhattan
// distance against 1.53 with 3/2 alone. Korf's fifty 24-puzzle
// instances on 2 cores: with pdb.Large5, 1.085 times their optimal
// lengths in all, in 4.0 s (4/3 alone: 1.075 times, 5.4-6.1 s side by
// side); with pdb.Small5, 1.158 times in 1.1 s once the databases are
// built (3/2 alone: 1.155 times).
func weightings(tier dbTier) []weighting {
	if tier == dbLarge {
		return []weighting{{3, 4, 5 << 20}, {2, 3, 5 << 20}, {1, 2, 200 << 20}}
	}
	return []weighting{{2, 3, 5 << 20}, {3, 5, 5 << 20}, {1, 2, 200 << 20}}
}

// LargeWeight is how many times as long as the shortest path a path of
// a 5x5 board is at most, answered without WithShortest, by the first search
// it is given (about 19 boards in 20): with the databases of gentable
// -pdb DIR -shape 5x5 (large true), or with those built on first use.
// Every such path is at most MaxLargeWeight times the shortest.
func LargeWeight(large bool) float64 {
	w := weightings(map[bool]dbTier{true: dbLarge, false: dbSmall}[large])[0]
	return float64(w.wh) / float64(w.wg)
}

// MaxLargeWeight is how many times as long as the shortest path a path
// of a 5x5 board that a search gives is at most, without WithShortest: the
// weight of the last search tried before the board's lines are placed
// instead.
const MaxLargeWeight = 2.0

// weightedNodes is the most nodes each weighted search of a 5x5 board
// visits, where its weighting allows more: past the last, the board's
// lines are placed (reduce).
var weightedNodes int64 = 200 << 20

// solveWeighted answers start, a 5x5 board, with a path found by weighted
// IDA* over the databases of l, the weightings of its tier tried in turn
// until one ends within its nodes, or, where the last runs past its
// nodes, with the board's lines placed and the part left searched
// (reduce); before counts the nodes of the searches before it.
func (s *largeSearch) solveWeighted(ctx context.Context, dst []byte, start board.Board, l *search.Large, st search.Stats) ([]byte, bool, Stats, error) {
	n := len(dst)
	var ok bool
	var err error
	for _, w := range weightings(s.choice.tier) {
		var more search.Stats
		dst, ok, more, err = l.SolveWeighted(ctx, dst[:n], start, w.wg, w.wh, min(w.nodes, weightedNodes))
		st = add(st, more)
		if !errors.Is(err, search.ErrBudget) {
			break
		}
	}
	switch {
	case err == nil:
		return dst, ok, stats(st, Search, false), nil
	case !errors.Is(err, search.ErrBudget):
		return s.cut(ctx, dst[:n], start, st, err, l)
	}
	// Every weighting ran past its nodes: the board's lines placed, the
	// last part by v's endgame.
	out := stats(st, Reduce, false)
	dst, ok, _, err = (&reducer{v: s.v, goal: s.goal}).solve(ctx, dst[:n], start)
	if err != nil && ctx.Err() != nil {
		return s.v.afterCut(ctx, dst[:n], start, s.goal, out, nil)
	}
	return dst, ok, out, err
}

// cheapNodes is, by default, the most nodes the search of a board whose goal's
// databases are to be built visits without them: a tenth of a second or
// so, against the seconds of a build. A random 4x4 board takes more, and
// waits for the databases; one a few dozen moves from its goal does not.
var cheapNodes int64 = 4 << 20

// cheapNodes returns the most nodes of the search of a board without the
// databases its goal needs built.
func (v *Solver) cheapNodes() int64 {
	if v.cheap != 0 {
		return v.cheap
	}
	return cheapNodes
}

// add returns what the searches a and b did together.
func add(a, b search.Stats) search.Stats {
	return search.Stats{Nodes: a.Nodes + b.Nodes, Bounds: a.Bounds + b.Bounds}
}

// stats returns the Stats of an answer that st's search gave, by engine
// name, proven shortest or not.
func stats(st search.Stats, name Name, optimal bool) Stats {
	return Stats{Nodes: st.Nodes, Bounds: st.Bounds, Optimal: optimal, Engine: name}
}

// reducer answers boards of more than 25 cells (or 5x5 boards of a goal
// whose blank no plan fits) by placing their lines, the last part handed
// to the Solver's endgame.
type reducer struct {
	v    *Solver
	goal board.Board
	opt  reduce.Options // Hand and Width (handing)
}

func (r *reducer) solve(ctx context.Context, dst []byte, start board.Board) ([]byte, bool, Stats, error) {
	w := appendWriter{dst}
	_, ok, st, err := r.write(ctx, &w, start, nil)
	return w.b, ok, st, err
}

func (r *reducer) write(ctx context.Context, w io.Writer, start board.Board, progress Progress) (int64, bool, Stats, error) {
	opt := r.opt
	opt.Progress, opt.Cache = progress, r.v.dbs.cache
	n, ok, err := reduce.Solve(ctx, w, start, r.goal, r.v.endgame().endgamePath, opt)
	return n, ok, Stats{Engine: Reduce}, err
}

// handWidth is the width of the beam search that places the lines of a
// board of at most handCells cells (handing).
const handWidth = 4000

// handCells is the most cells of a board whose part the beam search
// answers is handed to it (handing).
const handCells = 64

// handing returns the settings of reduce for the boards of shape s whose
// lines are placed (reducer): a board of at most handCells cells whose
// sides are both 6 or more (8x8, 7x8, 6x9, 6x10) hands the first part it
// shrinks to that the beam search answers whole (26 to 49 cells, both
// sides at least 4: 7x7 on 8x8) to it (the Endgame, beamer), its lines
// before that placed by a beam of handWidth states a depth rather than
// 1,000. Measured side by side (bench/large, uniform random boards of the
// three named goals): 8x8 1.69 times the Manhattan distance against 1.82
// (90 boards), 1.7 s a board against 0.27; 6x9 1.68 against 1.79 (90);
// 7x8 1.59 against 1.76, 6x10 1.76 against 1.83 (18). Narrower boards
// gained less for ten times the time (5x12 1.85 against 1.87, 2.9 s
// against 1.0; 4x16 2.09 against 2.16, 3.1 s against 0.2), and larger
// ones place their lines down to 5x5, whose time this would multiply
// (9x9 with its 7x7 part handed: 1.78 against 1.86, 1.5 s against 0.34).
func handing(s board.Shape) reduce.Options {
	if s.Cells() > handCells || min(s.Rows, s.Cols) < 6 || beamWidth(s) > 0 {
		return reduce.Options{}
	}
	return reduce.Options{
		Hand:  func(part board.Shape) bool { return beamWidth(part) > 0 },
		Width: handWidth,
	}
}

func (r *reducer) bound(start board.Board) (int, error) { return Manhattan(start, r.goal), nil }
func (r *reducer) exact() bool                          { return false }
func (r *reducer) name() Name                           { return Reduce }

// Endgame returns the reduce.Endgame of v: the part left of a board,
// answered for its goal by v, or, for a Solver made by WithShortest, by one
// of the same tables and databases that is not.
func (v *Solver) Endgame() reduce.Endgame { return v.endgame().endgamePath }

// endgamePath is the Endgame of reduce: the part left of a board,
// answered for its goal.
func (v *Solver) endgamePath(ctx context.Context, dst []byte, start, goal board.Board) ([]byte, bool, error) {
	g, err := v.For(goal)
	if err != nil {
		return dst, false, err
	}
	dst, ok, _, err := g.Solve(ctx, dst, start)
	return dst, ok, err
}

// grace is how long the answer of a board whose search a deadline cut
// may search more, after the deadline, for a path not proven shortest;
// placing its lines after that takes a few milliseconds more.
const grace = 40 * time.Millisecond

// cutNodes is the most nodes the search after a cut one visits, within
// grace.
var cutNodes int64 = 4 << 20

// afterCut answers start, a board of at most 25 cells, when ctx ended
// before its search did (st: what was searched): a cancelled ctx is its
// error; past its deadline, the board is answered with a path not proven
// shortest: by weighted, when not nil, where it ends within grace, else
// by placing its lines down to a part a table answers (quick), which
// takes milliseconds.
func (v *Solver) afterCut(ctx context.Context, dst []byte, start, goal board.Board, st Stats, weighted func(context.Context, []byte) ([]byte, bool, search.Stats, error)) ([]byte, bool, Stats, error) {
	st.Optimal = false
	if !errors.Is(ctx.Err(), context.DeadlineExceeded) || start.Shape().Cells() > reduce.EndgameCells {
		return dst, false, st, ctx.Err()
	}
	st.Cut = true
	after := context.WithoutCancel(ctx)
	n := len(dst)
	if weighted != nil {
		wctx, cancel := context.WithTimeout(after, grace)
		path, ok, more, err := weighted(wctx, dst)
		cancel()
		st.Nodes += more.Nodes
		st.Bounds += more.Bounds
		if err == nil {
			st.Engine = Search
			return path, ok, st, nil
		}
	}
	st.Engine = Reduce
	path, err := v.quick(after, dst[:n], start, goal)
	if err != nil {
		return dst[:n], false, st, err
	}
	return path, true, st, nil
}

// quick appends a path from start to goal, boards of at most 25 cells
// that reach each other, found in milliseconds: a board of nine cells or
// fewer looked up in its table, a larger one's lines placed (reduce)
// down to a part that is.
func (v *Solver) quick(ctx context.Context, dst []byte, start, goal board.Board) ([]byte, error) {
	w := appendWriter{dst}
	_, _, err := reduce.Solve(ctx, &w, start, goal, v.quickEnd, reduce.Options{TileByTile: true})
	if err != nil {
		return dst, err
	}
	return w.b, nil
}

// quickEnd is the Endgame of quick: a part of nine cells or fewer looked
// up, a larger one's lines placed again.
func (v *Solver) quickEnd(ctx context.Context, dst []byte, start, goal board.Board) ([]byte, bool, error) {
	if start.Shape().Cells() > 9 {
		path, err := v.quick(ctx, dst, start, goal)
		return path, err == nil, err
	}
	g, err := v.For(goal)
	if err != nil {
		return dst, false, err
	}
	l, ok := g.how.(*lookup)
	if !ok {
		return dst, false, errors.New("engine: no table for the last part of a board")
	}
	return l.t.AppendPath(dst, start)
}

// beamer answers boards of 26 to 49 cells (beamWidth) by a beam search
// over the whole board (search.Beam), finished, where the beam stalls
// near the goal, by lines placed (reducer) from the state of least bound
// it met.
type beamer struct {
	b     *search.Beam
	width int
	reducer
}

// beamWidth returns the width of the beam search of boards of shape s,
// or 0 for a shape whose boards are better answered otherwise: 5x5 by
// the weighted search over its databases; narrower boards, and those of
// more than 49 cells, by lines placed (on 8x8 the beam stalled near the
// goal on 3 boards in 8, and its paths finished by lines placed were
// longer: 1.95 times the Manhattan distance against 1.81; handing its
// 7x7 part to the beam is shorter: handing). The widths
// take a second or two a board on this machine's two cores: 65,000
// states a depth up to 36 cells, fewer as the cells and the path's
// length grow (about 21,000 at 49). Measured side by side with lines
// placed (bench/large, 50 of DeepCubeA's boards of 6x6 and 7x7, 18
// uniform random boards of each square, 8 of each other shape): 6x6
// 1.10 times DeepCubeA's lengths (lines placed 1.30; on 150 of their
// boards 1.097 at 65,000 states a depth, 1.103 at 45,000, 1.11 at
// 30,000) and 1.47 times the Manhattan distance (1.67); 7x7 1.24 (1.36;
// 14,000 states 1.26) and 1.58 (1.73); 5x6 1.50 (1.69), 5x7 1.56 (1.72),
// 5x8 1.69 (1.80), 4x9 1.80 (1.88).
func beamWidth(s board.Shape) int {
	n := s.Cells()
	if min(s.Rows, s.Cols) < 4 || n <= 25 || n > 49 {
		return 0
	}
	return int(65000 * min(1, math.Pow(36/float64(n), 3.6)))
}

func (b *beamer) solve(ctx context.Context, dst []byte, start board.Board) ([]byte, bool, Stats, error) {
	n := len(dst)
	path, ok, st, err := b.b.Solve(ctx, dst, start, b.width)
	if errors.Is(err, search.ErrBeam) {
		// The beam stalled near the goal: from the state of least bound
		// it met, whose path it gave, lines placed finish the board.
		moves, perr := board.ParsePath(string(path[n:]))
		mid := start
		if perr != nil || mid.Apply(moves) != len(moves) {
			return dst[:n], false, stats(st, Beam, false), errors.New("engine: the beam search gave no path")
		}
		path, ok, out, err := b.reducer.solve(ctx, path, mid)
		out.Nodes, out.Engine = st.Nodes, Beam
		return path, ok, out, err
	}
	return path, ok, stats(st, Beam, false), err
}

func (b *beamer) name() Name { return Beam }
