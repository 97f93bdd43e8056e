// Package engine is the one way in: a Solver answers a board of any
// shape, for any goal, and chooses inside, from the shape, which engine
// answers, the way regexp chooses its matcher behind one Regexp. Callers
// (batch, judge, web, the commands) hold a Solver and ask it for what they
// need (a lookup for a batch, a path written as it is made, whether the
// path is proven shortest), never which engine it is.
//
// Boards of up to 16 cells get the lexicographically smallest shortest
// path (d < l < r < u). Shapes of at most nine cells are answered from
// full tables of optimal moves (package table): a lookup, no search.
// Shapes of 10 to 16 cells are answered by iterative-deepening A*
// (package search) over additive pattern databases (package pdb): of the
// given sets, the best that fits the goal, and for a blank cell no stored
// plan fits, databases built on first use. Larger boards, up to
// board.MaxCells cells, get a short path that is not proven shortest
// (package reduce: their outer rows and columns placed tile by tile, the
// last nine cells from the tables), written as it is made; a Solver made
// by Shortest searches those of up to search.MaxLargeCells cells for their
// shortest path instead (search.Large), which may take very long.
package engine

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/pdb"
	"github.com/slidingpuzzle/solver/reduce"
	"github.com/slidingpuzzle/solver/search"
	"github.com/slidingpuzzle/solver/table"
)

// Solver answers boards of every shape it has an engine for. It is safe
// for use by several goroutines.
type Solver struct {
	tables *table.Set
	search *searcher
	// shortest asks for the shortest paths of boards of more than
	// board.MaxSmall cells (Shortest), progress is told how their search
	// goes.
	shortest bool
	progress search.LargeProgress
	// cheap is the most nodes of the search without databases of a board
	// whose goal's databases are to be built (cheapNodes when 0).
	cheap int64
	// end is the Solver of reduce's endgame, for a Solver that asks for
	// shortest paths (endgame).
	endOnce sync.Once
	end     *Solver
}

// New returns a Solver that answers from tables, the full tables of
// optimal moves of the shapes they hold, and searches the shapes of 10 to
// 16 cells with the pattern databases of dbs, the first set that holds a
// plan's databases preferred.
func New(tables *table.Set, dbs ...*pdb.Set) *Solver {
	return &Solver{tables: tables, search: &searcher{sets: dbs}}
}

// WithCache returns a Solver of the same tables and databases that keeps
// in the folder dir what it builds on first use, and reads it from there
// the next time: the databases of goals whose blank cell no stored plan
// reaches, a search of seconds, and the fast lookups a batch builds from a
// table (table.Set.WithCache), milliseconds a goal. A file there that
// fails its checksum is built again.
func (v *Solver) WithCache(dir string) *Solver {
	if v == nil {
		return nil
	}
	c := v.like()
	c.tables, c.search.cache = v.tables.WithCache(dir), dir
	return c
}

// like returns a Solver of v's tables, databases and settings, with a
// searcher of its own (a searcher holds what it has made, and a lock, and
// is not copied).
func (v *Solver) like() *Solver {
	sr := &searcher{}
	if v.search != nil { // the zero Solver has none
		sr.sets, sr.cache, sr.note = v.search.sets, v.search.cache, v.search.note
	}
	return &Solver{tables: v.tables, search: sr, shortest: v.shortest, progress: v.progress, cheap: v.cheap}
}

// Shortest returns a Solver of the same tables and databases that
// answers boards of more than board.MaxSmall cells, up to
// search.MaxLargeCells (8x8), with their lexicographically smallest
// shortest path, searched by IDA* with the Manhattan distance and linear
// conflicts (search.Large), in place of a short path found at once
// (reduce). Such a search may take very long: hours a few dozen moves
// past what a board of its size takes in seconds, years for a random 5x5
// board. It stops with its context; a time limit (the context's
// deadline) that cuts it answers the board as reduce would, not proven
// shortest (Stats.Cut). progress, when not nil, is told the bound and the
// nodes of each such search now and then.
func (v *Solver) Shortest(progress search.LargeProgress) *Solver {
	if v == nil {
		return nil
	}
	c := v.like()
	c.shortest, c.progress = true, progress
	return c
}

// WithBuildNote returns a Solver of the same tables and databases that
// calls note before it builds a database on first use (seconds for
// pdb.Small5, the databases of a goal no stored plan fits), with the
// database's pattern: for a command to say why the first answer waits.
func (v *Solver) WithBuildNote(note func(p pdb.Pattern)) *Solver {
	if v == nil {
		return nil
	}
	c := v.like()
	c.search.note = note
	return c
}

