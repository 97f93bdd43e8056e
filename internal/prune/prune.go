// Package prune builds the automata that keep a search for a shortest
// path from walking a run of moves when another run from the same cell,
// as short or shorter, leaves every tile where it leaves it (Taylor and
// Korf's duplicate pruning), and reads and writes them as files.
//
// Of runs that leave the tiles alike only the least is walked, least by
// length, then by letters (d < l < r < u). The lexicographically smallest
// shortest path holds no run that is not the least of its kind: put the
// least in its place, and the path is shorter, or as long and smaller. So
// a search that walks no such run finds the same path, and visits a
// fraction of the nodes.
//
// A pruner knows the runs of up to Depth moves. A run that is not the
// least holds a word: a run that is not the least, whose every shorter
// part is. The automaton is Aho and Corasick's for the words from every
// cell: its state is the longest end of the path walked that begins a
// word, and a move that ends a word, or leaves the board, is pruned.
// Every move that undoes the last ends a word of two moves.
package prune

import (
	"bytes"
	"hash/maphash"
	"slices"

	"github.com/slidingpuzzle/solver/board"
)

// MaxCells is the most cells of a shape a pruner is built for.
const MaxCells = 64

// A Pruner is the automaton of a shape.
type Pruner struct {
	Shape board.Shape
	Depth int // the longest run it knows
	// Next[4*q+m] is the state after move m from state q, or Pruned.
	Next []int32
	Root [MaxCells]int32 // the start state for each cell of the blank
}

// Pruned is a Pruner's next state for a move not to make.
const Pruned = -1

// Build returns the pruner of shape s, a valid shape of at most MaxCells
// cells (else nil), for the runs of up to depth moves (at least two), or
// with depth 0 of as many moves as keep the runs it lists within about
// maxRuns (at least two). Its memory is about 60 bytes a run listed.
//
// It lists the least runs by a breadth-first search from every cell, a
// move at a time, each run as where it leaves each tile: a run is the
// least of its kind when no run listed before it leaves the tiles alike,
// and it is tried only when the run less its last move, and the run less
// its first, are least runs.
func Build(s board.Shape, depth, maxRuns int) *Pruner {
	if !s.Valid() || s.Cells() > MaxCells {
		return nil
	}
	if depth == 1 {
		depth = 2 // a move that undoes the last ends a word of two
	}
	n := s.Cells()
	// The trie of the least runs. The arrangement a run from cell c
	// leaves (each cell's tile, named by its cell at the start) is record
	// at of the set runs[c].
	type node struct {
		cell   uint8 // the blank's after the run
		move   uint8 // the last of the run
		start  uint8 // the blank's before it
		words  uint8 // bit m: the run and move m is a word
		suf    int32 // the node of the run less its first move
		parent int32
		at     int32
		child  [board.NumMoves]int32 // the node of the run and move m, or Pruned
	}
	var nodes []node
	runs := make([]*runSet, n)
	rec := make([]byte, n)
	p := &Pruner{Shape: s}
	var level []int32
	for c := range n {
		runs[c] = newRunSet(n)
		for i := range n {
			rec[i] = byte(i)
		}
		r, _ := runs[c].add(rec)
		p.Root[c] = int32(len(nodes))
		nodes = append(nodes, node{cell: uint8(c), start: uint8(c), suf: Pruned, parent: Pruned, at: r, child: [4]int32{Pruned, Pruned, Pruned, Pruned}})
		level = append(level, p.Root[c])
	}
	last := len(level) // the runs of the level before
	for d := 0; len(level) > 0 && (depth == 0 || d < depth); d++ {
		// The runs of the last level need no nodes: no move follows them.
		// With depth 0 it is the level past which the runs, growing by
		// len(level)/last a level, would pass maxRuns in two more.
		final := depth > 0 && d+1 == depth ||
			depth == 0 && d >= 1 && len(nodes)+len(level)*(len(level)+len(level)*len(level)/last)/last > maxRuns
		if !final {
			nodes = slices.Grow(nodes, 4*len(level)) // three moves on from a run, four from a root
		}
		var next []int32
		for _, id := range level {
			v := &nodes[id]
			set := runs[v.start]
			copy(rec, set.rec(v.at))
			b := int(v.cell)
			for m := range board.Move(board.NumMoves) {
				to, ok := s.Step(b, m)
				if !ok {
					continue
				}
				sf := p.Root[to]
				if d > 0 {
					if sf = nodes[v.suf].child[m]; sf == Pruned {
						continue // the run less its first move is no least run
					}
				}
				rec[b], rec[to] = rec[to], rec[b]
				r, fresh := set.add(rec)
				rec[b], rec[to] = rec[to], rec[b]
				if !fresh {
					v.words |= 1 << m // a run listed before leaves the tiles alike
					continue
				}
				if final {
					continue
				}
				k := int32(len(nodes))
				v.child[m] = k
				nodes = append(nodes, node{cell: uint8(to), move: uint8(m), start: v.start, suf: sf, parent: id, at: r, child: [4]int32{Pruned, Pruned, Pruned, Pruned}})
				v = &nodes[id] // the same, as there is room
				next = append(next, k)
			}
		}
		last, level = len(level), next
		p.Depth = d + 1
	}

	// The automaton's states are the runs that begin a word, the roots
	// among them, numbered in the order of the trie: by length.
	state := make([]int32, len(nodes))
	for i := range state {
		state[i] = Pruned
	}
	for c := range n {
		state[p.Root[c]] = 0
	}
	for i := len(nodes) - 1; i >= 0; i-- {
		if nodes[i].words != 0 {
			for x := int32(i); x != Pruned && state[x] != 0; x = nodes[x].parent {
				state[x] = 0
			}
		}
	}
	var of []int32 // the node of each state
	for i := range state {
		if state[i] == 0 {
			state[i] = int32(len(of))
			of = append(of, int32(i))
		}
	}
	p.Next = make([]int32, 4*len(of))
	fail := make([]int32, len(of)) // the longest proper end of the run that begins a word
	for q, i := range of {
		v := &nodes[i]
		switch {
		case v.parent == Pruned: // a root
			fail[q] = Pruned
		case nodes[v.parent].parent == Pruned: // a move from a root
			fail[q] = state[p.Root[v.cell]]
		default:
			fail[q] = p.Next[4*fail[state[v.parent]]+int32(v.move)]
		}
		for m := range board.Move(board.NumMoves) {
			next := int32(Pruned)
			to, ok := s.Step(int(v.cell), m)
			switch {
			case !ok, v.words&(1<<m) != 0:
			case v.child[m] != Pruned && state[v.child[m]] != Pruned:
				next = state[v.child[m]]
			case fail[q] == Pruned:
				next = state[p.Root[to]]
			default:
				next = p.Next[4*fail[q]+int32(m)]
			}
			p.Next[4*q+int(m)] = next
		}
	}
	for c := range n {
		p.Root[c] = state[p.Root[c]]
	}
	return p
}

