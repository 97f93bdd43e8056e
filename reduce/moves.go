package reduce

import "fmt"

// moveTile moves the tile whose goal is g to cell to, a step at a time
// along a shortest way for the tile, without moving the tiles in the cells
// of keep or any cell placed for good. For each step it brings the blank
// in front of the tile (goBlank) and moves the tile into it. Where the
// tile may step two ways (it must go both across and down) it takes the
// step whose cell the blank reaches first: so the tile goes diagonally,
// three moves a step, where it can.
func (s *solver) moveTile(g, to int32, keep []int32) error {
	var room [16]int32
	var train []int32 // the cells of the tiles that moved with the last step
	for {
		p := s.pos[g]
		if p == to {
			return nil
		}
		if s.err != nil {
			return s.err
		}
		var cand [2]int32
		n := 0
		pr, pc, tr, tc := p/s.cols, p%s.cols, to/s.cols, to%s.cols
		if pr != tr {
			q := p + s.cols
			if pr > tr {
				q = p - s.cols
			}
			if s.free(q) && !contains(keep, q) {
				cand[n] = q
				n++
			}
		}
		if pc != tc {
			q := p + 1
			if pc > tc {
				q = p - 1
			}
			if s.free(q) && !contains(keep, q) {
				cand[n] = q
				n++
			}
		}
		if n == 0 {
			return s.searchTile(g, to, keep)
		}
		q := cand[0]
		if n == 2 && s.blankCost(cand[1], p) < s.blankCost(cand[0], p) {
			q = cand[1]
		}
		o := append(append(append(room[:0], keep...), p), train...)
		if !s.goBlank(q, o) {
			return s.searchTile(g, to, keep)
		}
		s.step(p, s.direction(q, p))
		train = s.pull(p, q, to, keep, room[len(o):len(o)])
	}
}

// pull is called when a tile has stepped from cell p to cell q on its way
// to cell to, the blank now in p. When the tile's next step is on along
// the same line, so that the blank must go around it, the tiles behind it
// on that line that are bound the same way are pulled along first: the
// blank goes back through them, a move each that brings each a step
// nearer its goal, and then around all of them. A train of k tiles so
// costs 2k+3 moves for k steps, where k tiles one at a time cost 5k. It
// returns the cells of the tiles pulled, which the blank's way around must
// not cross.
func (s *solver) pull(p, q, to int32, keep, dst []int32) []int32 {
	d := q - p
	pr, pc, qr, qc, tr, tc := p/s.cols, p%s.cols, q/s.cols, q%s.cols, to/s.cols, to%s.cols
	if q == to || (pr == qr) != (qr == tr) || (pc == qc) != (qc == tc) {
		return dst // the tile is home, or turns, or steps across next
	}
	if h, w := s.bottom-s.top, s.right-s.left; pr == qr && h > pullDepth && w < 2*h || pc == qc && w > pullDepth && h < 2*w {
		return dst // measured: across a part about as wide as long, the way back costs what the train gains
	}
	c := p - d
	for len(dst) < cap(dst) && len(dst) < maxTrain {
		if c < 0 || c >= int32(len(s.cell)) || (d == 1 || d == -1) && c/s.cols != pr || !s.free(c) || contains(keep, c) || s.gain(c, c+d) <= 0 {
			break
		}
		dst = append(dst, c+d)
		s.step(c, s.direction(c+d, c))
		c -= d
	}
	return dst
}

// blankCost is the number of moves that bring the blank to cell q, next
// to the tile in cell p, going around that tile: its distance, and two
// more when the tile stands between them on a line.
func (s *solver) blankCost(q, p int32) int32 {
	b := s.blank()
	d := s.dist(b, q)
	br, bc, qr, qc, pr, pc := b/s.cols, b%s.cols, q/s.cols, q%s.cols, p/s.cols, p%s.cols
	if br == qr && qr == pr && (bc-pc)*(qc-pc) < 0 || bc == qc && qc == pc && (br-pr)*(qr-pr) < 0 {
		d += 2
	}
	return d
}

// direction returns the move that takes the blank from cell a to its
// neighbour b.
func (s *solver) direction(a, b int32) int8 {
	switch b - a {
	case s.cols:
		return down
	case -s.cols:
		return up
	case -1:
		return left
	}
	return right
}