// endgame returns the Solver reduce hands the last part of a board to:
// v, or, where v asks for the shortest paths of boards of more than 16
// cells, one of the same tables and databases that does not (a 5x5 part
// at random would take hours).
func (v *Solver) endgame() *Solver {
	if !v.shortest {
		return v
	}
	v.endOnce.Do(func() {
		// The same searcher: what one builds, the other reads.
		v.end = &Solver{tables: v.tables, search: v.search, cheap: v.cheap}
	})
	return v.end
}

// MinSearch is the fewest cells of a shape that is searched rather than
// looked up in a table.
const MinSearch = 10

// Name names the engine that answers boards of a shape.
type Name string

// The engines.
const (
	Table  Name = "table"  // a full table of optimal moves: a lookup, no search
	Search Name = "search" // IDA* over pattern databases
	Reduce Name = "reduce" // boards of more than 16 cells: lines placed tile by tile, not proven shortest
)

// Engine returns the engine that answers boards of shape s, or an error
// that names the shapes that are supported.
func (v *Solver) Engine(s board.Shape) (Name, error) {
	if v == nil || v.tables == nil {
		return "", errors.New("engine: the Solver has no engines (make it with New)")
	}
	if !s.Valid() {
		return "", &shapeError{fmt.Sprintf("%v is not a board shape; want R x C with R, C >= 2 and at most %d cells", s, board.MaxCells)}
	}
	shapes, err := v.tables.Shapes()
	if err != nil {
		return "", err
	}
	for _, t := range shapes {
		if t == s {
			return Table, nil
		}
	}
	if !s.Small() {
		// Reduce ends every board on a 5x5 part or one of at most 16
		// cells (reduce.Endgames), searched over pattern databases, and
		// answers what a search leaves.
		if len(v.search.sets) == 0 {
			return "", &shapeError{fmt.Sprintf("%v boards are answered by reducing them to a board of 5x5, 4x4, 3x5 or 2x7 cells, searched over pattern databases, and the Solver has none; the supported shapes are %s", s, list(shapes))}
		}
		if v.shortest && s.Cells() <= search.MaxLargeCells || s == pdb.Small5.Shape {
			return Search, nil
		}
		return Reduce, nil
	}
	if s.Cells() >= MinSearch && len(v.search.sets) > 0 {
		return Search, nil
	}
	return "", &shapeError{fmt.Sprintf("%v boards are not supported; the supported shapes are %s", s, list(shapes))}
}

// Instant reports whether boards of shape s are answered by a lookup,
// with nothing to search: no time limit, cancellation or core of their
// own is worth setting up for them.
func (v *Solver) Instant(s board.Shape) bool {
	name, err := v.Engine(s)
	return err == nil && name == Table
}

// Optimal reports whether the paths v gives for boards of shape s are
// proven shortest (and the lexicographically smallest of those): true for
// shapes of up to board.MaxSmall cells it answers, and for those of up to
// search.MaxLargeCells of a Solver made by Shortest.
func (v *Solver) Optimal(s board.Shape) bool {
	name, err := v.Engine(s)
	return err == nil && (name == Table || name == Search && (s.Small() || v.shortest))
}

// ErrShape is the error, matched with errors.Is, for a board of a shape
// no engine answers: a fault of the board, not of the Solver.
var ErrShape = errors.New("engine: shape not supported")

type shapeError struct{ msg string }

func (e *shapeError) Error() string        { return e.msg }
func (e *shapeError) Is(target error) bool { return target == ErrShape }

// Shapes returns the shapes v answers with shortest paths, smallest
// first. Every other R x C shape of at most board.MaxCells cells is
// answered too, with paths not proven shortest.
func (v *Solver) Shapes() ([]board.Shape, error) {
	if v == nil || v.tables == nil {
		return nil, errors.New("engine: the Solver has no engines (make it with New)")
	}
	shapes, err := v.tables.Shapes()
	if err != nil || len(v.search.sets) == 0 {
		return shapes, err
	}
	for n := MinSearch; n <= board.MaxSmall; n++ {
		shapes = append(shapes, board.Shapes(n)...)
	}
	return shapes, nil
}

func list(shapes []board.Shape) string {
	var names []string
	for _, s := range shapes {
		names = append(names, s.String())
	}
	return strings.Join(names, ", ")
}

