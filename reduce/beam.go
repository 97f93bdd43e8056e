package reduce

import (
	"errors"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"

	"github.com/slidingpuzzle/solver/internal/hashset"
	"github.com/slidingpuzzle/solver/internal/offheap"
)

// The lines of a small part (at most beamCells cells) are placed by a
// beam search over the part's whole arrangement rather than tile by tile.
//
// The line's tiles are split into groups of two (three in a part of at
// most 42 cells), and each group has a table of the fewest moves that
// bring its tiles home from every placement of them and the blank in the
// part, the other tiles left anywhere: a breadth-first search from the
// goal over those placements, m^(k+1) bytes for k tiles in m cells (3 MB
// for two in a 12x12 part), in memory outside the heap. A state is scored
// by the moves its line needs, as the tables tell them: for each group
// not home, its fewest moves with the blank where it best starts, and the
// moves the blank needs beyond those to come to it from the line's cells
// next to it (where it is when the line's other groups are done); for
// the group the blank comes to soonest, from where the blank is instead.
// To that is added a little (scoreRest against scoreLine) for the
// Manhattan distance of the part's other tiles, so that of two ways to
// place a line the one that leaves the others nearer their goals wins.
// The search keeps the beamWidth best states (or Options.Width) of each depth, each
// arrangement once (a set of hashes), and ends at the first state whose
// line is home. Where it comes no nearer for beamStall depths, it goes
// on from the nearest state it saw, group by group; where a table cannot
// say (a long narrow part, whose moves run past a byte), tile by tile.
//
// Measured on random boards for the goals blank-last, blank-first and
// snail (bench/large, 6 of each size; the length over the tiles'
// Manhattan distance), with the last 5x5 part answered by the engine:
// 6x6 1.63 (tile by tile 2.53), 7x7 1.75 (2.68), 8x8 1.81 (2.77), 10x10
// 1.90 (3.00), 12x12 1.94; 1.6 s for a 12x12 board on 2 cores.
// Groups of one tile only (tables of m^2) did as well up to 10x10 and
// worse on 12x12 (2.19 against 2.04 in one run); without the moves back
// to each group, the search stalled on a third of the 12x12 boards and
// gave 2.04 against 1.96.

// beamCells is the most cells of the part left at which its lines are
// placed by the beam search.
const beamCells = 144

// beamLength is the most cells of a side of the part at which the beam
// search places its lines: past about 30 (2 to 4 rows), 24 (6 rows), some
// placements of a group are more moves from home than a table's byte
// holds, and the tables are not whole.
const beamLength = 24

// beamWidth is how many states of each depth the beam search keeps.
const beamWidth = 1000

// The score of a state is scoreLine times the moves its line needs and
// scoreRest times the Manhattan distance of the part's other tiles.
const (
	scoreLine = 5
	scoreRest = 2
)

// beamStall is how many depths the beam search goes on without a state
// nearer its line's end than any before; past it, the line is finished
// group by group from the nearest state, each group by the fewest moves
// with the groups before it held in place.
const beamStall = 120

// A part is the unsolved part of the board as the beam search sees it:
// its cells numbered in reading order from 0, each tile named by the
// number of its goal cell, the blank by that of the goal's blank.
type part struct {
	h, w, m  int
	cols     int32 // the board's
	top      int32 // the board's row and column of the part's cell 0
	left     int32
	blank    uint8      // the goal cell of the blank
	nb       [][4]int16 // each cell's neighbour by move, -1 for none
	row, col []int8
	// done is closed when the solve's context ends: a table's search
	// stops, and is not whole (nil: never).
	done <-chan struct{}
	// cache is the folder where tables are kept between processes
	// (Options.Cache), or "".
	cache string
}

func (p *part) md(a, b uint8) int {
	dr, dc := int(p.row[a])-int(p.row[b]), int(p.col[a])-int(p.col[b])
	return max(dr, -dr) + max(dc, -dc)
}

