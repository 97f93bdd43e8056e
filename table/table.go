// Package table holds the tables of optimal moves that answer sliding
// puzzles without search: their file format, encoding and decoding, and
// lookups of paths and distances for any start and goal.
//
// A table is made once, by cmd/gentable, from a reverse breadth-first
// search over every position that can reach one goal. It records for each
// position the first move, in the order d < l < r < u, of a shortest path;
// following it spells the lexicographically smallest shortest path in time
// proportional to its length.
//
// A Set holds the tables of one folder (an fs.FS such as the embedded one
// of package embedded) and answers boards for any goal: a goal is mapped
// onto the standard goal with the blank in the same cell by renaming the
// tiles (board.Relabel), so one table for each blank cell answers every
// pair of boards. Tables are decoded lazily, once, on first use; a corrupt
// or missing table is an error, never a wrong answer.
package table

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/internal/perm"
)

// Table is the decoded table of one goal.
type Table struct {
	goal     board.Board
	goalIdx  int
	parity   int // the solvability class of the goal: board.Board.Parity
	maxDepth int
	raw      []byte

	// moves[b] lists the moves the blank can make from cell b, in the
	// order d l r u, then noMove: the raw bytes hold places in this list,
	// where lay says.
	moves [board.MaxSmall][board.NumMoves]board.Move
	lay   layout

	// weights[b][c] is the weight in the rank of the Lehmer digit of the
	// tile in cell c when the blank is in cell b: (n-2-k)! where k is the
	// tile's place in reading order, and 0 for the blank itself.
	weights [board.MaxSmall][board.MaxSmall]int

	checksum uint32 // of raw, as its file records it
	cache    string // the folder of fast lookups kept (Set.WithCache), or ""

	fast     func() (*fastTable, error) // built once, by Prepare or a batch
	lookups  atomic.Int64               // lookups so far, until fast is built
	built    atomic.Pointer[fastTable]  // set once fast is built
	expected atomic.Bool                // fast is being built in the background (Expect)
}

func newTable(h Header, raw []byte) *Table {
	t := &Table{goal: h.Goal, goalIdx: Index(h.Goal), parity: h.Goal.Parity(), maxDepth: h.MaxDepth, raw: raw, checksum: h.Checksum}
	s := h.Goal.Shape()
	n := s.Cells()
	t.moves = legalMoves(s)
	t.lay = newLayout(s)
	for b := range n {
		for c := range n {
			if c != b {
				k := c
				if c > b {
					k--
				}
				t.weights[b][c] = int(perm.Factorial(n - 2 - k))
			}
		}
	}
	t.fast = sync.OnceValues(t.buildFast)
	return t
}

// Goal returns the goal of t.
func (t *Table) Goal() board.Board {
	if t == nil {
		return board.Board{}
	}
	return t.goal
}

// MaxDepth returns the largest distance of any position from the goal.
func (t *Table) MaxDepth() int {
	if t == nil {
		return 0
	}
	return t.maxDepth
}

// Raw returns the raw bytes of t, as laid out in a table file. The caller
// must not modify them.
func (t *Table) Raw() []byte {
	if t == nil {
		return nil
	}
	return t.raw
}

// moveAt returns the move recorded for the position with index i, whose
// blank is in cell blank, and false if the table records no move the blank
// can make there: a corrupt table.
func (t *Table) moveAt(i, blank int) (board.Move, bool) {
	k := t.lay.place(t.raw, blank, i-blank*t.lay.half)
	m := t.moves[blank&(board.MaxSmall-1)][k&3]
	return m, m != noMove
}

// noMove marks the places in Table.moves past the moves the blank can make.
const noMove = board.Move(0xff)

func (t *Table) corrupt(format string, args ...any) error {
	return corrupt(nil, "table: corrupt %v table: %s", t.goal, fmt.Sprintf(format, args...))
}