// For returns the answers for one goal: a Goal does the work that
// depends only on the goal once, for many boards.
func (v *Solver) For(goal board.Board) (*Goal, error) {
	if !goal.Valid() {
		return nil, errors.New("engine: the goal is not a valid board")
	}
	name, err := v.Engine(goal.Shape())
	if err != nil {
		return nil, err
	}
	if name == Reduce {
		return &Goal{goal: goal, v: v}, nil
	}
	if name == Search && !goal.Small() && (v.shortest && !v.search.largeReady(goal) || !v.shortest && v.search.smallTier(goal)) {
		// Databases built on first use (pdb.Small5s): a board near its
		// goal is answered without them. For the shortest path, as
		// below for smaller boards, where they are still to build (the
		// path is the same either way); for a path not proven shortest,
		// for every board whose bound is at most cheapBound, built or
		// not, so that a board's path does not hang on what the cache
		// holds.
		l, err := search.NewLarge(goal)
		if err != nil {
			return nil, err
		}
		lazy := sync.OnceValues(func() (*search.Large, error) {
			l, _, err := v.search.large(goal)
			return l, err
		})
		g := &Goal{goal: goal, cheap: l, lazyLarge: lazy, solver: v}
		if !v.shortest {
			g.weighted = dbSmall
		}
		return g, nil
	}
	if name == Search && !goal.Small() {
		l, tier, err := v.search.large(goal)
		if err != nil {
			return nil, err
		}
		if v.shortest {
			return &Goal{goal: goal, large: l, solver: v}, nil
		}
		if tier == dbNone {
			return &Goal{goal: goal, v: v}, nil // a goal whose blank no plan fits
		}
		return &Goal{goal: goal, large: l, weighted: tier, solver: v}, nil
	}
	if name == Search && !v.search.ready(goal.Shape(), goal.Blank()) {
		// Databases to build first: a board near its goal is answered
		// sooner without them (cheap), and they are built for the first
		// that is not.
		l, err := search.NewLarge(goal)
		if err != nil {
			return nil, err
		}
		lazy := sync.OnceValues(func() (*search.Problem, error) {
			h, err := v.search.heuristic(goal.Shape(), goal.Blank())
			if err != nil {
				return nil, err
			}
			return search.NewProblem(h, goal)
		})
		return &Goal{goal: goal, cheap: l, lazy: lazy, solver: v}, nil
	}
	if name == Search {
		h, err := v.search.heuristic(goal.Shape(), goal.Blank())
		if err != nil {
			return nil, err
		}
		p, err := search.NewProblem(h, goal)
		if err != nil {
			return nil, err
		}
		return &Goal{goal: goal, p: p, solver: v}, nil
	}
	t, err := v.tables.Solver(goal)
	if err != nil {
		return nil, err
	}
	return &Goal{goal: goal, t: t}, nil
}

// AppendPath appends to dst the letters of a path from start to goal and
// reports true, or returns dst and false when goal cannot be reached from
// start. For boards of up to board.MaxSmall cells the path is the
// lexicographically smallest shortest one (d < l < r < u); for larger
// ones it is not proven shortest (Optimal). The error is for a shape
// that is not supported, or a missing or corrupt table.
func (v *Solver) AppendPath(dst []byte, start, goal board.Board) ([]byte, bool, error) {
	g, err := v.For(goal)
	if err != nil {
		return dst, false, err
	}
	return g.AppendPath(dst, start)
}

// Distance returns the number of moves of a shortest path from start to
// goal, or false when there is none; the error is as for AppendPath.
func (v *Solver) Distance(start, goal board.Board) (int, bool, error) {
	g, err := v.For(goal)
	if err != nil {
		return 0, false, err
	}
	return g.Distance(start)
}

// Table returns the full table for the standard goal of shape s with the
// blank in cell blank, for work that needs every position (test data of
// chosen depths), or an error for a shape answered without one.
func (v *Solver) Table(s board.Shape, blank int) (*table.Table, error) {
	name, err := v.Engine(s)
	if err != nil {
		return nil, err
	}
	if name != Table {
		return nil, fmt.Errorf("engine: %v boards have no full table", s)
	}
	return v.tables.Table(s, blank)
}

// Goal answers boards for one goal.
type Goal struct {
	goal board.Board
	t    *table.Solver   // for a shape with tables
	p    *search.Problem // for a shape that is searched
	// cheap, for a shape that is searched whose databases are to be
	// built first, searches each board with the Manhattan distance and
	// linear conflicts alone, within cheapNodes nodes; lazy builds the
	// databases, once, for a board that takes more.
	cheap *search.Large
	lazy  func() (*search.Problem, error)
	// lazyLarge, for a shape of more than board.MaxSmall cells whose
	// databases are to be built, builds them, once, and returns the
	// search over them (large), for a board cheap does not answer.
	lazyLarge func() (*search.Large, error)
	// large, for a shape of more than board.MaxSmall cells of a Solver
	// that asks for their shortest paths (Shortest), searches them; or,
	// when weighted says which databases bound it, searches 5x5 boards
	// for a path at most largeWeight times the shortest.
	large    *search.Large
	weighted dbTier
	v        *Solver // for a shape of more than board.MaxSmall cells: the endgame of reduce
	// solver, for a shape that is searched, answers the endgame of reduce
	// when a time limit cuts the search (cut).
	solver *Solver
}