// newPart returns the part of the board of rows top..bottom-1 and
// columns first..end-1.
func (s *solver) newPart(top, bottom, first, end int32) *part {
	h, w := int(bottom-top), int(end-first)
	p := &part{h: h, w: w, m: h * w, cols: s.cols, top: top, left: first}
	if s.ctx != nil {
		p.done = s.ctx.Done()
	}
	p.cache = s.opt.Cache
	p.blank = p.local(s.blankGoal)
	p.nb = make([][4]int16, p.m)
	p.row, p.col = make([]int8, p.m), make([]int8, p.m)
	for c := range p.m {
		r, k := c/w, c%w
		p.row[c], p.col[c] = int8(r), int8(k)
		p.nb[c] = [4]int16{-1, -1, -1, -1}
		if r+1 < h {
			p.nb[c][down] = int16(c + w)
		}
		if k > 0 {
			p.nb[c][left] = int16(c - 1)
		}
		if k+1 < w {
			p.nb[c][right] = int16(c + 1)
		}
		if r > 0 {
			p.nb[c][up] = int16(c - w)
		}
	}
	return p
}

// local returns the part's number of board cell c, which must be in it.
func (p *part) local(c int32) uint8 {
	return uint8((c/p.cols-p.top)*int32(p.w) + c%p.cols - p.left)
}

// board returns the board's cell of the part's cell c.
func (p *part) board(c uint8) int32 {
	return (p.top+int32(c)/int32(p.w))*p.cols + p.left + int32(c)%int32(p.w)
}

// A group is tiles of a line placed together, with its table.
type group struct {
	tiles []uint8 // their goal cells, in the part
	// dist[x] is the fewest moves that bring the tiles home from the
	// placement x of the blank and them: x = ((blank*m + t0)*m + t1)...;
	// least[y] is the least of dist over the blank's cells, y being x
	// without the blank (x mod m^k). 255 for none.
	dist, least         []uint8
	distRoom, leastRoom room[uint8]
	size                int  // m^k
	whole               bool // no state is more than 254 moves from the goal
	// home holds the cells where the blank starts for this group when
	// it has done the line's others: next to the group's goal cells, in
	// the part.
	home []uint8
}

// A room is memory outside the heap (package offheap), kept from use to
// use: a beam search's tables hold tens of megabytes, which a process
// whose heap is kept under a soft limit (solve's) would collect again and
// again.
type room[T any] struct {
	buf  []T
	free func()
}

// get returns r's memory with n elements, made anew, zero, where it has
// room for fewer, else as it was left.
func (r *room[T]) get(n int) []T {
	if cap(r.buf) < n {
		r.release()
		r.buf, r.free = offheap.Make[T](n + n/4)
	}
	return r.buf[:n]
}

// release gives r's memory back.
func (r *room[T]) release() {
	if r.free != nil {
		r.free()
	}
	r.buf, r.free = nil, nil
}

// table fills g's tables for part p, the cells of wall held: no tile
// moves in or out of them (nil for none), with queue's room for the
// search. Tables are made once a process and kept (tableCache): they
// depend on the part's shape, the group's goal cells and the wall alone, which every board of a size and goal repeats, and most
// sizes of a goal too (the last 12x12 part of every large board is
// alike).
func (p *part) table(g *group, wall []bool, queue *room[uint32]) {
	m, k := p.m, len(g.tiles)
	size := 1
	for range k {
		size *= m
	}
	g.size = size
	if p.cachedTable(g, wall, queue) {
		return
	}
	g.dist, g.least = g.distRoom.get(size*m), g.leastRoom.get(size)
	g.whole = p.fill(g.tiles, wall, queue, g.dist, g.least)
}

