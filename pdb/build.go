package pdb

import (
	"context"
	"encoding/binary"
	"fmt"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/slidingpuzzle/solver/internal/offheap"
)

// MaxExtra is the largest extra a database holds: a placement whose
// pattern needs more than 2*MaxExtra moves beyond its tiles' Manhattan
// distance holds MaxExtra, which keeps the bound a lower one.
const MaxExtra = 15

// MaxPlacements is the most placements a database can have: twice those
// of 8 tiles on 16 cells, which take 1.3 GB to build.
const MaxPlacements = 1 << 30

// Progress is told, now and then, how many placements a build has
// reached, and how many there are in all.
type Progress func(done, total int64)

// Build runs the reverse breadth-first search of p on every core and
// returns its values, one a placement by index (Rank): the least number
// of moves of p's tiles that bring them home, less the sum of their
// Manhattan distances, halved (the two differ by an even number), and at
// most MaxExtra. It stops early with ctx's error.
func Build(ctx context.Context, p Pattern, progress Progress) ([]uint8, error) {
	raw, err := BuildRaw(ctx, p, progress)
	if err != nil {
		return nil, err
	}
	if p.Zero {
		return raw, nil // a byte a placement already
	}
	out := make([]uint8, p.Size())
	for i := range out {
		out[i] = raw[i>>1] >> (4 * (i & 1)) & 15
	}
	return out, nil
}

// BuildRaw is Build with the values packed as a file's raw bytes are
// (Pack), in half the memory. The search itself holds two bits a state
// besides: a database of 8 tiles on 16 cells, 518,918,400 placements,
// takes 1.3 GB in all.
//
// A state is a placement with the region of free cells that holds the
// blank, named by its lowest free cell's rank among the free cells (a
// slot). Each state has two bits: 0 while unreached, 1 or 2 (by the
// parity of its depth) while it waits to be expanded, 3 once it has been.
// A layer of the search is a sweep over every state, which expands those
// of the layer's code and marks the new ones with the other, so that no
// frontier is kept.
func BuildRaw(ctx context.Context, p Pattern, progress Progress) ([]byte, error) {
	if err := p.Check(); err != nil {
		return nil, err
	}
	if p.Size() > MaxPlacements {
		return nil, fmt.Errorf("pdb: %v has %d placements; a build takes at most %d", p, p.Size(), MaxPlacements)
	}
	if ctx == nil {
		ctx = context.Background()
	}
	g := newGeom(p.Shape)
	n, k := g.n, len(p.Cells)
	total := p.Size()
	slots := 1
	for slots < n-k {
		slots <<= 1
	}
	b := &builder{g: g, k: k, n: n, cells: p.Cells, ctx: ctx, slots: slots, per: 32 / slots, zero: p.Zero, blank: uint8(p.Blank)}
	for i := range k {
		b.w[i] = size(n-i-1, k-i-1)
		for c := range n {
			b.md[i][c] = int8(g.manhattan(c, p.Cells[i]))
		}
	}
	if n <= slotTableCells {
		b.slotOf = make([]uint8, 16<<n)
		for f := uint32(0); f < 1<<n; f++ {
			for c := range n {
				if f&(1<<c) != 0 {
					b.slotOf[f<<4|uint32(c)] = b.slotFill(f, c)
				}
			}
		}
	}
	codes, release := offheap.Make[uint64]((total + b.per - 1) / b.per)
	defer release()
	b.codes = codes
	// The workers stop, and are waited for, before the states are given
	// back, however BuildRaw returns (a Progress that panics too).
	wctx, stop := context.WithCancel(ctx)
	b.ctx = wctx
	var running chan struct{}
	defer func() {
		stop()
		if running != nil {
			<-running
		}
	}()
	b.raw = make([]uint32, (p.rawLen()+3)/4)

	var goal [MaxCells]uint8
	var tiles uint32
	for i, c := range p.Cells {
		goal[i] = uint8(c)
		tiles |= 1 << c
	}
	// The goal: its placement, and the slot of the blank's region.
	free := g.full &^ tiles
	idx := Rank(n, goal[:k])
	b.codes[idx/b.per] |= 1 << (2 * ((idx%b.per)*slots + int(b.slot(free, p.Blank))))
	b.placed.Store(1)

	workers := runtime.GOMAXPROCS(0)
	tick := time.NewTicker(250 * time.Millisecond)
	defer tick.Stop()
	for d := 0; ; d++ {
		b.d = d
		b.chunk.Store(0)
		b.found.Store(0)
		done := make(chan struct{})
		running = done
		var wg sync.WaitGroup
		for range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				b.sweep()
			}()
		}
		go func() {
			wg.Wait()
			close(done)
		}()
	wait:
		for {
			select {
			case <-done:
				running = nil
				break wait
			case <-tick.C:
				if progress != nil {
					progress(min(b.placed.Load(), int64(total)-1), int64(total))
				}
			}
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if b.found.Load() == 0 {
			break
		}
	}
	if progress != nil {
		progress(int64(total), int64(total))
	}
	// The values as bytes, little-endian whatever the machine's order.
	out := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(b.raw))), 4*len(b.raw))
	for i, v := range b.raw {
		binary.LittleEndian.PutUint32(out[4*i:], v)
	}
	return out[:p.rawLen()], nil
}