// Goal returns the goal g answers for.
func (g *Goal) Goal() board.Board { return g.goal }

// Engine returns the engine that answers for g, for people to read (-v,
// the JSON API): what g can do is asked of g itself (Optimal, Lookups).
func (g *Goal) Engine() Name {
	switch {
	case g == nil:
		return ""
	case g.p != nil, g.large != nil, g.cheap != nil:
		return Search
	case g.v != nil:
		return Reduce
	}
	return Table
}

// Optimal reports whether g's paths are proven shortest, and the
// lexicographically smallest of those, when no time limit cuts their
// search (Stats.Cut).
func (g *Goal) Optimal() bool { return g != nil && g.v == nil && g.weighted == dbNone }

// Stats says what an answer took and gave.
type Stats struct {
	Nodes   int64 // the nodes a search visited, in every iteration; 0 for a lookup
	Bounds  int   // the bounds a search tried
	Optimal bool  // the path is proven shortest, and the lexicographically smallest of those
	Engine  Name  // the engine that answered, for people to read
	// Cut says that a time limit (ctx's deadline) cut the search for the
	// shortest path, and that the path is one found after it: at most
	// search.Weight times as long as the shortest, or, where that search
	// too ran past its nodes, one of reduce.
	Cut bool
}

func (g *Goal) stats(st search.Stats) Stats {
	return Stats{Nodes: st.Nodes, Bounds: st.Bounds, Optimal: g.Optimal(), Engine: g.Engine()}
}

// Solve appends the letters of a path from start to g's goal and reports
// true, or false when there is none, with what it took. For a board of at
// most board.MaxSmall cells the path is the lexicographically smallest
// shortest one (Stats.Optimal); for a larger one it is short but not
// proven shortest, and is held whole in dst: WritePath writes it as it is
// made. A search stops with ctx's error when ctx is done first; a table
// lookup does not look at ctx.
func (g *Goal) Solve(ctx context.Context, dst []byte, start board.Board) ([]byte, bool, Stats, error) {
	if g.zero() {
		return dst, false, Stats{}, errZeroGoal
	}
	switch {
	case g.cheap != nil && g.lazyLarge != nil:
		return g.solveCheapLarge(ctx, dst, start)
	case g.cheap != nil:
		return g.solveCheap(ctx, dst, start)
	case g.large != nil && g.weighted != dbNone:
		return g.solveWeighted(ctx, dst, start, g.large, search.Stats{})
	case g.large != nil:
		return g.solveLarge(ctx, dst, start, g.large, search.Stats{})
	case g.p != nil:
		n := len(dst)
		dst, ok, st, err := g.p.Solve(ctx, dst, start)
		if errors.Is(err, context.DeadlineExceeded) {
			return g.cut(dst[:n], start, st)
		}
		return dst, ok, g.stats(st), err
	case g.v != nil:
		n := len(dst)
		w := appendWriter{dst}
		_, ok, st, err := g.WritePath(ctx, &w, start, nil)
		if err != nil {
			return w.b[:n], false, st, err // not a part of a path
		}
		return w.b, ok, st, err
	}
	dst, ok, err := g.t.AppendPath(dst, start)
	return dst, ok, g.stats(search.Stats{}), err
}

// solveLarge answers start, a board of more than board.MaxSmall cells,
// with its shortest path, searched by l, or, where a time limit (ctx's
// deadline) cuts the search, with a path of reduce; before counts the
// nodes of the searches before it.
func (g *Goal) solveLarge(ctx context.Context, dst []byte, start board.Board, l *search.Large, before search.Stats) ([]byte, bool, Stats, error) {
	n := len(dst)
	dst, ok, st, err := l.Solve(ctx, dst, start, g.solver.progress)
	st.Nodes += before.Nodes
	st.Bounds += before.Bounds
	if errors.Is(err, context.DeadlineExceeded) {
		out := g.stats(st)
		out.Optimal, out.Cut, out.Engine = false, true, Reduce
		dst, ok, err = g.reduced(dst[:n], start)
		return dst, ok, out, err
	}
	return dst, ok, g.stats(st), err
}

// cheapBound is the most moves the Manhattan distance and linear
// conflicts of a 5x5 board may give for it to be searched without
// databases for a path not proven shortest: such a search takes
// milliseconds.
const cheapBound = 40

