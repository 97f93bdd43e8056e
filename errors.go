package solver

import "errors"

// The errors a caller may need to tell apart, matched with errors.Is.
// Each error of this package that is one of them says more (which
// shapes, which move, where in the text).
var (
	// ErrNoBoard is the error of the zero Board, which is no board.
	ErrNoBoard = errors.New("solver: the zero Board is no board (Parse, NewBoard and Random make boards)")
	// ErrBadBoard is the error of text or cells that are no board: a
	// tile out of range or repeated, a row of the wrong length, a shape
	// that is none.
	ErrBadBoard = errors.New("solver: not a board")
	// ErrShapes is the error of a board and a goal of different shapes.
	ErrShapes = errors.New("solver: the board and the goal are of different shapes")
	// ErrUnsolvable is the error of a board that cannot reach its goal:
	// half of all arrangements, told by their parity at once.
	ErrUnsolvable = errors.New("solver: the board cannot reach the goal")
	// ErrNotShortest is Distance's error for a board whose shortest path
	// is not searched for: one of more than 16 cells, unless the Solver
	// asks for shortest paths (Options.Shortest).
	ErrNotShortest = errors.New("solver: the shortest path of a board of more than 16 cells is searched only with Options.Shortest")
	// ErrBadPath is the error of text that is no path in its notation.
	ErrBadPath = errors.New("solver: not a path")
	// ErrOffBoard is the error of a path with a move off the board.
	ErrOffBoard = errors.New("solver: a move off the board")
)
