// Package board is the domain of sliding puzzles: the shape of a board, its
// cells, the four moves of the blank and their letters, applying a path,
// solvability against a goal, relabelling a goal onto a standard one, and
// reading every written form of a board.
//
// A board is a value. Cells are numbered row by row from 0; a cell holds a
// tile 1..n-1 or 0 for the blank, where n is the number of cells.
package board

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// MaxSmall is the largest number of cells of a small board, held in
// three words: the 4x4 board of the 15-puzzle. Small boards are the ones
// answered with shortest paths.
const MaxSmall = 16

// MaxCells is the largest number of cells a board may have: a 1000 x 1000
// board.
const MaxCells = 1_000_000

// Shape is the geometry of a board: its rows and columns.
type Shape struct {
	Rows, Cols int // the number of rows and of columns
}

// Shape3x3 is the board of the 8-puzzle.
var Shape3x3 = Shape{Rows: 3, Cols: 3}

// Cells returns the number of cells of s.
func (s Shape) Cells() int { return s.Rows * s.Cols }

// Valid reports whether s is a board this package can hold: at least two
// rows and two columns, and at most MaxCells cells. (Each of rows and
// columns is bounded first, so that no product wraps around.)
func (s Shape) Valid() bool {
	return s.Rows >= 2 && s.Cols >= 2 && s.Rows <= MaxCells/2 && s.Cols <= MaxCells/2 && s.Cells() <= MaxCells
}

