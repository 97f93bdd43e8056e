package search_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/internal/slow"
	"github.com/slidingpuzzle/solver/pdb"
	"github.com/slidingpuzzle/solver/search"
)

// gridBoard is g as a board.
func gridBoard(t *testing.T, g slow.Grid) board.Board {
	t.Helper()
	b, err := board.New(board.Shape{Rows: g.Rows, Cols: g.Cols}, []byte(g.Cells))
	if err != nil {
		t.Fatalf("%s: %v", g.Text(), err)
	}
	return b
}

// TestLargeAgainstBFS holds Large to a breadth-first search on every
// position of 2x3, 2x4, 3x2 and 4x2 boards and on random 3x3 ones: the
// same path, the lexicographically smallest of the shortest, none for a
// board that cannot reach the goal, and a bound no more than the path.
func TestLargeAgainstBFS(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 1))
	for _, s := range []board.Shape{{Rows: 2, Cols: 3}, {Rows: 3, Cols: 2}, {Rows: 2, Cols: 4}, {Rows: 4, Cols: 2}, board.Shape3x3} {
		goal := slow.Goal(s.Rows, s.Cols)
		dist := slow.GridDistances(goal)
		l, err := search.NewLarge(gridBoard(t, goal))
		if err != nil {
			t.Fatal(err)
		}
		checked := 0
		slow.AllGrids(s.Rows, s.Cols, func(g slow.Grid) {
			if s.Cells() == 9 && rng.IntN(60) != 0 {
				return // about 6000 of the 9!
			}
			checked++
			want, solvable := slow.GridPath(dist, g)
			b := gridBoard(t, g)
			got, ok, _, err := l.Solve(context.Background(), nil, b, nil)
			if err != nil || ok != solvable || string(got) != want {
				t.Fatalf("%v %s: got %q, %v, %v; want %q, %v", s, g.Text(), got, ok, err, want, solvable)
			}
			if h, err := l.Bound(b); ok && (err != nil || h > len(want)) {
				t.Fatalf("%v %s: bound %d (%v) for a path of %d moves", s, g.Text(), h, err, len(want))
			}
		})
		if checked == 0 {
			t.Fatalf("%v: no positions", s)
		}
	}
}

// TestLargeShapes holds Large to a plain IDA* with the Manhattan distance
// (slow.IDAStar) on random walks of large boards, for goals of the blank
// last and in a cell at random: the same path, and a bound no more than
// its length.
func TestLargeShapes(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 2))
	shapes := []board.Shape{{Rows: 3, Cols: 6}, {Rows: 6, Cols: 3}, {Rows: 4, Cols: 5}, {Rows: 5, Cols: 5}, {Rows: 2, Cols: 12}, {Rows: 6, Cols: 6}, {Rows: 8, Cols: 8}}
	walks, moves := 3, 40
	if testing.Short() {
		walks, moves = 1, 30
	}
	for _, s := range shapes {
		for k := range walks {
			goal := slow.Goal(s.Rows, s.Cols)
			if k > 0 {
				cells := []byte(goal.Cells)
				rng.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
				goal.Cells = string(cells)
			}
			start := slow.Walk(goal, moves+rng.IntN(10), rng.IntN)
			want := slow.IDAStar(start, goal)
			l, err := search.NewLarge(gridBoard(t, goal))
			if err != nil {
				t.Fatal(err)
			}
			b := gridBoard(t, start)
			got, ok, st, err := l.Solve(context.Background(), nil, b, nil)
			if err != nil || !ok || string(got) != want {
				t.Fatalf("%v %s to %s: got %q, %v, %v; want %q", s, start.Text(), goal.Text(), got, ok, err, want)
			}
			if h, _ := l.Bound(b); h > len(want) || st.Nodes == 0 {
				t.Fatalf("%v %s: bound %d for %d moves, %d nodes", s, start.Text(), h, len(want), st.Nodes)
			}
		}
	}
}

