package search_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/embedded"
	"github.com/slidingpuzzle/solver/pdb"
	"github.com/slidingpuzzle/solver/search"
)

// TestPartitions searches 3x3 boards with bounds of one to seven
// partitions, more than the search keeps in arrays of its own, made of
// databases built here: every path is the table's, the lexicographically
// smallest of the shortest.
func TestPartitions(t *testing.T) {
	s := board.Shape3x3
	goal := s.Goal(8)
	all := [][][]int{
		{{0, 1}, {2, 3}, {4, 5}, {6, 7}},
		{{0, 3}, {1, 4}, {2, 5}, {6}, {7}},
		{{0, 1, 2}, {3, 4, 5}, {6, 7}},
		{{0}, {1}, {2}, {3}, {4}, {5}, {6}, {7}},
		{{0, 4}, {1, 5}, {2, 6}, {3, 7}},
		{{0, 1, 3, 4}, {2, 5, 6, 7}},
		{{1, 2}, {0, 3, 6}, {4, 5, 7}},
	}
	id := search.Maps(s, s)[0]
	dbs := map[string]*pdb.DB{}
	part := func(cells []int) search.Part {
		p := pdb.Pattern{Shape: s, Cells: cells, Blank: 8}
		db, ok := dbs[p.String()]
		if !ok {
			extras, err := pdb.Build(context.Background(), p, nil)
			if err != nil {
				t.Fatal(err)
			}
			if db, err = pdb.FromExtras(p, extras); err != nil {
				t.Fatal(err)
			}
			dbs[p.String()] = db
		}
		return search.Part{DB: db, Map: id}
	}
	rng := rand.New(rand.NewPCG(4, 4))
	for n := 1; n <= len(all); n++ {
		var partitions [][]search.Part
		for _, pt := range all[:n] {
			var parts []search.Part
			for _, cells := range pt {
				parts = append(parts, part(cells))
			}
			partitions = append(partitions, parts)
		}
		h, err := search.NewHeuristic(s, 8, partitions)
		if err != nil {
			t.Fatalf("%d partitions: %v", n, err)
		}
		p, err := search.NewProblem(h, goal)
		if err != nil {
			t.Fatal(err)
		}
		for range 60 {
			b := goal
			for range 40 {
				b.Move(board.Move(rng.IntN(board.NumMoves)))
			}
			got, ok, _, err := p.Solve(context.Background(), nil, b)
			want, wantOK, werr := embedded.Solver().AppendPath(nil, b, goal)
			if err != nil || werr != nil || ok != wantOK || string(got) != string(want) {
				t.Fatalf("%d partitions, %v: %q %v %v, want the table's %q", n, b, got, ok, err, want)
			}
		}
	}
}

// TestSuboptimal: weighted IDA* finds a path at most search.Weight times
// the shortest on every 3x3 board tried, and stops with ErrBudget past
// its nodes.
func TestSuboptimal(t *testing.T) {
	s := board.Shape3x3
	goal := s.Goal(8)
	id := search.Maps(s, s)[0]
	var parts []search.Part
	for _, cells := range [][]int{{0, 1, 2, 3}, {4, 5, 6, 7}} {
		p := pdb.Pattern{Shape: s, Cells: cells, Blank: 8}
		extras, err := pdb.Build(context.Background(), p, nil)
		if err != nil {
			t.Fatal(err)
		}
		db, err := pdb.FromExtras(p, extras)
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, search.Part{DB: db, Map: id})
	}
	h, err := search.NewHeuristic(s, 8, [][]search.Part{parts})
	if err != nil {
		t.Fatal(err)
	}
	p, _ := search.NewProblem(h, goal)
	rng := rand.New(rand.NewPCG(8, 8))
	for range 300 {
		b := goal
		for range 60 {
			b.Move(board.Move(rng.IntN(board.NumMoves)))
		}
		got, ok, _, err := p.SolveSuboptimal(context.Background(), nil, b, 0)
		d, _, _ := embedded.Solver().Distance(b, goal)
		moves, perr := board.ParsePath(string(got))
		end := b
		if err != nil || !ok || perr != nil || end.Apply(moves) != len(moves) || end != goal || float64(len(moves)) > search.Weight*float64(d) {
			t.Fatalf("%v: %q (%d moves, the shortest %d), %v %v", b, got, len(moves), d, ok, err)
		}
	}
	far := board.MustParse(s, "8 6 7 2 5 4 3 x 1") // 31 moves
	if _, ok, _, err := p.SolveSuboptimal(context.Background(), nil, far, 1); ok || err != search.ErrBudget {
		t.Errorf("one node: %v, %v; want ErrBudget", ok, err)
	}
}

// TestDelta holds the index a search keeps of each pattern, moved by
// the move alone, to the rank of the placement, for every embedded plan
// read through every map onto its shape and the transposed one: random
// arrangements, every move.
func TestDelta(t *testing.T) {
	dbs := embedded.Databases()
	rng := rand.New(rand.NewPCG(5, 5))
	for _, pl := range pdb.Embedded {
		for _, to := range []board.Shape{pl.Shape, {Rows: pl.Shape.Cols, Cols: pl.Shape.Rows}} {
			for _, m := range search.Maps(pl.Shape, to) {
				var parts []search.Part
				for _, p := range pl.Of() {
					db, err := dbs.Get(p)
					if err != nil {
						t.Fatal(err)
					}
					parts = append(parts, search.Part{DB: db, Map: m})
				}
				h, err := search.NewHeuristic(to, m.Apply(pl.Blank), [][]search.Part{parts})
				if err != nil {
					t.Fatalf("%v onto %v: %v", pl.Shape, to, err)
				}
				where := make([]uint8, to.Cells())
				for range 200 {
					for i, c := range rng.Perm(len(where)) {
						where[i] = uint8(c)
					}
					if err := search.CheckDelta(h, where); err != nil {
						t.Fatalf("%v onto %v, %v: %v", pl.Shape, to, where, err)
					}
				}
			}
		}
	}
}
