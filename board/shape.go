// Package board is the domain of sliding puzzles: the shape of a board, its
// cells, the four moves of the blank and their letters, applying a path,
// solvability against a goal, relabelling a goal onto a standard one, and
// reading every written form of a board.
//
// A board is a value. Cells are numbered row by row from 0; a cell holds a
// tile 1..n-1 or 0 for the blank, where n is the number of cells.
package board

import "fmt"

// MaxCells is the largest number of cells a board may have: the 4x4 board
// of the 15-puzzle.
const MaxCells = 16

// Shape is the geometry of a board: its rows and columns.
type Shape struct {
	Rows, Cols int
}

// Shape3x3 is the board of the 8-puzzle.
var Shape3x3 = Shape{Rows: 3, Cols: 3}

// Cells returns the number of cells of s.
func (s Shape) Cells() int { return s.Rows * s.Cols }

// Valid reports whether s is a board this package can hold: at least two
// rows and two columns, and at most MaxCells cells.
func (s Shape) Valid() bool {
	return s.Rows >= 2 && s.Cols >= 2 && s.Cells() <= MaxCells
}

// String returns s as "3x3".
func (s Shape) String() string { return fmt.Sprintf("%dx%d", s.Rows, s.Cols) }

// Step returns the cell the blank reaches from cell blank by move m, and
// false if m would take it off the board.
func (s Shape) Step(blank int, m Move) (int, bool) {
	if !s.Valid() || blank < 0 || blank >= s.Cells() {
		return blank, false
	}
	r, c := blank/s.Cols, blank%s.Cols
	switch m {
	case Down:
		r++
	case Up:
		r--
	case Left:
		c--
	case Right:
		c++
	default:
		return blank, false
	}
	if r < 0 || r >= s.Rows || c < 0 || c >= s.Cols {
		return blank, false
	}
	return r*s.Cols + c, true
}

// Goal returns the standard goal of s with the blank in cell blank: tiles
// 1..n-1 in reading order in the other cells. With the blank in the last
// cell it is the goal most judges use, "12345678x" on a 3x3 board.
func (s Shape) Goal(blank int) Board {
	var b Board
	b.setShape(s)
	b.setBlank(blank)
	t := uint8(1)
	for i := 0; i < s.Cells(); i++ {
		if i != blank {
			b.set(i, t)
			t++
		}
	}
	return b
}