// TestLargeParallel holds the Large search whose iterations are shared
// among the cores to the one on one core, whatever order the cores take
// the tasks in, and a cancelled search stops with its context's error.
func TestLargeParallel(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		runtime.GOMAXPROCS(2)
		defer runtime.GOMAXPROCS(1)
	}
	rng := rand.New(rand.NewPCG(27, 3))
	backwards := func(n int) func(int64) int64 { return func(k int64) int64 { return int64(n) - 1 - k } }
	for _, s := range []board.Shape{{Rows: 5, Cols: 5}, {Rows: 4, Cols: 6}} {
		goal := slow.Goal(s.Rows, s.Cols)
		l, err := search.NewLarge(gridBoard(t, goal))
		if err != nil {
			t.Fatal(err)
		}
		for range 3 {
			start := gridBoard(t, slow.Walk(goal, 34+rng.IntN(8), rng.IntN))
			old := search.SetParallelFrom(1 << 62)
			want, _, one, err1 := l.Solve(context.Background(), nil, start, nil)
			search.SetParallelFrom(0)
			for _, order := range []func(int) func(int64) int64{nil, backwards} {
				search.SetTaskOrder(order)
				got, ok, all, err2 := l.Solve(context.Background(), nil, start, nil)
				if err1 != nil || err2 != nil || !ok || string(got) != string(want) || all.Bounds != one.Bounds {
					t.Fatalf("%v: on every core %q (%v %v, %d bounds), on one %q (%v, %d bounds)", start, got, ok, err2, all.Bounds, want, err1, one.Bounds)
				}
			}
			search.SetTaskOrder(nil)
			search.SetParallelFrom(old)
		}
	}
	// A board no search finishes: cancelled, on one core and on all.
	s := board.Shape{Rows: 5, Cols: 5}
	l, _ := search.NewLarge(s.Goal(24))
	hard := board.MustParse(s, "24 23 22 21 20 19 18 17 16 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1 0")
	for _, from := range []int64{1 << 62, 0} {
		old := search.SetParallelFrom(from)
		ctx, cancel := context.WithCancel(context.Background())
		var reported int64
		cancelAt := func(bound int, nodes int64, done bool) {
			reported = nodes
			cancel()
		}
		_, ok, st, err := l.Solve(ctx, nil, hard, cancelAt)
		search.SetParallelFrom(old)
		if !errors.Is(err, context.Canceled) || ok || st.Nodes == 0 || reported == 0 {
			t.Errorf("cancelled (parallel from %d): %v, %v, %d nodes, %d reported; want %v", from, ok, err, st.Nodes, reported, context.Canceled)
		}
	}
}