// solveCheapLarge answers start, a 5x5 board whose goal's databases are
// built on first use: by the search with the Manhattan distance and
// linear conflicts alone where it ends within the cheap nodes (for a
// path not proven shortest, weighted as the first search over the
// databases would be, and tried only where the board's bound is at most
// cheapBound), else by the search over the databases, built now where
// they are not, once for every board of the goal.
func (g *Goal) solveCheapLarge(ctx context.Context, dst []byte, start board.Board) ([]byte, bool, Stats, error) {
	n := len(dst)
	var ok bool
	var st search.Stats
	err := search.ErrBudget
	if g.weighted != dbNone {
		if h, herr := g.cheap.Bound(start); herr == nil && h <= cheapBound {
			w := weightings(g.weighted)[0]
			dst, ok, st, err = g.cheap.SolveWeighted(ctx, dst, start, w.wg, w.wh, g.cheapNodes())
		}
	} else {
		dst, ok, st, err = g.cheap.SolveWithin(ctx, dst, start, g.cheapNodes())
	}
	if errors.Is(err, context.DeadlineExceeded) {
		out := g.stats(st)
		out.Optimal, out.Cut, out.Engine = false, true, Reduce
		dst, ok, err = g.reduced(dst[:n], start)
		return dst, ok, out, err
	}
	if !errors.Is(err, search.ErrBudget) {
		return dst, ok, g.stats(st), err
	}
	l, err := g.lazyLarge()
	if err != nil {
		return dst[:n], false, g.stats(st), err
	}
	if g.weighted != dbNone {
		return g.solveWeighted(ctx, dst[:n], start, l, st)
	}
	return g.solveLarge(ctx, dst[:n], start, l, st)
}

// cheapNodes returns the most nodes of the search of a board without the
// databases its goal needs built.
func (g *Goal) cheapNodes() int64 {
	if g.solver.cheap != 0 {
		return g.solver.cheap
	}
	return cheapNodes
}

// zero reports whether g is not a Goal that Solver.For made.
func (g *Goal) zero() bool {
	return g == nil || (g.t == nil && g.p == nil && g.v == nil && g.large == nil && g.cheap == nil)
}

// cheapNodes is, by default, the most nodes the search of a board whose goal's
// databases are to be built visits without them: a tenth of a second or
// so, against the seconds of a build. A random 4x4 board takes more, and
// waits for the databases; one a few dozen moves from its goal does not.
var cheapNodes int64 = 4 << 20

// solveCheap answers start for a goal whose databases are to be built:
// by the search with the Manhattan distance and linear conflicts alone
// where it ends within cheapNodes nodes, else by the search over the
// databases, built now, once for every board of the goal.
func (g *Goal) solveCheap(ctx context.Context, dst []byte, start board.Board) ([]byte, bool, Stats, error) {
	n := len(dst)
	dst, ok, st, err := g.cheap.SolveWithin(ctx, dst, start, g.cheapNodes())
	if errors.Is(err, context.DeadlineExceeded) {
		return g.cut(dst[:n], start, st)
	}
	if !errors.Is(err, search.ErrBudget) {
		return dst, ok, g.stats(st), err
	}
	p, err := g.lazy()
	if err != nil {
		return dst[:n], false, g.stats(st), err
	}
	dst, ok, more, err := p.Solve(ctx, dst[:n], start)
	st.Nodes += more.Nodes
	st.Bounds += more.Bounds
	if errors.Is(err, context.DeadlineExceeded) {
		return g.cut(dst[:n], start, st)
	}
	return dst, ok, g.stats(st), err
}

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
// a 5x5 board is at most, answered without Shortest, by the first search
// it is given (about 19 boards in 20): with the databases of gentable
// -pdb DIR -shape 5x5 (large true), or with those built on first use.
// Every such path is at most MaxLargeWeight times the shortest.
func LargeWeight(large bool) float64 {
	w := weightings(map[bool]dbTier{true: dbLarge, false: dbSmall}[large])[0]
	return float64(w.wh) / float64(w.wg)
}

// MaxLargeWeight is how many times as long as the shortest path a path
// of a 5x5 board that a search gives is at most, without Shortest: the
// weight of the last search solveWeighted tries before it leaves the
// board to reduce.
const MaxLargeWeight = 2.0

// weightedNodes is the most nodes each search of solveWeighted visits,
// where its weighting allows more: past the last, the board is answered
// by reduce.
var weightedNodes int64 = 200 << 20

// solveWeighted answers start, a 5x5 board, with a path found by weighted
// IDA* over the databases of l, the weightings of g's tier tried in turn
// until one ends within its nodes, or, where the last runs past its
// nodes or a time limit (ctx's deadline) cuts the search, with a path of
// reduce; before counts the nodes of the searches before it.
func (g *Goal) solveWeighted(ctx context.Context, dst []byte, start board.Board, l *search.Large, before search.Stats) ([]byte, bool, Stats, error) {
	n := len(dst)
	st := before
	var ok bool
	var err error
	for _, w := range weightings(g.weighted) {
		var more search.Stats
		dst, ok, more, err = l.SolveWeighted(ctx, dst[:n], start, w.wg, w.wh, min(w.nodes, weightedNodes))
		st.Nodes += more.Nodes
		st.Bounds += more.Bounds
		if !errors.Is(err, search.ErrBudget) {
			break
		}
	}
	out := g.stats(st)
	cut := errors.Is(err, context.DeadlineExceeded)
	if !cut && !errors.Is(err, search.ErrBudget) {
		return dst, ok, out, err
	}
	out.Cut, out.Engine = cut, Reduce
	dst, ok, err = g.reduced(dst[:n], start)
	return dst, ok, out, err
}

