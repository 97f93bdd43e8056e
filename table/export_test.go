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
