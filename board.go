package solver

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/slidingpuzzle/solver/board"
)

// Board is a position of a sliding puzzle: its shape, rows by columns,
// from 2x2 up to a million cells, and in each cell a tile 1..n-1 or the
// blank, 0, where n is the number of cells. Parse, NewBoard, Random,
// RandomWalk and Goal.Board make them; the zero Board is no board, and
// every function given one says so (ErrNoBoard). A Board is a value: a
// copy shares nothing a move changes.
type Board struct{ b board.Board }

// Parse reads a board written in any of the usual forms, its shape taken
// from the text:
//
//   - its rows, one a line or between slashes: "1 2 3/4 5 6/7 8 0",
//     "123\n456\n780";
//   - its cells on one line, a square number of them: "1 2 3 4 5 6 7 8 0",
//     "23415x768";
//   - its rows after a line that gives its size, "N" (N x N) or "R C",
//     with lines of comments starting with '#' before or among them, as
//     the 42 school's n-puzzle files and POJ 2893 write them.
//
// The blank is 0, x, X or #; cells of more than one digit are separated
// by spaces. A board of another shape written on one line needs
// ParseShaped. Errors match ErrBadBoard and say where the fault is (a
// *SyntaxError: line and column).
func Parse(text string) (Board, error) {
	if s, rows, ok := sized(text); ok {
		b, err := board.Parse(s, rows)
		if err != nil {
			return Board{}, badBoard(err)
		}
		return Board{b}, nil
	}
	s, err := board.Infer(text)
	var se *board.ShapeError
	if errors.As(err, &se) {
		err = se.Give("the shape to ParseShaped: ")
	}
	if err != nil {
		return Board{}, badBoard(err)
	}
	return ParseShaped(s.Rows, s.Cols, text)
}

// ParseShaped reads a board of rows x cols cells written in any form
// Parse reads, on one line or several.
func ParseShaped(rows, cols int, text string) (Board, error) {
	s, err := boardShape(rows, cols)
	if err != nil {
		return Board{}, err
	}
	b, err := board.Parse(s, text)
	if err != nil {
		return Board{}, badBoard(err)
	}
	return Board{b}, nil
}

// sized returns the shape and the rows of a board written after a line
// of its size ("N" or "R C") and comment lines starting with '#', and
// false for text of another form. The rows keep their line numbers
// (comments and the size line become empty lines), so that errors name
// the lines as written.
func sized(text string) (board.Shape, string, bool) {
	lines := strings.Split(text, "\n")
	size := -1
	for i, ln := range lines {
		t := strings.TrimSpace(ln)
		switch {
		case t == "":
			continue
		case strings.HasPrefix(t, "#") && comment(t):
			lines[i] = ""
			continue
		}
		size = i
		break
	}
	if size < 0 {
		return board.Shape{}, "", false
	}
	f := strings.Fields(lines[size])
	var dims []int
	for _, w := range f {
		n, err := strconv.Atoi(w)
		if err != nil {
			return board.Shape{}, "", false
		}
		dims = append(dims, n)
	}
	var s board.Shape
	switch len(dims) {
	case 1:
		s = board.Shape{Rows: dims[0], Cols: dims[0]}
	case 2:
		s = board.Shape{Rows: dims[0], Cols: dims[1]}
	default:
		return board.Shape{}, "", false
	}
	// The rows that follow: as many as the size says, each with as many
	// cells as a row has (a board written "R C" of two columns has rows
	// of two cells too: the size line is told by the rows after it).
	rows := 0
	for i := size + 1; i < len(lines); i++ {
		t := strings.TrimSpace(lines[i])
		if strings.HasPrefix(t, "#") && comment(t) {
			lines[i] = ""
			continue
		}
		if t != "" {
			rows++
		}
	}
	if !s.Valid() || rows != s.Rows {
		return board.Shape{}, "", false
	}
	lines[size] = ""
	return s, strings.Join(lines, "\n"), true
}

// comment reports whether a line that starts with '#' is a comment, not
// a row whose first cell is the blank written '#': a comment has a letter
// or a second '#' in it, or nothing after the '#'.
func comment(line string) bool {
	rest := line[1:]
	if strings.TrimSpace(rest) == "" {
		return true
	}
	for _, c := range rest {
		if c == '#' || c >= 'a' && c <= 'z' && c != 'x' || c >= 'A' && c <= 'Z' && c != 'X' {
			return true
		}
	}
	return false
}

