package engine_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/embedded"
	"github.com/slidingpuzzle/solver/engine"
	"github.com/slidingpuzzle/solver/internal/slow"
	"github.com/slidingpuzzle/solver/pdb"
)

// randomBoard returns a board of shape s, uniform over those that reach
// goal.
func randomBoard(t *testing.T, s board.Shape, goal board.Board, rng *rand.Rand) board.Board {
	t.Helper()
	cells := rng.Perm(s.Cells())
	b, err := board.New(s, cells)
	if err != nil {
		t.Fatal(err)
	}
	if !board.Solvable(b, goal) {
		b = board.Flip(b)
	}
	return b
}

// reaches reports whether path (letters) takes start to goal.
func reaches(start, goal board.Board, path []byte) bool {
	moves, err := board.ParsePath(string(path))
	return err == nil && start.Apply(moves) == len(moves) && board.Equal(start, goal)
}

// A tier is a kind of board a Goal answers in its own way.
type tier struct {
	name        string
	g           *engine.Goal
	start, goal board.Board
	lookup      bool // a table: answered whatever the context
	large       bool // more than 25 cells: a deadline is an error
}

// TestDeadline holds every tier to the package's Deadlines: a cancelled
// context is its error, with no path; past its deadline a board of at
// most 25 cells is answered with a path not proven shortest (Stats.Cut),
// a larger one with the context's error; a table answers whatever the
// context. Databases being built on first use are not waited for: the
// builds are held for the whole test, and every call returns all the
// same (the test would hang otherwise). How late each call returned is
// logged, not asserted.
func TestDeadline(t *testing.T) {
	rng := rand.New(rand.NewPCG(39, 2))
	rec := engine.Record(true) // every build waits until the test ends
	defer rec.Stop()
	defer rec.Abandon()
	fresh := embedded.Solver().WithCache(t.TempDir())
	var tiers []tier
	add := func(name string, v *engine.Solver, goal, start board.Board, lookup, large bool) {
		g, err := v.For(goal)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		tiers = append(tiers, tier{name, g, start, goal, lookup, large})
	}
	s3 := board.Shape3x3
	add("table", fresh, s3.Goal(8), board.MustParse(s3, "8 6 7 2 5 4 3 0 1"), true, false)
	s4 := board.Shape{Rows: 4, Cols: 4}
	add("4x4 search", fresh, s4.Goal(0), board.MustParse(s4, "15 14 8 12 10 11 9 13 2 6 5 1 3 7 4 0"), false, false)
	inside := board.MustParse(s4, "1 2 3 4 5 0 6 7 8 9 10 11 12 13 14 15") // no plan reaches its blank
	add("4x4 databases to build", engine.WithCheapNodes(fresh, 1), inside, randomBoard(t, s4, inside, rng), false, false)
	s5 := board.Shape{Rows: 5, Cols: 5}
	snail, _ := s5.Named(board.Snail)
	add("5x5 weighted, databases to build", fresh, snail, randomBoard(t, s5, snail, rng), false, false)
	add("5x5 shortest, databases to build", fresh.WithShortest(nil), s5.Goal(24), randomBoard(t, s5, s5.Goal(24), rng), false, false)
	s100 := board.Shape{Rows: 100, Cols: 100}
	add("100x100 reduce", fresh, s100.Goal(9999), randomBoard(t, s100, s100.Goal(9999), rng), false, true)

	for _, c := range tiers {
		for _, wait := range []time.Duration{0, 30 * time.Millisecond} {
			// Cancelled.
			ctx, cancel := context.WithCancel(context.Background())
			if wait == 0 {
				cancel()
			} else {
				time.AfterFunc(wait, cancel)
			}
			t0 := time.Now()
			path, ok, st, err := c.g.Solve(ctx, nil, c.start)
			late := time.Since(t0) - wait
			cancel()
			switch {
			case c.lookup:
				if err != nil || !ok || !st.Optimal || !reaches(c.start, c.goal, path) {
					t.Errorf("%s, cancelled after %v: %q %v %+v %v; want the table's path", c.name, wait, path, ok, st, err)
				}
			case !errors.Is(err, context.Canceled) || ok || len(path) != 0 || st.Optimal:
				t.Errorf("%s, cancelled after %v: %q %v %+v %v; want no path, context.Canceled", c.name, wait, path, ok, st, err)
			}
			t.Logf("%s, cancelled after %v: returned %v later", c.name, wait, late.Round(time.Millisecond))

			// Past its deadline.
			ctx, cancel = context.WithTimeout(context.Background(), wait)
			t0 = time.Now()
			path, ok, st, err = c.g.Solve(ctx, nil, c.start)
			late = time.Since(t0) - wait
			cancel()
			switch {
			case c.lookup:
				if err != nil || !ok || !st.Optimal || st.Cut || !reaches(c.start, c.goal, path) {
					t.Errorf("%s, %v deadline: %q %v %+v %v; want the table's path", c.name, wait, path, ok, st, err)
				}
			case c.large:
				if !errors.Is(err, context.DeadlineExceeded) || ok || len(path) != 0 {
					t.Errorf("%s, %v deadline: %d moves %v %+v %v; want no path, context.DeadlineExceeded", c.name, wait, len(path), ok, st, err)
				}
			default:
				if err != nil || !ok || !st.Cut || st.Optimal || !reaches(c.start, c.goal, path) {
					t.Errorf("%s, %v deadline: %q %v %+v %v; want a path, cut, not optimal", c.name, wait, path, ok, st, err)
				}
				// A cut search tells no distance.
				dctx, dcancel := context.WithTimeout(context.Background(), wait)
				if _, _, err := c.g.DistanceContext(dctx, c.start); c.g.Optimal() && !errors.Is(err, context.DeadlineExceeded) {
					t.Errorf("%s, %v deadline: DistanceContext: %v, want context.DeadlineExceeded", c.name, wait, err)
				}
				dcancel()
			}
			t.Logf("%s, %v deadline: %d moves, %+v, returned %v past it", c.name, wait, len(path), st, late.Round(time.Millisecond))
		}
	}
	// The large board's path, being written, stops where it is.
	c := tiers[len(tiers)-1]
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	var w countWriter
	n, ok, _, err := c.g.WritePath(ctx, &w, c.start, nil)
	if !errors.Is(err, context.DeadlineExceeded) || ok || n != w.n {
		t.Errorf("%s, WritePath past its deadline: %d moves (%d written), %v, %v; want a prefix and context.DeadlineExceeded", c.name, n, w.n, ok, err)
	}
	if built, _ := rec.Counts(); built == 0 {
		t.Error("no build was begun: the test tried no board that waits for one")
	}
}