// fill makes the tables of a group of tiles (their goal cells) in dist
// (room for size*m) and least (size), the cells of wall held, and
// reports whether they are whole (group.whole).
func (p *part) fill(tiles []uint8, wall []bool, queue *room[uint32], dist, least []uint8) bool {
	m, k, size := p.m, len(tiles), len(least)
	for i := range dist {
		dist[i] = 255
	}
	// A state in the queue is its cells packed a byte each: the blank's
	// at bit 24, then the tiles' (a part has at most 255 cells).
	q := queue.get(size * m)[:0] // room for every state: no append grows it
	var goal uint32
	gi := 0
	for i, t := range tiles {
		goal |= uint32(t) << (16 - 8*i)
		gi = gi*m + int(t)
	}
	for b := range m {
		if slices.Contains(tiles, uint8(b)) || wall != nil && wall[b] {
			continue
		}
		dist[b*size+gi] = 0
		q = append(q, uint32(b)<<24|goal)
	}
	nb := p.nb
	if wall != nil {
		nb = make([][4]int16, m)
		for c := range m {
			for mv, to := range p.nb[c] {
				if to >= 0 && wall[to] {
					to = -1
				}
				nb[c][mv] = to
			}
		}
	}
	var whole bool
	if k == 2 {
		whole = bfs2(dist, nb, m, q, p.done)
	} else {
		whole = bfsAny(dist, nb, m, k, q, p.done)
	}
	copy(least, dist[:size])
	for b := 1; b < m; b++ {
		row := dist[b*size : (b+1)*size]
		for y, d := range row {
			least[y] = min(least[y], d)
		}
	}
	return whole
}

// tableCache holds the tables of groups, made once a process, outside the heap, up to maxCachedTables bytes in all: the
// tables of a 20x20 board's last parts, which a board of any larger size
// and the same goal ends on too, take about 80 MB. Past the limit,
// tables are made for each line, as they were before.
var tableCache = struct {
	sync.Mutex
	m     map[tableKey]*cachedTable
	bytes int
}{m: map[tableKey]*cachedTable{}}

// maxCachedTables is the most bytes tableCache holds.
const maxCachedTables = 512 << 20

// A tableKey is what a group's tables depend on: the part's shape, the
// goal cells of the group's tiles, and the cells the wall holds (those
// of the groups placed before it, where the beam search stalled).
type tableKey struct {
	h, w  uint8
	k     uint8
	tiles [3]uint8
	wall  [256 / 8]uint8 // a bit a cell
}

// A cachedTable is one group's tables, made by the first line that needs
// them; mu is held while they are made, so that a line that needs them
// at the same time waits for them rather than makes them too.
type cachedTable struct {
	mu          sync.Mutex
	dist, least []uint8
	whole       bool
}

// cachedTable gives g the tables of tableCache for its tiles on part p,
// made now where they are not there, and reports whether it could: not
// past maxCachedTables bytes, nor where the solve's context ended while
// they were being made (then they are not kept).
func (p *part) cachedTable(g *group, wall []bool, queue *room[uint32]) bool {
	key := tableKey{h: uint8(p.h), w: uint8(p.w), k: uint8(len(g.tiles))}
	copy(key.tiles[:], g.tiles)
	for c, held := range wall {
		if held {
			key.wall[c/8] |= 1 << (c % 8)
		}
	}
	tableCache.Lock()
	e := tableCache.m[key]
	if e == nil {
		e = new(cachedTable)
		tableCache.m[key] = e
	}
	tableCache.Unlock()
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.dist == nil && p.cache != "" {
		if dist, least, whole, ok := readTables(p.cache, key, g.size*p.m, g.size); ok {
			e.dist, e.least, e.whole = dist, least, whole
		}
	}
	if e.dist == nil {
		bytes := g.size * (p.m + 1)
		tableCache.Lock()
		room := tableCache.bytes+bytes <= maxCachedTables
		if room {
			tableCache.bytes += bytes
		}
		tableCache.Unlock()
		if !room {
			return false
		}
		dist, freeDist := offheap.Make[uint8](g.size * p.m) // kept for the life of the process
		least, freeLeast := offheap.Make[uint8](g.size)
		whole := p.fill(g.tiles, wall, queue, dist, least)
		if closed(p.done) {
			// Cut short: not kept, and not whole (the line is then
			// placed tile by tile, which stops at once).
			freeDist()
			freeLeast()
			tableCache.Lock()
			tableCache.bytes -= bytes
			tableCache.Unlock()
			g.dist, g.least, g.whole = nil, nil, false
			return true
		}
		e.dist, e.least, e.whole = dist, least, whole
		if p.cache != "" {
			writeTables(p.cache, key, dist, least, whole)
		}
	}
	g.dist, g.least, g.whole = e.dist, e.least, e.whole
	return true
}

