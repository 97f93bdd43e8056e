package engine_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync/atomic"
	"testing"
	"time"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/embedded"
	"github.com/slidingpuzzle/solver/engine"
	"github.com/slidingpuzzle/solver/internal/slow"
	"github.com/slidingpuzzle/solver/internal/testcache"
)

// cacheDir is the cache folder the tests of every package share
// (internal/testcache), so that the databases built on first use
// (pdb.Small5s, seconds) are built once.
var cacheDir = testcache.Dir()

// TestShortest: a Solver that asks for the shortest paths of boards of
// more than 16 cells (WithShortest) searches them, says so (Engine, Optimal,
// Stats), and gives the path of a plain IDA* with the Manhattan distance,
// for the standard goal and a snail one; a board past 8x8 is still
// reduced; a time limit that cuts the search answers the board by
// reduce, marked cut and not optimal; progress is told.
func TestShortest(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 5))
	var told atomic.Int64
	v := embedded.Solver().WithCache(cacheDir).WithShortest(func(bound int, nodes int64, done bool) { told.Add(1) })
	for _, s := range []board.Shape{{Rows: 5, Cols: 5}, {Rows: 3, Cols: 7}} {
		if name, err := v.Engine(s); err != nil || name != engine.Search || !v.Optimal(s) {
			t.Fatalf("%v: engine %q, %v, optimal %v; want search, optimal", s, name, err, v.Optimal(s))
		}
		if name, _ := embedded.Solver().Engine(s); (name == engine.Search) != (s.Rows == 5 && s.Cols == 5) || embedded.Solver().Optimal(s) {
			t.Fatalf("%v without Shortest: engine %q, optimal %v; want search (5x5) or reduce, not optimal", s, name, embedded.Solver().Optimal(s))
		}
		for _, named := range []string{"blank-last", "snail"} {
			gb, _ := s.Named(named)
			goal := slow.Grid{Rows: s.Rows, Cols: s.Cols}
			var cells []byte
			for i := range s.Cells() {
				cells = append(cells, byte(gb.Cell(i)))
			}
			goal.Cells = string(cells)
			start := slow.Walk(goal, 30+rng.IntN(6), rng.IntN)
			want := slow.IDAStar(start, goal)
			g, err := v.For(gb)
			if err != nil {
				t.Fatal(err)
			}
			b := toBoard(t, start)
			got, ok, st, err := g.Solve(context.Background(), nil, b)
			if err != nil || !ok || string(got) != want || !st.Optimal || st.Engine != engine.Search || st.Nodes == 0 || !g.Optimal() {
				t.Fatalf("%v %s to %s: %q %v %v %+v; want %q, optimal, by search", s, start.Text(), named, got, ok, err, st, want)
			}
			if d, ok, err := g.Distance(b); d != len(want) || !ok || err != nil {
				t.Fatalf("%v %s: distance %d %v %v; want %d", s, start.Text(), d, ok, err, len(want))
			}
		}
	}
	if name, _ := v.Engine(board.Shape{Rows: 9, Cols: 9}); name != engine.Reduce {
		t.Errorf("9x9 with Shortest: engine %q, want reduce (past search.MaxLargeCells)", name)
	}
	// A board no search finishes, cut by a time limit.
	s := board.Shape{Rows: 5, Cols: 5}
	goal := s.Goal(24)
	g, err := v.For(goal)
	if err != nil {
		t.Fatal(err)
	}
	hard := board.MustParse(s, "24 23 22 21 20 19 18 17 16 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1 0")
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	path, ok, st, err := g.Solve(ctx, nil, hard)
	cancel()
	moves, perr := board.ParsePath(string(path))
	end := hard
	if err != nil || !ok || perr != nil || end.Apply(moves) != len(moves) || !board.Equal(end, goal) {
		t.Fatalf("cut: %q %v %v: no path to the goal", path, ok, err)
	}
	if !st.Cut || st.Optimal || st.Engine != engine.Reduce || st.Nodes == 0 {
		t.Errorf("cut: %+v; want cut, not optimal, by reduce, nodes counted", st)
	}
	if told.Load() == 0 {
		t.Errorf("no progress told in 300 ms of search")
	}
	// The nil and the zero Solver, asked for shortest paths, answer
	// nothing, with an error, and do not panic.
	var nilSolver *engine.Solver
	if nilSolver.WithShortest(nil) != nil {
		t.Error("the nil Solver made a Solver")
	}
	if _, err := (&engine.Solver{}).WithShortest(nil).For(goal); err == nil {
		t.Error("the zero Solver, asked for shortest paths, made a Goal")
	}
}

