package board

import (
	"fmt"
	"math/rand/v2"
	"strconv"
)

// Board is an arrangement of tiles on a shape. The zero Board has no shape
// and is not valid; boards come from Parse, New, FromCells or Shape.Goal.
//
// A Board is a value: copies do not share their cells, and a move changes
// only the board it is made on. A small board (at most MaxSmall cells)
// is held in three words, which the compiler keeps in registers; a larger
// one holds its cells in a slice, four bytes a cell, copied only when a
// move changes them.
type Board struct {
	// geo holds the rows in bits 0-19, the columns in bits 20-39 and the
	// blank's cell in bits 40-59: a shape of up to MaxCells cells.
	geo uint64
	// The cells of a small board, a byte each: cell i is byte i of lo for
	// i < 8, byte i-8 of hi after. Words rather than an array keep a Board
	// in registers when it is passed or returned, which the hot paths rely
	// on. Both are 0 on a large board.
	lo, hi uint64
	// big holds the cells of a board of more than MaxSmall cells, and is
	// nil on a small one. Its cells are never changed once the Board is
	// made: a move copies them.
	big *[]uint32
}

const (
	geoBits = 20
	geoMask = 1<<geoBits - 1
)

// cell returns cell i of a small board. It takes b by value, as Cell
// does: a method on a pointer would make every caller copy b to memory.
func (b Board) cell(i int) uint8 {
	w := b.lo
	if i >= 8 {
		w = b.hi
	}
	return uint8(w >> (8 * uint(i) & 63))
}

// set sets cell i of a small board to v.
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

// Small reports whether b is a board of at most MaxSmall cells, held in
// three words.
func (b Board) Small() bool { return b.big == nil && b.Valid() }

// Shape returns the shape of b.
func (b Board) Shape() Shape {
	return Shape{Rows: int(b.geo & geoMask), Cols: int(b.geo >> geoBits & geoMask)}
}

// setShape sets the shape of b.
func (b *Board) setShape(s Shape) {
	b.geo = b.geo&^(1<<(2*geoBits)-1) | uint64(s.Rows)&geoMask | (uint64(s.Cols)&geoMask)<<geoBits
}

// setBlank sets the cell of the blank.
func (b *Board) setBlank(i int) {
	b.geo = b.geo&^(geoMask<<(2*geoBits)) | (uint64(i)&geoMask)<<(2*geoBits)
}

// Cell returns the tile in cell i, or 0 for the blank and for a cell that
// is not on the board.
func (b Board) Cell(i int) int {
	if b.big != nil {
		if uint(i) < uint(len(*b.big)) {
			return int((*b.big)[i])
		}
		return 0
	}
	if uint(i) >= uint(b.Shape().Cells()) {
		return 0
	}
	return int(b.cell(i))
}

// Blank returns the cell that holds the blank.
func (b Board) Blank() int { return int(b.geo >> (2 * geoBits) & geoMask) }

// Words returns the cells of a small board packed a byte each: cell i is
// byte i of lo for i < 8 and byte i-8 of hi after. It is for loops that
// read every cell and must stay in registers. A large board has none:
// both are 0.
func (b Board) Words() (lo, hi uint64) { return b.lo, b.hi }

// Cells returns the cells of b, row by row: each a tile, 0 for the blank.
func (b Board) Cells() []int {
	return b.AppendCells(nil)
}

// AppendCells appends the cells of b, row by row, to dst.
func (b Board) AppendCells(dst []int) []int {
	if b.big != nil {
		for _, v := range *b.big {
			dst = append(dst, int(v))
		}
		return dst
	}
	for i := range b.Shape().Cells() {
		dst = append(dst, int(b.cell(i)))
	}
	return dst
}

// Equal reports whether a and b are the same board: one shape, each cell
// the same. For small boards it is a == b.
func Equal(a, b Board) bool {
	if a.big == nil || b.big == nil {
		return a == b
	}
	return a.geo == b.geo && (a.big == b.big || slicesEqual(*a.big, *b.big))
}