// bfs2 is the search of table for groups of two tiles: dist holds the
// goal's states at 0, the others at 255, and queue the goal's states,
// with room for every state. It reports false where some state is more
// than 254 moves from the goal, and holds 255, as those it cannot reach,
// or where done is closed before the end (it is looked at every 64K
// states: a table of a large part takes a tenth of a second).
func bfs2(dist []uint8, nb [][4]int16, m int, queue []uint32, done <-chan struct{}) bool {
	head := 0
	for end, d := len(queue), uint8(1); head < len(queue) && d < 255; d++ {
		// The states of depth d-1 are queue[head:end].
		for ; head < end; head++ {
			if head&(1<<16-1) == 0 && closed(done) {
				return false
			}
			v := queue[head]
			b := int(v >> 24)
			t0, t1 := int(v>>16&0xff), int(v>>8&0xff)
			for _, to := range nb[b] {
				if to < 0 {
					continue
				}
				// The blank moves to to; a tile there comes to b.
				c0, c1 := t0, t1
				if c0 == int(to) {
					c0 = b
				} else if c1 == int(to) {
					c1 = b
				}
				z := (int(to)*m+c0)*m + c1
				if dist[z] == 255 {
					dist[z] = d
					queue = append(queue, uint32(to)<<24|uint32(c0)<<16|uint32(c1)<<8)
				}
			}
		}
		end = len(queue)
	}
	return head == len(queue)
}

// bfsAny is bfs2 for groups of k tiles, one to three.
func bfsAny(dist []uint8, nb [][4]int16, m, k int, queue []uint32, done <-chan struct{}) bool {
	var at [3]int
	head := 0
	for end, d := len(queue), uint8(1); head < len(queue) && d < 255; d++ {
		// The states of depth d-1 are queue[head:end].
		for ; head < end; head++ {
			if head&(1<<16-1) == 0 && closed(done) {
				return false
			}
			v := queue[head]
			b := int(v >> 24)
			for i := range k {
				at[i] = int(v>>(16-8*i)) & 0xff
			}
			for _, to := range nb[b] {
				if to < 0 {
					continue
				}
				// The blank moves to to; a tile there comes to b.
				z, packed := int(to), uint32(to)<<24
				for i := range k {
					c := at[i]
					if c == int(to) {
						c = b
					}
					z = z*m + c
					packed |= uint32(c) << (16 - 8*i)
				}
				if dist[z] == 255 {
					dist[z] = d
					queue = append(queue, packed)
				}
			}
		}
		end = len(queue)
	}
	return head == len(queue)
}

// closed reports whether done is closed (a nil done never is).
func closed(done <-chan struct{}) bool {
	select {
	case <-done:
		return true
	default:
		return false
	}
}

// groupsOf splits the cells of a line, in order, into groups of k at most
// (one at least), the last of two or more: the last two cells of a line,
// in a corner of the part, are placed together.
func groupsOf(cells []uint8, k int) [][]uint8 {
	var out [][]uint8
	n := len(cells)
	for i := 0; i < n; {
		j := min(i+k, n)
		if n-j == 1 {
			j--
			if j == i {
				j = i + 2
			}
		}
		out = append(out, cells[i:j])
		i = j
	}
	return out
}

// groupSize returns how many tiles a group of a part of m cells has: three
// where its table, m^4 bytes, is a few megabytes, else two.
func groupSize(m int) int {
	if m <= 42 {
		return 3
	}
	return 2
}

// A beamer is the beam search of one line of a part.
type beamer struct {
	p      *part
	groups []group
	// stage[t] is the number of tile t among the line's, -1 for a tile
	// of another line; k is how many the line has; of[i] the group of the
	// line's tile i and first[gi] the number of group gi's first tile.
	stage []int8
	k     int
	first []int
	zob   []uint64 // zob[c*m+t]: the hash of tile t in cell c

	// Room the search reuses.
	queues        []room[uint32] // of each worker that fills tables
	seen          hashset.Set
	cands, sorted []cand
	count         []int32
}

