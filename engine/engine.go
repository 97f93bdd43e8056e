// Package engine is the one way in below the module's front door: a
// Solver answers a board of any shape, for any goal, and chooses inside,
// once for each goal, which engine answers, the way regexp chooses its
// matcher behind one Regexp. Callers (the front door, the batch runner,
// the judge, the web server, the commands) hold a Solver and ask it for
// what they need (a lookup for a batch, a path written as it is made,
// whether the path is proven shortest), never which engine it is.
//
// Boards of up to 16 cells get the lexicographically smallest shortest
// path (d < l < r < u). Shapes of at most nine cells are answered from
// full tables of optimal moves (package table): a lookup, no search.
// Shapes of 10 to 16 cells are answered by iterative-deepening A*
// (package search) over additive pattern databases (package pdb): of the
// given sets, the best that fits the goal, and for a blank cell no stored
// plan fits, databases built on first use. Larger boards, up to
// board.MaxCells cells, get a short path that is not proven shortest:
// 5x5 boards by weighted IDA* over pattern databases, larger ones by
// package reduce (their outer rows and columns placed, the last part
// searched), written as it is made; a Solver made by WithShortest searches
// those of up to search.MaxLargeCells cells for their shortest path
// instead (search.Large), which may take very long.
//
// # Deadlines
//
// Every call that takes a context returns within a moment of the
// context's end (a few tens of milliseconds), whatever it was doing. A
// database being built on first use goes on being built in the
// background, and the next call that needs it finds it made. What comes
// back depends on how the context ended:
//
//   - Cancelled: the context's error, and no path (a path being
//     written, WritePath, stops where it is: a prefix, never a whole
//     answer).
//   - Past its deadline, on a board of at most 25 cells: a path that is
//     not proven shortest (Stats.Cut, Stats.Optimal false), found after
//     the deadline within a few tens of milliseconds: by a weighted
//     search where one ends in that time, else by placing the board's
//     lines down to a part a table answers. A shortest path is never
//     claimed for a search that was cut.
//   - Past its deadline, on a larger board: the context's error, as for
//     a cancelled one.
//
// A lookup in a table takes microseconds and does not look at the
// context.
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
// for use by several goroutines. The zero Solver has no tables and
// answers every board with an error; New makes Solvers.
type Solver struct {
	tables *table.Set
	dbs    *databases
	// shortest asks for the shortest paths of boards of more than
	// board.MaxSmall cells (WithShortest), searchProgress is told how their
	// search goes.
	shortest       bool
	searchProgress search.LargeProgress
	// buildProgress is told how the databases built on first use go
	// while a call waits for them.
	buildProgress func(BuildProgress)
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
	return &Solver{tables: tables, dbs: newDatabases(dbs, "")}
}

// like returns a Solver of v's tables, databases and settings.
func (v *Solver) like() *Solver {
	return &Solver{tables: v.tables, dbs: v.dbs, shortest: v.shortest, searchProgress: v.searchProgress, buildProgress: v.buildProgress, cheap: v.cheap}
}

// WithCache returns a Solver of the same tables and databases that keeps
// in the folder dir what it builds on first use, and reads it from there
// the next time: the databases of goals whose blank cell no stored plan
// reaches, and of 5x5 boards, a search of seconds, and the fast lookups
// a batch builds from a table (table.Set.WithCache), milliseconds a goal.
// A file there that fails its checksum is built again. What v built
// itself is not carried over: the new Solver reads it from dir.
func (v *Solver) WithCache(dir string) *Solver {
	if v == nil || v.dbs == nil {
		return v
	}
	c := v.like()
	c.tables, c.dbs = v.tables.WithCache(dir), newDatabases(v.dbs.sets, dir)
	return c
}

// WithShortest returns a Solver of the same tables and databases that
// answers boards of more than board.MaxSmall cells, up to
// search.MaxLargeCells (8x8), with their lexicographically smallest
// shortest path, searched by IDA* with the Manhattan distance and linear
// conflicts (search.Large), and on 5x5 over pattern databases, in place
// of a short path found at once. Such a search may take very long: hours
// a few dozen moves past what a board of its size takes in seconds,
// years for a random 5x5 board without the databases of gentable -pdb DIR
// -shape 5x5. It stops with its context (see the package's Deadlines).
// progress, when not nil, is told the bound and the nodes of each such
// search now and then.
func (v *Solver) WithShortest(progress search.LargeProgress) *Solver {
	if v == nil {
		return nil
	}
	c := v.like()
	c.shortest, c.searchProgress = true, progress
	return c
}

