package engine_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/embedded"
	"github.com/slidingpuzzle/solver/engine"
	"github.com/slidingpuzzle/solver/internal/slow"
	"github.com/slidingpuzzle/solver/pdb"
)

func toBoard(t *testing.T, g slow.Grid) board.Board {
	t.Helper()
	b, err := board.New(board.Shape{Rows: g.Rows, Cols: g.Cols}, []byte(g.Cells))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestSearchShapes holds the search of every shape of 10 to 16 cells to a
// plain IDA* with Manhattan distance written apart from it, on boards a
// random walk from goals of every blank cell: the same path, exactly.
func TestSearchShapes(t *testing.T) {
	// Every other board has the databases its goal needs built, however
	// near the goal: the search over them is held to the plain one too.
	solvers := []*engine.Solver{embedded.Solver(), engine.WithCheapNodes(embedded.Solver(), 1)}
	for n := 10; n <= 16; n++ {
		for _, s := range board.Shapes(n) {
			t.Run(s.String(), func(t *testing.T) {
				t.Parallel()
				rng := rand.New(rand.NewPCG(10, uint64(16*s.Rows+s.Cols)))
				walks := 3
				if testing.Short() {
					walks = 1
				}
				for k := range walks {
					// The standard goal, then goals with the blank in
					// other cells, some of which no plan reaches.
					goal := slow.Goal(s.Rows, s.Cols)
					if k > 0 {
						cells := []byte(goal.Cells)
						rng.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
						goal.Cells = string(cells)
					}
					start := slow.Walk(goal, 30+rng.IntN(8), rng.IntN)
					want := slow.IDAStar(start, goal)
					got, ok, err := solvers[k%2].AppendPath(nil, toBoard(t, start), toBoard(t, goal))
					if err != nil || !ok || string(got) != want {
						t.Errorf("%s to %s: got %q, %v, %v; want %q", start.Text(), goal.Text(), got, ok, err, want)
					}
				}
			})
		}
	}
}

// TestSearch2x5 answers 2x5 boards spread over the whole space against a
// breadth-first search of all 1,814,400 positions.
func TestSearch2x5(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("a breadth-first search of 1.8M positions")
	}
	goal := slow.Goal(2, 5)
	dist := slow.GridDistances(goal)
	rng := rand.New(rand.NewPCG(2, 5))
	solver := embedded.Solver()
	deepest := 0
	for k := range 60 {
		cells := []byte(goal.Cells)
		rng.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
		start := slow.Grid{Rows: 2, Cols: 5, Cells: string(cells)}
		want, reach := slow.GridPath(dist, start)
		got, ok, err := solver.AppendPath(nil, toBoard(t, start), toBoard(t, goal))
		if err != nil || ok != reach || string(got) != want {
			t.Fatalf("case %d, %s: got %q, %v, %v; want %q, %v", k, start.Text(), got, ok, err, want, reach)
		}
		deepest = max(deepest, len(want))
	}
	t.Logf("deepest %d moves", deepest)
}

// TestKorf solves the first of Korf's 100 instances, with his goal: the
// blank top left. Their optimal lengths are published.
func TestKorf(t *testing.T) {
	s4 := board.Shape{Rows: 4, Cols: 4}
	goal, _ := board.Parse(s4, "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15")
	g, err := embedded.Solver().For(goal)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		board string
		moves int
	}{
		{"14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", 57},
		{"13 5 4 10 9 12 8 14 2 3 7 1 0 15 11 6", 55},
		{"14 7 8 2 13 11 10 4 9 12 5 0 3 6 1 15", 59},
		{"5 12 10 7 15 11 14 0 8 2 1 13 3 4 9 6", 56},
		{"4 7 14 13 10 3 9 12 11 5 6 15 1 2 8 0", 56},
		{"14 7 1 9 12 3 6 15 8 11 2 5 10 0 4 13", 52},
	} {
		start, err := board.Parse(s4, c.board)
		if err != nil {
			t.Fatal(err)
		}
		path, ok, st, err := g.Solve(context.Background(), nil, start)
		moves, _ := board.ParsePath(string(path))
		end := start
		if err != nil || !ok || len(path) != c.moves || end.Apply(moves) != len(moves) || end != goal {
			t.Errorf("%s: %q (%d moves), %v, %v; want %d moves to the goal", c.board, path, len(path), ok, err, c.moves)
		}
		t.Logf("%s: %d moves, %d nodes", c.board, len(path), st.Nodes)
	}
}

