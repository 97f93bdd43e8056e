package search_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/internal/slow"
	"github.com/slidingpuzzle/solver/search"
)

// slowBeam is the beam search written plainly: every child's bound
// counted from scratch (the Manhattan distance and each line's
// conflicts, by brute force over the line's pairs of tiles), the
// children of a depth sorted by bound with the order they were made kept
// for ties, a child that is a state of the depth before or made twice
// dropped, the first child that is the goal ending the search; where 60
// depths pass with no state of a bound less than before, the path to the
// state of least bound met, and false.
func slowBeam(start, goal board.Board, width int) (string, bool) {
	type state struct {
		b    board.Board
		last int
		path string
	}
	key := func(b board.Board) string { return b.String() }
	cur := []state{{start, -1, ""}}
	var before []state
	if board.Equal(start, goal) {
		return "", true
	}
	bestH, bestDepth, bestPath := plainBound(start, goal), -1, ""
	for depth := range search.MaxLargePath {
		if depth-bestDepth > 60 {
			break // the beam stalls: the path to the best state met
		}
		type child struct {
			state
			h int
		}
		var children []child
		for _, s := range cur {
			for m := range board.NumMoves {
				if m == 3-s.last {
					continue
				}
				b := s.b
				if !b.Move(board.Move(m)) {
					continue
				}
				children = append(children, child{state{b, m, s.path + string(board.Letters[m])}, plainBound(b, goal)})
			}
		}
		slices.SortStableFunc(children, func(a, b child) int { return a.h - b.h })
		seen := map[string]bool{}
		for _, s := range before {
			seen[key(s.b)] = true
		}
		var next []state
		for _, c := range children {
			if len(next) == width {
				break
			}
			if seen[key(c.b)] {
				continue
			}
			seen[key(c.b)] = true
			next = append(next, c.state)
			if board.Equal(c.b, goal) {
				return c.path, true
			}
		}
		if len(next) == 0 {
			break
		}
		if h := plainBound(next[0].b, goal); h < bestH {
			bestH, bestDepth, bestPath = h, depth, next[0].path
		}
		before, cur = cur, next
	}
	return bestPath, false
}

