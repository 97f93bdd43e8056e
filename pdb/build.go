package pdb

import (
	"context"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/slidingpuzzle/solver/board"
)

// MaxExtra is the largest extra a database holds: a placement whose
// pattern needs more than 2*MaxExtra moves beyond its tiles' Manhattan
// distance holds MaxExtra, which keeps the bound a lower one.
const MaxExtra = 15

// Progress is told, now and then, how many states of a search are done,
// and about how many there are in all.
type Progress func(done, total int64)

// Build runs the reverse breadth-first search of p on every core and
// returns its values, one a placement by index (Rank): the least number
// of moves of p's tiles that bring them home, less the sum of their
// Manhattan distances, halved (the two differ by an even number), and at
// most MaxExtra. It stops early with ctx's error.
func Build(ctx context.Context, p Pattern, progress Progress) ([]uint8, error) {
	if err := p.Check(); err != nil {
		return nil, err
	}
	g := newGeom(p.Shape)
	n, k := g.n, len(p.Cells)
	total := p.Size()
	// A state is a placement and the region of free cells that holds the
	// blank, named by its lowest cell: in visited, bit index*16 + cell; in
	// a frontier, the cells of the tiles four bits each, then the region's
	// cell in the low four bits, so that expanding it needs no unranking.
	visited := make([]uint64, (total*board.MaxCells+63)/64)
	dist := make([]uint8, total)
	for i := range dist {
		dist[i] = 0xff
	}
	var goal [board.MaxCells]uint8
	var tiles uint32
	for i, c := range p.Cells {
		goal[i] = uint8(c)
		tiles |= 1 << c
	}
	region := g.flood(1<<p.Blank, g.full&^tiles)
	rep := uint64(bits.TrailingZeros32(region))
	bit := uint64(Rank(n, goal[:k]))<<4 | rep
	visited[bit>>6] |= 1 << (bit & 63)
	dist[bit>>4] = 0
	frontier := []uint64{pack(goal[:k])<<4 | rep}
	workers := runtime.GOMAXPROCS(0)
	var done int64
	for d := uint8(0); len(frontier) > 0; d++ {
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
				next[w] = expand(g, k, frontier[lo:hi], visited, ctx)
			}()
		}
		wg.Wait()
		done += int64(len(frontier))
		if progress != nil {
			progress(done, int64(total))
		}
		frontier = frontier[:0]
		var pos [board.MaxCells]uint8
		for _, part := range next {
			for _, s := range part {
				unpack(s>>4, pos[:k])
				if i := Rank(n, pos[:k]); dist[i] == 0xff {
					dist[i] = d + 1
				}
			}
			frontier = append(frontier, part...)
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	// From moves to extras over the Manhattan distance.
	parts := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	for w := range parts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			pos := make([]uint8, k)
			for i := w * total / parts; i < (w+1)*total/parts; i++ {
				Unrank(n, i, pos)
				md := 0
				for j, c := range pos {
					md += g.manhattan(int(c), p.Cells[j])
				}
				dist[i] = uint8(min((int(dist[i])-md)/2, MaxExtra))
			}
		}()
	}
	wg.Wait()
	return dist, nil
}

// expand returns the states one move of a pattern tile from those of
// frontier that no worker has reached before.
func expand(g *geom, k int, frontier []uint64, visited []uint64, ctx context.Context) []uint64 {
	var out []uint64
	var pos [board.MaxCells]uint8
	for i, s := range frontier {
		if i&0xffff == 0 && ctx.Err() != nil {
			return nil
		}
		unpack(s>>4, pos[:k])
		var tiles uint32
		for _, c := range pos[:k] {
			tiles |= 1 << c
		}
		free := g.full &^ tiles
		region := g.flood(1<<(s&15), free)
		for t := range k {
			p := pos[t]
			for adj := g.nbr[p] & region; adj != 0; adj &= adj - 1 {
				q := bits.TrailingZeros32(adj)
				pos[t] = uint8(q)
				nfree := free&^(1<<q) | 1<<p
				nregion := g.flood(1<<p, nfree)
				rep := uint64(bits.TrailingZeros32(nregion))
				b := uint64(Rank(g.n, pos[:k]))<<4 | rep
				w, m := &visited[b>>6], uint64(1)<<(b&63)
				// Most states are reached again and again: a load sees
				// them, and only a new one pays for the atomic Or.
				if atomic.LoadUint64(w)&m == 0 && atomic.OrUint64(w, m)&m == 0 {
					out = append(out, pack(pos[:k])<<4|rep)
				}
			}
			pos[t] = p
		}
	}
	return out
}

// pack packs cells four bits each, the first in the lowest bits.
func pack(pos []uint8) uint64 {
	var x uint64
	for i, c := range pos {
		x |= uint64(c) << (4 * i)
	}
	return x
}

// unpack is the inverse of pack.
func unpack(x uint64, pos []uint8) {
	for i := range pos {
		pos[i] = uint8(x >> (4 * i) & 15)
	}
}