// TestCancel stops a long search with its context.
func TestCancel(t *testing.T) {
	s4 := board.Shape{Rows: 4, Cols: 4}
	start, _ := board.Parse(s4, "15 11 8 12 14 10 9 13 2 6 1 4 3 7 5 0")
	goal, _ := board.Parse(s4, "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15")
	g, err := embedded.Solver().For(goal)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, ok, _, err := g.Solve(ctx, nil, start); ok || err != context.Canceled {
		t.Errorf("got %v, %v; want context.Canceled", ok, err)
	}
	_ = fmt.Sprint
}

// TestBounds samples the heuristic of every searched shape: never above
// the true distance (admissible), on boards a random walk from the
// standard goal. (A database holds the least value over the regions of
// free cells the blank may be in, so a move that joins or splits regions
// may change the bound by more than one; pdb's tests hold consistency
// where it must hold.)
func TestBounds(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 7))
	solver := embedded.Solver()
	for n := 10; n <= 16; n++ {
		for _, s := range board.Shapes(n) {
			goal := slow.Goal(s.Rows, s.Cols)
			g, err := solver.For(toBoard(t, goal))
			if err != nil {
				t.Fatal(err)
			}
			for range 20 {
				start := slow.Walk(goal, 10+rng.IntN(20), rng.IntN)
				h, err := g.Bound(toBoard(t, start))
				if err != nil {
					t.Fatal(err)
				}
				if d := len(slow.IDAStar(start, goal)); h > d {
					t.Errorf("%v %s: bound %d over the distance %d", s, start.Text(), h, d)
				}
			}
		}
	}
}

// TestCache solves for a goal whose databases are built on first use,
// with a cache folder: the next Solver reads them from there, and one that
// finds a spoilt file there builds it again and still answers right.
func TestCache(t *testing.T) {
	dir := t.TempDir()
	s4 := board.Shape{Rows: 3, Cols: 4}
	goal, _ := board.Parse(s4, "1 2 3 4 5 0 6 7 8 9 10 11") // the blank in cell 5: no plan reaches it
	start, _ := board.Parse(s4, "1 2 3 4 0 5 6 7 8 9 10 11")
	want := "r"
	kept := map[string]time.Time{}
	for round, spoil := range []bool{false, false, true} {
		if spoil {
			names, _ := filepath.Glob(filepath.Join(dir, "*.pdb"))
			for _, n := range names {
				data, _ := os.ReadFile(n)
				data[len(data)-2] ^= 0x55
				os.WriteFile(n, data, 0o644)
			}
		}
		solver := engine.WithCheapNodes(embedded.Solver().WithCache(dir), 1) // build, however near the goal
		path, ok, err := solver.AppendPath(nil, start, goal)
		if err != nil || !ok || string(path) != want {
			t.Fatalf("round %d: %q, %v, %v; want %q", round, path, ok, err, want)
		}
		names, _ := filepath.Glob(filepath.Join(dir, "*.pdb"))
		if len(names) == 0 {
			t.Fatalf("round %d: nothing kept in the cache", round)
		}
		for _, n := range names {
			st, _ := os.Stat(n)
			data, _ := os.ReadFile(n)
			if _, err := pdb.Decode(data, true); err != nil {
				t.Errorf("round %d: %s: %v", round, n, err)
			}
			if round == 1 && !st.ModTime().Equal(kept[n]) {
				t.Errorf("round 1: %s was built again, not read from the cache", n)
			}
			kept[n] = st.ModTime()
		}
	}
}