// A runSet is a set of records of w bytes, each with its index in the
// order of adding.
type runSet struct {
	w    int
	recs []byte
	// slots holds, for each record, the high half of its hash and, in the
	// low half, 1 + its index; 0 for none.
	slots []uint64
	seed  maphash.Seed
}

func newRunSet(w int) *runSet {
	return &runSet{w: w, slots: make([]uint64, 1<<8), seed: maphash.MakeSeed()}
}

// rec returns record i.
func (r *runSet) rec(i int32) []byte { return r.recs[int(i)*r.w : int(i+1)*r.w] }

// add adds rec, and returns its index, and whether it was not there
// before.
func (r *runSet) add(rec []byte) (int32, bool) {
	if 2*(len(r.recs)/r.w+1) > len(r.slots) {
		r.grow()
	}
	h := maphash.Bytes(r.seed, rec)
	mask := uint64(len(r.slots) - 1)
	for k := h & mask; ; k = (k + 1) & mask {
		v := r.slots[k]
		if v == 0 {
			i := int32(len(r.recs) / r.w)
			r.recs = append(r.recs, rec...)
			r.slots[k] = h&^(1<<32-1) | uint64(i+1)
			return i, true
		}
		if v>>32 == h>>32 && bytes.Equal(r.rec(int32(v&(1<<32-1))-1), rec) {
			return int32(v&(1<<32-1)) - 1, false
		}
	}
}

// grow doubles the slots.
func (r *runSet) grow() {
	old := r.slots
	r.slots = make([]uint64, 2*len(old))
	mask := uint64(len(r.slots) - 1)
	for _, v := range old {
		if v == 0 {
			continue
		}
		k := maphash.Bytes(r.seed, r.rec(int32(v&(1<<32-1))-1)) & mask
		for r.slots[k] != 0 {
			k = (k + 1) & mask
		}
		r.slots[k] = v
	}
}

// EmbeddedRuns is the maxRuns of the pruners package search embeds:
// depth 12 for the 5x5 board (1.6M runs listed, 53K states, 0.3 s to
// build), and RuntimeRuns that of those it builds for other shapes as it
// needs them, in a few tens of milliseconds (depth 9 or 10).
const (
	EmbeddedRuns = 2_000_000
	RuntimeRuns  = 200_000
)

// Embedded are the shapes whose pruners package search embeds.
var Embedded = []board.Shape{{Rows: 4, Cols: 4}, {Rows: 5, Cols: 5}}

// FileName returns the name of the file of the pruner of shape s:
// "5x5.prune".
func FileName(s board.Shape) string { return s.String() + ".prune" }