// release gives back the memory of b's tables and hash set.
func (b *beamer) release() {
	all := b.groups[:cap(b.groups)]
	for i := range all {
		all[i].distRoom.release()
		all[i].leastRoom.release()
	}
	for i := range b.queues {
		b.queues[i].release()
	}
	b.seen.Release()
}

// sortCands returns cands in dst ordered by score, those of one score in
// the order they came: a counting sort, the scores being small numbers.
func sortCands(cands, dst []cand, count *[]int32) []cand {
	if len(cands) == 0 {
		return dst[:0]
	}
	lo, hi := cands[0].score, cands[0].score
	for _, c := range cands {
		lo, hi = min(lo, c.score), max(hi, c.score)
	}
	n := int(hi-lo) + 2
	if cap(*count) < n {
		*count = make([]int32, n)
	}
	cnt := (*count)[:n]
	clear(cnt)
	for _, c := range cands {
		cnt[c.score-lo+1]++
	}
	for i := 1; i < n; i++ {
		cnt[i] += cnt[i-1]
	}
	dst = slices.Grow(dst[:0], len(cands))[:len(cands)]
	for _, c := range cands {
		dst[cnt[c.score-lo]] = c
		cnt[c.score-lo]++
	}
	return dst
}

// A layer is the states of one depth of the search, a state's cells at
// cells[i*m:], its line's tiles' cells at at[i*k:].
type layer struct {
	cells, at []uint8
	blank     []uint8
	last      []int8 // the move that made the state, -1 for none
	hs, rest  []int32
	hash      []uint64
	// Of each of the line's groups, a state's at g*i+gi (g groups): the
	// index of its tiles' placement in its tables, the least moves that
	// bring them home with the blank anywhere, and those with the blank
	// next to the group's goal cells (groupState); a move changes them
	// for the group of the tile it moves alone.
	y           []int32
	least, back []uint8
}

func (l *layer) reset() {
	l.cells, l.at, l.blank, l.last = l.cells[:0], l.at[:0], l.blank[:0], l.last[:0]
	l.hs, l.rest, l.hash = l.hs[:0], l.rest[:0], l.hash[:0]
	l.y, l.least, l.back = l.y[:0], l.least[:0], l.back[:0]
}

func (l *layer) len() int { return len(l.blank) }

// A cand is a child of a state of the layer, not yet made.
type cand struct {
	parent   int32
	move     int8
	score    int32
	hs, rest int32
	hash     uint64
}

// A link is how a state was made: its parent in the layer before, and
// the move.
type link struct {
	parent int32
	move   int8
}

// groupState returns, for group gi of the line whose tiles are in the
// cells at, the index of their placement in its tables, the least moves
// that bring them home with the blank anywhere, and the least with the
// blank in one of the cells the group's placing starts from (255 where
// a tile stands in each).
func (b *beamer) groupState(gi int, at []uint8) (y int32, least, back uint8) {
	g := &b.groups[gi]
	m := b.p.m
	yi := 0
	for i := range g.tiles {
		yi = yi*m + int(at[b.first[gi]+i])
	}
	bk := uint8(255)
	for _, h := range g.home {
		bk = min(bk, g.dist[int(h)*g.size+yi]) // 255 where a tile is in h
	}
	return int32(yi), g.least[yi], bk
}

// lineLeft returns the moves the line of a state needs at least, from
// its groups' placements (groupState: y, least, back) and the blank's
// cell: the groups' least moves with the blank wherever it best starts,
// added up, and the moves the blank needs beyond that to start on the
// nearest group not home.
func (b *beamer) lineLeft(y []int32, least, back []uint8, blank uint8) int32 {
	sum, reach := 0, 1<<30
	for gi := range b.groups {
		l := int(least[gi])
		if l == 0 {
			continue
		}
		g := &b.groups[gi]
		sum += l
		r := int(g.dist[int(blank)*g.size+int(y[gi])]) - l
		bk := max(0, min(int(back[gi])-l, r))
		sum += bk
		reach = min(reach, r-bk)
	}
	if reach == 1<<30 {
		return 0
	}
	return int32(sum + reach)
}

