// Package solver solves sliding puzzles of every size, from the 8-puzzle
// to boards of 999 x 999: the shortest path, proven, up to 16 cells, and
// a short one at once beyond.
//
//	b, err := solver.Parse("1 2 3/4 0 6/7 5 8")
//	sol, err := solver.Solve(ctx, b, solver.BlankLast)
//	fmt.Println(sol.Path, sol.Shortest) // dr true
//
// A path is the moves of the blank (d l r u: down, left, right, up), and
// of the shortest paths it is the lexicographically smallest (d < l < r
// < u), as the judges of the 8-puzzle want it. What a board gets:
//
//   - up to 9 cells (3x3): a lookup in a table compiled into the program,
//     in microseconds;
//   - 10 to 16 cells (4x4, 3x5, ...): a search over pattern databases,
//     milliseconds for most 4x4 boards, seconds for the hardest; those
//     of a goal no stored database fits are built on first use, seconds,
//     and kept in the user cache folder;
//   - 5x5: a path a few tenths longer than the shortest at most, in a
//     fraction of a second, the first use building its databases (about
//     20 seconds, once; kept); the proven shortest on request
//     (Options.Shortest), minutes to hours;
//   - 26 to 49 cells (6x6, 7x7, 5x8, ...): a short path, not proven
//     shortest, by a beam search over the whole board, about a second;
//   - 8x8 and the other boards of 50 to 64 cells whose sides are both 6
//     or more: lines placed down to a part the beam search answers,
//     about 2 seconds;
//   - larger, up to 1,000,000 cells: a short path, never proven shortest:
//     a 100x100 board in under a second once the tables of its last
//     parts are made (a second or two more, once a process);
//     WritePath writes the billions of moves of the largest as they are
//     made.
//
// # Deadlines
//
// Every call that takes a context returns within a moment (a few tens of
// milliseconds) of the context's end, whatever it was doing; a database
// being built goes on being built in the background for the next call.
// What comes back:
//
//   - the context cancelled: its error, and no path;
//   - past its deadline (or Options.TimeLimit), on a board of up to 25
//     cells: a Solution with Cut set and Shortest not, its path found in
//     the moments after the deadline; a search that was cut never says
//     its path is shortest;
//   - past its deadline, on a larger board: the context's error
//     (context.DeadlineExceeded). WritePath has then written a prefix of
//     the path, which is never a whole answer.
//
// A board of up to 9 cells is answered whatever the context: a lookup
// takes microseconds.
//
// The module's other packages (board, engine, search, pdb, table,
// reduce, notation, analyse) are the engines behind this one, for
// programs that need more than it offers.
package solver

import (
	"context"
	"errors"
	"io"
	"sync"
	"time"

	"github.com/slidingpuzzle/solver/analyse"
	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/embedded"
	"github.com/slidingpuzzle/solver/engine"
	"github.com/slidingpuzzle/solver/notation"
	"github.com/slidingpuzzle/solver/pdb"
)

// Options are the settings of a Solver. The zero Options are what most
// programs want.
type Options struct {
	// Shortest asks for the proven shortest path of boards of 17 to 64
	// cells (5x5 to 8x8) too, in place of a short one at once. A random
	// 5x5 board takes minutes to hours, with the databases of gentable
	// -pdb DIR -shape 5x5 (Databases); years without them: give it a
	// deadline.
	Shortest bool
	// TimeLimit, when more than 0, is a deadline on each call, as a
	// context's is (see the package's Deadlines): a search for a
	// shortest path that runs past it gives a path not proven shortest.
	TimeLimit time.Duration
	// Databases is a folder of the large pattern databases gentable
	// -pdb builds (4x4, and with -shape 5x5 the 5x5 ones): faster 4x4
	// searches and 5x5 paths nearer the shortest. "" uses the user's
	// folder of them where it holds them, "none" the compiled-in ones
	// alone.
	Databases string
	// Cache is the folder where the databases built on first use are
	// kept for the next run: "" is the user cache folder's
	// slidingpuzzle/built, "none" keeps them in memory only, for the life
	// of the Solver.
	Cache string
	// Progress, when not nil, is told how the databases built on first
	// use come along, a few times a second while a call waits for them,
	// and once more, with the zero Progress, when they are done.
	Progress func(Progress)
}

// Progress is how far the databases being built on first use have come.
type Progress struct {
	Rows, Cols int   // the shape of the boards they are for
	Databases  int   // how many are being built
	Done       int64 // the placements of their tiles reached so far
	Total      int64 // the placements of their tiles in all
}

// Solver answers boards with the settings of its Options. It is safe for
// use by several goroutines, and keeps what it builds for every later
// call. The zero Solver has the zero Options.
type Solver struct {
	opts Options
	once sync.Once
	eng  *engine.Solver
	err  error
}

