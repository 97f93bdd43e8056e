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
)

// fastTable holds every position's whole path, so that a lookup copies its
// answer instead of following the table move by move. It is built from the
// table in a few milliseconds, or read from the table's cache where an
// earlier run kept it (Set.WithCache), on first use by a batch (see
// slowLookups and cachedLookups) or by Prepare, and takes 8 bytes a
// position: 1.4 MB for the 3x3 board.
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
// that come before. The lookup that reaches slowLookups builds it, on
// every core (buildFast9), and the lookups after it wait for it rather
// than follow the table: they would take cores from the build, and a
// file of many goals has a build of each to wait for. A fault is found
// and reported by the slow path.
func (t *Table) fastIfBuilt() *fastTable {
	if f := t.built.Load(); f != nil {
		return f
	}
	if t.expected.Load() {
		// Being made in the background (Expect): wait for it.
		if t.Prepare() == nil {
			return t.built.Load()
		}
		return nil
	}
	switch n := t.lookups.Add(1); {
	case n == cachedLookups:
		// Fast lookups kept by an earlier run cost far less to read than
		// to build: read them now, if they are there.
		if t.kept() && t.Prepare() == nil {
			return t.built.Load()
		}
	case n >= slowLookups:
		if t.Prepare() == nil {
			return t.built.Load() // nil for paths too long to pack: the slow path
		}
	}
	return nil
}

// Expect says that about n lookups of t are coming, such as the cases of
// a judge file that says how many it holds. When its fast lookups would
// pay for themselves within them (reading them from the cache pays after
// a few hundred lookups, building them after about ten thousand), t
// starts making them now, in the background, and its lookups wait for
// them rather than follow the table meanwhile. A 3x3 table builds them
// on every core, so several tables made at once share the cores. A fault
// is reported by the lookups.
func (t *Table) Expect(n int) {
	if t == nil || t.fast == nil || t.built.Load() != nil || t.maxDepth > MaxPackedLen {
		return
	}
	need := expectBuild
	if t.kept() {
		need = cachedLookups
	}
	if n < need || !t.expected.CompareAndSwap(false, true) {
		return
	}
	go t.Prepare()
}

// expectBuild is about how many lookups that follow a 3x3 table cost as
// much as building its fast lookups on one core (6 ms, against 0.5-0.7
// µs a lookup).
const expectBuild = 10000

// cachedLookups is how many lookups a table answers by following its
// moves before it reads fast lookups kept in its cache (Set.WithCache),
// which takes about as long as a few hundred lookups.
const cachedLookups = 300

// Prepare builds the structures of t's fast lookups now rather than after
// the first few thousand lookups, and checks the whole table on the way:
// every position must reach the goal within MaxDepth moves. A table of a
// Set WithCache reads them from its cache when they are there, and keeps
// them there when it builds them.
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

// buildFast computes every position's path, or reads them from the
// table's cache (Set.WithCache), by a depth-first walk of the
// table's tree from the goal: the children of a position are its
// neighbours whose move leads back to it, and a child's path is its move
// followed by its parent's path. Each position is a child of one parent at
// most, since it has one move, so the walk visits each once, in a stack of
// at most MaxDepth positions; one core builds a table in a few
// milliseconds, and the cores of a batch of several goals build theirs at
// once. A 3x3 table on a CPU with AVX-512 is taken breadth first instead
// (buildFast9), which finds the same children.
//
// A sound table is a tree that holds every position: a table in which a
// position is left out (its move is off the board, or its path does not
// end at the goal: a cycle), or one deeper than MaxDepth, is corrupt.
func (t *Table) buildFast() (*fastTable, error) {
	if t.maxDepth > MaxPackedLen {
		return nil, nil // the paths are too long to hold; lookups follow the table
	}
	if t.cache == "" {
		return t.walk()
	}
	if f := t.loadFast(); f != nil {
		return f, nil
	}
	f, err := t.walk()
	if err == nil {
		t.saveFast(f)
	}
	return f, err
}

// walk is buildFast's walk, with no cache.
func (t *Table) walk() (*fastTable, error) {
	paths := make([]uint64, Size(t.goal.Shape()))
	if t.goal.Shape() == board.Shape3x3 {
		return t.buildFast9(paths)
	}
	type frame struct {
		b    board.Board
		path uint64
		k    int // the place in t.moves of the next move to try
	}
	var stack [MaxPackedLen + 1]frame
	stack[0] = frame{b: t.goal, path: 1}
	paths[t.goalIdx] = 1
	found := 1
	for sp := 0; sp >= 0; {
		f := &stack[sp]
		moves := &t.moves[f.b.Blank()&(board.MaxSmall-1)]
		if f.k == len(moves) || moves[f.k] == noMove {
			sp--
			continue
		}
		m := moves[f.k]
		f.k++
		q := f.b
		q.Move(m)
		qi := t.index(q)
		if mq, ok := t.moveAt(qi, q.Blank()); !ok || mq != m.Reverse() || qi == t.goalIdx {
			continue // not a child
		}
		if sp == t.maxDepth {
			return nil, t.corrupt("position %d is more than %d moves from the goal", qi, t.maxDepth)
		}
		p := f.path<<2 | uint64(m.Reverse())
		paths[qi] = p
		found++
		sp++
		stack[sp] = frame{b: q, path: p}
	}
	return t.builtFast(paths, found)
}