// errStall says the beam search went on too long without coming nearer
// its line's end.
var errStall = errors.New("reduce: the beam search stalls")

// search runs the beam search from the part's arrangement cells (tiles
// by goal cell) and returns the moves of the path to the first state
// whose line is home. Where it stalls, it returns the moves to the state
// nearest that, and errStall.
func (b *beamer) search(s *solver, cells []uint8) ([]int8, error) {
	p := b.p
	m, k := p.m, b.k
	var cur, next layer
	// The start.
	cur.cells = append(cur.cells, cells...)
	at := make([]uint8, k)
	var blank uint8
	var rest int32
	var hash uint64
	for c, t := range cells {
		hash ^= b.zob[c*m+int(t)]
		switch {
		case t == p.blank:
			blank = uint8(c)
		case b.stage[t] >= 0:
			at[b.stage[t]] = uint8(c)
		default:
			rest += int32(p.md(uint8(c), t))
		}
	}
	ng := len(b.groups)
	gof := make([]int, k) // the group of each of the line's tiles
	for gi := range b.groups {
		for i := range b.groups[gi].tiles {
			gof[b.first[gi]+i] = gi
		}
	}
	ys, ls, bs := make([]int32, ng), make([]uint8, ng), make([]uint8, ng)
	for gi := range ng {
		ys[gi], ls[gi], bs[gi] = b.groupState(gi, at)
	}
	cur.y, cur.least, cur.back = append(cur.y, ys...), append(cur.least, ls...), append(cur.back, bs...)
	cur.at = append(cur.at, at...)
	cur.blank = append(cur.blank, blank)
	cur.last = append(cur.last, -1)
	cur.hs = append(cur.hs, b.lineLeft(ys, ls, bs, blank))
	cur.rest = append(cur.rest, rest)
	cur.hash = append(cur.hash, hash)
	if cur.hs[0] == 0 {
		return nil, nil
	}
	width := beamWidth
	if s.opt.Width > 0 {
		width = s.opt.Width
	}
	seen := &b.seen
	seen.Reset(1 << 16)
	seen.Add(hash)
	var hist [][]link
	cands, sorted := b.cands[:0], b.sorted[:0]
	bestHs, bestDepth, bestAt := cur.hs[0], -1, 0
	for depth := 0; ; depth++ {
		if depth&15 == 0 {
			if err := s.ctx.Err(); err != nil {
				return nil, err
			}
		}
		cands = cands[:0]
		for i := range cur.len() {
			bl := cur.blank[i]
			cs := cur.cells[i*m : (i+1)*m]
			ats := cur.at[i*k : (i+1)*k]
			copy(at, ats)
			for mv, to := range p.nb[bl] {
				if to < 0 || int8(mv) == 3-cur.last[i] {
					continue
				}
				t := cs[to]
				h := cur.hash[i] ^ b.zob[int(to)*m+int(t)] ^ b.zob[int(bl)*m+int(p.blank)] ^ b.zob[int(bl)*m+int(t)] ^ b.zob[int(to)*m+int(p.blank)]
				r := cur.rest[i]
				y, l, bk := cur.y[i*ng:(i+1)*ng], cur.least[i*ng:(i+1)*ng], cur.back[i*ng:(i+1)*ng]
				if n := b.stage[t]; n >= 0 {
					// A tile of the line moves: its group's placement
					// changes, the others' stay.
					at[n] = bl
					copy(ys, y)
					copy(ls, l)
					copy(bs, bk)
					gi := gof[n]
					ys[gi], ls[gi], bs[gi] = b.groupState(gi, at)
					at[n] = uint8(to)
					y, l, bk = ys, ls, bs
				} else {
					r += int32(p.md(bl, t)) - int32(p.md(uint8(to), t))
				}
				hs := b.lineLeft(y, l, bk, uint8(to))
				cands = append(cands, cand{parent: int32(i), move: int8(mv), score: scoreLine*hs + scoreRest*r, hs: hs, rest: r, hash: h})
			}
		}
		sorted = sortCands(cands, sorted, &b.count)
		next.reset()
		links := make([]link, 0, min(len(cands), width))
		done := -1
		for j, c := range sorted {
			if next.len() == width {
				break
			}
			if j%hashset.Ahead == 0 {
				// The set is larger than the caches: its slots for the
				// next candidates are loaded together, not one miss at a
				// time.
				for i := j; i < min(j+hashset.Ahead, len(sorted)); i++ {
					seen.Touch(sorted[i].hash)
				}
			}
			if !seen.Add(c.hash) {
				continue // a child of two states of the layer
			}
			i := int(c.parent)
			bl := cur.blank[i]
			to := uint8(p.nb[bl][c.move])
			n := next.len()
			next.cells = append(next.cells, cur.cells[i*m:(i+1)*m]...)
			cs := next.cells[n*m:]
			t := cs[to]
			cs[bl], cs[to] = t, p.blank
			next.at = append(next.at, cur.at[i*k:(i+1)*k]...)
			next.y = append(next.y, cur.y[i*ng:(i+1)*ng]...)
			next.least = append(next.least, cur.least[i*ng:(i+1)*ng]...)
			next.back = append(next.back, cur.back[i*ng:(i+1)*ng]...)
			if x := b.stage[t]; x >= 0 {
				next.at[n*k+int(x)] = bl
				gi := gof[x]
				next.y[n*ng+gi], next.least[n*ng+gi], next.back[n*ng+gi] = b.groupState(gi, next.at[n*k:(n+1)*k])
			}
			next.blank = append(next.blank, to)
			next.last = append(next.last, c.move)
			next.hs = append(next.hs, c.hs)
			next.rest = append(next.rest, c.rest)
			next.hash = append(next.hash, c.hash)
			links = append(links, link{c.parent, c.move})
			if c.hs == 0 && done < 0 {
				done = n
			}
			if c.hs < bestHs {
				bestHs, bestDepth, bestAt = c.hs, depth, n
			}
		}
		hist = append(hist, links)
		cur, next = next, cur
		b.cands, b.sorted = cands, sorted
		if done >= 0 {
			return movesTo(hist, done), nil
		}
		if cur.len() == 0 || depth-bestDepth > beamStall {
			if bestDepth < 0 {
				return nil, errStall
			}
			return movesTo(hist[:bestDepth+1], bestAt), errStall
		}
	}
}