// goBlank moves the blank to cell t without moving the tiles in the
// cells of obs or any cell placed for good, and reports whether it could.
// It goes the shortest way where nothing stands in it, and of the two
// moves that may lead there at each step it takes the one that brings the
// tile it moves nearer its goal; where its way is blocked it steps aside.
// Should that not bring it there in a few moves more than the distance,
// a breadth-first search finds the way.
func (s *solver) goBlank(t int32, obs []int32) bool {
	if t < 0 || !s.free(t) || contains(obs, t) {
		return false
	}
	last := int8(-1)
	budget := 2*s.dist(s.blank(), t) + 16
	for {
		b := s.blank()
		if b == t {
			return true
		}
		if s.route(t, obs) {
			return true
		}
		if budget == 0 {
			return s.searchBlank(t, obs)
		}
		budget--
		br, bc, tr, tc := b/s.cols, b%s.cols, t/s.cols, t%s.cols
		var toward [2]int8
		n := 0
		if br != tr {
			toward[n] = down
			if br > tr {
				toward[n] = up
			}
			n++
		}
		if bc != tc {
			toward[n] = right
			if bc > tc {
				toward[n] = left
			}
			n++
		}
		best, bestCell, bestScore := int8(-1), int32(-1), int32(-1<<30)
		consider := func(m int8, bonus int32) {
			if last >= 0 && m == 3-last {
				return // never undo the last move
			}
			q := s.neighbour(b, m)
			if q < 0 || !s.free(q) || contains(obs, q) {
				return
			}
			// The tile in q moves to b. Of two moves toward t, the one
			// along the longer way keeps two ways open longer.
			score := 4*s.gain(q, b) + bonus
			if score > bestScore {
				best, bestCell, bestScore = m, q, score
			}
		}
		for k := range n {
			m := toward[k]
			bonus := int32(100)
			if n == 2 {
				if (m == down || m == up) == (abs(br-tr) >= abs(bc-tc)) {
					bonus++
				}
			}
			consider(m, bonus)
		}
		if best < 0 {
			// Blocked: step aside, across the way, or failing that, any
			// way but back.
			if n == 1 {
				for m := int8(0); m < 4; m++ {
					if (m == down || m == up) != (toward[0] == down || toward[0] == up) {
						consider(m, 0)
					}
				}
			}
			if best < 0 {
				for m := int8(0); m < 4; m++ {
					consider(m, 0)
				}
			}
		}
		if best < 0 {
			return s.searchBlank(t, obs)
		}
		s.step(bestCell, best)
		last = best
	}
}

// nextMark returns a fresh mark for s.seen: a cell is seen by a search
// when its mark is the search's.
func (s *solver) nextMark() int32 {
	if s.seen == nil {
		s.seen = make([]int32, len(s.cell))
		s.from = make([]int8, len(s.cell))
	}
	s.mark++
	if s.mark == 1<<31-1 {
		clear(s.seen)
		s.mark = 1
	}
	return s.mark
}

// searchBlank finds by a breadth-first search the shortest way for the
// blank to cell t that moves no tile in the cells of obs and no cell placed
// for good, first in a box around the two cells and then on the whole
// board, and makes it. It reports false when there is none.
func (s *solver) searchBlank(t int32, obs []int32) bool {
	b := s.blank()
	for margin := int32(3); ; margin = 1 << 20 {
		r0, r1 := min(b/s.cols, t/s.cols)-margin, max(b/s.cols, t/s.cols)+margin
		c0, c1 := min(b%s.cols, t%s.cols)-margin, max(b%s.cols, t%s.cols)+margin
		inBox := func(c int32) bool {
			r, col := c/s.cols, c%s.cols
			return r >= r0 && r <= r1 && col >= c0 && col <= c1
		}
		mark := s.nextMark()
		s.seen[b] = mark
		q := append(s.queue[:0], b)
		found := false
		for head := 0; head < len(q) && !found; head++ {
			c := q[head]
			for m := int8(0); m < 4; m++ {
				x := s.neighbour(c, m)
				if x < 0 || s.seen[x] == mark || !s.free(x) || contains(obs, x) || !inBox(x) {
					continue
				}
				s.seen[x], s.from[x] = mark, m
				if x == t {
					found = true
					break
				}
				q = append(q, x)
			}
		}
		s.queue = q[:0]
		if found {
			// The moves, from t back to b, then made in order.
			var path []int8
			for c := t; c != b; {
				m := s.from[c]
				path = append(path, m)
				c -= s.delta(m)
			}
			for i := len(path) - 1; i >= 0; i-- {
				s.step(s.neighbour(s.blank(), path[i]), path[i])
			}
			return true
		}
		if margin > s.rows+s.cols {
			return false
		}
	}
}

// searchTile moves the tile whose goal is g to cell to by a search over
// the cells of the tile and the blank, in a box around them, when the
// plain way is blocked.
func (s *solver) searchTile(g, to int32, keep []int32) error {
	p, b := s.pos[g], s.blank()
	for margin := int32(2); margin <= 8; margin *= 2 {
		r0 := max(min(p/s.cols, to/s.cols, b/s.cols)-margin, 0)
		r1 := min(max(p/s.cols, to/s.cols, b/s.cols)+margin, s.rows-1)
		c0 := max(min(p%s.cols, to%s.cols, b%s.cols)-margin, 0)
		c1 := min(max(p%s.cols, to%s.cols, b%s.cols)+margin, s.cols-1)
		if (r1-r0+1)*(c1-c0+1) > maxWindow {
			break
		}
		var win []int32
		for r := r0; r <= r1; r++ {
			for c := c0; c <= c1; c++ {
				if x := r*s.cols + c; s.free(x) && !contains(keep, x) {
					win = append(win, x)
				}
			}
		}
		if s.search([]int32{g}, []int32{to}, win) {
			return nil
		}
	}
	return fmt.Errorf("reduce: cannot bring the tile of cell %d there", to)
}

// Trains (pull) are pulled along a row of a part of at most pullDepth rows
// or twice as wide as high (along a column likewise), and at most
// maxTrain tiles long: measured on random boards, longer trains push the
// tiles beside them, on the blank's way back, past their goals, and on a
// part about as wide as high trains gain nothing (3x100: 3.54 times the
// Manhattan distance with no trains, 3.37 with these, 3.49 with no bound
// on their length; 100x100: 2.98 with none, 3.03 with trains everywhere).
const (
	pullDepth = 4
	maxTrain  = 3
)