func slicesEqual(a, b []uint32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Move applies m to b and reports whether it was legal; an illegal move
// leaves b as it was. On a large board a move copies the cells (other
// copies of b keep theirs): apply a path with Apply, which copies once.
func (b *Board) Move(m Move) bool {
	to, ok := b.Shape().Step(b.Blank(), m)
	if !ok {
		return false
	}
	if b.big != nil {
		return b.Apply([]Move{m}) == 1
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
	if b.big == nil {
		for i, m := range path {
			if !b.Move(m) {
				return i
			}
		}
		return len(path)
	}
	if len(path) == 0 {
		return 0
	}
	// The moves played in place (Mover) on one copy of the cells.
	m := Mover{s: b.Shape(), cells: append([]uint32(nil), *b.big...), blank: b.Blank()}
	n := len(path)
	for i, mv := range path {
		if !m.Move(mv) {
			n = i
			break
		}
	}
	b.big = &m.cells
	b.setBlank(m.blank)
	return n
}

// Parity returns the parity (0 or 1) of b's solvability class: boards
// reach each other exactly when their shapes and parities are equal. It is
// the parity of the tiles' inversions, plus, on a board of even width, the
// row of the blank (a vertical move then passes an odd number of tiles).
// It takes time linear in the cells.
func (b Board) Parity() int {
	if !b.Valid() {
		return 0
	}
	s := b.Shape()
	var inv int
	if b.big != nil {
		// The tiles' inversions are those of all the cells less the
		// blank's, which is smaller than every tile it follows.
		inv = permParity(*b.big) + b.Blank()
	} else {
		n := s.Cells()
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
	}
	if s.Cols%2 == 0 {
		inv += b.Blank() / s.Cols
	}
	return inv & 1
}

// permParity returns the parity of the inversions of cells, each of
// 0..n-1 once: that of the permutation, n less its number of cycles,
// found in one pass with a bit a cell.
func permParity(cells []uint32) int {
	seen := make([]uint64, (len(cells)+63)/64)
	cycles := 0
	for i := range cells {
		if seen[i/64]&(1<<(i%64)) != 0 {
			continue
		}
		cycles++
		for j := i; seen[j/64]&(1<<(j%64)) == 0; j = int(cells[j]) {
			seen[j/64] |= 1 << (j % 64)
		}
	}
	return (len(cells) - cycles) & 1
}

// Random returns a board of goal's shape drawn from r, uniform over
// those that reach goal: an arrangement at random (r.Perm), flipped where
// it does not reach goal. A goal that is not a valid board gives the
// zero Board.
func Random(r *rand.Rand, goal Board) Board {
	if !goal.Valid() {
		return Board{}
	}
	b, _ := New(goal.Shape(), r.Perm(goal.Shape().Cells())) // a valid arrangement
	if !Solvable(b, goal) {
		b = Flip(b)
	}
	return b
}

// Flip returns b with its first two tiles swapped (the blank stays): a
// board of the other parity, which reaches the goals b does not. It is a
// one-to-one map between the two classes, so a board drawn uniformly
// from all arrangements and flipped where it cannot reach a goal is
// uniform over those that can. The zero Board flips to itself.
func Flip(b Board) Board {
	if !b.Valid() {
		return b
	}
	cells := b.Cells()
	i, j := 0, 1
	if cells[i] == 0 {
		i = 2
	} else if cells[j] == 0 {
		j = 2
	}
	cells[i], cells[j] = cells[j], cells[i]
	out, _ := New(b.Shape(), cells) // the same cells, two swapped
	return out
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
	if !start.Valid() || start.Shape() != goal.Shape() {
		return Board{}
	}
	return Rename(start, goal, goal.Shape().Goal(goal.Blank()))
}

// Rename renames the tiles of b as turns from into to: the tile in each
// cell of from is renamed to the tile in the same cell of to. From and to
// must have their blanks in the same cell, and the shape of b; when they
// do not, Rename returns the zero Board.
func Rename(b, from, to Board) Board {
	if b.big != nil || from.big != nil || to.big != nil {
		return renameLarge(b, from, to)
	}
	if !renames(b, from, to) {
		return Board{}
	}
	// On the words of the cells, eight a word, with no loop: a file of
	// pairs renames every case.
	n := b.Shape().Cells()
	var name [MaxSmall]uint8
	names(&name, from, to)
	out := b
	out.lo, out.hi = renameWord(&name, b.lo), renameWord(&name, b.hi)
	// The cells past the board stay 0, whatever name[0] is.
	lo, hi := cellBytes(n)
	out.lo &= lo
	out.hi &= hi
	return out
}

// renames reports whether from and to, small boards, rename the tiles of
// b: all three of one shape, from's blank where to's is.
func renames(b, from, to Board) bool {
	const shape = 1<<(2*geoBits) - 1
	return from.geo == to.geo && (b.geo^from.geo)&shape == 0
}

// renameLarge is Rename for boards of more than MaxSmall cells.
func renameLarge(b, from, to Board) Board {
	s := b.Shape()
	if b.big == nil || from.big == nil || to.big == nil || from.Shape() != s || to.Shape() != s || from.Blank() != to.Blank() {
		return Board{}
	}
	f, t := *from.big, *to.big
	name := make([]uint32, len(f))
	for i, v := range f {
		name[v] = t[i]
	}
	c := make([]uint32, len(f))
	for i, v := range *b.big {
		c[i] = name[v]
	}
	out := b
	out.big = &c
	return out
}

// cellBytes returns the bytes of the cells of a board of n cells, for n
// at most MaxSmall, in the words lo and hi of a Board.
func cellBytes(n int) (lo, hi uint64) {
	// A shift by 64 or more is 0: eight bytes are the whole word.
	return 1<<(8*uint(min(n, 8))) - 1, 1<<(8*uint(max(n-8, 0))) - 1
}

// renameWord renames the eight cells of w, a byte each, by name.
func renameWord(name *[MaxSmall]uint8, w uint64) uint64 {
	return uint64(name[w&15]) | uint64(name[w>>8&15])<<8 |
		uint64(name[w>>16&15])<<16 | uint64(name[w>>24&15])<<24 |
		uint64(name[w>>32&15])<<32 | uint64(name[w>>40&15])<<40 |
		uint64(name[w>>48&15])<<48 | uint64(name[w>>56&15])<<56
}

// names sets name to the renaming that turns from into to, boards of one
// shape: name[from's cell i] is to's cell i. (A filled array returned by
// value would be copied whole while its bytes are still being stored: a
// stall.)
func names(name *[MaxSmall]uint8, from, to Board) {
	// Every cell of both words, with no loop: the cells past the board
	// are 0 in both, and name the blank 0 as its own cell does.
	nameWord(name, from.lo, to.lo)
	nameWord(name, from.hi, to.hi)
}

// nameWord sets name[from's byte i] to to's byte i for the eight bytes of
// a word of cells.
func nameWord(name *[MaxSmall]uint8, from, to uint64) {
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
func Remap(b Board, to *[MaxSmall]uint8) (Board, bool) {
	return remap(b, &sameNames, to)
}

// sameNames renames every tile to itself.
var sameNames = [MaxSmall]uint8{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}

// RenameRemap is Remap(Rename(b, from, to), m) in two passes over the
// cells where the two take four: a file of pairs does it for every case.
func RenameRemap(b, from, to Board, m *[MaxSmall]uint8) (Board, bool) {
	if b.big != nil || from.big != nil || to.big != nil || !renames(b, from, to) {
		return Board{}, false
	}
	var name [MaxSmall]uint8
	names(&name, from, to)
	return remap(b, &name, m)
}

// remap is Remap with each tile renamed by name on the way. It takes
// small boards only.
func remap(b Board, name, to *[MaxSmall]uint8) (Board, bool) {
	if !b.Small() {
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
	return string(b.AppendText(make([]byte, 0, 8*n)))
}

// AppendText appends b as String writes it to dst.
func (b Board) AppendText(dst []byte) []byte {
	n := b.Shape().Cells()
	for i := 0; i < n; i++ {
		if n > 10 && i > 0 {
			dst = append(dst, ' ')
		}
		if c := b.Cell(i); c == 0 {
			dst = append(dst, 'x')
		} else {
			dst = strconv.AppendInt(dst, int64(c), 10)
		}
	}
	return dst
}

// AppendRows appends b written as players write a board, its rows between
// slashes and 0 for the blank: "1 2 3/4 5 6/7 8 0". Parse reads it back.
func (b Board) AppendRows(dst []byte) []byte {
	s := b.Shape()
	for i := range s.Cells() {
		switch {
		case i == 0:
		case i%s.Cols == 0:
			dst = append(dst, '/')
		default:
			dst = append(dst, ' ')
		}
		dst = strconv.AppendInt(dst, int64(b.Cell(i)), 10)
	}
	return dst
}

// Integer is the type of the cells New takes: any integer type.
type Integer interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64
}

// New makes a board of shape s from its cells, row by row, 0 for the
// blank. It checks that the cells hold each tile and one blank once.
func New[T Integer](s Shape, cells []T) (Board, error) {
	if !s.Valid() {
		return Board{}, fmt.Errorf("board: shape %v not supported", s)
	}
	n := s.Cells()
	if len(cells) != n {
		return Board{}, fmt.Errorf("board: %d cells, want %d", len(cells), n)
	}
	if n > MaxSmall {
		c := make([]uint32, n)
		for i, v := range cells {
			if v < 0 || uint64(v) >= uint64(n) {
				return Board{}, fmt.Errorf("board: cell %d holds %d, want a tile 1..%d or 0 for the blank", i, v, n-1)
			}
			c[i] = uint32(v)
		}
		return fromLarge(s, c)
	}
	var b Board
	b.setShape(s)
	var seen uint32
	for i, v := range cells {
		if v < 0 || uint64(v) >= uint64(n) || seen&(1<<v) != 0 {
			return Board{}, fmt.Errorf("board: cells %v are not each of 0..%d once", cells, n-1)
		}
		seen |= 1 << v
		b.set(i, uint8(v))
		if v == 0 {
			b.setBlank(i)
		}
	}
	return b, nil
}

// fromLarge makes a board of shape s, of more than MaxSmall cells, that
// holds cells (which it keeps), each below s.Cells(), or says which tile
// is repeated.
func fromLarge(s Shape, cells []uint32) (Board, error) {
	n := len(cells)
	seen := make([]uint64, (n+63)/64)
	blank := -1
	for i, v := range cells {
		if seen[v/64]&(1<<(v%64)) != 0 {
			if v == 0 {
				return Board{}, fmt.Errorf("board: a second blank at cell %d; want one blank", i)
			}
			return Board{}, fmt.Errorf("board: tile %d repeated at cell %d; want each of 1..%d once", v, i, n-1)
		}
		seen[v/64] |= 1 << (v % 64)
		if v == 0 {
			blank = i
		}
	}
	var b Board
	b.setShape(s)
	b.setBlank(blank)
	b.big = &cells
	return b, nil
}
