package search_test

import (
	"context"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/embedded"
	"github.com/slidingpuzzle/solver/search"
)

// TestParallel holds the search whose iterations are shared among the
// cores to the search on one core: the same path, the lexicographically
// smallest of the shortest, on 4x4 boards of random walks and Korf's
// first instances, for goals with the blank in a corner and inside, and a
// cancelled search stops.
func TestParallel(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		runtime.GOMAXPROCS(2)
		defer runtime.GOMAXPROCS(1)
	}
	s := board.Shape{Rows: 4, Cols: 4}
	rng := rand.New(rand.NewPCG(6, 6))
	type c struct{ start, goal board.Board }
	var cases []c
	for _, blank := range []int{0, 15, 5} {
		goal := s.Goal(blank)
		for range 6 {
			b := goal
			for range 30 + rng.IntN(40) {
				b.Move(board.Move(rng.IntN(board.NumMoves)))
			}
			cases = append(cases, c{b, goal})
		}
	}
	for _, k := range []string{"14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", "13 5 4 10 9 12 8 14 2 3 7 1 0 15 11 6"} {
		cases = append(cases, c{board.MustParse(s, k), s.Goal(0)})
	}
	if testing.Short() {
		cases = cases[:len(cases)-2] // Korf's take seconds
	}
	// The tasks taken in turn, and backwards: the path is the first
	// task's in the search's own order either way.
	backwards := func(n int) func(int64) int64 { return func(k int64) int64 { return int64(n) - 1 - k } }
	for _, order := range []func(int) func(int64) int64{nil, backwards} {
		search.SetTaskOrder(order)
		for _, cs := range cases {
			g, err := embedded.Solver().For(cs.goal)
			if err != nil {
				t.Fatal(err)
			}
			old := search.SetParallelFrom(1 << 62)
			want, _, _, err1 := g.Solve(context.Background(), nil, cs.start)
			search.SetParallelFrom(0)
			got, ok, _, err2 := g.Solve(context.Background(), nil, cs.start)
			search.SetParallelFrom(old)
			if err1 != nil || err2 != nil || !ok || string(got) != string(want) {
				t.Fatalf("%v to %v: on every core %q (%v %v), on one %q", cs.start, cs.goal, got, ok, err2, want)
			}
		}
	}
	search.SetTaskOrder(nil)
	old := search.SetParallelFrom(0)
	defer search.SetParallelFrom(old)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	g, _ := embedded.Solver().For(s.Goal(0))
	if _, ok, _, err := g.Solve(ctx, nil, board.MustParse(s, "15 14 8 12 10 11 9 13 2 6 5 1 3 7 4 0")); ok || err != context.Canceled {
		t.Errorf("cancelled: %v %v", ok, err)
	}
}