// TestCheapFirst: for a goal whose databases are to be built (no plan
// reaches its blank cell), a board near the goal is answered by the
// search with the Manhattan distance and linear conflicts, with nothing
// built; a board that takes that search past its nodes has the databases
// built, once, and kept. Either way the path is the one a plain IDA*
// finds.
func TestCheapFirst(t *testing.T) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(4, 4))
	for _, s := range []board.Shape{{Rows: 4, Cols: 4}, {Rows: 3, Cols: 5}} {
		goal := slow.Goal(s.Rows, s.Cols)
		cells := []byte(goal.Cells)
		last := len(cells) - 1
		cells[last], cells[s.Cols+1] = cells[s.Cols+1], cells[last] // the blank inside: no plan reaches it
		goal.Cells = string(cells)
		for k, budget := range []int64{0, 200} { // the default, and few
			rec := engine.Record(false)
			solver := engine.WithCheapNodes(embedded.Solver().WithCache(dir), budget)
			g, err := solver.For(toBoard(t, goal))
			if err != nil {
				t.Fatal(err)
			}
			start := slow.Walk(goal, 50+rng.IntN(10), rng.IntN)
			want := slow.IDAStar(start, goal)
			got, ok, st, err := g.Solve(context.Background(), nil, toBoard(t, start))
			rec.Stop()
			notes, _ := rec.Counts()
			if err != nil || !ok || string(got) != want || !st.Optimal || st.Engine != engine.Search {
				t.Errorf("%v %s: got %q, %v, %+v, %v; want %q, optimal, by search", s, start.Text(), got, ok, st, err, want)
			}
			names, _ := filepath.Glob(filepath.Join(dir, "*.pdb"))
			switch {
			case k == 0 && (notes != 0 || len(names) != 0):
				t.Errorf("%v %s: %d builds, %d files kept, for a board the cheap search answers in %d nodes", s, start.Text(), notes, len(names), st.Nodes)
			case k == 1 && st.Nodes > budget && (notes == 0 || len(names) == 0):
				t.Errorf("%v %s: %d nodes past the cheap search's %d, and nothing built", s, start.Text(), st.Nodes, budget)
			}
			for _, n := range names {
				os.Remove(n)
			}
		}
	}
	// A 5x5 board near a goal whose databases are not built (the snail's,
	// in a cache of its own) is answered without them, by a weighted
	// search as the databases' would be.
	s := board.Shape{Rows: 5, Cols: 5}
	snail, _ := s.Named("snail")
	rec := engine.Record(false)
	g, err := embedded.Solver().WithCache(t.TempDir()).For(snail)
	if err != nil {
		t.Fatal(err)
	}
	goal := slow.Grid{Rows: 5, Cols: 5}
	var cells []byte
	for i := range 25 {
		cells = append(cells, byte(snail.Cell(i)))
	}
	goal.Cells = string(cells)
	start := slow.Walk(goal, 40, rng.IntN)
	shortest := len(slow.IDAStar(start, goal))
	b := toBoard(t, start)
	got, ok, st, err := g.Solve(context.Background(), nil, b)
	rec.Stop()
	notes, _ := rec.Counts()
	moves, perr := board.ParsePath(string(got))
	if err != nil || !ok || perr != nil || b.Apply(moves) != len(moves) || !board.Equal(b, snail) {
		t.Fatalf("5x5 %s: %q, %v, %v: no path to the goal", start.Text(), got, ok, err)
	}
	if notes != 0 || st.Optimal || st.Engine != engine.Search || float64(len(moves)) > engine.LargeWeight(false)*float64(shortest) {
		t.Errorf("5x5 %s: %d moves (shortest %d), %+v, %d builds; want at most %v times, by search, not optimal, nothing built", start.Text(), len(moves), shortest, st, notes, engine.LargeWeight(false))
	}
}