// AppendPath appends to dst the letters of the lexicographically smallest
// shortest path from b to t's goal. The error is for a board that cannot
// reach t's goal (board.Solvable), or a corrupt table.
func (t *Table) AppendPath(dst []byte, b board.Board) ([]byte, error) {
	i, err := t.lookup(b)
	if err != nil {
		return dst, err
	}
	if f := t.fastIfBuilt(); f != nil {
		return appendPacked(dst, f.paths[i]), nil
	}
	return t.follow(dst, b, i)
}

// Distance returns the number of moves of a shortest path from b to t's
// goal, with the same conditions as AppendPath.
func (t *Table) Distance(b board.Board) (int, error) {
	i, err := t.lookup(b)
	if err != nil {
		return 0, err
	}
	if f := t.fastIfBuilt(); f != nil {
		return pathLen(f.paths[i]), nil
	}
	var buf [64]byte
	p, err := t.follow(buf[:0], b, i)
	return len(p), err
}

// index is Index, by the table-driven index9 on a 3x3 board.
func (t *Table) index(b board.Board) int {
	if t.goal.Shape() == board.Shape3x3 {
		lo, hi := b.Words()
		i, _ := index9(lo, hi, b.Blank())
		return i
	}
	return Index(b)
}

// lookup returns the index of b, or an error when t is not a table or b
// cannot reach its goal. For a 3x3 board the index and the parity come
// from one table-driven pass.
func (t *Table) lookup(b board.Board) (int, error) {
	if t == nil || t.raw == nil {
		return 0, errors.New("table: the Table has no moves (Decode or Set.Table make Tables)")
	}
	if b.Shape() != t.goal.Shape() {
		return 0, errUnreachable
	}
	var i, parity int
	if b.Shape() == board.Shape3x3 {
		lo, hi := b.Words()
		i, parity = index9(lo, hi, b.Blank())
	} else {
		i, parity = Index(b), b.Parity()
	}
	if parity != t.parity {
		return 0, errUnreachable
	}
	return i, nil
}

var errUnreachable = errors.New("table: the board cannot reach this table's goal (another shape or parity)")

// follow appends the path from b, whose index is i, by following the
// table move by move: the lookup before the fast one is built.
func (t *Table) follow(dst []byte, b board.Board, i int) ([]byte, error) {
	if t.goal.Shape() == board.Shape3x3 {
		return t.follow9(dst, b, i)
	}
	for steps := 0; i != t.goalIdx; steps++ {
		m, ok := t.moveAt(i, b.Blank())
		if steps == t.maxDepth || !ok || !b.Move(m) {
			return dst, t.corrupt("the path from %v does not reach the goal in %d moves", b, t.maxDepth)
		}
		dst = append(dst, m.Letter())
		i = t.index(b)
	}
	return dst, nil
}

// follow9 is follow for a 3x3 board, on its cells packed four bits each
// in one word (nibbles9), as walk9 moves them: the hot path of a batch of
// few boards a goal, such as a file of pairs. A move left or right keeps
// the order of the tiles and moves the index by 8!/2; a move up or down
// ranks the tiles again.
func (t *Table) follow9(dst []byte, b board.Board, i int) ([]byte, error) {
	const h = 20160 // 8!/2: the positions with the blank in one cell
	w := nibbles9(b.Words())
	blank := b.Blank()
	start := len(dst)
	for i != t.goalIdx {
		m, ok := t.moveAt(i, blank)
		if !ok || len(dst)-start == t.maxDepth {
			return dst, t.corrupt("the path from %v does not reach the goal in %d moves", b, t.maxDepth)
		}
		dst = append(dst, m.Letter())
		// The tile in cell to slides into the blank's cell (see walk9).
		to := blank + step9[m&3]
		w += (w >> (4 * uint(to) & 63) & 15) * swap9[blank&15][m&3]
		blank = to
		switch m {
		case board.Left:
			i -= h
		case board.Right:
			i += h
		default:
			i, _ = rank9(tiles9(w, blank), blank)
		}
	}
	return dst, nil
}

// step9 is how far each move takes the blank on a 3x3 board, by cell.
var step9 = [board.NumMoves]int{board.Down: 3, board.Left: -1, board.Right: 1, board.Up: -3}
