package search

import (
	"sync"

	"github.com/slidingpuzzle/solver/board"
)

// walking is the walking distance of one direction (Takahashi's): the
// fewest vertical moves that bring every tile into its goal row, counting
// only how many tiles of each goal row each row holds, not where in the
// row they stand. Its state is those counts and the blank's row; the same
// for columns and horizontal moves, through the other direction. The two
// add up to a lower bound, which the search takes where it passes the
// databases' (far from the goal, where each database sees too few tiles
// at once).
type walking struct {
	lines int     // the rows counted (or the columns)
	dist  []uint8 // dist[state]
	// next[(state*2+d)*lines+g] is the state after a tile whose goal is in
	// line g comes into the blank's line from the line before (d = 0) or
	// after (d = 1), or -1 where there is no such tile.
	next  []int16
	index map[key]int32 // a state's index
}

// maxWalking is the most states a walking distance may have, so that its
// table of moves, two bytes a move, stays small enough for the
// processor's caches (the 4x4 board's has 24,964). A shape of many short
// lines (2 x 8: eight columns of two) goes without one by maxLines.
const maxWalking = 1 << 15

var walkings sync.Map // walkingKey -> *walking (nil where too large)

type walkingKey struct{ lines, per, blank int }

// walkingOf returns the walking distance of lines lines of per cells each,
// the goal's blank in line blank, made once; nil where it would have more
// than maxWalking states.
func walkingOf(lines, per, blank int) *walking {
	k := walkingKey{lines, per, blank}
	if w, ok := walkings.Load(k); ok {
		return w.(*walking)
	}
	w, _ := walkings.LoadOrStore(k, newWalking(lines, per, blank))
	return w.(*walking)
}

// maxLines is the most lines a walking distance counts: a shape of more
// rows or columns goes without one in that direction.
const maxLines = 4

// counts are how many tiles of each goal line (the second index) each
// line (the first) holds.
type counts [maxLines][maxLines]uint8

// key names a state: the counts line by line, four bits each, and the
// blank's line.
type key struct {
	c     uint64
	blank uint8
}

func pack(c *counts, lines, blank int) key {
	var x uint64
	for r := range lines {
		for g := range lines {
			x = x<<4 | uint64(c[r][g])
		}
	}
	return key{x, uint8(blank)}
}

// newWalking runs the breadth-first search of a walking distance from its
// goal, every tile in its goal line, and makes its table of moves.
func newWalking(lines, per, blank int) *walking {
	if lines < 2 || lines > maxLines || per > 15 || blank < 0 || blank >= lines {
		return nil
	}
	type state struct {
		c     counts
		blank int
	}
	var goal counts
	for r := range lines {
		goal[r][r] = uint8(per)
	}
	goal[blank][blank]--
	w := &walking{lines: lines, index: map[key]int32{pack(&goal, lines, blank): 0}, dist: []uint8{0}}
	states := []state{{goal, blank}}
	// moves calls f with each move of st: the tile of goal line g that
	// comes in from the line before (d 0) or after (d 1), and the state
	// after it.
	moves := func(st state, f func(d, g int, to state)) {
		for d, nb := range [2]int{st.blank - 1, st.blank + 1} {
			if nb < 0 || nb >= lines {
				continue
			}
			for g := range lines {
				if st.c[nb][g] > 0 {
					n := st
					n.c[nb][g]--
					n.c[st.blank][g]++
					n.blank = nb
					f(d, g, n)
				}
			}
		}
	}
	for i := 0; i < len(states); i++ {
		full := false
		moves(states[i], func(_, _ int, n state) {
			x := pack(&n.c, lines, n.blank)
			if _, ok := w.index[x]; ok || full {
				return
			}
			if len(states) == maxWalking {
				full = true
				return
			}
			w.index[x] = int32(len(states))
			states = append(states, n)
			w.dist = append(w.dist, w.dist[i]+1)
		})
		if full {
			return nil
		}
	}
	w.next = make([]int16, len(states)*2*lines)
	for i := range w.next {
		w.next[i] = -1
	}
	for i, st := range states {
		moves(st, func(d, g int, n state) {
			w.next[(i*2+d)*lines+g] = int16(w.index[pack(&n.c, lines, n.blank)])
		})
	}
	return w
}

// stateOf returns the state of a board whose tile of goal cell g is in
// cell where[g], the blank in cell blank and the goal's in goalBlank, on
// lines of cells line(c) says: -1 if it is none of w's (w is of another
// shape or goal).
func (w *walking) stateOf(n int, where *[board.MaxSmall]uint8, goalBlank, blank int, line func(int) int) int32 {
	var c counts
	for g := range n {
		if g != goalBlank {
			c[line(int(where[g]))][line(g)]++
		}
	}
	i, ok := w.index[pack(&c, w.lines, line(blank))]
	if !ok {
		return -1
	}
	return i
}