type countWriter struct{ n int64 }

func (w *countWriter) Write(p []byte) (int, error) {
	w.n += int64(len(p))
	return len(p), nil
}

// TestHeldBuildKept: a build that a caller's deadline left goes on, and
// the next caller finds it made: each database is built once.
func TestHeldBuildKept(t *testing.T) {
	rec := engine.Record(true)
	defer rec.Stop()
	s := board.Shape{Rows: 3, Cols: 4}
	goal := board.MustParse(s, "1 2 3 4 5 0 6 7 8 9 10 11") // no plan reaches its blank: built on first use
	v := engine.WithCheapNodes(embedded.Solver().WithCache(""), 1)
	g, err := v.For(goal)
	if err != nil {
		t.Fatal(err)
	}
	start := toBoard(t, slow.Walk(slow.Grid{Rows: 3, Cols: 4, Cells: "\x01\x02\x03\x04\x05\x00\x06\x07\x08\x09\x0a\x0b"}, 40, rand.New(rand.NewPCG(1, 2)).IntN))
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	_, ok, st, err := g.Solve(ctx, nil, start)
	cancel()
	if err != nil || !ok || !st.Cut {
		t.Fatalf("with the build held: %v %+v %v; want a cut path", ok, st, err)
	}
	if built, _ := rec.Counts(); built == 0 {
		t.Fatal("no build begun")
	}
	rec.Release()
	path, ok, st, err := g.Solve(context.Background(), nil, start)
	if want := slow.IDAStar(fromBoard(start), slow.Grid{Rows: 3, Cols: 4, Cells: "\x01\x02\x03\x04\x05\x00\x06\x07\x08\x09\x0a\x0b"}); err != nil || !ok || !st.Optimal || string(path) != want {
		t.Fatalf("after the build: %q %v %+v %v; want %q, optimal", path, ok, st, err, want)
	}
	seen := map[string]bool{}
	for _, p := range rec.Builds() {
		if name := pdb.FileName(p); seen[name] {
			t.Errorf("%s built twice", name)
		} else {
			seen[name] = true
		}
	}
}

// fromBoard returns b as a slow.Grid.
func fromBoard(b board.Board) slow.Grid {
	s := b.Shape()
	cells := make([]byte, s.Cells())
	for i := range cells {
		cells[i] = byte(b.Cell(i))
	}
	return slow.Grid{Rows: s.Rows, Cols: s.Cols, Cells: string(cells)}
}