// New returns a Solver with the settings of opts. Nothing is read or
// built before the first call that needs it; a folder of opts that
// cannot be used is the error of every call.
func New(opts Options) *Solver { return &Solver{opts: opts} }

// std is the Solver of Solve.
var std Solver

// Solve is Solver.Solve with the zero Options.
func Solve(ctx context.Context, start Board, goal Goal) (Solution, error) {
	return std.Solve(ctx, start, goal)
}

// engine returns the engine of s's settings, made on first use.
func (s *Solver) engine() (*engine.Solver, error) {
	s.once.Do(func() {
		e, err := embedded.Open(s.opts.Databases)
		if err != nil {
			s.err = errors.New("solver: Options.Databases " + s.opts.Databases + ": " + err.Error())
			return
		}
		switch s.opts.Cache {
		case "none":
			e = e.WithCache("")
		case "":
			if d, err := pdb.BuiltDir(); err == nil {
				e = e.WithCache(d)
			} else {
				e = e.WithCache("")
			}
		default:
			e = e.WithCache(s.opts.Cache)
		}
		if p := s.opts.Progress; p != nil {
			e = e.WithProgress(func(b engine.BuildProgress) {
				p(Progress{Rows: b.Shape.Rows, Cols: b.Shape.Cols, Databases: b.Databases, Done: b.Done, Total: b.Total})
			})
		}
		if s.opts.Shortest {
			e = e.WithShortest(nil)
		}
		s.eng = e
	})
	return s.eng, s.err
}

// Solution is a path from a start to its goal, and what it took.
type Solution struct {
	// Path is the moves of the blank from the start to the goal (nil
	// from WritePath, which writes them).
	Path Path
	// Moves is the length of the path.
	Moves int64
	// Shortest says that the path is proven shortest: the
	// lexicographically smallest of the shortest paths (d < l < r < u).
	Shortest bool
	// Cut says that a deadline cut the search for the shortest path, and
	// that the path was found after it.
	Cut bool
	// Engine names what answered, for people to read: "table" (a
	// lookup), "search" (over pattern databases), "beam" (a beam search
	// over the whole board) or "reduce" (lines placed, the last part
	// searched).
	Engine string
	// Nodes is the positions a search visited (0 for a lookup).
	Nodes int64
}

// String returns the path's letters, one a move.
func (s Solution) String() string { return s.Path.String() }

// goal returns the engine's Goal of goal for start, with start checked
// first: the zero Board, a goal of another shape, and a start that
// cannot reach the goal are told before anything is read or built.
func (s *Solver) goal(start Board, goal Goal) (*engine.Goal, error) {
	gb, err := goal.forBoard(start)
	if err != nil {
		return nil, err
	}
	if !board.Solvable(start.b, gb) {
		return nil, ErrUnsolvable
	}
	e, err := s.engine()
	if err != nil {
		return nil, err
	}
	g, err := e.For(gb)
	if err != nil {
		return nil, translate(err)
	}
	return g, nil
}

// limit returns ctx with s's TimeLimit.
func (s *Solver) limit(ctx context.Context) (context.Context, context.CancelFunc) {
	if ctx == nil {
		ctx = context.Background()
	}
	if s.opts.TimeLimit > 0 {
		return context.WithTimeout(ctx, s.opts.TimeLimit)
	}
	return ctx, func() {}
}

// Solve returns a path from start to goal: the proven shortest, the
// lexicographically smallest of those, for a board of up to 16 cells
// (and up to 64 with Options.Shortest); a short one for a larger board.
// A start that cannot reach the goal is ErrUnsolvable, told at once. The
// package's Deadlines say what a context that ends first gives.
func (s *Solver) Solve(ctx context.Context, start Board, goal Goal) (Solution, error) {
	var w moveWriter
	sol, err := s.write(ctx, &w, start, goal)
	if err != nil {
		return Solution{}, err
	}
	sol.Path = w.path
	return sol, nil
}

// WritePath writes the path Solve would give to w in notation n, as it
// is made, with no line end: a board of a million cells, whose path runs
// to billions of moves, in memory that grows with its cells alone. The
// Solution says what it wrote (its Path is nil). When the context ends
// first on a large board, what was written is a prefix of the path, and
// the error says so; a write that fails stops it too.
func (s *Solver) WritePath(ctx context.Context, w io.Writer, start Board, goal Goal, n Notation) (Solution, error) {
	nw := notation.NewWriter(w, n.n)
	sol, err := s.write(ctx, nw, start, goal)
	if cerr := nw.Close(); err == nil && cerr != nil {
		return Solution{}, cerr
	}
	return sol, err
}

