//go:build amd64 && !purego

package table

import (
	"errors"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"golang.org/x/sys/cpu"
)

// haveAVX512 says that this CPU and its OS run expand9.
var haveAVX512 = cpu.X86.HasAVX512F && cpu.X86.HasPOPCNT

// expand9 appends to dst the entries of the children of the n entries at
// src (see levels9), sets their paths, and returns how many it appended.
// dst must have room for 3n+9 entries: a position has at most three
// children (its fourth neighbour is its parent), the goal four, and the
// last store writes eight entries.
//
//go:noescape
func expand9(src *uint64, n int, dst *uint64, paths *uint64, moves *uint64, goal int, head *uint16, tail *uint8) int

// levels9 is buildFast9's build on a CPU with AVX-512, and reports false
// without one (or when a test asks for the walk). It takes the table's
// tree breadth first, a level at a time, eight positions at once with no
// branch on what they hold: each tries its four moves under masks, and
// its children are packed into the next level. This does more work than
// walk9's tries, but none of the branches it mispredicts, and runs about
// three times as fast.
//
// The first levels are taken on one core; once a level holds
// splitFront positions it is cut into parts that the cores share out,
// each taken on to its last level (a position is below one part only).
func (t *Table) levels9(paths, moves []uint64) (found int, ok bool, err error) {
	const n = 9 * 20160
	if !haveAVX512 || walkOnly || len(paths) != n || len(moves) != n/32 {
		return 0, false, nil
	}
	lo, hi := t.goal.Words()
	blank := t.goal.Blank()
	front := []uint64{nibbles9(lo, hi) | uint64(blank)<<36 | uint64(t.goalIdx)<<40}
	paths[t.goalIdx] = 1
	front, _, depth, found, err := t.levels(paths, moves, front, nil, 0, splitFront)
	found++ // the goal
	if err != nil || len(front) == 0 {
		return found, true, err
	}
	under := int(building.Add(1))
	defer building.Add(-1)
	workers := max(1, runtime.GOMAXPROCS(0)/under)
	if workers == 1 {
		more, err := t.levelsBelow(paths, moves, front, depth)
		return found + more, true, err
	}
	// Parts of the level, several a core, so that a core whose parts
	// have small subtrees takes more of them.
	size := (len(front) + 8*workers - 1) / (8 * workers)
	var parts [][]uint64
	for p := range slices.Chunk(front, size) {
		parts = append(parts, p)
	}
	counts := make([]int, workers)
	errs := make([]error, workers)
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for {
				k := int(next.Add(1) - 1)
				if k >= len(parts) || errs[w] != nil {
					return
				}
				var more int
				more, errs[w] = t.levelsBelow(paths, moves, parts[k], depth)
				counts[w] += more
			}
		})
	}
	wg.Wait()
	for _, c := range counts {
		found += c
	}
	return found, true, errors.Join(errs...)
}

// splitFront is how many positions a level of levels9 holds before the
// cores share it out: a dozen moves from the goal.
const splitFront = 1024

// levelsBelow sets the paths of every position below those of front,
// depth moves from the goal, and returns how many it set. It runs
// levels in one of levelSlots, on slices from levelBufs: builds started
// together (Expect starts one for each table of a file) take their
// turns, and the slices of those that ran, rather than each its own.
func (t *Table) levelsBelow(paths, moves, front []uint64, depth int) (int, error) {
	slots := levelSlots()
	slots <- struct{}{}
	defer func() { <-slots }()
	bufs, _ := levelBufs.Get().(*[2][]uint64)
	if bufs == nil {
		// Room for the widest level of a 3x3 table (24,047 positions)
		// and the children of a chunk, so that they never grow.
		bufs = &[2][]uint64{make([]uint64, 0, 1<<15), make([]uint64, 0, 1<<15)}
	}
	defer levelBufs.Put(bufs)
	a := append(bufs[0][:0], front...)
	a, b, _, found, err := t.levels(paths, moves, a, bufs[1], depth, 0)
	bufs[0], bufs[1] = a, b
	return found, err
}

// levelSlots holds a token for each run of levelsBelow under way, as
// many as there are cores.
var levelSlots = sync.OnceValue(func() chan struct{} {
	return make(chan struct{}, max(1, runtime.GOMAXPROCS(0)))
})

// levelBufs holds the slices of levels that levelsBelow ran, two each.
var levelBufs sync.Pool

// levels takes front, the entries of positions depth moves from the
// goal, a level at a time, setting the paths of the positions below
// them, until a level is empty or, when wide > 0, holds wide entries or
// more. It returns that level, a spare slice for the next, its depth and
// how many paths it set. spare may be nil; a level deeper than the
// table's MaxDepth is a corrupt table.
func (t *Table) levels(paths, moves, front, spare []uint64, depth, wide int) ([]uint64, []uint64, int, int, error) {
	const chunk = 1024
	found := 0
	for len(front) > 0 && (wide == 0 || len(front) < wide) {
		next := spare[:0]
		for part := range slices.Chunk(front, chunk) {
			next = slices.Grow(next, 3*len(part)+9)
			room := next[len(next):cap(next)]
			k := expand9(&part[0], len(part), &room[0], &paths[0], &moves[0], t.goalIdx, &head9[0], &tail9[0])
			next = next[:len(next)+k]
		}
		depth++
		if len(next) > 0 && depth > t.maxDepth {
			return nil, nil, depth, found, t.corrupt("position %d is more than %d moves from the goal", next[0]>>40, t.maxDepth)
		}
		found += len(next)
		front, spare = next, front
	}
	return front, spare, depth, found, nil
}
