package search

import (
	"fmt"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/internal/prune"
)

// SetParallelFrom sets the nodes after which iterations run on every core,
// and returns what it was.
func SetParallelFrom(n int64) int64 {
	old := parallelFrom
	parallelFrom = n
	return old
}

// SetTaskOrder makes the cores take the tasks of each iteration in the
// order f gives (nil: in turn).
func SetTaskOrder(f func(n int) func(int64) int64) { testOrder = f }

// CheckDelta holds instance.delta to the difference of two ranks, for
// every move of the arrangement where (where[g]: the cell of the tile
// whose goal is cell g; where[h.Blank()]: the blank's cell), in every
// pattern of h.
func CheckDelta(h *Heuristic, where []uint8) error {
	var w, moved [board.MaxSmall]uint8
	at := [board.MaxSmall]uint8{}
	for c := range at {
		at[c] = 0xff
	}
	copy(w[:], where)
	blank := w[h.blank]
	for g, c := range where {
		if g != h.blank {
			at[c] = uint8(g)
		}
	}
	for m := range board.Move(board.NumMoves) {
		to, ok := h.shape.Step(int(blank), m)
		if !ok {
			continue
		}
		g := at[to]
		moved = w
		moved[g] = blank
		for pi := range h.parts {
			in := &h.parts[pi][h.partOf[pi][g]]
			want := in.rank(&moved) - in.rank(&w)
			if got := in.delta(g, uint8(to), blank, &at); int(got) != want {
				return fmt.Errorf("partition %d, tile of goal cell %d from %d to %d: delta %d, want %d", pi, g, to, blank, got, want)
			}
		}
	}
	return nil
}

// SetCoded turns l's kept line codes (Large.coded) on or off, for the
// test that holds them to the conflicts counted again a line at a time,
// and reports whether l has them.
func SetCoded(l *Large, on bool) bool {
	had := l.rowTable != nil && l.colTable != nil
	l.coded = on && had
	return had
}

// SetPrunerDepth gives l the pruner of its shape for runs of up to depth
// moves: 2 rules out only the move that undoes the last.
func SetPrunerDepth(l *Large, depth int) {
	l.prune = prune.Build(board.Shape{Rows: l.rows, Cols: l.cols}, depth, 0)
}

// CheckLargeDelta holds lpattern.delta to the difference of two ranks,
// for every move from board b, in the pattern of the moved tile of every
// partition of l.
func CheckLargeDelta(l *Large, b board.Board) error {
	var s lstate
	s.init(l, b)
	blank := s.blank
	for m := range board.Move(board.NumMoves) {
		to := l.step[blank][m]
		if to == 0xff {
			continue
		}
		tile := s.at[to]
		moved := s
		moved.at[blank], moved.at[to], moved.blank = tile, 0xff, to
		moved.where[tile] = blank
		for pi := range l.partOf {
			i := l.partOf[pi][tile]
			p := &l.pats[i]
			want := p.rank(&moved.where) - p.rank(&s.where)
			if got := p.delta(tile, to, blank, &moved.at); got != want {
				return fmt.Errorf("partition %d, tile of goal cell %d from %d to %d: delta %d, want %d", pi, tile, to, blank, got, want)
			}
		}
	}
	return nil
}