// NewBoard returns the board of rows x cols cells that holds cells, row
// by row: a tile 1..n-1 in each cell and 0 for the blank, each once.
// Other cells are an error that matches ErrBadBoard.
func NewBoard(rows, cols int, cells []int) (Board, error) {
	s, err := boardShape(rows, cols)
	if err != nil {
		return Board{}, err
	}
	b, err := board.New(s, cells)
	if err != nil {
		return Board{}, badBoard(err)
	}
	return Board{b}, nil
}

// FromBoard returns b, a board of package board, as a Board: for a
// program that uses the module's other packages too. The zero board.Board
// is ErrNoBoard.
func FromBoard(b board.Board) (Board, error) {
	if !b.Valid() {
		return Board{}, ErrNoBoard
	}
	return Board{b}, nil
}

// Board returns b as a board of package board (the zero board.Board for
// the zero Board).
func (b Board) Board() board.Board { return b.b }

// IsZero reports whether b is the zero Board, which is no board.
func (b Board) IsZero() bool { return !b.b.Valid() }

// Rows returns the number of rows of b (0 for the zero Board).
func (b Board) Rows() int { return b.b.Shape().Rows }

// Cols returns the number of columns of b (0 for the zero Board).
func (b Board) Cols() int { return b.b.Shape().Cols }

// Cells returns the cells of b, row by row: a tile, or 0 for the blank.
func (b Board) Cells() []int {
	if !b.b.Valid() {
		return nil
	}
	return b.b.Cells()
}

// Blank returns the row and the column of the blank (-1, -1 for the zero
// Board).
func (b Board) Blank() (row, col int) {
	if !b.b.Valid() {
		return -1, -1
	}
	c := b.b.Blank()
	cols := b.b.Shape().Cols
	return c / cols, c % cols
}

// Equal reports whether a and b are the same board: of one shape, with
// the same tile in every cell.
func (b Board) Equal(a Board) bool { return board.Equal(b.b, a.b) }

// String returns b's rows between slashes, the blank written 0: "1 2
// 3/4 5 6/7 8 0", which Parse reads back.
func (b Board) String() string {
	if !b.b.Valid() {
		return "<no board>"
	}
	return string(b.b.AppendRows(nil))
}

// Apply returns the board after the moves of p, made one after another
// from b. A move off the board is an error that matches ErrOffBoard and
// names the move, and no board is returned.
func (b Board) Apply(p Path) (Board, error) {
	if !b.b.Valid() {
		return Board{}, ErrNoBoard
	}
	end := b.b
	if n := end.Apply(p); n != len(p) {
		return Board{}, fmt.Errorf("%w: move %d (%v) from %v", ErrOffBoard, n+1, p[n], b)
	}
	return Board{end}, nil
}

// Goal is the arrangement a board is solved to: one of the named goals,
// which every shape has (BlankLast, BlankFirst, Snail), or a board of its
// own (GoalOf). The zero Goal is BlankLast.
type Goal struct{ g board.Goal }

// The named goals, made for a board of any shape (3x3 shown, _ the
// blank):
var (
	BlankLast  = Goal{}                                                     // 1 2 3 / 4 5 6 / 7 8 _: most judges' and players'
	BlankFirst = Goal{board.MustParseGoal(board.Shape{}, board.BlankFirst)} // _ 1 2 / 3 4 5 / 6 7 8: Korf's
	Snail      = Goal{board.MustParseGoal(board.Shape{}, board.Snail)}      // 1 2 3 / 8 _ 4 / 7 6 5: the 42 school's
)

// GoalOf returns the goal that is b: boards of b's shape only can reach
// it.
func GoalOf(b Board) Goal { return Goal{board.GoalOf(b.b)} }

// ParseGoal reads a goal: one of the names "blank-last", "blank-first"
// and "snail", or a board written as Parse reads it. Errors match
// ErrBadBoard.
func ParseGoal(text string) (Goal, error) {
	name := strings.TrimSpace(text)
	for _, g := range []Goal{BlankLast, BlankFirst, Snail} {
		if name == g.String() {
			return g, nil
		}
	}
	b, err := Parse(text)
	if err != nil {
		return Goal{}, fmt.Errorf("%w (or a goal's name: blank-last, blank-first, snail)", err)
	}
	return GoalOf(b), nil
}

