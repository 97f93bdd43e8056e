package table

import "github.com/slidingpuzzle/solver/board"

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
	return encodeRaw(goal, raw, maxDepth)
}