// BenchmarkLarge searches a 5x5 board 60 random moves from the goal.
func BenchmarkLarge(b *testing.B) {
	rng := rand.New(rand.NewPCG(27, 4))
	goal := slow.Goal(5, 5)
	start := slow.Walk(goal, 60, rng.IntN)
	sb, _ := board.New(board.Shape{Rows: 5, Cols: 5}, []byte(start.Cells))
	gb, _ := board.New(board.Shape{Rows: 5, Cols: 5}, []byte(goal.Cells))
	l, _ := search.NewLarge(gb)
	var nodes int64
	for b.Loop() {
		_, _, st, _ := l.Solve(context.Background(), nil, sb, nil)
		nodes += st.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// buildParts builds the databases of the patterns of cells (each a list
// of goal cells) for goals of shape s with the blank in cell blank,
// additive ones, or zero-aware ones with zero.
func buildParts(t *testing.T, s board.Shape, blank int, cells [][]int, zero ...bool) []*pdb.DB {
	t.Helper()
	var dbs []*pdb.DB
	for _, c := range cells {
		p := pdb.Pattern{Shape: s, Cells: c, Blank: blank, Zero: len(zero) > 0 && zero[0]}
		extras, err := pdb.Build(context.Background(), p, nil)
		if err != nil {
			t.Fatal(err)
		}
		db, err := pdb.FromExtras(p, extras)
		if err != nil {
			t.Fatal(err)
		}
		dbs = append(dbs, db)
	}
	return dbs
}

// partitionsOf reads dbs through each map of maps: a partition a map.
func partitionsOf(dbs []*pdb.DB, maps ...[]int) [][]search.LargePart {
	var out [][]search.LargePart
	for _, m := range maps {
		var parts []search.LargePart
		for _, db := range dbs {
			parts = append(parts, search.LargePart{DB: db, Map: m})
		}
		out = append(out, parts)
	}
	return out
}

// TestLargeDatabases holds Large with partitions of pattern databases,
// additive and zero-aware, read as they are and through symmetries, to a
// breadth-first search on 3x3 boards and to a plain IDA* with the
// Manhattan distance on random walks of 5x5 and 4x5 boards: the same
// path, the lexicographically smallest of the shortest, and a bound no
// less than the one without databases (nor, zero-aware, than the
// additive one) and no more than the path.
func TestLargeDatabases(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 7))
	type shapeCase struct {
		s     board.Shape
		blank int
		cells [][]int // the patterns, for the blank in cell blank
	}
	for _, c := range []shapeCase{
		{board.Shape3x3, 0, [][]int{{1, 2, 3, 4}, {5, 6, 7, 8}}},
		{board.Shape{Rows: 5, Cols: 5}, 0, [][]int{{1, 2, 5}, {3, 4, 8}, {6, 7, 12}, {9, 13, 14}, {10, 11, 15}, {16, 20, 21}, {17, 18, 22}, {19, 23, 24}}},
		{board.Shape{Rows: 4, Cols: 5}, 19, [][]int{{0, 1, 5, 6}, {2, 3, 7, 8}, {4, 9, 14}, {10, 11, 15, 16}, {12, 13, 17, 18}}},
	} {
		dbs := buildParts(t, c.s, c.blank, c.cells)
		zdbs := buildParts(t, c.s, c.blank, c.cells, true)
		syms := search.Symmetries(c.s)
		// The partition as it is, and through every symmetry that keeps
		// the blank's cell: the mirror partition of a square.
		maps := [][]int{syms[0]}
		for _, m := range syms[1:] {
			if m[c.blank] == c.blank {
				maps = append(maps, m)
			}
		}
		goalBoard := c.s.Goal(c.blank)
		l, err := search.NewLargeWith(goalBoard, partitionsOf(dbs, maps...))
		if err != nil {
			t.Fatal(err)
		}
		// The index each move keeps is the rank, for every move of boards
		// a random walk from the goal.
		for range 200 {
			b := goalBoard
			for range 60 {
				b.Move(board.Move(rng.IntN(board.NumMoves)))
			}
			if err := search.CheckLargeDelta(l, b); err != nil {
				t.Fatalf("%v %v: %v", c.s, b, err)
			}
		}
		lz, err := search.NewLargeWith(goalBoard, partitionsOf(zdbs, maps...))
		if err != nil {
			t.Fatal(err)
		}
		plain, _ := search.NewLarge(goalBoard)
		stronger := 0
		goal := slow.Grid{Rows: c.s.Rows, Cols: c.s.Cols}
		var cells []byte
		for i := range c.s.Cells() {
			cells = append(cells, byte(goalBoard.Cell(i)))
		}
		goal.Cells = string(cells)
		check := func(start slow.Grid, want string) {
			b := gridBoard(t, start)
			got, ok, _, err := l.Solve(context.Background(), nil, b, nil)
			if err != nil || !ok || string(got) != want {
				t.Fatalf("%v %s: got %q, %v, %v; want %q", c.s, start.Text(), got, ok, err, want)
			}
			h, _ := l.Bound(b)
			h0, _ := plain.Bound(b)
			if h > len(want) || h < h0 {
				t.Fatalf("%v %s: bound %d, %d without databases, for %d moves", c.s, start.Text(), h, h0, len(want))
			}
			got, ok, _, err = lz.Solve(context.Background(), nil, b, nil)
			if err != nil || !ok || string(got) != want {
				t.Fatalf("%v %s, zero-aware: got %q, %v, %v; want %q", c.s, start.Text(), got, ok, err, want)
			}
			hz, _ := lz.Bound(b)
			if hz > len(want) || hz < h {
				t.Fatalf("%v %s: zero-aware bound %d, additive %d, for %d moves", c.s, start.Text(), hz, h, len(want))
			}
			if hz > h {
				stronger++
			}
		}
		defer func() {
			t.Logf("%v: the zero-aware bound passed the additive one %d times", c.s, stronger)
			if c.s == board.Shape3x3 && stronger == 0 {
				t.Errorf("%v: the zero-aware bound never passed the additive one", c.s)
			}
		}()
		if c.s == board.Shape3x3 {
			dist := slow.GridDistances(goal)
			slow.AllGrids(3, 3, func(g slow.Grid) {
				if rng.IntN(60) != 0 {
					return
				}
				if want, ok := slow.GridPath(dist, g); ok {
					check(g, want)
				}
			})
			continue
		}
		walks := 4
		if testing.Short() {
			walks = 2
		}
		for range walks {
			start := slow.Walk(goal, 34+rng.IntN(8), rng.IntN)
			check(start, slow.IDAStar(start, goal))
		}
	}
}