// movesTo returns the moves of the path to state i of the last layer of
// hist.
func movesTo(hist [][]link, i int) []int8 {
	moves := make([]int8, len(hist))
	for d := len(hist) - 1; d >= 0; d-- {
		moves[d] = hist[d][i].move
		i = int(hist[d][i].parent)
	}
	return moves
}

// placeLineBeam places the tiles of line l, an edge of the unsolved part,
// by the beam search.
func (s *solver) placeLineBeam(l line) error {
	// The part not yet placed, with the line (which run has taken off).
	top, bottom, first, end := s.top, s.bottom, s.left, s.right
	if r, c := l.base/s.cols, l.base%s.cols; l.along == 1 || l.along == -1 {
		top, bottom = min(top, r), max(bottom, r+1)
	} else {
		first, end = min(first, c), max(end, c+1)
	}
	p := s.newPart(top, bottom, first, end)
	cells := make([]uint8, l.n)
	for i := range l.n {
		cells[i] = p.local(l.at(i, 0))
	}
	// The beamer and its room are kept from line to line.
	b := s.beamRoom
	if b == nil {
		b = new(beamer)
		s.beamRoom = b
	}
	b.p = p
	b.stage = slices.Grow(b.stage[:0], p.m)[:p.m]
	for i := range b.stage {
		b.stage[i] = -1
	}
	b.k, b.first = 0, b.first[:0]
	tiles := groupsOf(cells, groupSize(p.m))
	if cap(b.groups) < len(tiles) {
		b.groups = slices.Grow(b.groups, len(tiles))
	}
	b.groups = b.groups[:len(tiles)] // each with its tables' room
	for gi, ts := range tiles {
		b.first = append(b.first, b.k)
		for _, t := range ts {
			b.stage[t] = int8(b.k)
			b.k++
		}
		g := &b.groups[gi]
		g.tiles, g.home = ts, g.home[:0]
		for _, t := range ts {
			i := int32(slices.Index(cells, t))
			g.home = append(g.home, t, p.local(l.at(i, 1)))
		}
	}
	if !b.tables(nil) {
		// A part so long and narrow that its tables run past what a byte
		// holds: tile by tile.
		return s.placeLine(l)
	}
	rng := rand.NewPCG(uint64(p.m), 0x5eed)
	b.zob = slices.Grow(b.zob[:0], p.m*p.m)[:p.m*p.m]
	for i := range b.zob {
		b.zob[i] = rng.Uint64()
	}
	arr := make([]uint8, p.m)
	for c := range p.m {
		arr[c] = p.local(s.cell[p.board(uint8(c))])
	}
	moves, err := b.search(s, arr)
	for _, mv := range moves {
		s.step(s.neighbour(s.blank(), mv), mv)
	}
	if errors.Is(err, errStall) {
		// From the nearest state, group by group, each by the fewest
		// moves with those before it held; or, where a table cannot
		// tell, tile by tile.
		wall := make([]bool, p.m)
		for gi := range b.groups {
			g := &b.groups[gi]
			p.table(g, wall, &b.queues[0])
			if !g.whole || !s.followTable(p, g) {
				return s.placeLine(l)
			}
			for _, t := range g.tiles {
				wall[t] = true
			}
		}
		err = nil
	}
	if err != nil {
		return err
	}
	for i := range l.n {
		s.fixed[l.at(i, 0)] = true
	}
	s.placed += int(l.n)
	return s.err
}

