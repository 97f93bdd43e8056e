package table

import (
	"encoding/binary"
	"errors"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/internal/perm"
)

// fastTable holds every position's whole path, so that a lookup copies its
// answer instead of following the table move by move. It is built from the
// table in a few milliseconds, on first use by a batch (see slowLookups) or
// by Prepare, and takes 8 bytes a position: 1.4 MB for the 3x3 board.
type fastTable struct {
	// paths[i] is the path of position i, two bits a move, the first move
	// in the lowest bits, with a 1 bit just above the last move, so that
	// the path's length is (bits.Len64(paths[i])-1)/2:
	//
	//	bit  63 ... 2d+1 | 2d     | 2d-1 2d-2 | ... | 3 2    | 1 0
	//	     0 ...     0 | 1      | move d    | ... | move 2 | move 1
	paths []uint64
}

// MaxPackedLen is the longest path a Packed holds: 31 moves and the 1 bit
// above them fill 63 bits.
const MaxPackedLen = 31

// slowLookups is how many lookups a table answers by following its moves
// before it builds its fastTable: a few lookups stay cheap, a batch soon
// pays back the build.
const slowLookups = 2000

// fastIfBuilt returns the fastTable once it is built, counting the lookups
// that come before.
func (t *Table) fastIfBuilt() *fastTable {
	if f := t.built.Load(); f != nil {
		return f
	}
	if t.lookups.Add(1) < slowLookups {
		return nil
	}
	if f, err := t.fast(); err == nil && f != nil {
		t.built.Store(f)
		return f
	}
	return nil // the slow path finds and reports the fault
}

// Prepare builds the structures of t's fast lookups now rather than after
// the first few thousand, and checks the whole table on the way: every
// position must reach the goal within MaxDepth moves.
func (t *Table) Prepare() error {
	if t == nil || t.fast == nil {
		return errors.New("table: the Table has no moves (Decode or Set.Table make Tables)")
	}
	f, err := t.fast()
	if err == nil && f != nil {
		t.built.Store(f)
	}
	return err
}

// buildFast computes every position's path in two passes. The first
// finds each position's successor, the position its move leads to, going
// through the positions in index order: for each cell of the blank, the
// arrangements of the tiles in lexicographic order, which is rank order, so
// the index only grows. A move left or right keeps the tiles in order and
// changes the index by half; a move up or down moves one tile past Cols-1
// others, and only that stretch of the order is rotated and ranked again.
// The second pass follows successors from each position to one whose path
// is known, and writes the paths on the way back.
//
// Every position has one move, so a sound table is a tree that holds every
// position: a table with a move off the board, or a path that does not end
// at the goal within MaxDepth moves (a cycle), is corrupt.
func (t *Table) buildFast() (*fastTable, error) {
	if t.maxDepth > MaxPackedLen {
		return nil, nil // the paths are too long to hold; lookups follow the table
	}
	s := t.goal.Shape()
	size := Size(s)
	n := s.Cells()
	class := t.goal.Parity()

	workers := min(runtime.GOMAXPROCS(0), n)
	succ := make([]uint32, size)
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for b := w; b < n; b += workers {
				if err := t.successors(succ, b, class); err != nil {
					errs[w] = err
					return
				}
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}

	// The second pass, on every core too. Two workers may follow the same
	// chain at once; they write the same paths, atomically.
	paths := make([]uint64, size)
	paths[t.goalIdx] = 1
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[w] = t.followChains(paths, succ, w*size/workers, (w+1)*size/workers)
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return &fastTable{paths: paths}, nil
}

// A successor entry holds the index of the position a move leads to in its
// low 30 bits and the move in the top two.
const succIndex = 1<<30 - 1

// successors sets succ[i] for the positions i with the blank in cell b,
// whose tiles have the parity that makes up class with b's row.
func (t *Table) successors(succ []uint32, b, class int) error {
	s := t.goal.Shape()
	h := half(s)
	m := s.Cells() - 1
	want := class
	if s.Cols%2 == 0 {
		want ^= (b / s.Cols) & 1
	}
	var tiles [board.MaxCells]uint8
	for k := range m {
		tiles[k] = uint8(k)
	}
	parity := 0
	for r := 0; r < 2*h; r++ {
		if parity == want {
			i := b*h + r/2
			if i != t.goalIdx {
				mv, ok := t.moveAt(i, b)
				if !ok {
					return t.corrupt("position %d has no move the blank can make", i)
				}
				next := successor(&tiles, b, i, mv, s, h)
				succ[i] = uint32(next) | uint32(mv)<<30
			}
		}
		parity ^= nextPerm(tiles[:m])
	}
	return nil
}

