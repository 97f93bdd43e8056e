package reduce

// maxWindow is the most cells a search moves one tile and the blank in.
const maxWindow = 600

// bfsRoom is the memory search reuses from call to call.
type bfsRoom struct {
	nb    [][4]int16
	prev  []int32
	how   []int8
	queue []int32
}

// search finds, by a breadth-first search over the cells of the tiles
// whose goals are gs (one or two) and of the blank, the fewest moves
// inside the cells of win that bring each tile gs[j] to cell to[j], and
// makes them. Every other tile in win may move; no cell outside it does.
// It reports false when the tiles or the blank are not all in win, or no
// such moves exist.
func (s *solver) search(gs, to []int32, win []int32) bool {
	w := int32(len(win))
	k := len(gs)
	// The states, w^(k+1), stay under 400,000: 600 cells for one tile,
	// 64 for two.
	if k < 1 || k > 2 || w < 2 || w > maxWindow || k == 2 && w > 64 {
		return false
	}
	// place[c] of a cell c of win is its index in win, found by a scan:
	// win is small.
	place := func(c int32) int32 {
		for i, x := range win {
			if x == c {
				return int32(i)
			}
		}
		return -1
	}
	r := &s.bfs
	r.nb = r.nb[:0]
	for _, c := range win {
		var nb [4]int16
		for m := int8(0); m < 4; m++ {
			nb[m] = -1
			if x := s.neighbour(c, m); x >= 0 {
				nb[m] = int16(place(x))
			}
		}
		r.nb = append(r.nb, nb)
	}
	var at, want [2]int32
	for j := range k {
		at[j], want[j] = place(s.pos[gs[j]]), place(to[j])
		if at[j] < 0 || want[j] < 0 {
			return false
		}
	}
	b := place(s.blank())
	if b < 0 {
		return false
	}
	// A state is (tile 0, tile 1, blank) as places in win, packed as
	// ((t0*w)+t1)*w+blank; with one tile, t1 is 0.
	size := w * w
	if k == 2 {
		size *= w
	}
	pack := func(t0, t1, bl int32) int32 {
		if k == 1 {
			return t0*w + bl
		}
		return (t0*w+t1)*w + bl
	}
	if cap(r.prev) < int(size) {
		r.prev = make([]int32, size)
		r.how = make([]int8, size)
	}
	prev, how := r.prev[:size], r.how[:size]
	for i := range prev {
		prev[i] = -1
	}
	start := pack(at[0], at[1], b)
	prev[start] = start
	q := append(r.queue[:0], start)
	goal := int32(-1)
	for i := 0; i < len(q) && goal < 0; i++ {
		st := q[i]
		bl := st % w
		var t0, t1 int32
		if k == 1 {
			t0 = st / w
		} else {
			t0, t1 = st/(w*w), st/w%w
		}
		if t0 == want[0] && (k == 1 || t1 == want[1]) {
			goal = st
			break
		}
		for m := int8(0); m < 4; m++ {
			x := int32(r.nb[bl][m])
			if x < 0 {
				continue
			}
			n0, n1 := t0, t1
			switch {
			case x == t0:
				n0 = bl
			case k == 2 && x == t1:
				n1 = bl
			}
			ns := pack(n0, n1, x)
			if prev[ns] < 0 {
				prev[ns], how[ns] = st, m
				q = append(q, ns)
			}
		}
	}
	r.queue = q[:0]
	if goal < 0 {
		return false
	}
	var path []int8
	for st := goal; st != start; st = prev[st] {
		path = append(path, how[st])
	}
	for i := len(path) - 1; i >= 0; i-- {
		s.step(s.neighbour(s.blank(), path[i]), path[i])
	}
	return true
}
