package table

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"slices"

	"github.com/slidingpuzzle/solver/board"
)

// Goal answers boards for one goal: the Set's lookups with the table
// found and the renaming of tiles worked out once. Its lookups take no
// lock and allocate nothing. A Goal is safe for use by several
// goroutines.
type Goal struct {
	t    *Table
	goal board.Board
	// name renames a tile of a start board to the tile in the same cell
	// of the standard goal: name[goal.Cell(i)] = standard.Cell(i).
	name [board.MaxSmall]uint8
	// shuf is name for the eight-at-a-time 3x3 keys (KeyBoards): the
	// cells no board holds, 9 to 15, stay out of range as 15.
	shuf     [16]uint8
	class    int  // the parity of the boards that reach the goal
	identity bool // the goal is the standard one: name renames nothing
	n        int  // cells
	cols     int
	half     int
}

func newGoal(t *Table, goal board.Board) Goal {
	s := goal.Shape()
	v := Goal{t: t, goal: goal, class: t.goal.Parity(), n: s.Cells(), cols: s.Cols, half: half(s)}
	for i := range v.n {
		v.name[goal.Cell(i)] = uint8(t.goal.Cell(i))
	}
	for i := range v.shuf {
		v.shuf[i] = 15
		if i < v.n {
			v.shuf[i] = v.name[i]
		}
	}
	v.identity = goal == t.goal
	return v
}

var errZeroGoal = errors.New("table: the Goal has no table (Set.For makes Goals)")

// Goal returns the goal of v.
func (v *Goal) Goal() board.Board {
	if v == nil {
		return board.Board{}
	}
	return v.goal
}

// Table returns the table v answers from: the table of the standard goal
// with v's blank cell.
func (v *Goal) Table() *Table {
	if v == nil {
		return nil
	}
	return v.t
}

// index renames the tiles of b for the standard goal and returns the index
// of the result and its parity (board.Board.Parity), in one pass.
func (v *Goal) index(b board.Board) (idx, parity int) {
	blank := b.Blank()
	if v.n == 9 {
		lo, hi := b.Words()
		if !v.identity {
			lo, hi = v.rename9(lo, hi)
		}
		return rank9(byteTiles9(lo, hi, blank), blank) // index9, inlined
	}
	// Any other shape, a cell at a time. The Lehmer digit of a tile t is
	// the number of smaller tiles after it: those not among the tiles
	// before it. The blank is value 0 and counts for nothing (full leaves
	// out bit 0), and its weight is 0, so no branch asks where it is.
	w := &v.t.weights[blank&(board.MaxSmall-1)]
	name := &v.name
	n := min(v.n, board.MaxSmall)
	full := uint32(1)<<n - 2
	var before uint32
	rank, inv := 0, 0
	x, hi := b.Words()
	for c := range n {
		if c == 8 {
			x = hi
		}
		t := name[x&(board.MaxSmall-1)]
		x >>= 8
		d := bits.OnesCount32(^before & (1<<(t&31) - 1) & full)
		rank += d * w[c]
		inv += d
		before |= 1 << t
	}
	if v.cols%2 == 0 {
		inv += blank / v.cols
	}
	return blank*v.half + rank/2, inv & 1
}

// rename9 renames the tiles of a 3x3 board packed as by board.Words.
func (v *Goal) rename9(lo, hi uint64) (uint64, uint64) {
	name := &v.name
	var out uint64
	for k := range 8 {
		out |= uint64(name[lo>>(8*k)&15]) << (8 * k)
	}
	return out, uint64(name[hi&15])
}

// renamed returns b with its tiles renamed for the standard goal, for the
// slow lookups that follow the table move by move.
func (v *Goal) renamed(b board.Board) board.Board {
	return board.Rename(b, v.goal, v.t.goal)
}

// AppendPath appends to dst the letters of the lexicographically smallest
// shortest path from start to v's goal (d < l < r < u) and reports true,
// or returns dst and false when the goal cannot be reached from start.
// The error is for a corrupt table only.
func (v *Goal) AppendPath(dst []byte, start board.Board) ([]byte, bool, error) {
	if v == nil || v.t == nil {
		return dst, false, errZeroGoal
	}
	if !start.Small() || start.Shape() != v.goal.Shape() {
		return dst, false, nil
	}
	i, parity := v.index(start)
	if parity != v.class {
		return dst, false, nil
	}
	if f := v.t.fastIfBuilt(); f != nil {
		return appendPacked(dst, f.paths[i]), true, nil
	}
	dst, err := v.t.follow(dst, v.renamed(start), i)
	return dst, err == nil, err
}

// Distance returns the number of moves of a shortest path from start to
// v's goal, or false when there is none. The error is for a corrupt table
// only.
func (v *Goal) Distance(start board.Board) (int, bool, error) {
	if v == nil || v.t == nil {
		return 0, false, errZeroGoal
	}
	if !start.Small() || start.Shape() != v.goal.Shape() {
		return 0, false, nil
	}
	i, parity := v.index(start)
	if parity != v.class {
		return 0, false, nil
	}
	if f := v.t.fastIfBuilt(); f != nil {
		return pathLen(f.paths[i]), true, nil
	}
	var buf [64]byte
	p, err := v.t.follow(buf[:0], v.renamed(start), i)
	return len(p), err == nil, err
}

// Key locates the answer to a board in the table of the Goal that gave
// it. Splitting a lookup in two lets a batch find the keys of many boards
// first and then fetch their paths together, so that the fetches, each a
// likely cache miss, overlap.
type Key int32