// cutNodes is the most nodes the search after a cut one visits: a few
// tenths of a second.
var cutNodes int64 = 4 << 20

// cut answers start when a time limit has cut the search for its shortest
// path, which visited st: never an empty answer for a board that can
// reach the goal. It searches for a path at most search.Weight times the
// shortest within cutNodes nodes, and failing that, places the board's
// lines as a large board's (reduce), which takes a moment.
func (g *Goal) cut(dst []byte, start board.Board, st search.Stats) ([]byte, bool, Stats, error) {
	out := g.stats(st)
	out.Optimal, out.Cut = false, true
	var path []byte
	var ok bool
	var more search.Stats
	var err error
	if g.p != nil {
		path, ok, more, err = g.p.SolveSuboptimal(context.Background(), dst, start, cutNodes)
	} else {
		// No databases built yet: the same weight over the Manhattan
		// distance and linear conflicts.
		path, ok, more, err = g.cheap.SolveWeighted(context.Background(), dst, start, 2, 3, cutNodes) // search.Weight
	}
	out.Nodes += more.Nodes
	out.Bounds += more.Bounds
	if err == nil {
		return path, ok, out, nil
	}
	out.Engine = Reduce
	path, ok, err = g.reduced(dst, start)
	return path, ok, out, err
}

// reduced appends to dst a path of reduce from start to g's goal, the
// board's lines placed with g's Solver as the endgame: the answer of a
// board whose search a time limit or its nodes cut.
func (g *Goal) reduced(dst []byte, start board.Board) ([]byte, bool, error) {
	w := appendWriter{dst}
	_, ok, err := reduce.Solve(context.Background(), &w, start, g.goal, g.solver.endgame(), reduce.Options{})
	return w.b, ok, err
}

// appendWriter appends what is written to b.
type appendWriter struct{ b []byte }

func (w *appendWriter) Write(p []byte) (int, error) {
	w.b = append(w.b, p...)
	return len(p), nil
}

// Progress is told now and then how far a long answer has come: the tiles
// placed of all, and the moves written.
type Progress = reduce.Progress

// WritePath writes to w the letters of the path Solve would give and
// returns its length, or reports false, writing nothing, when start cannot
// reach g's goal. A nil w counts the moves and writes none. A path of a
// large board (billions of moves on a board of a million cells) is written
// as it is made, in memory that grows with the cells alone, and progress,
// when not nil, is told how far it has come. When ctx is done first, what
// was written is a prefix of the path and ctx's error is returned.
func (g *Goal) WritePath(ctx context.Context, w io.Writer, start board.Board, progress Progress) (int64, bool, Stats, error) {
	if g.zero() {
		return 0, false, Stats{}, errZeroGoal
	}
	if g.v == nil {
		var buf [search.MaxPath]byte
		path, ok, st, err := g.Solve(ctx, buf[:0], start)
		if err == nil && ok && w != nil && len(path) > 0 {
			_, err = w.Write(path)
		}
		return int64(len(path)), ok, st, err
	}
	if !start.Valid() || start.Shape() != g.goal.Shape() {
		return 0, false, g.stats(search.Stats{}), nil
	}
	n, ok, err := reduce.Solve(ctx, w, start, g.goal, g.v.endgame(), reduce.Options{Progress: progress})
	return n, ok, g.stats(search.Stats{}), err
}

// Lookups returns the table behind g, for a batch that looks up many
// boards at once (table.Solver.Key and PackedAt), or nil when g answers
// by other means.
func (g *Goal) Lookups() *table.Solver {
	if g == nil {
		return nil
	}
	return g.t
}

// AppendPath appends the letters of a path from start to g's goal and
// reports true, or false when there is none: the lexicographically
// smallest shortest one when g is Optimal, else a short one. The error is
// for a corrupt table.
func (g *Goal) AppendPath(dst []byte, start board.Board) ([]byte, bool, error) {
	dst, ok, _, err := g.Solve(context.Background(), dst, start)
	return dst, ok, err
}