// TestChecksFirst: boards that cannot reach the goal are told so before
// any database is made or any search run, on 5x5 and 100x100; boards
// that cannot be answered are errors of their own kind, never "cannot
// reach the goal".
func TestChecksFirst(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	rec := engine.Record(true)
	defer rec.Stop()
	defer rec.Abandon()
	v := embedded.Solver().WithCache(t.TempDir())
	for _, s := range []board.Shape{{Rows: 5, Cols: 5}, {Rows: 100, Cols: 100}} {
		goal := s.Goal(s.Cells() - 1)
		b := randomBoard(t, s, goal, rng)
		cells := b.Cells()
		i, j := 0, 1
		if cells[i] == 0 || cells[j] == 0 {
			i, j = 2, 3
		}
		cells[i], cells[j] = cells[j], cells[i]
		odd, _ := board.New(s, cells)
		for _, w := range []*engine.Solver{v, v.WithShortest(nil)} {
			g, err := w.For(goal)
			if err != nil {
				t.Fatal(err)
			}
			path, ok, _, err := g.Solve(context.Background(), nil, odd)
			if err != nil || ok || len(path) != 0 {
				t.Errorf("%v, unsolvable: %q %v %v; want no path, no error", s, path, ok, err)
			}
			if n, ok, _, err := g.WritePath(context.Background(), nil, odd, nil); err != nil || ok || n != 0 {
				t.Errorf("%v, unsolvable, WritePath: %d %v %v; want nothing, no error", s, n, ok, err)
			}
		}
	}
	if built, made := rec.Counts(); built != 0 || made != 0 {
		t.Errorf("%d databases built, %d made, for boards that cannot reach their goal", built, made)
	}

	s3, s4 := board.Shape3x3, board.Shape{Rows: 4, Cols: 4}
	for _, c := range []struct {
		name        string
		start, goal board.Board
		want        error
	}{
		{"4x4 start, 3x3 goal", s4.Goal(15), s3.Goal(8), engine.ErrMismatch},
		{"5x5 start, 4x4 goal", board.Shape{Rows: 5, Cols: 5}.Goal(24), s4.Goal(15), engine.ErrMismatch},
		{"zero start", board.Board{}, s3.Goal(8), engine.ErrInvalid},
		{"zero goal", s3.Goal(8), board.Board{}, engine.ErrInvalid},
		{"zero both", board.Board{}, board.Board{}, engine.ErrInvalid},
	} {
		path, ok, err := v.AppendPath(nil, c.start, c.goal)
		if !errors.Is(err, c.want) || ok || len(path) != 0 {
			t.Errorf("%s: %q %v %v; want %v", c.name, path, ok, err, c.want)
		}
		if _, _, err := v.Distance(c.start, c.goal); !errors.Is(err, c.want) {
			t.Errorf("%s: Distance: %v; want %v", c.name, err, c.want)
		}
	}
	for _, g := range []*engine.Goal{nil, {}} {
		if _, ok, _, err := g.Solve(context.Background(), nil, s3.Goal(8)); err == nil || ok {
			t.Errorf("%#v.Solve: %v %v; want an error", g, ok, err)
		}
		if _, err := g.Bound(s3.Goal(8)); err == nil {
			t.Errorf("%#v.Bound: no error", g)
		}
		if _, _, _, err := g.WritePath(context.Background(), nil, s3.Goal(8), nil); err == nil {
			t.Errorf("%#v.WritePath: no error", g)
		}
		if g.Optimal() || g.Engine() != "" || g.Lookups() != nil || g.Goal().Valid() {
			t.Errorf("%#v: says it answers something", g)
		}
	}
}

// TestCacheOnce: the databases a Solver makes on first use (5x5 ones,
// read from the tests' cache folder or built there) are made once for
// the Solver, whatever it answers between: a board of 10 to 16 cells
// whose databases are built, then another Goal of the first 5x5 goal.
func TestCacheOnce(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	v := engine.WithCheapNodes(embedded.Solver().WithCache(cacheDir), 1)
	s5 := board.Shape{Rows: 5, Cols: 5}
	goal := s5.Goal(24)
	rec := engine.Record(false)
	defer rec.Stop()
	solve := func(goal, start board.Board) {
		t.Helper()
		g, err := v.For(goal)
		if err != nil {
			t.Fatal(err)
		}
		if path, ok, _, err := g.Solve(context.Background(), nil, start); err != nil || !ok || !reaches(start, goal, path) {
			t.Fatalf("%v to %v: %q %v %v", start, goal, path, ok, err)
		}
	}
	solve(goal, randomBoard(t, s5, goal, rng))
	_, first := rec.Counts()
	if first == 0 {
		t.Fatal("no 5x5 database made for the first 5x5 board")
	}
	s4 := board.Shape{Rows: 3, Cols: 4}
	inside := board.MustParse(s4, "1 2 3 4 5 0 6 7 8 9 10 11")
	solve(inside, randomBoard(t, s4, inside, rng))
	_, between := rec.Counts()
	solve(goal, randomBoard(t, s5, goal, rng))
	if _, made := rec.Counts(); made != between {
		t.Errorf("%d databases made for the first 5x5 board, %d after a 3x4 board, %d after the next 5x5 board: the first ones were made again", first, between, made)
	}
}