// WithProgress returns a Solver of the same tables and databases whose
// calls, while they wait for pattern databases being built on first use
// (seconds for those of 5x5 boards, or of a goal no stored plan fits),
// tell progress how far the builds have come, a few times a second, and
// once more, with the zero BuildProgress, when they are done: for a
// command to say why the first answer waits.
func (v *Solver) WithProgress(progress func(BuildProgress)) *Solver {
	if v == nil {
		return nil
	}
	c := v.like()
	c.buildProgress = progress
	return c
}

// Building returns how far the pattern databases being built on first
// use have come, or false when none is being built.
func (v *Solver) Building() (BuildProgress, bool) {
	if v == nil || v.dbs == nil {
		return BuildProgress{}, false
	}
	return v.dbs.progress()
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
		e := v.like()
		e.shortest, e.searchProgress = false, nil
		v.end = e
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
	Search Name = "search" // IDA* over pattern databases, or weighted IDA* on 5x5
	Beam   Name = "beam"   // 26 to 49 cells (6x6, 7x7, 5x8, ...): a beam search over the whole board; not proven shortest
	Reduce Name = "reduce" // larger boards: lines placed, the last part searched (on boards of up to 64 cells, a part of 26 to 49 by the beam search); not proven shortest
)

// Engine returns the engine that answers boards of shape s, or an error
// that names the shapes that are supported.
func (v *Solver) Engine(s board.Shape) (Name, error) {
	if v == nil || v.tables == nil || v.dbs == nil {
		return "", errNoEngines
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
		if len(v.dbs.sets) == 0 {
			return "", &shapeError{fmt.Sprintf("%v boards are answered by reducing them to a board of 5x5, 4x4, 3x5 or 2x7 cells, searched over pattern databases, and the Solver has none; the supported shapes are %s", s, list(shapes))}
		}
		switch {
		case v.shortest && s.Cells() <= search.MaxLargeCells || s == pdb.Small5.Shape:
			return Search, nil
		case beamWidth(s) > 0:
			return Beam, nil
		}
		return Reduce, nil
	}
	if s.Cells() >= MinSearch && len(v.dbs.sets) > 0 {
		return Search, nil
	}
	return "", &shapeError{fmt.Sprintf("%v boards are not supported; the supported shapes are %s", s, list(shapes))}
}

var errNoEngines = errors.New("engine: the Solver has no engines (make it with New)")

// Instant reports whether boards of shape s are answered by a lookup,
// with nothing to search: no time limit, cancellation or core of their
// own is worth setting up for them.
func (v *Solver) Instant(s board.Shape) bool {
	name, err := v.Engine(s)
	return err == nil && name == Table
}

// Optimal reports whether the paths v gives for boards of shape s are
// proven shortest (and the lexicographically smallest of those) when no
// deadline cuts their search: true for shapes of up to board.MaxSmall
// cells it answers, and for those of up to search.MaxLargeCells of a
// Solver made by WithShortest.
func (v *Solver) Optimal(s board.Shape) bool {
	name, err := v.Engine(s)
	return err == nil && (name == Table || name == Search && (s.Small() || v.shortest))
}

// The errors of boards that cannot be answered, matched with errors.Is:
// each is a fault of the boards, not of the Solver, and none is "cannot
// reach the goal", which is a false ok with no error.
var (
	// ErrShape is the error of a board of a shape no engine answers.
	ErrShape = errors.New("engine: shape not supported")
	// ErrInvalid is the error of a board that is not one: the zero
	// board.Board.
	ErrInvalid = errors.New("engine: not a board (the zero board.Board)")
	// ErrMismatch is the error of a start and a goal of different
	// shapes.
	ErrMismatch = errors.New("engine: the start and the goal are boards of different shapes")
	// ErrNotShortest is the error of Distance for a board whose shortest
	// path is not known: one of more than board.MaxSmall cells, unless
	// the Solver asks for them (WithShortest).
	ErrNotShortest = errors.New("engine: no shortest path is known for boards of more than 16 cells without Shortest")
)

type shapeError struct{ msg string }

func (e *shapeError) Error() string        { return e.msg }
func (e *shapeError) Is(target error) bool { return target == ErrShape }