// Key returns the key of start, or false when the goal cannot be reached
// from it.
func (v *Goal) Key(start board.Board) (Key, bool) {
	if v == nil || v.t == nil || !start.Small() || start.Shape() != v.goal.Shape() {
		return 0, false
	}
	i, parity := v.index(start)
	return Key(i), parity == v.class
}

// KeyLine is Key for a 3x3 board written on line in one of the two forms
// judges use most (board.NineWords), read and indexed in one pass with no
// Board made: the hot path of a batch. ok is false for a Goal of any
// other shape and any other line, which the caller reads with
// board.ParseLine and Key.
func (v *Goal) KeyLine(line []byte) (key Key, solvable, ok bool) {
	if v == nil || v.t == nil || v.n != 9 {
		return 0, false, false
	}
	lo, hi, blank, ok := board.NineWords(line)
	if !ok {
		return 0, false, false
	}
	if !v.identity {
		lo, hi = v.rename9(lo, hi)
	}
	i, parity := rank9(byteTiles9(lo, hi, blank), blank) // index9, inlined
	return Key(i), parity == v.class, true
}

// Built reports whether v's fast lookups are built, so that PackedAt
// answers without following the table.
func (v *Goal) Built() bool { return v != nil && v.t != nil && v.t.built.Load() != nil }

// PackedAt returns the path of key, a key of v's (Goal.Key), once the
// fast lookups are built (Built); before, or for a key not of v's, false.
// A loop of PackedAt over many keys makes loads that do not wait on each
// other, as Gather does.
func (v *Goal) PackedAt(key Key) (Packed, bool) {
	if v == nil || v.t == nil {
		return 0, false
	}
	f := v.t.built.Load()
	if f == nil || uint(key) >= uint(len(f.paths)) {
		return 0, false
	}
	return Packed(f.paths[key]), true
}

// Packed is a shortest path packed two bits a move, as the fast lookups
// hold it: the first move in the lowest bits, and a 1 bit just above the
// last move.
type Packed uint64

// Len returns the number of moves of p.
func (p Packed) Len() int { return pathLen(uint64(p)) }

// AppendTo appends the letters of p to dst.
func (p Packed) AppendTo(dst []byte) []byte { return appendPacked(dst, uint64(p)) }

// A Line is a line of up to 32 bytes, its line end included, that
// Packed.AppendLineOr writes in place of a path. The zero Line is an empty
// line.
type Line struct {
	words [4]uint64 // the bytes, little-endian
	end   int       // where the line end is
}

// NewLine returns the Line of text, which must end with a line end, or
// false when text is longer than 32 bytes or does not end with one.
func NewLine(text []byte) (Line, bool) {
	var l Line
	if len(text) == 0 || len(text) > len(l.words)*8 || text[len(text)-1] != '\n' {
		return l, false
	}
	var buf [32]byte
	copy(buf[:], text)
	for k := range l.words {
		l.words[k] = binary.LittleEndian.Uint64(buf[8*k:])
	}
	l.end = len(text) - 1
	return l, true
}

// emptyLine is what a nil *Line stands for.
var emptyLine = Line{words: [4]uint64{'\n'}}

// AppendLineOr appends the letters of p and a line end when ok, and alt
// when not, with no branch on ok or on the length of p: in a batch of
// random boards, half of which cannot reach the goal, a branch on either
// would be mispredicted about once a line.
func (p Packed) AppendLineOr(dst []byte, ok bool, alt *Line) []byte {
	if alt == nil {
		alt = &emptyLine
	}
	n := len(dst)
	dst = slices.Grow(dst, 33)
	buf := dst[n : n+33]
	// All 32 letters a Packed can hold, of which those past the path are
	// written over or left past the end.
	q := uint64(p)
	x0, x1, x2, x3 := letters32(q)
	end := pathLen(q)
	if !ok {
		x0, x1, x2, x3 = alt.words[0], alt.words[1], alt.words[2], alt.words[3]
		end = alt.end
	}
	binary.LittleEndian.PutUint64(buf[0:], x0)
	binary.LittleEndian.PutUint64(buf[8:], x1)
	binary.LittleEndian.PutUint64(buf[16:], x2)
	binary.LittleEndian.PutUint64(buf[24:], x3)
	end &= 31
	buf[end] = '\n'
	return dst[:n+end+1]
}

// Gather sets out[k] to the path of keys[k], for keys of boards that reach
// the goal: the second half of a lookup, for many boards at once. It
// builds the fast lookups first if they are not built yet. The error is
// for a corrupt table, or one whose paths are too long to pack (more than
// 31 moves).
func (v *Goal) Gather(keys []Key, out []Packed) error {
	if v == nil || v.t == nil {
		return errZeroGoal
	}
	if len(out) < len(keys) {
		return fmt.Errorf("table: Gather of %d keys into %d paths", len(keys), len(out))
	}
	f := v.t.built.Load()
	if f == nil {
		if err := v.t.Prepare(); err != nil {
			return err
		}
		if f = v.t.built.Load(); f == nil {
			return fmt.Errorf("table: the paths of the %v table are longer than %d moves and do not pack", v.t.goal, MaxPackedLen)
		}
	}
	paths := f.paths
	out = out[:len(keys)]
	for k, key := range keys {
		if uint(key) >= uint(len(paths)) {
			return fmt.Errorf("table: key %d is not one of the %v table (Goal.Key gives keys)", key, v.t.goal)
		}
		out[k] = Packed(paths[key])
	}
	return nil
}
