package engine_test

import (
	"context"
	"testing"
	"time"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/embedded"
	"github.com/slidingpuzzle/solver/engine"
	"github.com/slidingpuzzle/solver/search"
)

// TestCut: where a time limit cuts the search for a shortest path, the
// board is still answered, marked as cut and not optimal: by a search for
// a path at most search.Weight times the shortest, or, where that too runs
// past its nodes, by reduce. A cancelled search is not answered.
func TestCut(t *testing.T) {
	s := board.Shape{Rows: 4, Cols: 4}
	goal := s.Goal(0)
	g, err := embedded.Solver().For(goal)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		board  string
		moves  int // the shortest
		budget int64
		engine engine.Name
	}{
		{"15 14 8 12 10 11 9 13 2 6 5 1 3 7 4 0", 80, 4 << 20, engine.Search},
		{"15 11 13 12 14 10 8 9 7 2 5 1 3 6 4 0", 80, 4 << 20, engine.Search},
		{"14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", 57, 1, engine.Reduce},
	} {
		old := engine.SetCutNodes(c.budget)
		b := board.MustParse(s, c.board)
		ctx, cancel := context.WithTimeout(context.Background(), time.Nanosecond)
		path, ok, st, err := g.Solve(ctx, nil, b)
		cancel()
		engine.SetCutNodes(old)
		moves, perr := board.ParsePath(string(path))
		end := b
		if err != nil || !ok || perr != nil || end.Apply(moves) != len(moves) || end != goal {
			t.Fatalf("%s: %q %v %v: no path to the goal", c.board, path, ok, err)
		}
		if !st.Cut || st.Optimal || st.Engine != c.engine {
			t.Errorf("%s: %+v, want cut, not optimal, by %s", c.board, st, c.engine)
		}
		if c.engine == engine.Search && float64(len(moves)) > search.Weight*float64(c.moves) {
			t.Errorf("%s: %d moves, over %v times the shortest %d", c.board, len(moves), search.Weight, c.moves)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, ok, _, err := g.Solve(ctx, nil, board.MustParse(s, "15 14 8 12 10 11 9 13 2 6 5 1 3 7 4 0")); ok || err != context.Canceled {
		t.Errorf("a cancelled search: %v, %v; want no path and context.Canceled", ok, err)
	}
}