// chunkWords is how many words of codes a worker takes at a time.
const chunkWords = 1 << 12

// builder is the shared state of one BuildRaw.
type builder struct {
	g     *geom
	k, n  int
	cells []int
	ctx   context.Context
	// slots is the states a placement has room for in codes, a power of
	// two at least the free cells, and per the placements a word holds.
	slots, per int
	codes      []uint64
	// w[i] is the weight of tile i's digit in a placement's index, and
	// slotOf[free<<4|c], on a board of at most slotTableCells cells, the
	// slot of the region of cell c among the free cells free (slot).
	w      [MaxCells]int
	slotOf []uint8
	// md[j][c]: cells from c to the goal of tile j.
	md     [MaxCells][MaxCells]int8
	raw    []uint32 // the values, four bits each, or a byte each where zero
	zero   bool     // zero-aware (Pattern.Zero)
	blank  uint8    // the goal's blank cell
	d      int      // the layer being swept
	chunk  atomic.Int64
	found  atomic.Int64 // states reached in this layer
	placed atomic.Int64 // placements reached
}

// slotTableCells is the most cells of a board whose builds look the slot
// of a region up in a table (1 MB for 16 cells) rather than fill it.
const slotTableCells = 16

// slot returns the slot of the region of cell c among the free cells
// free: the rank of its lowest cell among them.
func (b *builder) slot(free uint32, c int) uint8 {
	if b.slotOf != nil {
		return b.slotOf[free<<4|uint32(c)]
	}
	return b.slotFill(free, c)
}

// slotFill is slot by a flood fill of the region. It is not inlined, so
// that slot is, for the table's lookup.
//
//go:noinline
func (b *builder) slotFill(free uint32, c int) uint8 {
	r := b.g.flood(1<<c, free)
	return uint8(bits.OnesCount32(free & (r&-r - 1)))
}

// rankDelta returns how much the index (Rank) of a placement changes
// when its tile t moves from cell p to cell q, a cell next to it: at[c]
// is 1 + the tile in cell c, 0 for none. The tile's own digit changes by
// the cells it passes, less the earlier tiles among them; each later
// tile it passes gains or loses one in its digit.
func (b *builder) rankDelta(at *[MaxCells]uint8, t int, p, q uint8) int {
	lo, hi, sign := p, q, 1
	if q < p {
		lo, hi, sign = q, p, -1
	}
	d := int(hi-lo) * b.w[t]
	for c := lo + 1; c < hi; c++ {
		if i := int(at[c&(MaxCells-1)]) - 1; i >= 0 {
			if i < t {
				d -= b.w[t]
			} else {
				d += b.w[i&(MaxCells-1)]
			}
		}
	}
	return sign * d
}

// neighbour is a state one move from the one being expanded: its
// placement's index and its slot, and the move of tile t from cell p to
// cell q that makes it.
type neighbour struct {
	idx     int
	slot    uint8
	t, p, q uint8
}

