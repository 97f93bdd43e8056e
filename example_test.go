package solver_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"
	"time"

	solver "github.com/slidingpuzzle/solver"
)

// The 8-puzzle: the shortest path, and of those the lexicographically
// smallest, from a table compiled into the program.
func Example() {
	b, err := solver.Parse("1 2 3/4 0 6/7 5 8")
	if err != nil {
		fmt.Println(err)
		return
	}
	sol, err := solver.Solve(context.Background(), b, solver.BlankLast)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sol.Path, sol.Moves, sol.Shortest)
	// Output: dr 2 true
}

// A 15-puzzle under a deadline: one of the hardest 4x4 boards (80 moves)
// given a millisecond gets a path at once, said not to be proven
// shortest; given time, the shortest.
func Example_deadline() {
	b, _ := solver.Parse("15 14 8 12/10 11 9 13/2 6 5 1/3 7 4 0")
	ctx, cancel := context.WithTimeout(context.Background(), time.Millisecond)
	defer cancel()
	sol, err := solver.Solve(ctx, b, solver.BlankFirst)
	if err != nil {
		fmt.Println(err)
		return
	}
	end, _ := b.Apply(sol.Path)
	goal, _ := solver.BlankFirst.Board(4, 4)
	fmt.Println("cut:", sol.Cut, "shortest:", sol.Shortest, "reaches the goal:", end.Equal(goal))

	b, _ = solver.Parse("5 1 2 3/9 6 7 4/13 10 11 8/0 14 15 12")
	ctx, cancel = context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	sol, _ = solver.Solve(ctx, b, solver.BlankLast)
	fmt.Println(sol.Path, "cut:", sol.Cut, "shortest:", sol.Shortest)
	// Output:
	// cut: true shortest: false reaches the goal: true
	// uuurrrddd cut: false shortest: true
}

// A 5x5 board gets a short path at once; Options.Shortest asks for the
// proven shortest, which may take very long on a random board (give it
// a deadline).
func Example_fiveByFive() {
	b, _ := solver.Parse("1 2 3 4 5/6 7 8 9 10/11 12 0 13 15/16 17 18 14 20/21 22 23 19 24")
	fast, _ := solver.Solve(context.Background(), b, solver.BlankLast)
	shortest, _ := solver.New(solver.Options{Shortest: true}).Solve(context.Background(), b, solver.BlankLast)
	fmt.Println(fast.Moves, fast.Shortest)
	fmt.Println(shortest.Path, shortest.Shortest)
	// Output:
	// 4 false
	// rddr true
}

// A random 10x10 board solved to the snail (the 42 school's goal: the
// tiles in a clockwise spiral): a short path, never proven shortest on a
// board this large.
func Example_snail() {
	r := rand.New(rand.NewPCG(42, 42))
	b, _ := solver.Random(r, 10, 10, solver.Snail)
	sol, err := solver.Solve(context.Background(), b, solver.Snail)
	if err != nil {
		fmt.Println(err)
		return
	}
	end, _ := b.Apply(sol.Path)
	goal, _ := solver.Snail.Board(10, 10)
	fmt.Println(end.Equal(goal), sol.Shortest, sol.Engine)
	// Output: true false reduce
}

// A 300x300 board's path, tens of millions of moves, written as it is
// made: memory grows with the board, not with the path.
func ExampleSolver_WritePath() {
	r := rand.New(rand.NewPCG(1, 300))
	b, _ := solver.Random(r, 300, 300, solver.BlankLast)
	var s solver.Solver
	var w countingWriter
	sol, err := s.WritePath(context.Background(), &w, b, solver.BlankLast, solver.BlankNotation)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sol.Moves == w.n, sol.Moves > 10_000_000, sol.Path == nil)
	// Output: true true true
}

type countingWriter struct{ n int64 }

func (w *countingWriter) Write(p []byte) (int, error) {
	w.n += int64(len(p))
	return len(p), nil
}

// The speedsolvers' notation names where the tile goes, and counts runs:
// the blank going down twice is a tile going up twice, U2.
func ExamplePath_Format() {
	b, _ := solver.Parse("0 2 3/1 5 6/4 7 8")
	sol, _ := solver.Solve(context.Background(), b, solver.BlankLast)
	fmt.Println(sol.Path)
	fmt.Println(sol.Path.Format(solver.TileNotation))
	p, _ := solver.ParsePath("U2 L2", solver.TileNotation)
	fmt.Println(p)
	// Output:
	// ddrr
	// U2 L2
	// ddrr
}

