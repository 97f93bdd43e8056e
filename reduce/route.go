package reduce

// maxRouteArea bounds the box of cells route searches for the best
// monotone way; a longer way is walked step by step (goBlank) until what
// is left fits. On a board of more than bigBoard cells, whose arrays no
// longer sit in the processor's caches, a quarter of it: measured, the
// best ways through 2048 cells rather than 512 shorten paths by about 1%
// (100x100: 2.99 times the Manhattan distance, against 3.02) and on a
// 600 x 600 board cost half the time.
const (
	maxRouteArea = 2048
	bigBoard     = 300 * 300
)

// route takes the blank to cell t along the best of the ways of the
// fewest moves, where it can tell: of the monotone ways in the box
// between the blank and t (none crossing a cell of obs or one placed for
// good), the one whose moves bring the tiles they move nearest their
// goals, found by dynamic programming over the box; or, where the blank
// and t are on one line with a tile of obs between them, the better of
// the two ways around on either side. It reports false, having moved
// nothing, when neither applies.
func (s *solver) route(t int32, obs []int32) bool {
	b := s.blank()
	br, bc, tr, tc := b/s.cols, b%s.cols, t/s.cols, t%s.cols
	h, w := abs(tr-br)+1, abs(tc-bc)+1
	if h*w > s.routeArea {
		return false
	}
	if s.monotone(t, obs) {
		return true
	}
	if h > 1 && w > 1 {
		return false
	}
	return s.around(t, obs)
}

// monotone is route's dynamic program: best[i][j] is the most gain of a
// monotone way from the blank to the cell i rows and j columns toward t.
func (s *solver) monotone(t int32, obs []int32) bool {
	b := s.blank()
	br, bc, tr, tc := b/s.cols, b%s.cols, t/s.cols, t%s.cols
	dr, dc := int32(1), int32(1)
	if tr < br {
		dr = -1
	}
	if tc < bc {
		dc = -1
	}
	h, w := abs(tr-br)+1, abs(tc-bc)+1
	n := int(h * w)
	if cap(s.dpBest) < n {
		s.dpBest = make([]int32, n)
		s.dpFrom = make([]int8, n)
	}
	best, from := s.dpBest[:n], s.dpFrom[:n]
	const none = -1 << 30
	for i := int32(0); i < h; i++ {
		r := br + i*dr
		for j := int32(0); j < w; j++ {
			k := i*w + j
			col := bc + j*dc
			c := r*s.cols + col
			if k == 0 {
				best[0] = 0
				continue
			}
			best[k] = none
			if s.fixed[c] || contains(obs, c) {
				continue
			}
			// The blank comes into c from the cell before it; the tile in c
			// moves there, against the blank's move: nearer its goal when
			// its goal lies that way.
			g := s.cell[c]
			if i > 0 && best[k-w] > none {
				best[k], from[k] = best[k-w]+sign((r-s.at[g].r)*dr), 0
			}
			if j > 0 && best[k-1] > none {
				if v := best[k-1] + sign((col-s.at[g].c)*dc); v > best[k] {
					best[k], from[k] = v, 1
				}
			}
		}
	}
	if best[n-1] == none {
		return false
	}
	// The way back from t, then walked forward.
	path := s.pathRoom[:0]
	for k := int32(n - 1); k > 0; {
		if from[k] == 0 {
			path = append(path, 0)
			k -= w
		} else {
			path = append(path, 1)
			k--
		}
	}
	vert, horiz := down, right
	if dr < 0 {
		vert = up
	}
	if dc < 0 {
		horiz = left
	}
	for i := len(path) - 1; i >= 0; i-- {
		m := horiz
		if path[i] == 0 {
			m = vert
		}
		s.step(s.neighbour(s.blank(), m), m)
	}
	s.pathRoom = path[:0]
	return true
}

// around takes the blank to cell t, on a line with it, when a cell of obs
// stands between them: aside, along the next line, and back, on the side
// whose moves do the tiles more good.
func (s *solver) around(t int32, obs []int32) bool {
	b := s.blank()
	var along, side int32 // the steps along the way and across it
	switch {
	case b/s.cols == t/s.cols:
		along, side = 1, s.cols
		if t < b {
			along = -1
		}
	case b%s.cols == t%s.cols:
		along, side = s.cols, 1
		if t < b {
			along = -s.cols
		}
	default:
		return false
	}
	steps := (t - b) / along
	bestSide, bestGain := int32(0), int32(-1<<30)
	for _, sd := range [2]int32{side, -side} {
		// The way: b+sd, then steps cells along, then t.
		x := b + sd
		if !s.onBoardStep(b, x) {
			continue
		}
		ok, g := true, int32(0)
		prev := b
		for k := int32(0); k <= steps+1; k++ {
			c := x + k*along
			if k == steps+1 {
				c = t
			}
			if k > 0 && k <= steps && !s.onBoardStep(c-along, c) || !s.free(c) || contains(obs, c) {
				ok = false
				break
			}
			g += s.gain(c, prev)
			prev = c
		}
		if ok && g > bestGain {
			bestSide, bestGain = sd, g
		}
	}
	if bestSide == 0 {
		return false
	}
	prev := b
	for k := int32(0); k <= steps+1; k++ {
		c := b + bestSide + k*along
		if k == steps+1 {
			c = t
		}
		s.step(c, s.direction(prev, c))
		prev = c
	}
	return true
}

// onBoardStep reports whether cells a and b are neighbours on the board
// (not the two ends of a row).
func (s *solver) onBoardStep(a, b int32) bool {
	if b < 0 || b >= int32(len(s.cell)) {
		return false
	}
	switch b - a {
	case 1, -1:
		return a/s.cols == b/s.cols
	case s.cols, -s.cols:
		return true
	}
	return false
}