// TestWeighted: a 5x5 board is answered, without Shortest, by weighted
// IDA* over the databases built on first use, whatever its goal (the
// blank in a cell of each kind, and the snail): a path to the goal at
// most LargeWeight(false) times the shortest where the first search
// answers, at most MaxLargeWeight times in any case, said not to be
// proven shortest; past its nodes, by reduce.
func TestWeighted(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 8))
	v := engine.WithCheapNodes(embedded.Solver().WithCache(cacheDir), 1) // the databases, however near the goal
	s := board.Shape{Rows: 5, Cols: 5}
	snail, _ := s.Named("snail")
	var ratio float64 // of the paths to the shortest, in all
	blanks := []int{0, 4, 20, 24, 1, 2, 6, 7, 12, 18, 22, -1}
	for _, blank := range blanks {
		gb := snail
		if blank >= 0 {
			gb = s.Goal(blank)
		}
		g, err := v.For(gb)
		if err != nil {
			t.Fatal(err)
		}
		goal := slow.Grid{Rows: 5, Cols: 5}
		var cells []byte
		for i := range 25 {
			cells = append(cells, byte(gb.Cell(i)))
		}
		goal.Cells = string(cells)
		start := slow.Walk(goal, 40+rng.IntN(10), rng.IntN)
		shortest := len(slow.IDAStar(start, goal))
		b := toBoard(t, start)
		path, ok, st, err := g.Solve(context.Background(), nil, b)
		moves, perr := board.ParsePath(string(path))
		end := b
		if err != nil || !ok || perr != nil || end.Apply(moves) != len(moves) || !board.Equal(end, gb) {
			t.Fatalf("blank %d, %s: %q %v %v: no path to the goal", blank, start.Text(), path, ok, err)
		}
		w := engine.LargeWeight(false)
		if st.Nodes > 5<<20 { // perhaps past the first search's nodes
			w = engine.MaxLargeWeight
		}
		if float64(len(moves)) > w*float64(shortest) || st.Optimal || g.Optimal() || st.Engine != engine.Search || st.Nodes == 0 {
			t.Errorf("blank %d: %d moves (shortest %d), %+v; want at most %v times, by search, not optimal", blank, len(moves), shortest, st, w)
		}
		ratio += float64(len(moves)) / float64(max(shortest, 1))
		if _, _, err := g.Distance(b); !errors.Is(err, engine.ErrNotShortest) {
			t.Errorf("blank %d: Distance: %v, want ErrNotShortest", blank, err)
		}
		old := engine.SetWeightedNodes(1)
		path, ok, st, err = g.Solve(context.Background(), nil, b)
		engine.SetWeightedNodes(old)
		moves, perr = board.ParsePath(string(path))
		end = b
		if err != nil || !ok || perr != nil || end.Apply(moves) != len(moves) || !board.Equal(end, gb) || st.Engine != engine.Reduce || st.Optimal {
			t.Errorf("blank %d, past its nodes: %q %v %v %+v; want a path by reduce", blank, path, ok, err, st)
		}
	}
	if mean := ratio / float64(len(blanks)); mean > 1.2 {
		t.Errorf("the paths are %.3f times the shortest on average; want at most 1.2", mean)
	}
}
