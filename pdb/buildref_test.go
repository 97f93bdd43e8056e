package pdb

import (
	"context"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
)

// buildReference is the builder Build replaced, kept to check it: a
// reverse breadth-first search with its frontiers in memory, which
// returns its values, one a placement by index (Rank): the least number
// of moves of p's tiles that bring them home, less the sum of their
// Manhattan distances, halved (the two differ by an even number), and at
// most MaxExtra. It stops early with ctx's error.
func buildReference(ctx context.Context, p Pattern, progress Progress) ([]uint8, error) {
	if err := p.Check(); err != nil {
		return nil, err
	}
	if ctx == nil {
		ctx = context.Background()
	}
	g := newGeom(p.Shape)
	n, k := g.n, len(p.Cells)
	total := p.Size()
	b := &refBuilder{g: g, k: k, n: n, cells: p.Cells, ctx: ctx}
	// A state is a placement and the region of free cells that holds the
	// blank, named by its lowest cell: in visited, bit index*32 + cell; in
	// a frontier, the cells of the tiles five bits each, then the region's
	// cell in the low five bits, so that expanding it needs no unranking.
	b.visited = make([]uint64, (total*MaxCells+63)/64)
	// A placement's extra, plus one, a byte in words of four, set by the
	// first worker to reach it (workers that reach it in the same layer
	// set the same byte).
	b.extra = make([]uint32, (total+3)/4)
	var goal [MaxCells]uint8
	var tiles uint32
	for i, c := range p.Cells {
		goal[i] = uint8(c)
		tiles |= 1 << c
	}
	region := g.flood(1<<p.Blank, g.full&^tiles)
	rep := uint64(bits.TrailingZeros32(region))
	bit := uint64(Rank(n, goal[:k]))<<5 | rep
	b.visited[bit>>6] |= 1 << (bit & 63)
	b.set(int(bit>>5), 0, goal[:k])
	frontier := []uint64{refPack(goal[:k])<<5 | rep}
	workers := runtime.GOMAXPROCS(0)
	var reached int64 = 1
	for d := 0; len(frontier) > 0; d++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		next := make([][]uint64, workers)
		var wg sync.WaitGroup
		chunk := (len(frontier) + workers - 1) / workers
		for w := range workers {
			lo, hi := min(w*chunk, len(frontier)), min((w+1)*chunk, len(frontier))
			wg.Add(1)
			go func() {
				defer wg.Done()
				next[w] = b.expand(frontier[lo:hi], d+1)
			}()
		}
		wg.Wait()
		frontier = frontier[:0]
		for _, part := range next {
			frontier = append(frontier, part...)
		}
		reached += int64(len(frontier))
		if progress != nil {
			// States outnumber placements by their regions, about two to
			// one: the estimate is reached against twice the placements,
			// and says done at the end.
			if len(frontier) == 0 {
				progress(int64(total), int64(total))
			} else {
				progress(min(reached/2, int64(total)-1), int64(total))
			}
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	out := make([]uint8, total)
	for i := range out {
		out[i] = uint8(b.extra[i>>2]>>(8*(i&3))) - 1
	}
	return out, nil
}

// refBuilder is the shared state of one buildReference.
type refBuilder struct {
	g       *geom
	k, n    int
	cells   []int
	visited []uint64
	extra   []uint32
	ctx     context.Context
}

// set records that placement i, whose tiles are in pos, is d moves from
// the goal, unless it is known already.
func (b *refBuilder) set(i, d int, pos []uint8) {
	w, shift := &b.extra[i>>2], 8*uint(i&3)
	if atomic.LoadUint32(w)>>shift&0xff != 0 {
		return
	}
	md := 0
	for j, c := range pos {
		md += b.g.manhattan(int(c), b.cells[j])
	}
	v := uint32(min((d-md)/2, MaxExtra) + 1)
	atomic.OrUint32(w, v<<shift)
}

// expand returns the states one move of a pattern tile from those of
// frontier that no worker has reached before, d moves from the goal, and
// records the placements among them not reached before.
func (b *refBuilder) expand(frontier []uint64, d int) []uint64 {
	g, k := b.g, b.k
	var out []uint64
	var pos [MaxCells]uint8
	for i, s := range frontier {
		if i&0xffff == 0 && b.ctx.Err() != nil {
			return nil
		}
		refUnpack(s>>5, pos[:k])
		var tiles uint32
		for _, c := range pos[:k] {
			tiles |= 1 << c
		}
		free := g.full &^ tiles
		region := g.flood(1<<(s&31), free)
		for t := range k {
			p := pos[t]
			for adj := g.nbr[p] & region; adj != 0; adj &= adj - 1 {
				q := bits.TrailingZeros32(adj)
				pos[t] = uint8(q)
				nfree := free&^(1<<q) | 1<<p
				nregion := g.flood(1<<p, nfree)
				rep := uint64(bits.TrailingZeros32(nregion))
				idx := Rank(g.n, pos[:k])
				bit := uint64(idx)<<5 | rep
				w, m := &b.visited[bit>>6], uint64(1)<<(bit&63)
				// Most states are reached again and again: a load sees
				// them, and only a new one pays for the atomic Or.
				if atomic.LoadUint64(w)&m == 0 && atomic.OrUint64(w, m)&m == 0 {
					out = append(out, refPack(pos[:k])<<5|rep)
					b.set(idx, d, pos[:k])
				}
			}
			pos[t] = p
		}
	}
	return out
}

// refPack packs cells five bits each, the first in the lowest bits: up
// to eleven tiles, with the region's cell below them.
func refPack(pos []uint8) uint64 {
	var x uint64
	for i, c := range pos {
		x |= uint64(c) << (5 * i)
	}
	return x
}

// refUnpack is the inverse of refPack.
func refUnpack(x uint64, pos []uint8) {
	for i := range pos {
		pos[i] = uint8(x >> (5 * i) & 31)
	}
}
