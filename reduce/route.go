package reduce

// maxRouteArea bounds the box of cells route weighs the ways through; a
// longer way is walked step by step (goBlank) until what is left fits.
// On a board of more than bigBoard cells, whose arrays no longer sit in
// the processor's caches, a quarter of it: measured, the best ways
// through 2048 cells rather than 512 shorten paths by about 1% (100x100:
// 2.99 times the Manhattan distance, against 3.02) and on a 600 x 600
// board cost half the time.
const (
	maxRouteArea = 2048
	bigBoard     = 300 * 300
)

// routeMargin is how many cells beside the box between the blank and
// its cell route lets the blank's way stray. Measured on a 300x300 board
// (its moves, the other settings as below), the margin of the short ways
// (a box of at most 3x3, the ways around a tile) 1: 46.3M; 2: 42.9M; 3:
// 42.1M; 4: 42.0M; that of the longer ways 2 rather than 3: 42.4M.
const routeMargin = 3

// The weight of a move in route's score is unit; that of a tile brought
// a step nearer its goal (or taken a step away) goes from weightNear,
// for the tiles of the line being placed, down to weightFar, for those
// whose lines come a third of the part's side later or more, which are
// pushed about so often before their turn that a step they gain now is
// worth little. Measured on random boards (length over the Manhattan
// distance; 20x20, 50x50 and 100x100, 3 boards each for the first two,
// 6 for the others; with routeMargin 3): the fewest moves, the most gain
// among them (as before) 2.85, 2.89, 2.87; any tile's step worth 1.5
// moves 2.53, 2.50, 2.47; 2 for the tiles of the next five lines and 1.5
// for the others 2.47, 2.45, 2.43; weightNear 3 and weightFar 1.2, 2.41,
// 2.35, 2.32; 3 and 1, 2.36, 2.33, 2.28; 3 and 0.6, 2.36, 2.30, 2.26; 3
// and 0.4, 2.35, 2.31, 2.26; 4 and 1, 2.41, 2.33, 2.29.
const (
	unit       = 10
	weightNear = 30
	weightFar  = 6
)

// route takes the blank to cell t, where the box between them holds at
// most s.routeArea cells, without moving a tile of obs
// or a cell placed for good, by the best of the ways that go straight
// across the rows toward t (or across the columns) and along each row
// (column) as far as they like within routeMargin cells of the box. A
// way scores unit less a move, and for each tile it moves, the weight of
// that tile (weights) more when the tile comes nearer its goal and less
// when it goes away: so the blank goes out of its way where the tiles it
// moves on it gain more than the moves cost, and a way around a tile is
// one of these. It reports false, having moved nothing, when there is
// no such way.
func (s *solver) route(t int32, obs []int32) bool {
	b := s.blank()
	if b == t {
		return true
	}
	dr, dc := abs(b/s.cols-t/s.cols), abs(b%s.cols-t%s.cols)
	if (dr+1)*(dc+1) > s.routeArea {
		return false
	}
	// A way along one line alone is among the ways across the other. Of
	// a box of more than a few cells, only the ways across its longer
	// side are weighed (measured: as short, in two thirds of the time).
	rows, cols := dr != 0, dc != 0
	if (dr+1)*(dc+1) > 16 {
		rows, cols = dr >= dc, dr < dc
	}
	// The cells of obs are held as cells placed for good while the ways
	// are weighed.
	var held [8]int32
	n := 0
	for _, c := range obs {
		if c >= 0 && c < int32(len(s.fixed)) && !s.fixed[c] && n < len(held) {
			s.fixed[c] = true
			held[n] = c
			n++
		}
	}
	var sr, sc int32
	okr, okc := false, false
	if rows {
		sr, okr = s.bestWay(b, t, false, &s.waySeg)
	}
	if cols {
		sc, okc = s.bestWay(b, t, true, &s.waySeg2)
	}
	for _, c := range held[:n] {
		s.fixed[c] = false
	}
	var path []int8
	switch {
	case okc && (!okr || sc > sr):
		path = s.wayMoves(s.wayPath[:0], b, t, true, s.waySeg2)
	case okr:
		path = s.wayMoves(s.wayPath[:0], b, t, false, s.waySeg)
	default:
		return false
	}
	s.wayPath = path
	for _, m := range path {
		s.step(s.neighbour(s.blank(), m), m)
	}
	return true
}

// rank returns the rank of line i (a row or a column) of the part's lo
// to hi (past the last) of its kind, the goal's blank's line at b: the
// lines before b are placed from lo on, then those after it from hi
// back, and b's last; held to 0 to k.
func rank(i, b, lo, hi, k int32) int32 {
	d := k
	switch {
	case i < b:
		d = i - lo
	case i > b:
		d = b - lo + hi - 1 - i
	}
	return min(max(d, 0), k)
}

// weights sets the weight of each tile's step in route's score for the
// part left, by how many lines are placed before the tile's own: the
// rank of its goal's row (the rows above the goal's blank are placed from
// the top, then those below it from the bottom) or column, the less.
func (s *solver) weights() {
	if len(s.rowRank) == 0 {
		s.rowRank = make([]int32, s.rows)
		s.colRank = make([]int32, s.cols)
	}
	// Ranks past k all weigh weightFar: they are held at k (and those of
	// lines placed, which no tile's goal is in any longer, at 0).
	k := max(3, min(s.bottom-s.top, s.right-s.left)/3)
	br, bc := s.at[s.blankGoal].r, s.at[s.blankGoal].c
	for r := range s.rows {
		s.rowRank[r] = rank(r, br, s.top, s.bottom, k)
	}
	for c := range s.cols {
		s.colRank[c] = rank(c, bc, s.left, s.right, k)
	}
	s.weightOf = s.weightOf[:0]
	for d := range k + 1 {
		s.weightOf = append(s.weightOf, weightFar+(weightNear-weightFar)*(k-d)/k)
	}
}

