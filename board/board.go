package board

import (
	"fmt"
	"strconv"
	"strings"
)

// Board is an arrangement of tiles on a shape. The zero Board has no shape
// and is not valid; boards come from Parse, FromCells or Shape.Goal.
type Board struct {
	// geo holds the rows in bits 0-7, the columns in bits 8-15 and the
	// blank's cell in bits 16-23. A Board of three words and no more is
	// one the compiler keeps in registers; a larger one goes through
	// memory at every call, which the hot paths cannot afford.
	geo uint32
	// The cells, a byte each: cell i is byte i of lo for i < 8, byte i-8
	// of hi after. Words rather than an array keep a Board in registers
	// when it is passed or returned, which the hot paths rely on.
	lo, hi uint64
}

// cell returns cell i. It takes b by value, as Cell does: a method on a
// pointer would make every caller copy b to memory.
func (b Board) cell(i int) uint8 {
	w := b.lo
	if i >= 8 {
		w = b.hi
	}
	return uint8(w >> (8 * uint(i) & 63))
}

// set sets cell i to v.
func (b *Board) set(i int, v uint8) {
	u := 8 * uint(i)
	if i < 8 {
		b.lo = b.lo&^(0xff<<u) | uint64(v)<<u
	} else {
		b.hi = b.hi&^(0xff<<(u-64)) | uint64(v)<<(u-64)
	}
}

// Valid reports whether b is a board: every Board made by this package is,
// and the zero Board is not.
func (b Board) Valid() bool { return b.Shape().Valid() }

// Shape returns the shape of b.
func (b Board) Shape() Shape { return Shape{Rows: int(b.geo & 0xff), Cols: int(b.geo >> 8 & 0xff)} }

// setShape sets the shape of b.
func (b *Board) setShape(s Shape) { b.geo = b.geo&^0xffff | uint32(s.Rows) | uint32(s.Cols)<<8 }

// setBlank sets the cell of the blank.
func (b *Board) setBlank(i int) { b.geo = b.geo&^(0xff<<16) | uint32(i)<<16 }

// Cell returns the tile in cell i, or 0 for the blank.
func (b Board) Cell(i int) uint8 { return b.cell(i) }

// Blank returns the cell that holds the blank.
func (b Board) Blank() int { return int(b.geo >> 16 & 0xff) }

// Words returns the cells of b packed a byte each: cell i is byte i of lo
// for i < 8 and byte i-8 of hi after. It is for loops that read every
// cell and must stay in registers.
func (b Board) Words() (lo, hi uint64) { return b.lo, b.hi }

// array returns the cells of b in an array whose cells past the board's
// are 0.
func (b Board) array() (a [MaxCells]uint8) {
	for i := range a {
		a[i] = b.cell(i)
	}
	return a
}

// Cells returns the cells of b, row by row.
func (b Board) Cells() []uint8 {
	c := b.array()
	return c[:b.Shape().Cells()]
}

// Move applies m to b and reports whether it was legal; an illegal move
// leaves b as it was.
func (b *Board) Move(m Move) bool {
	to, ok := b.Shape().Step(b.Blank(), m)
	if !ok {
		return false
	}
	b.set(b.Blank(), b.cell(to))
	b.set(to, 0)
	b.setBlank(to)
	return true
}

// Apply applies path to b move by move. It returns the number of moves
// made, which is len(path) unless a move would take the blank off the
// board; then b is left as it was before that move.
func (b *Board) Apply(path []Move) int {
	for i, m := range path {
		if !b.Move(m) {
			return i
		}
	}
	return len(path)
}

// Parity returns the parity (0 or 1) of b's solvability class: boards
// reach each other exactly when their shapes and parities are equal. It is
// the parity of the tiles' inversions, plus, on a board of even width, the
// row of the blank (a vertical move then passes an odd number of tiles).
func (b Board) Parity() int {
	if !b.Valid() {
		return 0
	}
	n := b.Shape().Cells()
	inv := 0
	for i := 0; i < n; i++ {
		ci := b.cell(i)
		if ci == 0 {
			continue
		}
		for j := i + 1; j < n; j++ {
			if cj := b.cell(j); cj != 0 && cj < ci {
				inv++
			}
		}
	}
	if b.Shape().Cols%2 == 0 {
		inv += b.Blank() / b.Shape().Cols
	}
	return inv & 1
}

// Solvable reports whether goal can be reached from start: both are valid
// boards of one shape and parity.
func Solvable(start, goal Board) bool {
	return start.Valid() && start.Shape() == goal.Shape() && start.Parity() == goal.Parity()
}

// Relabel renames the tiles of start so that goal becomes the standard
// goal with the blank in goal's blank cell (Shape.Goal). Moves depend only
// on where the blank goes, so a path solves start for goal exactly when it
// solves the relabelled start for the standard goal. When start and goal
// are not valid boards of one shape it returns the zero Board.
func Relabel(start, goal Board) Board {
	return Rename(start, goal, goal.Shape().Goal(goal.Blank()))
}

// Rename renames the tiles of b as turns from into to: the tile in each
// cell of from is renamed to the tile in the same cell of to. From and to
// must have their blanks in the same cell, and the shape of b.
func Rename(b, from, to Board) Board {
	// On the words of the cells, eight a word, with no loop: a file of
	// pairs renames every case.
	n := b.Shape().Cells()
	var name [MaxCells]uint8
	names(&name, from, to)
	out := b
	out.lo, out.hi = renameWord(&name, b.lo), renameWord(&name, b.hi)
	// The cells past the board stay 0, whatever name[0] is.
	lo, hi := cellBytes(n)
	out.lo &= lo
	out.hi &= hi
	return out
}