// plainBound is the Manhattan distance of b from goal, and twice, in
// each line, the tiles whose goal is in it that must leave it for the
// others to be in order (the line's length less its longest run of
// tiles in order, found by trying every subset).
func plainBound(b, goal board.Board) int {
	s := b.Shape()
	home := map[int]int{}
	for c := range s.Cells() {
		home[goal.Cell(c)] = c
	}
	h := 0
	for c := range s.Cells() {
		if t := b.Cell(c); t != 0 {
			g := home[t]
			h += abs(c/s.Cols-g/s.Cols) + abs(c%s.Cols-g%s.Cols)
		}
	}
	lines := func(rows bool) {
		outer, inner := s.Rows, s.Cols
		if !rows {
			outer, inner = s.Cols, s.Rows
		}
		for o := range outer {
			var seq []int // the goals' places along the line
			for i := range inner {
				c := o*s.Cols + i
				if !rows {
					c = i*s.Cols + o
				}
				t := b.Cell(c)
				if t == 0 {
					continue
				}
				g := home[t]
				if rows && g/s.Cols == o {
					seq = append(seq, g%s.Cols)
				} else if !rows && g%s.Cols == o {
					seq = append(seq, g/s.Cols)
				}
			}
			best := 0
			for mask := range 1 << len(seq) {
				last, n, ok := -1, 0, true
				for i, v := range seq {
					if mask>>i&1 == 1 {
						ok = ok && v > last
						last = v
						n++
					}
				}
				if ok {
					best = max(best, n)
				}
			}
			h += 2 * (len(seq) - best)
		}
	}
	lines(true)
	lines(false)
	return h
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// TestBeamAgainstSlow holds the beam search to slowBeam: the same path,
// exactly, on random walks and uniform random boards of shapes from 3x3
// to 6x6, for goals with the blank in any cell, at widths from 1 to 200;
// every path replayed to the goal.
func TestBeamAgainstSlow(t *testing.T) {
	rng := rand.New(rand.NewPCG(40, 2))
	for _, s := range []board.Shape{{Rows: 3, Cols: 3}, {Rows: 2, Cols: 5}, {Rows: 4, Cols: 4}, {Rows: 3, Cols: 6}, {Rows: 5, Cols: 5}, {Rows: 4, Cols: 7}, {Rows: 6, Cols: 6}} {
		for k := range 6 {
			goal := s.Goal(rng.IntN(s.Cells()))
			var start board.Board
			if k%2 == 0 {
				g := slow.Grid{Rows: s.Rows, Cols: s.Cols}
				var cells []byte
				for i := range s.Cells() {
					cells = append(cells, byte(goal.Cell(i)))
				}
				g.Cells = string(cells)
				w := slow.Walk(g, 20+rng.IntN(60), rng.IntN)
				start, _ = board.New(s, []byte(w.Cells))
			} else {
				start, _ = board.New(s, rng.Perm(s.Cells()))
				if !board.Solvable(start, goal) {
					start = board.Flip(start)
				}
			}
			width := []int{1, 7, 50, 200}[k%4]
			if s.Cells() > 16 && k%2 == 1 {
				width = 40 // a uniform random board of this size takes long, plainly
			}
			bm, err := search.NewBeam(goal)
			if err != nil {
				t.Fatal(err)
			}
			want, wok := slowBeam(start, goal, width)
			got, ok, _, err := bm.Solve(context.Background(), nil, start, width)
			if ok != wok || (err != nil) != !wok || !wok && !errors.Is(err, search.ErrBeam) || string(got) != want {
				t.Fatalf("%v %v to %v, width %d: %q %v %v; want %q %v", s, start, goal, width, got, ok, err, want, wok)
			}
			if ok {
				moves, _ := board.ParsePath(string(got))
				end := start
				if end.Apply(moves) != len(moves) || !board.Equal(end, goal) {
					t.Fatalf("%v %v: %q does not reach the goal", s, start, got)
				}
			}
		}
	}
}

// TestBeamLimits: a board that cannot reach the goal, a board of another
// shape and the zero Board give no path and no error; a cancelled
// context is its error.
func TestBeamLimits(t *testing.T) {
	s := board.Shape{Rows: 6, Cols: 6}
	goal := s.Goal(35)
	bm, err := search.NewBeam(goal)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range []board.Board{board.Flip(goal), board.Shape3x3.Goal(8), {}} {
		if p, ok, _, err := bm.Solve(context.Background(), nil, b, 100); ok || err != nil || len(p) != 0 {
			t.Errorf("%v: %q %v %v; want nothing", b, p, ok, err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	start, _ := board.New(s, rand.New(rand.NewPCG(1, 1)).Perm(36))
	if !board.Solvable(start, goal) {
		start = board.Flip(start)
	}
	if _, ok, _, err := bm.Solve(ctx, nil, start, 100); ok || err != context.Canceled {
		t.Errorf("cancelled: %v %v", ok, err)
	}
	if _, err := search.NewBeam(board.Shape{Rows: 9, Cols: 9}.Goal(80)); err == nil {
		t.Error("a 9x9 beam: no error")
	}
	var nilBeam *search.Beam
	if _, ok, _, _ := nilBeam.Solve(context.Background(), nil, start, 10); ok {
		t.Error("the nil Beam answered")
	}
}

// TestBeamParallel: a layer expanded on two cores gives the children in
// the order one core does, and so the same path.
func TestBeamParallel(t *testing.T) {
	s := board.Shape{Rows: 6, Cols: 6}
	goal := s.Goal(35)
	start, _ := board.New(s, rand.New(rand.NewPCG(6, 6)).Perm(36))
	if !board.Solvable(start, goal) {
		start = board.Flip(start)
	}
	bm, err := search.NewBeam(goal)
	if err != nil {
		t.Fatal(err)
	}
	var paths [2]string
	for k, procs := range []int{1, 2} {
		old := runtime.GOMAXPROCS(procs)
		p, ok, _, err := bm.Solve(context.Background(), nil, start, 4000)
		runtime.GOMAXPROCS(old)
		if !ok || err != nil {
			t.Fatalf("%d cores: %v %v", procs, ok, err)
		}
		paths[k] = string(p)
	}
	if paths[0] != paths[1] {
		t.Errorf("one core: %d moves, two: %d; want the same path", len(paths[0]), len(paths[1]))
	}
}

// BenchmarkBeam measures the beam search of a random 6x6 board at a
// width of 20,000 states a depth, and of a random 7x7 one at 10,000.
func BenchmarkBeam(b *testing.B) {
	for _, c := range []struct {
		s     board.Shape
		width int
	}{{board.Shape{Rows: 6, Cols: 6}, 20000}, {board.Shape{Rows: 7, Cols: 7}, 10000}} {
		b.Run(c.s.String(), func(b *testing.B) {
			goal := c.s.Goal(c.s.Cells() - 1)
			rng := rand.New(rand.NewPCG(6, 6))
			start, _ := board.New(c.s, rng.Perm(c.s.Cells()))
			if !board.Solvable(start, goal) {
				start = board.Flip(start)
			}
			beam, err := search.NewBeam(goal)
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if _, ok, _, err := beam.Solve(context.Background(), nil, start, c.width); !ok || err != nil {
					b.Fatalf("ok %v, %v", ok, err)
				}
			}
		})
	}
}
