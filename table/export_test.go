package table

import (
	"testing"

	"github.com/slidingpuzzle/solver/board"
)

// WalkOnly makes the 3x3 fast lookups built until the test ends walk the
// table's tree, as on a CPU without AVX-512.
func WalkOnly(t testing.TB) {
	walkOnly = true
	t.Cleanup(func() { walkOnly = false })
}

type boardT = board.Board

// SlowAppendPath follows t move by move, as the first lookups do, even
// once the fast lookups are built.
func (t *Table) SlowAppendPath(dst []byte, b boardT) ([]byte, error) {
	saved := t.built.Swap(nil)
	defer t.built.Store(saved)
	t.lookups.Store(-1 << 40)
	return t.AppendPath(dst, b)
}

// EncodeRaw makes a table file of any raw bytes, with their checksum: for
// tables whose bytes are wrong in ways Encode refuses to write.
func EncodeRaw(goal board.Board, raw []byte, maxDepth int) ([]byte, error) {
	return encodeRaw(goal, raw, maxDepth), nil
}

// Layout is a shape's layout of raw bytes, for tests.
type Layout struct{ l layout }

// NewLayout returns the layout of shape s.
func NewLayout(s board.Shape) *Layout { return &Layout{newLayout(s)} }

// MovesFrom returns how many moves the blank of position i can make.
func (l *Layout) MovesFrom(i int) int {
	return [9]int{8: 2, 5: 3, 4: 4}[l.l.per[i/l.l.half]]
}

// Put sets the place of position i in raw, which must be 0.
func (l *Layout) Put(raw []byte, i int, place uint8) {
	b := i / l.l.half
	l.l.put(raw, b, i-b*l.l.half, place)
}

// At returns the place of position i in raw.
func (l *Layout) At(raw []byte, i int) uint8 {
	b := i / l.l.half
	return l.l.place(raw, b, i-b*l.l.half)
}

// Byte returns where in the raw bytes the place of position i is.
func (l *Layout) Byte(i int) int {
	b := i / l.l.half
	return l.l.off[b] + (i-b*l.l.half)/l.l.per[b]
}

// KeyBoardsHere reports whether Goal.KeyBoards keys eight boards at a
// time on this CPU.
func KeyBoardsHere() bool { return haveLines9 }