// builtFast returns the fastTable of paths, in which a walk set found
// paths, or says that the table is corrupt.
func (t *Table) builtFast(paths []uint64, found int) (*fastTable, error) {
	if found != len(paths) {
		i := slices.Index(paths, 0)
		return nil, t.corrupt("position %d does not reach the goal in %d moves", i, t.maxDepth)
	}
	return &fastTable{paths: paths}, nil
}

// buildFast9 is buildFast for the 3x3 board, on its cells packed four
// bits each in one word (see nibbles9), on every core. Where the CPU has
// AVX-512 it builds by levels, eight positions at once (levels9);
// elsewhere it walks the tree: the walk stops a few moves from the goal,
// and the cores share out the subtrees below, each a walk of its own (a
// position is in one subtree only).
func (t *Table) buildFast9(paths []uint64) (*fastTable, error) {
	moves, err := t.moves9()
	if err != nil {
		return nil, err
	}
	if found, ok, err := t.levels9(paths, moves); ok {
		if err != nil {
			return nil, err
		}
		return t.builtFast(paths, found)
	}
	lo, hi := t.goal.Words()
	blank := t.goal.Blank()
	root := frame9{w: nibbles9(lo, hi), path: 1, i: int32(t.goalIdx), blank: int8(blank), todo: legal9[blank]}
	paths[t.goalIdx] = 1
	var tops []frame9
	found, err := t.walk9(paths, moves, root, 0, splitDepth, &tops)
	if err != nil {
		return nil, err
	}
	found++ // the goal
	// The cores are shared among the builds under way (Expect starts
	// several at once): one each when there are as many builds as cores,
	// which also spares two cores writing the lines of one array.
	under := int(building.Add(1))
	defer building.Add(-1)
	workers := max(1, min(runtime.GOMAXPROCS(0)/under, len(tops)))
	counts := make([]int, workers)
	errs := make([]error, workers)
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				k := int(next.Add(1) - 1)
				if k >= len(tops) || errs[w] != nil {
					return
				}
				n, err := t.walk9(paths, moves, tops[k], splitDepth, 0, nil)
				counts[w] += n
				errs[w] = err
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	for _, n := range counts {
		found += n
	}
	return t.builtFast(paths, found)
}

// building counts the builds of buildFast9 under way.
var building atomic.Int32

// walkOnly makes buildFast9 walk the tree even where levels9 could build
// it, for tests of both.
var walkOnly bool

// splitDepth is how far from the goal buildFast9 walks on one core before
// it shares out the subtrees: a few dozen of them.
const splitDepth = 5

// A frame9 is a position on the stack of walk9.
type frame9 struct {
	w     uint64 // the cells
	path  uint64 // the path, packed
	i     int32  // the index
	blank int8
	todo  uint8 // the moves yet to try, bit m for move m
}

// legal9[b] has bit m set for each move m the blank can make from cell b
// of a 3x3 board.
var legal9 = func() (legal [9]uint8) {
	for b := range 9 {
		for m := range board.Move(board.NumMoves) {
			if _, ok := board.Shape3x3.Step(b, m); ok {
				legal[b] |= 1 << m
			}
		}
	}
	return legal
}()

// swap9[b][m] is what moving the blank from cell b by m adds to the cells
// of a 3x3 board packed by nibbles9, for each unit of the tile it swaps
// with: 16^b - 16^to, mod 2^64.
var swap9 = func() (t [16][board.NumMoves]uint64) {
	for b := range 9 {
		for m := range board.Move(board.NumMoves) {
			if to := b + step9[m]; to >= 0 && to < 9 {
				t[b][m] = 1<<(4*b) - 1<<(4*to)
			}
		}
	}
	return t
}()