// A player's moves analysed: which moves lost ground, and what would
// have kept a shortest path.
func ExampleSolver_Analyse() {
	b, _ := solver.Parse("1 2 3/4 0 6/7 5 8")
	played, _ := solver.ParsePath("rldr", solver.BlankNotation)
	var s solver.Solver
	a, err := s.Analyse(context.Background(), b, solver.BlankLast, played)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(a.Distances, a.Lost, a.Better, a.Shortest, a.Solved)
	// Output: [2 3 2 1 0] [0] [d] 2 true
}

// Random boards, the same for the same seed on every machine: uniform
// over those that can reach the goal, or a random walk from it.
func ExampleRandom() {
	r := rand.New(rand.NewPCG(1, 2))
	b, _ := solver.Random(r, 3, 3, solver.BlankLast)
	ok, _ := solver.Solvable(b, solver.BlankLast)
	fmt.Println(b, ok)
	w, _ := solver.RandomWalk(r, 4, 4, solver.BlankLast, 10)
	d, _ := solver.New(solver.Options{}).Distance(context.Background(), w, solver.BlankLast)
	fmt.Println(d <= 10)
	// Output:
	// 3 2 8/0 1 7/5 4 6 true
	// true
}

// Bad input is an error that says where, and errors a program must tell
// apart match errors.Is.
func Example_badInput() {
	_, err := solver.Parse("1 2 3/4 5 5/7 8 0")
	fmt.Println(err)
	fmt.Println(errors.Is(err, solver.ErrBadBoard))
	var se *solver.SyntaxError
	if errors.As(err, &se) {
		fmt.Println("line", se.Line, "column", se.Col)
	}

	b, _ := solver.Parse("1 2 3/4 5 6/8 7 0")
	_, err = solver.Solve(context.Background(), b, solver.BlankLast)
	fmt.Println(errors.Is(err, solver.ErrUnsolvable))

	four, _ := solver.Parse("1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0")
	three, _ := solver.Parse("12345678x")
	_, err = solver.Solve(context.Background(), four, solver.GoalOf(three))
	fmt.Println(errors.Is(err, solver.ErrShapes))

	_, err = solver.Solve(context.Background(), solver.Board{}, solver.BlankLast)
	fmt.Println(errors.Is(err, solver.ErrNoBoard))
	// Output:
	// solver: board: 1:11: tile 5 repeated (first at 1:9); want each of 1..8 once
	// true
	// line 1 column 11
	// true
	// true
	// true
}

// A goal of one's own, written as a board: here Korf's, the blank first.
func ExampleParseGoal() {
	goal, _ := solver.ParseGoal("0 1 2/3 4 5/6 7 8")
	b, _ := solver.Parse("1 0 2/3 4 5/6 7 8")
	sol, _ := solver.Solve(context.Background(), b, goal)
	fmt.Println(sol.Path, goal)
	// Output: l 0 1 2/3 4 5/6 7 8
}

// Boards as the 42 school's n-puzzle files write them: the size, then
// the rows, with comments.
func ExampleParse() {
	b, err := solver.Parse("# This puzzle is solvable\n3\n1 2 3\n8 0 4\n7 6 5\n")
	fmt.Println(b, err)
	b, err = solver.Parse("1 2 3 4 5 6 7 8 9")
	fmt.Println(b, err)
	// Output:
	// 1 2 3/8 0 4/7 6 5 <nil>
	// <no board> solver: board: 1:17: tile 9 out of range 1..8 for a 3x3 board
}

// Progress while the databases of a shape are built on first use: a
// program tells its user why the first answer waits.
func ExampleOptions_progress() {
	s := solver.New(solver.Options{
		Progress: func(p solver.Progress) {
			if p.Databases > 0 {
				fmt.Fprintf(os.Stderr, "\rbuilding the databases of %dx%d boards: %d%%", p.Rows, p.Cols, 100*p.Done/max(p.Total, 1))
			}
		},
	})
	b, _ := solver.Parse("1 2 3 4 5/6 7 8 9 10/11 12 13 14 15/16 17 18 19 20/21 22 23 0 24")
	sol, _ := s.Solve(context.Background(), b, solver.BlankLast)
	fmt.Println(strings.ToUpper(sol.Path.String()))
	// Output: R
}

var _ = io.Discard