// write writes the letters of the path from start to goal to w.
func (s *Solver) write(ctx context.Context, w io.Writer, start Board, goal Goal) (Solution, error) {
	g, err := s.goal(start, goal)
	if err != nil {
		return Solution{}, err
	}
	ctx, cancel := s.limit(ctx)
	defer cancel()
	n, ok, st, err := g.WritePath(ctx, w, start.b, nil)
	if err != nil {
		return Solution{}, translate(err)
	}
	if !ok {
		return Solution{}, ErrUnsolvable // told above; kept for safety
	}
	return Solution{Moves: n, Shortest: st.Optimal, Cut: st.Cut, Engine: string(st.Engine), Nodes: st.Nodes}, nil
}

// moveWriter keeps the letters written to it as a Path.
type moveWriter struct{ path Path }

func (w *moveWriter) Write(p []byte) (int, error) {
	for _, c := range p {
		m, ok := board.ParseMove(c)
		if !ok {
			return 0, errors.New("solver: the engine wrote no move: " + string(c))
		}
		w.path = append(w.path, m)
	}
	return len(p), nil
}

// Distance returns the number of moves of a shortest path from start to
// goal: exact, for a board of up to 16 cells (and up to 64 with
// Options.Shortest); for a larger board it is ErrNotShortest. A context
// that ends first is its error: a cut search tells no distance.
func (s *Solver) Distance(ctx context.Context, start Board, goal Goal) (int, error) {
	g, err := s.goal(start, goal)
	if err != nil {
		return 0, err
	}
	ctx, cancel := s.limit(ctx)
	defer cancel()
	d, _, err := g.DistanceContext(ctx, start.b)
	if err != nil {
		return 0, translate(err)
	}
	return d, nil
}

// translate returns an error of the engine as this package's.
func translate(err error) error {
	switch {
	case errors.Is(err, engine.ErrInvalid):
		return ErrNoBoard
	case errors.Is(err, engine.ErrMismatch):
		return ErrShapes
	case errors.Is(err, engine.ErrNotShortest):
		return ErrNotShortest
	}
	return err
}

// Analysis is a report on a path a player made: the distance from the
// goal before and after each move, the moves that lost ground, and the
// whole against the shortest path.
type Analysis struct {
	Start Board // where the path starts
	Goal  Board // the goal's board
	Path  Path  // the moves, as the blank makes them
	// Exact says that Distances are the lengths of shortest paths
	// (boards of up to 16 cells); else they are the tiles' Manhattan
	// distances from their goals, lower bounds.
	Exact bool
	// Distances holds the distance before each move and, last, after the
	// path: len(Path)+1 numbers.
	Distances []int
	// Lost holds the moves (counted from 0) after which the distance is
	// not one less than before: exactly, a move off every shortest path;
	// by the lower bound, a move that took its tile away from its goal.
	Lost []int
	// Better holds, for each move of Lost, the moves from the same board
	// that keep a shortest path (Exact only).
	Better []Path
	// Shortest is the length of a shortest path from Start (Exact only).
	Shortest int
	// Ours is the length of the path Solve gives from Start, not proven
	// shortest, where Distances are not Exact.
	Ours int
	// Solved says that the path ends on the goal.
	Solved bool
	// Lines counts the path's moves with each run of moves in one
	// direction as one (Path.Lines).
	Lines int

	report *analyse.Report
}

// Analyse reports on path, made from start towards goal. On a board of
// up to 16 cells it searches for the distance of every board on the way;
// a context that ends first is its error. A path with a move off the
// board is ErrOffBoard.
func (s *Solver) Analyse(ctx context.Context, start Board, goal Goal, path Path) (*Analysis, error) {
	gb, err := goal.forBoard(start)
	if err != nil {
		return nil, err
	}
	e, err := s.engine()
	if err != nil {
		return nil, err
	}
	ctx, cancel := s.limit(ctx)
	defer cancel()
	r, err := analyse.Analyse(ctx, e, start.b, gb, []board.Move(path))
	if errors.Is(err, analyse.ErrMove) {
		return nil, errors.Join(ErrOffBoard, err)
	}
	if err != nil {
		return nil, translate(err)
	}
	a := &Analysis{
		Start: Board{r.Start}, Goal: Board{r.Goal}, Path: Path(r.Path),
		Exact: r.Exact, Distances: r.Distances, Lost: r.Lost,
		Shortest: r.Shortest, Ours: r.Ours, Solved: r.Solved, Lines: r.Lines,
		report: r,
	}
	for _, b := range r.Better {
		a.Better = append(a.Better, Path(b))
	}
	return a, nil
}

// WriteText writes the analysis for a person to read, its moves in
// notation n: a line a move, with the distances and what was lost, then
// the totals.
func (a *Analysis) WriteText(w io.Writer, n Notation) error {
	if a == nil || a.report == nil {
		return errors.New("solver: an Analysis that Analyse did not make")
	}
	return a.report.WriteText(w, n.n)
}