// Shapes returns the shapes v answers with shortest paths, smallest
// first. Every other R x C shape of at most board.MaxCells cells is
// answered too, with paths not proven shortest.
func (v *Solver) Shapes() ([]board.Shape, error) {
	if v == nil || v.tables == nil || v.dbs == nil {
		return nil, errNoEngines
	}
	shapes, err := v.tables.Shapes()
	if err != nil || len(v.dbs.sets) == 0 {
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

// For returns the answers for one goal: a Goal chooses, once, how its
// boards are answered (which engine, which databases), and does the work
// that depends only on the goal once, for many boards. It reads the
// databases that are there to read; those to build are built when a
// board first needs them.
func (v *Solver) For(goal board.Board) (*Goal, error) {
	if !goal.Valid() {
		return nil, fmt.Errorf("%w: the goal", ErrInvalid)
	}
	name, err := v.Engine(goal.Shape())
	if err != nil {
		return nil, err
	}
	how, err := v.choose(name, goal)
	if err != nil {
		return nil, err
	}
	return &Goal{goal: goal, how: how}, nil
}

// AppendPath appends to dst the letters of a path from start to goal and
// reports true, or returns dst and false when goal cannot be reached from
// start. For boards of up to board.MaxSmall cells the path is the
// lexicographically smallest shortest one (d < l < r < u); for larger
// ones it is not proven shortest (Optimal). The error is for boards that
// cannot be answered (ErrShape, ErrInvalid, ErrMismatch), or a missing
// or corrupt table.
func (v *Solver) AppendPath(dst []byte, start, goal board.Board) ([]byte, bool, error) {
	g, err := v.For(goal)
	if err != nil {
		return dst, false, err
	}
	return g.AppendPath(dst, start)
}

// Distance returns the number of moves of a shortest path from start to
// goal, or false when there is none; the error is as for AppendPath, or
// ErrNotShortest.
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

// Goal answers boards for one goal, by the one way For chose for it. The
// zero Goal answers nothing, with an error.
type Goal struct {
	goal board.Board
	how  strategy
}

// Goal returns the goal g answers for.
func (g *Goal) Goal() board.Board {
	if g == nil {
		return board.Board{}
	}
	return g.goal
}

// Engine returns the engine that answers for g, for people to read (-v,
// the JSON API): what g can do is asked of g itself (Optimal, Lookups).
func (g *Goal) Engine() Name {
	if g == nil || g.how == nil {
		return ""
	}
	return g.how.name()
}

// Optimal reports whether g's paths are proven shortest, and the
// lexicographically smallest of those, when no deadline cuts their
// search (Stats.Cut).
func (g *Goal) Optimal() bool { return g != nil && g.how != nil && g.how.exact() }

// Lookups returns the table behind g, for a batch that looks up many
// boards at once (table.Goal.Key and PackedAt), or nil when g answers
// by other means.
func (g *Goal) Lookups() *table.Goal {
	if g == nil {
		return nil
	}
	if l, ok := g.how.(*lookup); ok {
		return l.t
	}
	return nil
}

// Stats says what an answer took and gave.
type Stats struct {
	Nodes   int64 // the nodes a search visited, in every iteration; 0 for a lookup
	Bounds  int   // the bounds a search tried
	Optimal bool  // the path is proven shortest, and the lexicographically smallest of those
	Engine  Name  // the engine that answered, for people to read
	// Cut says that the context's deadline cut the search, and that the
	// path is one found after it, in a few tens of milliseconds: not
	// proven shortest.
	Cut bool
}

var errZeroGoal = errors.New("engine: the Goal has no engine (Solver.For makes Goals)")

// check returns why start cannot be answered for g's goal, before any
// search or build: the zero Goal, the zero Board, or a board of another
// shape.
func (g *Goal) check(start board.Board) error {
	switch {
	case g == nil || g.how == nil:
		return errZeroGoal
	case !start.Valid():
		return ErrInvalid
	case start.Shape() != g.goal.Shape():
		return fmt.Errorf("%w: %v and %v", ErrMismatch, start.Shape(), g.goal.Shape())
	}
	return nil
}

// Solve appends the letters of a path from start to g's goal and reports
// true, or false when there is none, with what it took. For a board of at
// most board.MaxSmall cells the path is the lexicographically smallest
// shortest one (Stats.Optimal); for a larger one it is short but not
// proven shortest (unless the Solver was made by WithShortest), and is held
// whole in dst: WritePath writes it as it is made. Whether start can
// reach the goal is told before any search, and any build. When ctx ends
// first, the package's Deadlines say what comes back; on an error dst
// holds no part of a path.
func (g *Goal) Solve(ctx context.Context, dst []byte, start board.Board) ([]byte, bool, Stats, error) {
	if err := g.check(start); err != nil {
		return dst, false, Stats{}, err
	}
	if _, lookup := g.how.(*lookup); !lookup && !board.Solvable(start, g.goal) {
		// A table says so itself, as fast; a search or a build would
		// take long to find out.
		return dst, false, Stats{Engine: g.how.name()}, nil
	}
	if ctx == nil {
		ctx = context.Background()
	}
	n := len(dst)
	path, ok, st, err := g.how.solve(ctx, dst, start)
	if err != nil {
		st.Optimal = false
		return dst[:n], false, st, err
	}
	return path, ok, st, nil
}

// AppendPath is Solve with no context: the lexicographically smallest
// shortest path when g is Optimal, else a short one.
func (g *Goal) AppendPath(dst []byte, start board.Board) ([]byte, bool, error) {
	dst, ok, _, err := g.Solve(context.Background(), dst, start)
	return dst, ok, err
}

// Progress is told now and then how far a long answer has come: the tiles
// placed of all, and the moves written.
type Progress = reduce.Progress

// WritePath writes to w the letters of the path Solve would give and
// returns its length, or reports false, writing nothing, when start cannot
// reach g's goal. A nil w counts the moves and writes none. A path of a
// large board (billions of moves on a board of a million cells) is written
// as it is made, in memory that grows with the cells alone, and progress,
// when not nil, is told how far it has come. When ctx ends first, what
// was written is a prefix of the path and ctx's error is returned (or,
// for a board of at most 25 cells past its deadline, a whole path not
// proven shortest, as Solve gives).
func (g *Goal) WritePath(ctx context.Context, w io.Writer, start board.Board, progress Progress) (int64, bool, Stats, error) {
	if err := g.check(start); err != nil {
		return 0, false, Stats{}, err
	}
	if ctx == nil {
		ctx = context.Background()
	}
	if r, ok := g.how.(*reducer); ok {
		return r.write(ctx, w, start, progress)
	}
	var buf [search.MaxLargePath]byte
	path, ok, st, err := g.Solve(ctx, buf[:0], start)
	if err == nil && ok && w != nil && len(path) > 0 {
		_, err = w.Write(path)
	}
	return int64(len(path)), ok, st, err
}

// Bound returns a lower bound on the moves from start to g's goal: for a
// searched shape the search's heuristic, for a table the distance itself,
// for a larger board the tiles' Manhattan distance. It is an error for a
// board that cannot reach the goal.
func (g *Goal) Bound(start board.Board) (int, error) {
	if err := g.check(start); err != nil {
		return 0, err
	}
	if !board.Solvable(start, g.goal) {
		return 0, fmt.Errorf("engine: %v cannot reach %v", start, g.goal)
	}
	return g.how.bound(start)
}

// Distance returns the number of moves of a shortest path from start to
// g's goal, or false when there is none. For a board whose shortest path
// g does not search for (one of more than board.MaxSmall cells, unless
// the Solver was made by WithShortest) it is ErrNotShortest.
func (g *Goal) Distance(start board.Board) (int, bool, error) {
	return g.DistanceContext(context.Background(), start)
}

// DistanceContext is Distance under a context: when ctx ends before the
// shortest path is found, it is ctx's error (a path found after a
// deadline is not proven shortest, and tells no distance).
func (g *Goal) DistanceContext(ctx context.Context, start board.Board) (int, bool, error) {
	if err := g.check(start); err != nil {
		return 0, false, err
	}
	if !g.how.exact() {
		return 0, false, ErrNotShortest
	}
	if l, ok := g.how.(*lookup); ok {
		return l.t.Distance(start)
	}
	var buf [search.MaxLargePath]byte
	path, ok, st, err := g.Solve(ctx, buf[:0], start)
	if err == nil && st.Cut {
		err = ctx.Err()
	}
	if err != nil {
		return 0, false, err
	}
	return len(path), ok, nil
}

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

// appendWriter appends what is written to b.
type appendWriter struct{ b []byte }

func (w *appendWriter) Write(p []byte) (int, error) {
	w.b = append(w.b, p...)
	return len(p), nil
}