// Bound returns a lower bound on the moves from start to g's goal: for a
// searched shape the search's heuristic, for a table the distance itself,
// for a larger board the tiles' Manhattan distance.
func (g *Goal) Bound(start board.Board) (int, error) {
	if g != nil && g.p != nil {
		return g.p.Bound(start)
	}
	if g != nil && g.large != nil {
		return g.large.Bound(start)
	}
	if g != nil && g.cheap != nil {
		return g.cheap.Bound(start) // the databases may be still to build
	}
	if g != nil && g.v != nil {
		if !start.Valid() || start.Shape() != g.goal.Shape() {
			return 0, fmt.Errorf("engine: %v is not a board of the goal's shape", start)
		}
		if !board.Solvable(start, g.goal) {
			return 0, fmt.Errorf("engine: %v cannot reach %v", start, g.goal)
		}
		return Manhattan(start, g.goal), nil
	}
	d, ok, err := g.Distance(start)
	if err == nil && !ok {
		err = fmt.Errorf("engine: %v cannot reach %v", start, g.goal)
	}
	return d, err
}

// Distance returns the number of moves of a shortest path from start to
// g's goal, or false when there is none. For a board of more than
// board.MaxSmall cells, whose shortest path no engine finds, it is
// ErrNotShortest.
func (g *Goal) Distance(start board.Board) (int, bool, error) {
	if g != nil && g.v != nil {
		return 0, false, ErrNotShortest
	}
	if g != nil && g.cheap != nil && g.weighted != dbNone {
		return 0, false, ErrNotShortest
	}
	if g != nil && (g.p != nil || g.cheap != nil) {
		var buf [search.MaxPath]byte
		path, ok, _, err := g.Solve(context.Background(), buf[:0], start)
		return len(path), ok, err
	}
	if g != nil && g.large != nil {
		if g.weighted != dbNone {
			return 0, false, ErrNotShortest
		}
		path, ok, _, err := g.large.Solve(context.Background(), nil, start, g.solver.progress)
		return len(path), ok, err
	}
	if g == nil || g.t == nil {
		return 0, false, errZeroGoal
	}
	return g.t.Distance(start)
}

var errZeroGoal = errors.New("engine: the Goal has no engine (Solver.For makes Goals)")

// ErrNotShortest is the error of Distance for a board whose shortest path
// is not known: one of more than board.MaxSmall cells, unless the Solver
// asks for them (Shortest).
var ErrNotShortest = errors.New("engine: no shortest path is known for boards of more than 16 cells")