// Board returns the goal's board of rows x cols cells: the named goal
// of that shape, or the goal's own board where it has that shape, else
// an error that matches ErrShapes.
func (g Goal) Board(rows, cols int) (Board, error) {
	s, err := boardShape(rows, cols)
	if err != nil {
		return Board{}, err
	}
	b, err := g.g.For(s)
	if err != nil {
		return Board{}, fmt.Errorf("%w: the goal %v is a %v board, the board %v", ErrShapes, g, shapeOf(g), s)
	}
	return Board{b}, nil
}

// shapeOf returns the shape of a goal that is a board.
func shapeOf(g Goal) board.Shape {
	b, _ := g.g.Board()
	return b.Shape()
}

// For returns the goal's board of b's shape, for an error that names b.
func (g Goal) forBoard(b Board) (board.Board, error) {
	if !b.b.Valid() {
		return board.Board{}, ErrNoBoard
	}
	gb, err := g.g.For(b.b.Shape())
	if err != nil {
		return board.Board{}, fmt.Errorf("%w: the board is %v, the goal %v", ErrShapes, b.b.Shape(), shapeOf(g))
	}
	return gb, nil
}

// String returns the goal's name, or its board as Board.String writes
// it.
func (g Goal) String() string {
	if b, ok := g.g.Board(); ok {
		return Board{b}.String()
	}
	return g.g.Name()
}

// Solvable reports whether start can reach goal: a matter of parity,
// told at once for a board of any size. The error is for the zero Board
// (ErrNoBoard) or a goal of another shape (ErrShapes).
func Solvable(start Board, goal Goal) (bool, error) {
	g, err := goal.forBoard(start)
	if err != nil {
		return false, err
	}
	return board.Solvable(start.b, g), nil
}

// Random returns a board of rows x cols cells drawn from r, uniform over
// those that can reach goal. A nil r draws from a source of its own,
// seeded at random; rand.New(rand.NewPCG(seed1, seed2)) gives the same
// board for the same seeds on every machine.
func Random(r *rand.Rand, rows, cols int, goal Goal) (Board, error) {
	g, err := goal.Board(rows, cols)
	if err != nil {
		return Board{}, err
	}
	if r == nil {
		r = rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
	}
	return Board{board.Random(r, g.b)}, nil
}

// RandomWalk returns the board that moves random moves of the blank
// make from goal, drawn from r, never straight back: a board at most
// that many moves from the goal, for a puzzle of a chosen difficulty. A
// nil r is as for Random.
func RandomWalk(r *rand.Rand, rows, cols int, goal Goal, moves int) (Board, error) {
	g, err := goal.Board(rows, cols)
	if err != nil {
		return Board{}, err
	}
	if r == nil {
		r = rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
	}
	m := board.NewMover(g.b)
	last := board.Move(255)
	for k := 0; k < moves; {
		mv := board.Move(r.IntN(board.NumMoves))
		if last != 255 && mv == last.Reverse() {
			continue
		}
		if m.Move(mv) {
			last = mv
			k++
		}
	}
	return Board{m.Board()}, nil
}

// boardShape returns the shape of rows x cols cells, or, where no board
// has it, an error that matches ErrBadBoard.
func boardShape(rows, cols int) (board.Shape, error) {
	s := board.Shape{Rows: rows, Cols: cols}
	if !s.Valid() {
		return s, badBoard(fmt.Errorf("%v is not a board shape; want R x C with R, C >= 2 and at most %d cells", s, board.MaxCells))
	}
	return s, nil
}

// badBoard returns err, a fault of a board's text or cells, as an error
// that matches ErrBadBoard and keeps err (a *SyntaxError, where the text
// said where).
func badBoard(err error) error { return &boardError{err} }

type boardError struct{ err error }

func (e *boardError) Error() string   { return "solver: board: " + e.err.Error() }
func (e *boardError) Unwrap() []error { return []error{ErrBadBoard, e.err} }

// SyntaxError is the fault of a board's or a path's text: where it is,
// and what was wrong and expected. Parse's and ParsePath's errors hold
// one (errors.As).
type SyntaxError = board.SyntaxError