// tables fills the tables of b's groups, on every core, the cells of wall
// held, and reports whether they are whole (group.whole).
func (b *beamer) tables(wall []bool) bool {
	var wg sync.WaitGroup
	next := make(chan int, len(b.groups))
	for gi := range b.groups {
		next <- gi
	}
	close(next)
	workers := min(runtime.GOMAXPROCS(0), len(b.groups))
	for len(b.queues) < workers {
		b.queues = append(b.queues, room[uint32]{})
	}
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for gi := range next {
				b.p.table(&b.groups[gi], wall, &b.queues[w])
			}
		}()
	}
	wg.Wait()
	for gi := range b.groups {
		if !b.groups[gi].whole {
			return false
		}
	}
	return true
}

// followTable brings the tiles of g home by the fewest moves its table
// gives, from the board as s has it: of the moves that come a move
// nearer, the one that brings the tile it moves (of another line) nearer
// its goal. It reports false where the table has no way home.
func (s *solver) followTable(p *part, g *group) bool {
	m := p.m
	index := func(blank uint8, moved, to uint8) int {
		x := int(blank)
		for _, t := range g.tiles {
			c := p.local(s.pos[p.board(t)])
			if t == moved {
				c = to
			}
			x = x*m + int(c)
		}
		return x
	}
	for {
		bl := p.local(s.blank())
		switch d := g.dist[index(bl, 255, 0)]; d {
		case 0:
			return true
		case 255:
			return false
		}
		d := g.dist[index(bl, 255, 0)]
		best, bestGain := int8(-1), int32(-2)
		for mv, to := range p.nb[bl] {
			if to < 0 {
				continue
			}
			t := p.local(s.cell[p.board(uint8(to))])
			if g.dist[index(uint8(to), t, bl)] != d-1 {
				continue
			}
			gain := int32(0)
			if !slices.Contains(g.tiles, t) {
				gain = s.gain(p.board(uint8(to)), p.board(bl))
			}
			if gain > bestGain {
				best, bestGain = int8(mv), gain
			}
		}
		if best < 0 {
			return false
		}
		s.step(s.neighbour(s.blank(), best), best)
	}
}