// TestLargeWithFaults: NewLargeWith refuses what would make the bound too
// high or the search wrong.
func TestLargeWithFaults(t *testing.T) {
	s := board.Shape{Rows: 5, Cols: 5}
	cells := [][]int{{1, 2, 5}, {3, 4, 8}, {6, 7, 12}, {9, 13, 14}, {10, 11, 15}, {16, 20, 21}, {17, 18, 22}, {19, 23, 24}}
	dbs := buildParts(t, s, 0, cells)
	good := partitionsOf(dbs, nil)
	if _, err := search.NewLargeWith(s.Goal(0), good); err != nil {
		t.Fatalf("a good partition: %v", err)
	}
	notSym := make([]int, 25)
	for i := range notSym {
		notSym[i] = (i + 1) % 25
	}
	for name, c := range map[string]struct {
		goal  board.Board
		parts [][]search.LargePart
	}{
		"a tile left out":      {s.Goal(0), partitionsOf(dbs[1:], nil)},
		"a tile twice":         {s.Goal(0), partitionsOf(append([]*pdb.DB{dbs[0]}, dbs...), nil)},
		"not a symmetry":       {s.Goal(0), partitionsOf(dbs, notSym)},
		"a map of other cells": {s.Goal(0), partitionsOf(dbs, []int{0, 1})},
		"the blank elsewhere":  {s.Goal(24), good},
		"no database":          {s.Goal(0), [][]search.LargePart{{{}}}},
		"a database of 3x3":    {s.Goal(0), partitionsOf(buildParts(t, board.Shape3x3, 0, [][]int{{1, 2, 3, 4, 5, 6, 7, 8}}), nil)},
		"nine partitions":      {s.Goal(0), append(append(append(good, good...), append(good, good...)...), good...)},
	} {
		if _, err := search.NewLargeWith(c.goal, c.parts); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// TestLargeWeighted: a weighted search gives a path to the goal at most
// its weight times the shortest, runs out of nodes with ErrBudget, and
// refuses weights below 1.
func TestLargeWeighted(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 9))
	s := board.Shape{Rows: 5, Cols: 5}
	cells := [][]int{{1, 2, 5}, {3, 4, 8}, {6, 7, 12}, {9, 13, 14}, {10, 11, 15}, {16, 20, 21}, {17, 18, 22}, {19, 23, 24}}
	l, err := search.NewLargeWith(s.Goal(0), partitionsOf(buildParts(t, s, 0, cells), nil, search.Symmetries(s)[4]))
	if err != nil {
		t.Fatal(err)
	}
	goalBoard := s.Goal(0)
	goal := slow.Grid{Rows: 5, Cols: 5}
	var gc []byte
	for i := range 25 {
		gc = append(gc, byte(goalBoard.Cell(i)))
	}
	goal.Cells = string(gc)
	for range 4 {
		start := slow.Walk(goal, 40+rng.IntN(10), rng.IntN)
		shortest := len(slow.IDAStar(start, goal))
		b := gridBoard(t, start)
		for _, w := range [][2]int{{1, 1}, {2, 3}, {1, 2}} {
			path, ok, _, err := l.SolveWeighted(context.Background(), nil, b, w[0], w[1], 0)
			moves, perr := board.ParsePath(string(path))
			end := b
			if err != nil || !ok || perr != nil || end.Apply(moves) != len(moves) || !board.Equal(end, goalBoard) {
				t.Fatalf("%s weight %d/%d: %q %v %v: no path to the goal", start.Text(), w[1], w[0], path, ok, err)
			}
			if len(moves)*w[0] > shortest*w[1] {
				t.Fatalf("%s weight %d/%d: %d moves, shortest %d", start.Text(), w[1], w[0], len(moves), shortest)
			}
		}
		if _, ok, _, err := l.SolveWeighted(context.Background(), nil, b, 1, 1, 10); ok || !errors.Is(err, search.ErrBudget) {
			t.Fatalf("%s within 10 nodes: %v, %v; want ErrBudget", start.Text(), ok, err)
		}
	}
	for _, w := range [][2]int{{0, 1}, {2, 1}, {-1, -1}} {
		if _, _, _, err := l.SolveWeighted(context.Background(), nil, goalBoard, w[0], w[1], 0); err == nil {
			t.Errorf("weight %d/%d: no error", w[1], w[0])
		}
	}
}

