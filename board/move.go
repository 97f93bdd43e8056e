package board

import "fmt"

// Move is a move of the blank, named by where the blank goes: Up swaps the
// blank with the tile above it. Moves are ordered as their letters are, so
// that comparing paths move by move compares their strings.
type Move uint8

// The four moves, in the order of their letters: d < l < r < u.
const (
	Down Move = iota
	Left
	Right
	Up
)

// NumMoves is the number of moves; Move values are 0..NumMoves-1.
const NumMoves = 4

// Letters are the judges' letters of the moves, in the order of the
// moves: Letters[m] names move m.
const Letters = "dlru"

// Letter returns the judges' letter for m: 'd', 'l', 'r' or 'u'.
func (m Move) Letter() byte { return Letters[m&3] }

// String returns the letter of m as a string.
func (m Move) String() string { return Letters[m&3 : m&3+1] }

// Reverse returns the move that undoes m.
func (m Move) Reverse() Move { return 3 - m }

// ParseMove returns the move written as c, upper or lower case.
func ParseMove(c byte) (Move, bool) {
	switch c | 0x20 {
	case 'd':
		return Down, true
	case 'l':
		return Left, true
	case 'r':
		return Right, true
	case 'u':
		return Up, true
	}
	return 0, false
}

// PathString returns the letters of path, "ullddrurdllurdruldr".
func PathString(path []Move) string {
	return string(AppendPath(nil, path))
}

// AppendPath appends the letters of path to dst.
func AppendPath(dst []byte, path []Move) []byte {
	for _, m := range path {
		dst = append(dst, m.Letter())
	}
	return dst
}

// ParsePath reads a string of move letters.
func ParsePath(s string) ([]Move, error) {
	path := make([]Move, len(s))
	for i := 0; i < len(s); i++ {
		m, ok := ParseMove(s[i])
		if !ok {
			return nil, fmt.Errorf("move %d is %q, want one of d l r u", i+1, s[i])
		}
		path[i] = m
	}
	return path, nil
}

// Mover plays moves on a board in place: a board of any size, whose
// cells a Board would copy at every move. The zero Mover has no board.
type Mover struct {
	s     Shape
	cells []uint32
	blank int
}

// NewMover returns a Mover that starts from b.
func NewMover(b Board) *Mover {
	m := &Mover{s: b.Shape(), blank: b.Blank()}
	if b.Valid() {
		m.cells = make([]uint32, m.s.Cells())
		for i := range m.cells {
			m.cells[i] = uint32(b.Cell(i))
		}
	}
	return m
}

// Move makes move mv and reports whether it was legal; an illegal move
// changes nothing.
func (m *Mover) Move(mv Move) bool {
	if m == nil || m.cells == nil {
		return false
	}
	to, ok := m.s.Step(m.blank, mv)
	if !ok {
		return false
	}
	m.cells[m.blank], m.cells[to] = m.cells[to], 0
	m.blank = to
	return true
}

// Blank returns the blank's cell on the board played so far.
func (m *Mover) Blank() int {
	if m == nil {
		return 0
	}
	return m.blank
}

// Cell returns the tile in cell i of the board played so far, 0 for the
// blank (and for a cell off the board).
func (m *Mover) Cell(i int) int {
	if m == nil || i < 0 || i >= len(m.cells) {
		return 0
	}
	return int(m.cells[i])
}

// Is reports whether the board played so far is b.
func (m *Mover) Is(b Board) bool {
	if m == nil || m.cells == nil || b.Shape() != m.s || b.Blank() != m.blank {
		return false
	}
	for i, v := range m.cells {
		if int(v) != b.Cell(i) {
			return false
		}
	}
	return true
}

// Board returns the board played so far.
func (m *Mover) Board() Board {
	if m == nil || m.cells == nil {
		return Board{}
	}
	b, _ := New(m.s, m.cells)
	return b
}