// sweep expands the states of layer b.d, a chunk of words at a time,
// until no chunk is left.
func (b *builder) sweep() {
	g, k := b.g, b.k
	cur := uint64(b.d%2 + 1)
	next := 3 - cur
	const lows = 0x5555555555555555
	curAll := cur * lows
	slotMask := uint32(b.slots - 1)
	slotShift := uint(bits.TrailingZeros32(uint32(b.slots)))
	perShift := uint(bits.TrailingZeros32(uint32(b.per)))
	perMask := b.per - 1
	placeMask := uint64(1)<<(2*b.slots) - 1 // all ones for 32 slots
	var pos [MaxCells]uint8
	var at [MaxCells]uint8 // at[c]: 1 + the tile in cell c, 0 for none
	// A state has at most four moves into its region a tile.
	var nb [4 * MaxCells]neighbour
	var words [4 * MaxCells]uint64
	var found, placed int64
	defer func() {
		b.found.Add(found)
		b.placed.Add(placed)
	}()
	last := -1
	var free uint32
	md := 0
	for {
		lo := int(b.chunk.Add(1)-1) * chunkWords
		if lo >= len(b.codes) || b.ctx.Err() != nil {
			return
		}
		hi := min(lo+chunkWords, len(b.codes))
		for w := lo; w < hi; w++ {
			y := atomic.LoadUint64(&b.codes[w]) ^ curAll
			m := ^(y | y>>1) & lows
			if m == 0 {
				continue
			}
			// The word's states of this layer are expanded: mark them so.
			atomic.OrUint64(&b.codes[w], m|m<<1)
			for ; m != 0; m &= m - 1 {
				field := uint32(bits.TrailingZeros64(m)) / 2
				idx := w<<perShift + int(field>>slotShift)
				if idx != last {
					last = idx
					unrank(b.n, idx, pos[:k])
					var tiles uint32
					md = 0
					at = [MaxCells]uint8{}
					for j, c := range pos[:k] {
						tiles |= 1 << c
						md += int(b.md[j][c&(MaxCells-1)])
						at[c&(MaxCells-1)] = uint8(j + 1)
					}
					free = g.full &^ tiles
				}
				// The region's lowest cell: the slot-th free cell.
				f := free
				for range field & slotMask {
					f &= f - 1
				}
				region := g.flood(f&-f, free)
				// The neighbours first, then their words, loaded one after
				// the other so that their cache misses overlap, then what
				// is new among them.
				nn := 0
				for t := range k {
					p := pos[t]
					for adj := g.nbr[p] & region; adj != 0; adj &= adj - 1 {
						q := uint8(bits.TrailingZeros32(adj))
						nfree := free&^(1<<q) | 1<<p
						nb[nn] = neighbour{
							idx:  idx + b.rankDelta(&at, t, p, q),
							slot: b.slot(nfree, int(p)),
							t:    uint8(t), p: p, q: q,
						}
						nn++
					}
				}
				for i := range nn {
					words[i] = atomic.LoadUint64(&b.codes[nb[i].idx>>perShift])
				}
				for i := range nn {
					nidx := nb[i].idx
					base := uint(nidx&perMask) << (slotShift + 1)
					shift := base + uint(2*nb[i].slot)
					if words[i]>>shift&3 != 0 {
						continue
					}
					old := atomic.OrUint64(&b.codes[nidx>>perShift], next<<shift)
					if old>>shift&3 != 0 {
						continue
					}
					found++
					first := old>>base&placeMask == 0 // the first state of its placement
					if first {
						placed++
					}
					if !first && !b.zero {
						continue
					}
					e := &nb[i]
					nmd := md + int(b.md[e.t&(MaxCells-1)][e.q&(MaxCells-1)]) - int(b.md[e.t&(MaxCells-1)][e.p&(MaxCells-1)])
					v := uint32(min((b.d+1-nmd)/2, MaxExtra))
					if v == 0 {
						continue
					}
					if !b.zero {
						atomic.OrUint32(&b.raw[nidx>>3], v<<(4*(nidx&7)))
						continue
					}
					// Zero-aware: the state's value is the low four bits where its
					// region holds the goal's blank cell, and the high four where
					// it is the first of the other regions reached, or there is no
					// other; where that cell holds a tile, both, from the first.
					nfree := free&^(1<<e.q) | 1<<e.p
					var z uint32
					if nfree&(1<<b.blank) == 0 {
						if first {
							z = v | v<<4
						}
					} else {
						r0 := g.flood(1<<b.blank, nfree)
						s0 := uint(bits.OnesCount32(nfree & (r0&-r0 - 1)))
						switch {
						case uint(e.slot) == s0 && r0 == nfree:
							z = v | v<<4
						case uint(e.slot) == s0:
							z = v
						case old>>base&placeMask&^(3<<(2*s0)) == 0:
							z = v << 4
						}
					}
					if z != 0 {
						atomic.OrUint32(&b.raw[nidx>>2], z<<(8*(nidx&3)))
					}
				}
			}
		}
	}
}
