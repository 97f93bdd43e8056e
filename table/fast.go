package table

import "github.com/slidingpuzzle/solver/board"

// fastTable holds every position's whole path, so that a lookup copies
// its answer instead of following the table move by move. It is built from
// the table on first use by a batch (see slowLookups) in about 10 ms and
// takes about 2 MB for the 3x3 board.
type fastTable struct {
	dist []uint8  // distance of each position from the goal
	off  []uint32 // where each position's path starts in paths
	// paths holds every path packed two bits a move, the first move in
	// the lowest bits, each path starting on a byte of its own:
	//
	//	byte k of a path:  7 6 | 5 4 | 3 2 | 1 0
	//	           move    4k+3  4k+2  4k+1  4k
	paths []byte
}

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
	f, err := t.fast()
	if err != nil {
		return nil // the slow path finds and reports the fault
	}
	t.built.Store(f)
	return f
}

// Prepare builds the structures of t's fast lookups now rather than after
// the first few thousand, and checks the whole table on the way: every
// position must reach the goal within MaxDepth moves.
func (t *Table) Prepare() error {
	f, err := t.fast()
	if err == nil {
		t.built.Store(f)
	}
	return err
}

// buildFast walks the tree of the table's moves from the goal outwards,
// depth first. A position p is a child of q when p's move leads to q; its
// path is that move followed by q's path. Every position has one move, so
// a sound table is a tree that holds every position once: a table whose
// walk misses positions (a cycle, a move off the board) or goes deeper than
// MaxDepth is corrupt.
func (t *Table) buildFast() (*fastTable, error) {
	s := t.goal.Shape()
	size := Size(s)
	h := half(s)
	f := &fastTable{
		dist:  make([]uint8, size),
		off:   make([]uint32, size),
		paths: make([]byte, 0, size*(t.maxDepth+7)/4/2*2),
	}
	type frame struct {
		b    board.Board
		i    int
		next board.Move // the next move of the blank to try from b
	}
	// moves[d] is the move from the node at depth d+1 to its parent, so
	// the path of the node at depth d is moves[d-1], ..., moves[0].
	var moves [256]board.Move
	stack := []frame{{b: t.goal, i: t.goalIdx}}
	visited := 1
	f.off[t.goalIdx] = 0
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.next == board.NumMoves {
			stack = stack[:len(stack)-1]
			continue
		}
		r := top.next
		top.next++
		p := top.b
		if !p.Move(r) {
			continue
		}
		back := r.Reverse()
		var pi int
		switch r {
		case board.Left:
			pi = top.i - h // the tiles keep their order; only the blank moves
		case board.Right:
			pi = top.i + h
		default:
			pi = Index(p)
		}
		if t.MoveAt(pi) != back || pi == t.goalIdx {
			continue
		}
		d := len(stack)
		if d > t.maxDepth {
			return nil, t.corrupt("position %v is more than %d moves from the goal", p, t.maxDepth)
		}
		moves[d-1] = back
		f.dist[pi] = uint8(d)
		f.off[pi] = uint32(len(f.paths))
		var acc byte
		for k := 0; k < d; k++ {
			acc |= byte(moves[d-1-k]) << (2 * (k & 3))
			if k&3 == 3 || k == d-1 {
				f.paths = append(f.paths, acc)
				acc = 0
			}
		}
		visited++
		stack = append(stack, frame{b: p, i: pi})
	}
	if visited != size {
		return nil, t.corrupt("%d of %d positions do not reach the goal", size-visited, size)
	}
	return f, nil
}

// quads[b] spells the four moves packed in byte b.
var quads = func() (q [256][4]byte) {
	for b := range q {
		for k := range 4 {
			q[b][k] = board.Move(b >> (2 * k) & 3).Letter()
		}
	}
	return q
}()

func (f *fastTable) appendPath(dst []byte, i int) []byte {
	d := int(f.dist[i])
	p := f.paths[f.off[i]:]
	for k := 0; k < d; k += 4 {
		q := &quads[p[k>>2]]
		dst = append(dst, q[:min(4, d-k)]...)
	}
	return dst
}