// followChains sets the paths of the positions from..to-1, following each
// position's successors to one whose path is known and writing the paths
// on the way back.
func (t *Table) followChains(paths []uint64, succ []uint32, from, to int) error {
	var chain [MaxPackedLen + 1]uint32
	for i := from; i < to; i++ {
		if atomic.LoadUint64(&paths[i]) != 0 {
			continue
		}
		k, j := 0, uint32(i)
		var p uint64
		for {
			if p = atomic.LoadUint64(&paths[j]); p != 0 {
				break
			}
			if k == t.maxDepth {
				return t.corrupt("position %d does not reach the goal in %d moves", i, t.maxDepth)
			}
			chain[k] = j
			k++
			j = succ[j] & succIndex
		}
		if pathLen(p)+k > t.maxDepth {
			return t.corrupt("position %d is more than %d moves from the goal", i, t.maxDepth)
		}
		for k--; k >= 0; k-- {
			j = chain[k]
			p = p<<2 | uint64(succ[j]>>30)
			atomic.StoreUint64(&paths[j], p)
		}
	}
	return nil
}

// successor returns the index of the position reached from the position
// with index i, whose tiles in reading order are tiles and whose blank is
// in cell b, by mv, a move the blank can make.
func successor(tiles *[board.MaxCells]uint8, b, i int, mv board.Move, s board.Shape, h int) int {
	to, _ := s.Step(b, mv)
	switch mv {
	case board.Left:
		return i - h
	case board.Right:
		return i + h
	}
	n, cols := s.Cells(), s.Cols
	moved := *tiles
	if mv == board.Down {
		// The tile below, at b+cols-1 in the order, moves to b.
		seg := moved[b : b+cols]
		last := seg[cols-1]
		copy(seg[1:], seg[:cols-1])
		seg[0] = last
	} else {
		// The tile above, at b-cols in the order, moves to b-1.
		seg := moved[b-cols : b]
		first := seg[0]
		copy(seg, seg[1:])
		seg[cols-1] = first
	}
	return to*h + int(perm.Rank(moved[:n-1])/2)
}

// nextPerm advances p to the next permutation in lexicographic order,
// wrapping around after the last, and returns 1 if that changed its
// parity, 0 if not.
func nextPerm(p []uint8) int {
	i := len(p) - 2
	for i >= 0 && p[i] >= p[i+1] {
		i--
	}
	flips := 0
	if i >= 0 {
		j := len(p) - 1
		for p[j] <= p[i] {
			j--
		}
		p[i], p[j] = p[j], p[i]
		flips = 1
	}
	tail := p[i+1:]
	for a, z := 0, len(tail)-1; a < z; a, z = a+1, z-1 {
		tail[a], tail[z] = tail[z], tail[a]
		flips++
	}
	return flips & 1
}

// quads[b] spells the four moves packed in byte b, as four bytes in
// little-endian order.
var quads = func() (q [256]uint32) {
	for b := range q {
		for k := range 4 {
			q[b] |= uint32(board.Move(b>>(2*k)&3).Letter()) << (8 * k)
		}
	}
	return q
}()

// pathLen returns the number of moves of a packed path.
func pathLen(p uint64) int { return (bits.Len64(p) - 1) / 2 }

// appendPacked appends the letters of a packed path, four at a time.
func appendPacked(dst []byte, p uint64) []byte {
	d := pathLen(p)
	n := len(dst)
	dst = slices.Grow(dst, d+4)
	buf := dst[n : n+d+4] // room for the last four letters, of which some are not part of the path
	for k := 0; k < d; k += 4 {
		binary.LittleEndian.PutUint32(buf[k:], quads[uint8(p>>(2*k))])
	}
	return dst[:n+d]
}
