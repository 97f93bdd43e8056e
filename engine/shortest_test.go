package engine_test

import (
	"context"
	"math/rand/v2"
	"sync/atomic"
	"testing"
	"time"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/embedded"
	"github.com/slidingpuzzle/solver/engine"
	"github.com/slidingpuzzle/solver/internal/slow"
)

// TestShortest: a Solver that asks for the shortest paths of boards of
// more than 16 cells (Shortest) searches them, says so (Engine, Optimal,
// Stats), and gives the path of a plain IDA* with the Manhattan distance,
// for the standard goal and a snail one; a board past 8x8 is still
// reduced; a time limit that cuts the search answers the board by
// reduce, marked cut and not optimal; progress is told.
func TestShortest(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 5))
	var told atomic.Int64
	v := embedded.Solver().Shortest(func(bound int, nodes int64, done bool) { told.Add(1) })
	for _, s := range []board.Shape{{Rows: 5, Cols: 5}, {Rows: 3, Cols: 7}} {
		if name, err := v.Engine(s); err != nil || name != engine.Search || !v.Optimal(s) {
			t.Fatalf("%v: engine %q, %v, optimal %v; want search, optimal", s, name, err, v.Optimal(s))
		}
		if name, _ := embedded.Solver().Engine(s); name != engine.Reduce {
			t.Fatalf("%v without Shortest: engine %q, want reduce", s, name)
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
	if nilSolver.Shortest(nil) != nil {
		t.Error("the nil Solver made a Solver")
	}
	if _, err := (&engine.Solver{}).Shortest(nil).For(goal); err == nil {
		t.Error("the zero Solver, asked for shortest paths, made a Goal")
	}
}