// walk9 walks the subtree of root, a position depth moves from the goal
// whose path is set, setting the paths below it, and returns how many it
// set. When cut > 0, the positions cut moves from the goal are set and
// added to tops, not walked.
func (t *Table) walk9(paths, moves []uint64, root frame9, depth, cut int, tops *[]frame9) (int, error) {
	const h = 20160
	var stack [MaxPackedLen + 1]frame9
	stack[0] = root
	found := 0
	for sp := 0; sp >= 0; {
		f := &stack[sp]
		if f.todo == 0 {
			sp--
			continue
		}
		m := board.Move(bits.TrailingZeros8(f.todo))
		f.todo &= f.todo - 1
		blank := int(f.blank)
		to := blank + step9[m&3]
		// The tile moves from cell to to the blank's: its value times the
		// difference of the two cells' weights (swap9), one shift by a
		// variable where moving it takes three.
		v := f.w >> (4 * uint(to) & 63) & 15
		w := f.w + v*swap9[blank&15][m&3]
		var qi int
		switch m {
		case board.Left:
			qi = int(f.i) - h
		case board.Right:
			qi = int(f.i) + h
		default:
			qi, _ = rank9(tiles9(w, to), to)
		}
		if uint(qi) >= 9*h || uint(to) >= 9 {
			return found, t.corrupt("position %d is out of the table", qi)
		}
		back := m.Reverse()
		if moves[qi>>5]>>(2*(qi&31))&3 != uint64(back) || qi == t.goalIdx {
			continue // not a child
		}
		if depth+sp == t.maxDepth {
			return found, t.corrupt("position %d is more than %d moves from the goal", qi, t.maxDepth)
		}
		p := f.path<<2 | uint64(back)
		paths[qi] = p
		found++
		todo := legal9[to] &^ (1 << back)
		if cut > 0 && depth+sp+1 == cut {
			*tops = append(*tops, frame9{w: w, path: p, i: int32(qi), blank: int8(to), todo: todo})
			continue
		}
		// The child's fields are stored one by one: a frame built whole
		// and then copied is read back before its stores land (a stall of
		// a store forward, the walk's largest cost).
		sp++
		c := &stack[sp]
		c.w, c.path, c.i, c.blank, c.todo = w, p, int32(qi), int8(to), todo
	}
	return found, nil
}

// moves9 returns the move of every position of a 3x3 table, two bits
// each, 32 a word, in the order of their indexes: the places of the raw
// bytes (see layout) read a byte at a time (byteMoves9), for walk9 to ask
// with a shift and a mask. A place that is no move the blank can make is
// a corrupt table.
func (t *Table) moves9() ([]uint64, error) {
	const h = 20160
	tab := byteMoves9()
	out := make([]uint64, 9*h/32)
	bad := uint32(0)
	for b := range 9 {
		per := t.lay.per[b]
		width := uint(2 * per)
		raw := t.raw[t.lay.off[b]:][:h/per]
		w := out[b*h/32:][:h/32]
		var acc uint64
		var n uint // bits in acc
		k := 0
		for _, c := range raw {
			v := tab[b][c]
			bad |= v
			acc |= uint64(v&0xffff) << n
			if n += width; n >= 64 {
				w[k] = acc
				k++
				n -= 64
				acc = uint64(v&0xffff) >> (width - n)
			}
		}
	}
	if bad>>16 != 0 {
		return nil, t.corrupt("a position's move is not one its blank can make")
	}
	return out, nil
}

// byteMoves9 returns, for each blank cell b of a 3x3 board and each byte
// c of the raw bytes of its group, the moves of the places c holds (8, 5
// or 4 of them), two bits each, the first lowest, with bit 16 set if one
// of the places is no move the blank can make.
var byteMoves9 = sync.OnceValue(func() *[9][256]uint32 {
	var tab [9][256]uint32
	l := newLayout(board.Shape3x3)
	moves := legalMoves(board.Shape3x3)
	for b := range 9 {
		for c := range 256 {
			var v uint32
			for k := range l.per[b] {
				m := moves[b][l.digit[b][c][k]&3]
				if l.digit[b][c][k] > 3 || m == noMove {
					v |= 1 << 16
					continue
				}
				v |= uint32(m) << (2 * k)
			}
			tab[b][c] = v
		}
	}
	return &tab
})

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

// appendPacked appends the letters of a packed path: all 32 that a
// packed path can hold, in four stores with no loop or branch, of which
// those past the path are left past the end.
func appendPacked(dst []byte, p uint64) []byte {
	n := len(dst)
	dst = slices.Grow(dst, 32)
	buf := dst[n : n+32]
	x0, x1, x2, x3 := letters32(p)
	binary.LittleEndian.PutUint64(buf[0:], x0)
	binary.LittleEndian.PutUint64(buf[8:], x1)
	binary.LittleEndian.PutUint64(buf[16:], x2)
	binary.LittleEndian.PutUint64(buf[24:], x3)
	return dst[:n+pathLen(p)&31]
}

// letters32 spells all 32 moves a packed path can hold, eight letters a
// word, little-endian: those past the path are not part of it.
func letters32(p uint64) (x0, x1, x2, x3 uint64) {
	x0 = uint64(quads[uint8(p)]) | uint64(quads[uint8(p>>8)])<<32
	x1 = uint64(quads[uint8(p>>16)]) | uint64(quads[uint8(p>>24)])<<32
	x2 = uint64(quads[uint8(p>>32)]) | uint64(quads[uint8(p>>40)])<<32
	x3 = uint64(quads[uint8(p>>48)]) | uint64(quads[uint8(p>>56)])<<32
	return x0, x1, x2, x3
}
