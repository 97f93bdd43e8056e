package analyse_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/slidingpuzzle/solver/analyse"
	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/embedded"
	"github.com/slidingpuzzle/solver/engine"
	"github.com/slidingpuzzle/solver/internal/slow"
	"github.com/slidingpuzzle/solver/notation"
)

// grid returns b as package slow writes it.
func grid(b board.Board) slow.Grid {
	s := b.Shape()
	c := make([]byte, s.Cells())
	for i := range c {
		c[i] = byte(b.Cell(i))
	}
	return slow.Grid{Rows: s.Rows, Cols: s.Cols, Cells: string(c)}
}

// randomPath returns n random moves that stay on the board from b.
func randomPath(rng *rand.Rand, b board.Board, n int) []board.Move {
	var path []board.Move
	for len(path) < n {
		m := board.Move(rng.IntN(4))
		if b.Move(m) {
			path = append(path, m)
		}
	}
	return path
}

// TestExact checks every distance, lost move and better move of random
// paths on boards of 6 to 12 cells against a breadth-first search over
// every board: the tables' shapes and a searched one (2x5).
func TestExact(t *testing.T) {
	solver := embedded.Solver()
	rng := rand.New(rand.NewPCG(1, 2))
	for _, s := range []board.Shape{{Rows: 2, Cols: 3}, {Rows: 3, Cols: 3}, {Rows: 2, Cols: 5}} {
		goal := s.Goal(s.Cells() - 1)
		if s.Rows == 3 && s.Cols == 3 {
			goal, _ = s.Named("snail")
		}
		dist := slow.GridDistances(grid(goal))
		for range 12 {
			// A start some way from the goal, and a path that wanders from
			// it, now and then nearer.
			start := goal
			start.Apply(randomPath(rng, start, 10+rng.IntN(30)))
			path := randomPath(rng, start, rng.IntN(25))
			r, err := analyse.Analyse(context.Background(), solver, start, goal, path)
			if err != nil {
				t.Fatalf("%v: %v", s, err)
			}
			if !r.Exact {
				t.Fatalf("%v: not exact", s)
			}
			if len(r.Distances) != len(path)+1 {
				t.Fatalf("%v: %d distances for %d moves", s, len(r.Distances), len(path))
			}
			b := start
			var lost []int
			for i := 0; ; i++ {
				want := dist[grid(b).Cells]
				if r.Distances[i] != want {
					t.Fatalf("%v %v: distance before move %d is %d, want %d", s, start, i+1, r.Distances[i], want)
				}
				if i == len(path) {
					break
				}
				nb := b
				nb.Move(path[i])
				if dist[grid(nb).Cells] != want-1 {
					lost = append(lost, i)
					// The better moves: those that bring the board one nearer.
					var better []board.Move
					for m := board.Move(0); m < 4; m++ {
						mb := b
						if mb.Move(m) && dist[grid(mb).Cells] == want-1 {
							better = append(better, m)
						}
					}
					k := len(lost) - 1
					if k >= len(r.Better) || board.PathString(r.Better[k]) != board.PathString(better) {
						t.Fatalf("%v %v: the moves better than move %d: %v, want %v", s, start, i+1, r.Better, better)
					}
				}
				b = nb
			}
			if len(lost) != len(r.Lost) || len(r.Lost) != len(r.Better) {
				t.Fatalf("%v %v: lost %v, want %v", s, start, r.Lost, lost)
			}
			for k := range lost {
				if lost[k] != r.Lost[k] {
					t.Fatalf("%v %v: lost %v, want %v", s, start, r.Lost, lost)
				}
			}
			if r.Shortest != dist[grid(start).Cells] || r.Solved != board.Equal(b, goal) {
				t.Fatalf("%v %v: shortest %d solved %v", s, start, r.Shortest, r.Solved)
			}
		}
	}
}