// Small reports whether s is valid and has at most MaxSmall cells.
func (s Shape) Small() bool {
	return s.Rows >= 2 && s.Cols >= 2 && s.Rows <= MaxSmall/2 && s.Cols <= MaxSmall/2 && s.Cells() <= MaxSmall
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
// It returns the zero Board for a shape that is not valid or a cell that
// is not on it.
func (s Shape) Goal(blank int) Board {
	if !s.Valid() || blank < 0 || blank >= s.Cells() {
		return Board{}
	}
	var b Board
	b.setShape(s)
	b.setBlank(blank)
	if !s.Small() {
		c := make([]uint32, s.Cells())
		t := uint32(1)
		for i := range c {
			if i != blank {
				c[i] = t
				t++
			}
		}
		b.big = &c
		return b
	}
	t := uint8(1)
	for i := 0; i < s.Cells(); i++ {
		if i != blank {
			b.set(i, t)
			t++
		}
	}
	return b
}

// The named goals, for every shape (Shape.Named).
const (
	BlankLast  = "blank-last"  // the tiles in reading order, the blank last: most judges'
	BlankFirst = "blank-first" // the blank first, then the tiles in reading order: Korf's
	Snail      = "snail"       // the tiles in a clockwise spiral from the top-left corner, the blank where it ends: the 42 school's
)

// GoalNames are the names Shape.Named knows.
var GoalNames = []string{BlankLast, BlankFirst, Snail}

// Named returns the goal of s called name (BlankLast, BlankFirst or
// Snail), or false for another name or a shape that is not valid.
func (s Shape) Named(name string) (Board, bool) {
	if !s.Valid() {
		return Board{}, false
	}
	switch name {
	case BlankLast:
		return s.Goal(s.Cells() - 1), true
	case BlankFirst:
		return s.Goal(0), true
	case Snail:
		return s.snail(), true
	}
	return Board{}, false
}

// snail returns the goal of s whose tiles 1, 2, ... run in a clockwise
// spiral from the top-left corner, the blank in the cell where the spiral
// ends: 1 2 3 / 8 x 4 / 7 6 5 on 3x3.
func (s Shape) snail() Board {
	cells := make([]int, s.Cells())
	top, bottom, left, right := 0, s.Rows-1, 0, s.Cols-1
	t, n := 1, s.Cells()
	put := func(r, c int) {
		if t < n {
			cells[r*s.Cols+c] = t
		}
		t++
	}
	for top <= bottom && left <= right {
		for c := left; c <= right; c++ {
			put(top, c)
		}
		for r := top + 1; r <= bottom; r++ {
			put(r, right)
		}
		if top < bottom {
			for c := right - 1; c >= left; c-- {
				put(bottom, c)
			}
		}
		if left < right {
			for r := bottom - 1; r > top; r-- {
				put(r, left)
			}
		}
		top, bottom, left, right = top+1, bottom-1, left+1, right-1
	}
	b, _ := New(s, cells) // the spiral visits every cell once
	return b
}

// ParseShape reads a shape written "RxC", as "2x3" or "4X4".
func ParseShape(text string) (Shape, error) {
	r, c, ok := strings.Cut(strings.ToLower(strings.TrimSpace(text)), "x")
	rows, err1 := strconv.Atoi(r)
	cols, err2 := strconv.Atoi(c)
	if !ok || err1 != nil || err2 != nil {
		return Shape{}, fmt.Errorf("shape %q: want RxC, such as 2x3 or 4x4", text)
	}
	s := Shape{Rows: rows, Cols: cols}
	if !s.Valid() {
		return Shape{}, fmt.Errorf("shape %s: want R x C with R, C >= 2 and at most %d cells", s, MaxCells)
	}
	return s, nil
}

// Shapes returns every shape of n cells, fewest rows first.
func Shapes(n int) []Shape {
	var out []Shape
	if n < 4 || n > MaxCells {
		return nil
	}
	for r := 2; r <= n/2; r++ {
		if s := (Shape{Rows: r, Cols: n / r}); n%r == 0 && s.Valid() {
			out = append(out, s)
		}
	}
	return out
}

// ShapeOf returns the shape of a board of n cells written on one line:
// the square one (2x2, 3x3, 4x4, 5x5, ...). Any other count is an error
// that names the shapes it could be.
func ShapeOf(n int) (Shape, error) {
	if r := isqrt(n); r >= 2 && r*r == n && n <= MaxCells {
		return Shape{Rows: r, Cols: r}, nil
	}
	all := Shapes(n)
	if len(all) == 0 {
		return Shape{}, fmt.Errorf("%d cells: no board has %d cells; want R x C with R, C >= 2 and at most %d cells", n, n, MaxCells)
	}
	return Shape{}, &ShapeError{Cells: n, Shapes: all}
}

// ShapeError is the error of a board written on one line whose cells
// make no square board: the shapes it could be, for the caller to say
// how its user gives one (Give).
type ShapeError struct {
	Cells  int     // the cells written
	Shapes []Shape // the shapes of that many cells, fewest rows first
}

// Error says the count and the shapes it could be: "12 cells: no square
// board; a 2x6, 3x4, 4x3 or 6x2 one".
func (e *ShapeError) Error() string {
	return fmt.Sprintf("%d cells: no square board; a %s one", e.Cells, e.Choices())
}

// Give returns the error worded as the caller asks for a shape, how
// naming the caller's way: Give("-shape ") says "12 cells: give -shape
// 2x6, 3x4, 4x3 or 6x2".
func (e *ShapeError) Give(how string) error {
	return fmt.Errorf("%d cells: give %s%s", e.Cells, how, e.Choices())
}

// Choices names the shapes, eight at most: "2x6, 3x4, 4x3 or 6x2".
func (e *ShapeError) Choices() string {
	var names []string
	for _, s := range e.Shapes {
		names = append(names, s.String())
	}
	if len(names) > 8 {
		names = append(names[:7], "another R x C")
	}
	if len(names) == 0 {
		return "none"
	}
	list := names[0]
	if len(names) > 1 {
		list = strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
	}
	return list
}

// isqrt returns the largest r with r*r <= n, for n >= 0.
func isqrt(n int) int {
	if n < 0 {
		return 0
	}
	r := int(math.Sqrt(float64(n)))
	for r*r > n {
		r--
	}
	for (r+1)*(r+1) <= n {
		r++
	}
	return r
}

// wordCells reports whether the cells of text are numbers separated by
// spaces, as on a board of more than ten cells: not when every word is one
// character, or the text holds ten characters or fewer, where each
// character is a cell.
func wordCells(text string) bool {
	chars, long := 0, false
	for _, w := range strings.Fields(text) {
		chars += utf8.RuneCountInString(w)
		long = long || len(w) > 1
	}
	return long && chars > 10
}

// Infer returns the shape of a board as written in text: its rows, when
// it is written one row a line or between slashes (every row of as many
// cells), else the square shape of its number of cells (ShapeOf).
func Infer(text string) (Shape, error) {
	text = strings.ReplaceAll(text, "/", "\n") // rows between slashes: "1 2 3/4 5 6"
	words := wordCells(text)
	var rows []int
	total := 0
	for _, line := range strings.Split(text, "\n") {
		n := len(strings.Fields(line))
		if !words {
			n = utf8.RuneCountInString(strings.Join(strings.Fields(line), ""))
		}
		if n > 0 {
			rows = append(rows, n)
			total += n
		}
	}
	if len(rows) > 1 {
		for i, n := range rows {
			if n == rows[0] {
				continue
			}
			if s, err := ShapeOf(total); err == nil {
				return s, nil // Parse names the row that is not of s, and where
			}
			return Shape{}, fmt.Errorf("row %d has %d cells, row 1 %d; want rows of as many cells", i+1, n, rows[0])
		}
		if s := (Shape{Rows: len(rows), Cols: rows[0]}); s.Valid() {
			return s, nil
		}
	}
	if total == 0 {
		return Shape{}, fmt.Errorf("empty board; want its cells")
	}
	return ShapeOf(total)
}