// TestLargeCodes holds the linear conflicts kept as line codes, moved by
// each move, to the conflicts counted again a line at a time: on one
// core, the two searches visit the same nodes and find the same path, with
// and without databases.
func TestLargeCodes(t *testing.T) {
	old := search.SetParallelFrom(1 << 62)
	defer search.SetParallelFrom(old)
	rng := rand.New(rand.NewPCG(27, 10))
	s5 := board.Shape{Rows: 5, Cols: 5}
	withDBs, err := search.NewLargeWith(s5.Goal(0), partitionsOf(buildParts(t, s5, 0, [][]int{{1, 2, 5}, {3, 4, 8}, {6, 7, 12}, {9, 13, 14}, {10, 11, 15}, {16, 20, 21}, {17, 18, 22}, {19, 23, 24}}), nil))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []board.Shape{board.Shape3x3, {Rows: 5, Cols: 5}, {Rows: 4, Cols: 6}, {Rows: 6, Cols: 3}, {Rows: 6, Cols: 6}} {
		goal := s.Goal(s.Cells() - 1)
		l, err := search.NewLarge(goal)
		if err != nil {
			t.Fatal(err)
		}
		ls := []*search.Large{l}
		if s == s5 {
			ls = append(ls, withDBs)
		}
		for _, l := range ls {
			if !search.SetCoded(l, true) {
				t.Fatalf("%v: no line codes", s)
			}
			for range 3 {
				b := l.Goal()
				for range 120 {
					b.Move(board.Move(rng.IntN(board.NumMoves)))
				}
				coded, _, st1, err1 := l.Solve(context.Background(), nil, b, nil)
				search.SetCoded(l, false)
				plain, _, st2, err2 := l.Solve(context.Background(), nil, b, nil)
				search.SetCoded(l, true)
				if err1 != nil || err2 != nil || string(coded) != string(plain) || st1.Nodes != st2.Nodes {
					t.Fatalf("%v %v: with codes %q, %d nodes (%v); counted %q, %d nodes (%v)", s, b, coded, st1.Nodes, err1, plain, st2.Nodes, err2)
				}
			}
		}
	}
}

// TestLargePruner holds the search with its shape's pruner to the one
// that only never undoes the last move: the same path, in fewer nodes.
func TestLargePruner(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 14))
	walks := 6
	if testing.Short() {
		walks = 2
	}
	for _, s := range []board.Shape{{Rows: 4, Cols: 4}, {Rows: 5, Cols: 5}, {Rows: 4, Cols: 6}} {
		var pruned, plain int64
		for range walks {
			goal := slow.Goal(s.Rows, s.Cols)
			start := gridBoard(t, slow.Walk(goal, 36+rng.IntN(10), rng.IntN))
			l, err := search.NewLarge(gridBoard(t, goal))
			if err != nil {
				t.Fatal(err)
			}
			want, _, st0, err0 := l.Solve(context.Background(), nil, start, nil)
			search.SetPrunerDepth(l, 2)
			got, _, st, err := l.Solve(context.Background(), nil, start, nil)
			if err0 != nil || err != nil || string(got) != string(want) {
				t.Fatalf("%v %v: %q (%v) with the pruner, %q (%v) without", s, start, want, err0, got, err)
			}
			if st0.Nodes > st.Nodes {
				t.Fatalf("%v %v: %d nodes with the pruner, %d without", s, start, st0.Nodes, st.Nodes)
			}
			pruned, plain = pruned+st0.Nodes, plain+st.Nodes
		}
		if pruned >= plain {
			t.Errorf("%v: %d nodes with the pruner, %d without", s, pruned, plain)
		}
		t.Logf("%v: %d nodes with the pruner, %d without: %.2fx", s, pruned, plain, float64(pruned)/float64(plain))
	}
}