// TestSolution analyses a shortest path and one with a detour: the first
// is 0 over with nothing lost, the second two over with its detour's
// first move lost.
func TestSolution(t *testing.T) {
	solver := embedded.Solver()
	s := board.Shape{Rows: 3, Cols: 3}
	goal := s.Goal(8)
	start := board.MustParse(s, "23415x768")
	g, err := solver.For(goal)
	if err != nil {
		t.Fatal(err)
	}
	short, ok, _, err := g.Solve(context.Background(), nil, start)
	if err != nil || !ok {
		t.Fatal(ok, err)
	}
	path, err := board.ParsePath(string(short))
	if err != nil {
		t.Fatal(err)
	}
	r, err := analyse.Analyse(context.Background(), solver, start, goal, path)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Solved || r.Over() != 0 || len(r.Lost) != 0 || r.Shortest != len(path) {
		t.Fatalf("the shortest path: solved %v over %d lost %v", r.Solved, r.Over(), r.Lost)
	}
	// A detour: a move and its reverse first.
	var m board.Move
	for b := start; !b.Move(m); m++ {
	}
	detour := append([]board.Move{m, m.Reverse()}, path...)
	r, err = analyse.Analyse(context.Background(), solver, start, goal, detour)
	if err != nil {
		t.Fatal(err)
	}
	// The move away or, when it keeps a shortest path, its reverse.
	first := 0
	if r.Distances[1] < r.Distances[0] {
		first = 1
	}
	if !r.Solved || r.Over() != 2 || len(r.Lost) != 1 || r.Lost[0] != first {
		t.Fatalf("a detour: solved %v over %d lost %v", r.Solved, r.Over(), r.Lost)
	}
	var text bytes.Buffer
	if err := r.WriteText(&text, notation.Tile); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"this path makes 2 more", "moves that lost ground: 1", "lost ground; keeps a shortest path:"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("the text report lacks %q:\n%s", want, text.String())
		}
	}
	j, err := json.Marshal(r.JSON(notation.Tile))
	if err != nil {
		t.Fatal(err)
	}
	var back analyse.JSON
	if err := json.Unmarshal(j, &back); err != nil {
		t.Fatal(err)
	}
	if back.Over == nil || *back.Over != 2 || back.Moves != len(detour) || len(back.Lost) != 1 || back.Lost[0].Move != first+1 {
		t.Fatalf("JSON: %s", j)
	}
	if got, err := notation.Read(back.Path, notation.Tile, 1000); err != nil || board.PathString(got) != board.PathString(detour) {
		t.Fatalf("JSON path %q reads as %v, %v; want %v", back.Path, got, err, detour)
	}
}

// TestBounds checks a 6x6 board's report: the Manhattan distance before
// and after each move, counted afresh, and the solver's own path.
func TestBounds(t *testing.T) {
	solver := embedded.Solver()
	rng := rand.New(rand.NewPCG(3, 4))
	s := board.Shape{Rows: 6, Cols: 6}
	goal, _ := s.Named("snail")
	start := goal
	start.Apply(randomPath(rng, start, 60))
	path := randomPath(rng, start, 40)
	r, err := analyse.Analyse(context.Background(), solver, start, goal, path)
	if err != nil {
		t.Fatal(err)
	}
	if r.Exact || r.Ours < r.Distances[0] || r.Shortest != 0 {
		t.Fatalf("exact %v ours %d bound %d shortest %d", r.Exact, r.Ours, r.Distances[0], r.Shortest)
	}
	b := start
	var lost []int
	for i := 0; ; i++ {
		if want := engine.Manhattan(b, goal); r.Distances[i] != want {
			t.Fatalf("bound before move %d: %d, want %d", i+1, r.Distances[i], want)
		}
		if i == len(path) {
			break
		}
		b.Move(path[i])
		if engine.Manhattan(b, goal) != r.Distances[i]-1 {
			lost = append(lost, i)
		}
	}
	if len(lost) != len(r.Lost) {
		t.Fatalf("lost %v, want %v", r.Lost, lost)
	}
	var text bytes.Buffer
	r.WriteText(&text, notation.Blank)
	if !strings.Contains(text.String(), "not proven shortest") {
		t.Errorf("the text report of a 6x6 board does not say its path is not proven shortest:\n%s", text.String())
	}
}

// TestFaults checks what cannot be analysed: a move off the board, boards
// of two shapes, zero boards, no solver, boards of different parity.
func TestFaults(t *testing.T) {
	solver := embedded.Solver()
	s := board.Shape{Rows: 3, Cols: 3}
	goal := s.Goal(8)
	ctx := context.Background()
	if _, err := analyse.Analyse(ctx, solver, goal, goal, []board.Move{board.Move(0)}); !errors.Is(err, analyse.ErrMove) {
		t.Errorf("a move off the board: %v", err)
	}
	other := board.Shape{Rows: 2, Cols: 3}.Goal(5)
	for _, c := range []struct{ start, goal board.Board }{{goal, other}, {board.Board{}, goal}, {goal, board.Board{}}, {board.Board{}, board.Board{}}} {
		if _, err := analyse.Analyse(ctx, solver, c.start, c.goal, nil); err == nil {
			t.Errorf("%v to %v: no error", c.start, c.goal)
		}
	}
	if _, err := analyse.Analyse(ctx, nil, goal, goal, nil); err == nil {
		t.Error("no solver: no error")
	}
	odd := board.MustParse(s, "21345678x")
	if _, err := analyse.Analyse(ctx, solver, odd, goal, nil); err == nil {
		t.Error("boards of different parity: no error")
	}
	// The goal itself: one distance, 0, nothing lost.
	r, err := analyse.Analyse(ctx, solver, goal, goal, nil)
	if err != nil || len(r.Distances) != 1 || r.Distances[0] != 0 || !r.Solved {
		t.Fatalf("the goal: %+v, %v", r, err)
	}
	if j := r.JSON(notation.Blank); j.Shortest == nil || *j.Shortest != 0 || j.Over == nil || *j.Over != 0 {
		t.Errorf("the goal's JSON leaves out its shortest path of 0 moves: %+v", j)
	}
}
