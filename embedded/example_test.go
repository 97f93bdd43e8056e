package embedded_test

import (
	"fmt"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/embedded"
)

// Solve a board for the usual goal: the lexicographically smallest of its
// shortest paths.
func Example() {
	start, err := board.Parse(board.Shape3x3, "2 3 4 1 5 x 7 6 8")
	if err != nil {
		fmt.Println(err)
		return
	}
	goal := board.Shape3x3.Goal(8) // 12345678x
	path, ok, err := embedded.Set().Path(start, goal)
	if err != nil {
		fmt.Println(err) // a missing or corrupt table, never bad input
		return
	}
	fmt.Println(ok, len(path), board.PathString(path))
	// Output: true 19 dlurullddrurdllurdr
}

// Any goal: the tiles are renamed onto a standard goal, so the answer
// takes no search.
func Example_goal() {
	start := board.MustParse(board.Shape3x3, "564178X23")
	goal := board.MustParse(board.Shape3x3, "7568X4123")
	path, _, _ := embedded.Set().Path(start, goal)
	fmt.Println(board.PathString(path))
	// Output: urrulldr
}

// Boards of the other parity cannot reach the goal.
func Example_unsolvable() {
	start := board.MustParse(board.Shape3x3, "213\n456\n78x")
	d, ok, err := embedded.Set().Distance(start, board.Shape3x3.Goal(8))
	fmt.Println(d, ok, err)
	// Output: 0 false <nil>
}

// The distance alone, for judges that ask for the number of moves.
func Example_distance() {
	start := board.MustParse(board.Shape3x3, "1 3 0\n4 2 5\n7 8 6")
	d, ok, _ := embedded.Set().Distance(start, board.Shape3x3.Goal(8))
	fmt.Println(d, ok)
	// Output: 4 true
}

// Many boards against one goal: a Solver finds the goal's table and the
// renaming of its tiles once, and its lookups take no lock.
func Example_solver() {
	goal := board.MustParse(board.Shape3x3, "1 2 3\n8 0 4\n7 6 5")
	solver, err := embedded.Set().For(goal)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, text := range []string{"283104765", "123804765", "213804765"} {
		d, ok, _ := solver.Distance(board.MustParse(board.Shape3x3, text))
		fmt.Println(text, d, ok)
	}
	// Output:
	// 283104765 4 true
	// 123804765 0 true
	// 213804765 0 false
}