// weight returns the weight of a step of a tile whose goal is at a.
func (s *solver) weight(a rowCol) int32 {
	return s.weightOf[min(s.rowRank[a.r], s.colRank[a.c])]
}

// bestWay is route's dynamic program across rows (cols false: the blank
// goes from b a row at a time toward t, and along each row it comes to,
// one way, as far as it likes within the margin) or across columns. It
// returns the score of the best way to t and leaves in *seg, for each row
// and each cell of it, the cell where the best way to that cell came into
// the row, from which wayMoves makes its moves.
func (s *solver) bestWay(b, t int32, cols bool, seg *[]int32) (int32, bool) {
	// Coordinates: u across the rows, v along them; cell u*su + v*sv.
	su, sv, nv := s.cols, int32(1), s.cols
	bu, bv, tu, tv := b/s.cols, b%s.cols, t/s.cols, t%s.cols
	if cols {
		su, sv, nv = 1, s.cols, s.rows
		bu, bv, tu, tv = bv, bu, tv, tu
	}
	du := int32(1)
	if tu < bu {
		du = -1
	}
	h := abs(tu-bu) + 1
	lo := max(min(bv, tv)-routeMargin, 0)
	w := min(max(bv, tv)+routeMargin, nv-1) - lo + 1
	n := int(h * w)
	if cap(*seg) < n {
		*seg = make([]int32, n)
	}
	from := (*seg)[:n]
	if cap(s.wayIn) < int(w) {
		s.wayIn = make([]int32, w)
		s.wayBest = make([]int32, w)
		s.wayFrom = make([]int32, w)
		s.wayLeft = make([]int32, w)
	}
	// in: the best score on coming into each cell of the row from the row
	// before; best and bf: the best score at each cell once along the
	// row, and where that way came into the row; left: the score of
	// coming into each cell from its right.
	in, best, bf, left := s.wayIn[:w], s.wayBest[:w], s.wayFrom[:w], s.wayLeft[:w]
	// none, the score of a cell no way reaches, stays below none/2 however
	// many moves are added to it: no comparison needs to test for it.
	const none = -1 << 29
	for j := range in {
		in[j] = none
	}
	in[bv-lo] = 0
	across := int32(0) // no move comes into the first row
	for i := range h {
		u := bu + i*du
		base := u*su + lo*sv
		// Rightward: the blank comes into each cell from its left (the
		// tile there going left), or from the row before.
		for j := range w {
			c := base + j*sv
			if s.fixed[c] {
				best[j], left[j], in[j] = none, none, none
				continue
			}
			a := s.goalAt[c]
			gu, gv := a.r, a.c
			if cols {
				gu, gv = gv, gu
			}
			wt := s.weight(a)
			v := lo + j
			r := wt*sign(v-gv) - unit
			left[j] = wt*sign(gv-v) - unit
			e := in[j] + across*(wt*sign((u-gu)*du)-unit)
			in[j] = e
			best[j], bf[j] = e, j
			if j > 0 && best[j-1]+r > e {
				best[j], bf[j] = best[j-1]+r, bf[j-1]
			}
		}
		across = 1
		// Leftward, from the ways into the row alone (a way goes along a
		// row one way), each cell keeping the better.
		row := from[i*w : (i+1)*w]
		g, gf := int32(none), int32(0)
		for j := w - 1; j >= 0; j-- {
			if g+left[j] > in[j] {
				g += left[j]
			} else {
				g, gf = in[j], j
			}
			if g > best[j] {
				best[j], bf[j] = g, gf
			}
			row[j] = bf[j]
		}
		if i == h-1 {
			if k := tv - lo; best[k] > none/2 {
				return best[k], true
			}
			return 0, false
		}
		copy(in, best)
	}
	return 0, false
}

// wayMoves appends to path the moves of the best way from b to t that
// bestWay found across rows (cols false) or columns, from where it came
// into each row, seg.
func (s *solver) wayMoves(path []int8, b, t int32, cols bool, seg []int32) []int8 {
	bu, bv, tu, tv := b/s.cols, b%s.cols, t/s.cols, t%s.cols
	nv := s.cols
	across, back, on := down, left, right
	if cols {
		bu, bv, tu, tv = bv, bu, tv, tu
		nv = s.rows
		across, back, on = right, up, down
	}
	if tu < bu {
		across = 3 - across // up, or left
	}
	h := abs(tu-bu) + 1
	lo := max(min(bv, tv)-routeMargin, 0)
	w := min(max(bv, tv)+routeMargin, nv-1) - lo + 1
	// From t back: each row's run, then the move into the row.
	j := tv - lo
	for i := h - 1; i >= 0; i-- {
		a := seg[i*w+j]
		for x := j; x != a; {
			if a < x {
				path = append(path, on)
				x--
			} else {
				path = append(path, back)
				x++
			}
		}
		if i > 0 {
			path = append(path, across)
		}
		j = a
	}
	for i, k := 0, len(path)-1; i < k; i, k = i+1, k-1 {
		path[i], path[k] = path[k], path[i]
	}
	return path
}
