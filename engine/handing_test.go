package engine_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/engine"
	"github.com/slidingpuzzle/solver/internal/testcache"
)

// TestHanding holds which boards whose lines are placed hand a part to
// the beam search (boards of at most 64 cells, both sides at least 6),
// and which parts, and answers a board of each shape that does, for each
// named goal in turn: the path reaches the goal and is not called
// shortest.
func TestHanding(t *testing.T) {
	for _, c := range []struct {
		s     board.Shape
		hands []board.Shape // parts handed
		keeps []board.Shape // parts placed on
	}{
		{board.Shape{Rows: 8, Cols: 8}, []board.Shape{{Rows: 7, Cols: 7}, {Rows: 7, Cols: 6}, {Rows: 6, Cols: 6}}, []board.Shape{{Rows: 8, Cols: 8}, {Rows: 7, Cols: 8}, {Rows: 5, Cols: 5}, {Rows: 3, Cols: 9}}},
		{board.Shape{Rows: 7, Cols: 8}, []board.Shape{{Rows: 7, Cols: 7}}, nil},
		{board.Shape{Rows: 6, Cols: 10}, []board.Shape{{Rows: 6, Cols: 8}, {Rows: 4, Cols: 12}}, []board.Shape{{Rows: 6, Cols: 9}}},
		{board.Shape{Rows: 10, Cols: 10}, nil, nil},
		{board.Shape{Rows: 4, Cols: 16}, nil, nil},
		{board.Shape{Rows: 3, Cols: 20}, nil, nil},
		{board.Shape{Rows: 6, Cols: 6}, nil, nil}, // the beam's, whole
	} {
		hand, width := engine.Handing(c.s)
		if (hand == nil) != (c.hands == nil) || (width > 0) != (c.hands != nil) {
			t.Errorf("%v: Hand %v, Width %d; want a Hand and a Width: %v", c.s, hand != nil, width, c.hands != nil)
			continue
		}
		for _, p := range c.hands {
			if !hand(p) {
				t.Errorf("%v: a %v part is not handed", c.s, p)
			}
		}
		for _, p := range c.keeps {
			if hand(p) {
				t.Errorf("%v: a %v part is handed", c.s, p)
			}
		}
	}

	if testing.Short() {
		return
	}
	rng := rand.New(rand.NewPCG(40, 8))
	v := testcache.Solver()
	for i, s := range []board.Shape{{Rows: 8, Cols: 8}, {Rows: 9, Cols: 6}} {
		goal, _ := s.Named(board.GoalNames[i%len(board.GoalNames)])
		start := board.Random(rng, goal)
		g, err := v.For(goal)
		if err != nil {
			t.Fatal(err)
		}
		path, ok, st, err := g.Solve(context.Background(), nil, start)
		if err != nil || !ok {
			t.Fatalf("%v: ok %v, %v", start, ok, err)
		}
		moves, err := board.ParsePath(string(path))
		b := start
		if err != nil || b.Apply(moves) != len(moves) || !board.Equal(b, goal) {
			t.Errorf("%v to %v: the path does not reach the goal (%v)", start, goal, err)
		}
		if st.Optimal || st.Engine != engine.Reduce {
			t.Errorf("%v: %+v; want the engine reduce, not shortest", start, st)
		}
		t.Logf("%v: %d moves, %.2f times the Manhattan distance", s, len(moves), float64(len(moves))/float64(engine.Manhattan(start, goal)))
	}
}