// Manhattan returns the sum over the tiles of start of their distances,
// in rows and columns, from their cells in goal: a lower bound on the
// moves of any path. Boards of two shapes give 0.
func Manhattan(start, goal board.Board) int {
	s := start.Shape()
	if !start.Valid() || s != goal.Shape() {
		return 0
	}
	n := s.Cells()
	home := make([]int32, n)
	for i := range n {
		home[goal.Cell(i)] = int32(i)
	}
	d := 0
	for i := range n {
		if t := start.Cell(i); t != 0 {
			h := int(home[t])
			d += abs(i/s.Cols-h/s.Cols) + abs(i%s.Cols-h%s.Cols)
		}
	}
	return d
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Goals answers boards for any goal, as a judge file of pairs has them:
// each goal is renamed onto the standard goal of its shape with the same
// blank cell (board.Relabel), whose Goal is made once, so that a case
// costs a renaming of nine bytes, not a Goal of its own. A Goals is for
// one goroutine; Solver.For is the way for one goal.
type Goals struct {
	v    *Solver
	std  [board.MaxSmall]*Goal
	last board.Shape // the shape of std and canon
	// canon[b], for a shape answered by tables, is the symmetry of the
	// board that takes blank cell b to the first cell of its kind
	// (corners to 0, edges to 1 on 3x3), or nil where b is that cell:
	// distances need one table of each kind.
	canon [board.MaxSmall]*search.Map
	// pulled[b], where canon[b] is set, is the standard goal of canon[b]'s
	// blank cell pulled back through it: the board whose cell i holds what
	// that goal holds in the cell canon[b] takes i to. A start renamed for
	// a goal with blank b onto pulled[b], then turned, is renamed for that
	// standard goal.
	pulled [board.MaxSmall]board.Board
}

// Goals returns a Goals of v.
func (v *Solver) Goals() *Goals { return &Goals{v: v} }

// For returns the Goal that answers boards renamed for goal (see Solve),
// and the renamed start.
func (m *Goals) For(start, goal board.Board) (*Goal, board.Board, error) {
	if !goal.Valid() {
		return nil, start, errors.New("engine: the goal is not a valid board")
	}
	s := goal.Shape()
	if !s.Small() {
		g, err := m.v.For(goal) // no renaming: a large board has its own Goal
		return g, start, err
	}
	if s != m.last {
		m.reset(s)
	}
	b := goal.Blank()
	g, err := m.stdGoal(s, b)
	if err != nil {
		return nil, start, err
	}
	if start.Shape() != s {
		return g, board.Board{}, nil // answered as unsolvable
	}
	if goal == g.goal {
		return g, start, nil // the standard goal itself: nothing to rename
	}
	return g, board.Rename(start, goal, g.goal), nil // board.Relabel, with the standard goal at hand
}

// stdGoal returns the Goal of the standard goal of shape s with the blank
// in cell b, made once.
func (m *Goals) stdGoal(s board.Shape, b int) (*Goal, error) {
	if g := m.std[b]; g != nil {
		return g, nil
	}
	g, err := m.v.For(s.Goal(b))
	if err != nil {
		return nil, err
	}
	m.std[b] = g
	return g, nil
}

// reset makes m ready for boards of shape s.
func (m *Goals) reset(s board.Shape) {
	m.std, m.canon, m.pulled, m.last = [board.MaxSmall]*Goal{}, [board.MaxSmall]*search.Map{}, [board.MaxSmall]board.Board{}, s
	if name, err := m.v.Engine(s); err != nil || name != Table {
		return
	}
	maps := search.Maps(s, s)
	n := s.Cells()
	for b := range n {
		for k := range maps {
			if c := maps[k].Apply(b); c < b && (m.canon[b] == nil || c < m.canon[b].Apply(b)) {
				m.canon[b] = &maps[k]
			}
		}
		if y := m.canon[b]; y != nil {
			std := s.Goal(y.Apply(b))
			cells := make([]int, n)
			for i := range cells {
				cells[i] = std.Cell(y.Apply(i))
			}
			p, err := board.New(s, cells)
			if err != nil {
				m.canon[b] = nil // cannot be: a symmetry keeps a board a board
				continue
			}
			m.pulled[b] = p
		}
	}
}

// ForDistance is For for a distance alone: on a shape answered by tables
// it first turns or mirrors both boards so that the goal's blank is in the
// first cell of its kind, which keeps the distance, and so needs a third
// of the tables on 3x3, at the cost of turning two boards: it pays for a
// file of pairs, not for one goal. A path of the Goal it returns is not
// one of the pair's (the smallest path changes with the turn); its
// distances are.
func (m *Goals) ForDistance(start, goal board.Board) (*Goal, board.Board, error) {
	if !goal.Shape().Small() {
		return m.For(start, goal) // no tables: nothing to turn
	}
	if goal.Valid() && goal.Shape() != m.last {
		m.reset(goal.Shape())
	}
	if goal.Valid() && start.Shape() == goal.Shape() {
		b := goal.Blank()
		if y := m.canon[b]; y != nil {
			if turned, ok := y.RenamedBoard(start, goal, m.pulled[b]); ok {
				g, err := m.stdGoal(goal.Shape(), y.Apply(b))
				if err != nil {
					return nil, start, err
				}
				return g, turned, nil
			}
		}
	}
	return m.For(start, goal)
}

// Pairs returns the table.Pairs that answers 3x3 pairs written as lines
// as For does (turn false: the paths are the pair's) or as ForDistance
// does (turn true: a third of the tables, for distances alone), or an
// error when no table answers 3x3 boards.
func (m *Goals) Pairs(turn bool) (*table.Pairs, error) {
	s := board.Shape3x3
	if s != m.last {
		m.reset(s)
	}
	var solvers [9]*table.Solver
	var cells [9][9]uint8
	for b := range 9 {
		to := b
		y := m.canon[b]
		if !turn {
			y = nil
		}
		if y != nil {
			to = y.Apply(b)
		}
		g, err := m.stdGoal(s, to)
		if err != nil {
			return nil, err
		}
		if solvers[b] = g.Lookups(); solvers[b] == nil {
			return nil, fmt.Errorf("engine: no table answers %v boards", s)
		}
		for i := range 9 {
			cells[b][i] = uint8(i)
			if y != nil {
				cells[b][i] = uint8(y.Apply(i))
			}
		}
	}
	return table.NewPairs(&solvers, &cells)
}

// Solve is Goal.Solve for the pair start, goal.
func (m *Goals) Solve(ctx context.Context, dst []byte, start, goal board.Board) ([]byte, bool, Stats, error) {
	g, s, err := m.For(start, goal)
	if err != nil {
		return dst, false, Stats{}, err
	}
	return g.Solve(ctx, dst, s)
}

// Distance is Goal.Distance for the pair start, goal. For a file of many
// goals, ForDistance needs fewer tables.
func (m *Goals) Distance(start, goal board.Board) (int, bool, error) {
	g, s, err := m.For(start, goal)
	if err != nil {
		return 0, false, err
	}
	return g.Distance(s)
}