// cellBytes returns the bytes of the cells of a board of n cells, for n
// at most MaxCells, in the words lo and hi of a Board.
func cellBytes(n int) (lo, hi uint64) {
	// A shift by 64 or more is 0: eight bytes are the whole word.
	return 1<<(8*uint(min(n, 8))) - 1, 1<<(8*uint(max(n-8, 0))) - 1
}

// renameWord renames the eight cells of w, a byte each, by name.
func renameWord(name *[MaxCells]uint8, w uint64) uint64 {
	return uint64(name[w&15]) | uint64(name[w>>8&15])<<8 |
		uint64(name[w>>16&15])<<16 | uint64(name[w>>24&15])<<24 |
		uint64(name[w>>32&15])<<32 | uint64(name[w>>40&15])<<40 |
		uint64(name[w>>48&15])<<48 | uint64(name[w>>56&15])<<56
}

// names sets name to the renaming that turns from into to, boards of one
// shape: name[from's cell i] is to's cell i. (A filled array returned by
// value would be copied whole while its bytes are still being stored: a
// stall.)
func names(name *[MaxCells]uint8, from, to Board) {
	// Every cell of both words, with no loop: the cells past the board
	// are 0 in both, and name the blank 0 as its own cell does.
	nameWord(name, from.lo, to.lo)
	nameWord(name, from.hi, to.hi)
}

// nameWord sets name[from's byte i] to to's byte i for the eight bytes of
// a word of cells.
func nameWord(name *[MaxCells]uint8, from, to uint64) {
	name[from&15] = uint8(to)
	name[from>>8&15] = uint8(to >> 8)
	name[from>>16&15] = uint8(to >> 16)
	name[from>>24&15] = uint8(to >> 24)
	name[from>>32&15] = uint8(to >> 32)
	name[from>>40&15] = uint8(to >> 40)
	name[from>>48&15] = uint8(to >> 48)
	name[from>>56&15] = uint8(to >> 56)
}

// Remap returns the board whose cell to[i] holds the tile of b's cell i,
// for to a one-to-one map of the cells of b's shape onto themselves (a
// symmetry of the board keeps moves moves, and so distances), or false
// when to is not one.
func Remap(b Board, to *[MaxCells]uint8) (Board, bool) {
	return remap(b, &sameNames, to)
}

// sameNames renames every tile to itself.
var sameNames = [MaxCells]uint8{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}

// RenameRemap is Remap(Rename(b, from, to), m) in two passes over the
// cells where the two take four: a file of pairs does it for every case.
func RenameRemap(b, from, to Board, m *[MaxCells]uint8) (Board, bool) {
	var name [MaxCells]uint8
	names(&name, from, to)
	return remap(b, &name, m)
}

// remap is Remap with each tile renamed by name on the way.
func remap(b Board, name, to *[MaxCells]uint8) (Board, bool) {
	if !b.Valid() {
		return Board{}, false
	}
	// On the words of the cells: a file of pairs turns every case.
	n := b.Shape().Cells()
	var words [2]uint64
	var seen uint32
	x, hi := b.lo, b.hi
	for i := 0; i < n; i++ {
		c := uint(to[i])
		v := uint64(name[x&15])
		x = x>>8 | hi<<56
		hi >>= 8
		if c >= uint(n) || seen&(1<<c) != 0 {
			return Board{}, false
		}
		seen |= 1 << c
		words[c>>3&1] |= v << (8 * (c & 7))
	}
	out := b
	out.lo, out.hi = words[0], words[1]
	out.setBlank(int(to[b.Blank()]))
	return out, true
}

// String returns b in its shortest written form: nine characters with x
// for the blank on a board of ten cells or fewer ("23415x768"), numbers
// separated by spaces on a larger one.
func (b Board) String() string {
	n := b.Shape().Cells()
	if n == 0 {
		return "<invalid board>"
	}
	var sb strings.Builder
	for i := 0; i < n; i++ {
		if n > 10 && i > 0 {
			sb.WriteByte(' ')
		}
		if c := b.cell(i); c == 0 {
			sb.WriteByte('x')
		} else {
			sb.WriteString(strconv.Itoa(int(c)))
		}
	}
	return sb.String()
}

// New makes a board of shape s from its cells, row by row, 0 for the
// blank. It checks that the cells hold each tile and one blank once.
func New(s Shape, cells []uint8) (Board, error) {
	if !s.Valid() {
		return Board{}, fmt.Errorf("board: shape %v not supported", s)
	}
	n := s.Cells()
	if len(cells) != n {
		return Board{}, fmt.Errorf("board: %d cells, want %d", len(cells), n)
	}
	var b Board
	b.setShape(s)
	var seen uint32
	for i, v := range cells {
		if int(v) >= n || seen&(1<<v) != 0 {
			return Board{}, fmt.Errorf("board: cells %v are not each of 0..%d once", cells, n-1)
		}
		seen |= 1 << v
		b.set(i, v)
		if v == 0 {
			b.setBlank(i)
		}
	}
	return b, nil
}
