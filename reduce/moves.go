package reduce

import (
	"fmt"

	"github.com/slidingpuzzle/solver/board"
)

// moveTile moves the tile whose goal is g to cell to, a step at a time
// along a shortest way for the tile, without moving the tiles in the cells
// of keep or any cell placed for good. For each step it brings the blank
// in front of the tile (goBlank) and moves the tile into it. Where the
// tile may step two ways (it must go both across and down) it takes,
// in the mode diagonalFirst, the step whose cell the blank reaches
// first: so the tile goes diagonally, three moves a step, where it can;
// in the mode straightFirst, the step along the longer way until both
// ways are as long.
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
		if n == 2 && s.mode == straightFirst && abs(pr-tr) != abs(pc-tc) {
			// Along the longer way while it is longer.
			if abs(pc-tc) > abs(pr-tr) {
				q = cand[1]
			}
		} else if n == 2 && s.blankCost(cand[1], p) < s.blankCost(cand[0], p) {
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

// moveTileBest moves the tile whose goal is g to cell to as moveTile
// does, each of its ways tried (diagonal first, straight first, ...), and
// takes the one that pushes the fewest tiles from their goals: of its
// moves, less what they brought the tiles' distances down. Only a tile
// that must go both across and down, more one way than the other, has
// ways that differ.
func (s *solver) moveTileBest(g, to int32) error {
	p := s.pos[g]
	dr, dc := abs(p/s.cols-to/s.cols), abs(p%s.cols-to%s.cols)
	if len(tileModes) < 2 || s.trial || dr == 0 || dc == 0 || dr == dc || s.rows*s.cols > bothWaysCells {
		return s.moveTile(g, to, nil)
	}
	if 2*len(s.out) > cap(s.out) {
		s.flush() // room for the trials: the letters held are not grown
	}
	if s.err != nil {
		return s.err // a write failed; the trials below clear s.err of their own faults
	}
	s.trial = true
	n0, m0, g0 := len(s.out), s.moves, s.gainSum
	s.floor = n0
	defer func() { s.trial, s.floor, s.mode = false, 0, 0 }()
	bestCost := int64(1 << 62)
	best := s.best[:0]
	found := false
	for mi, mode := range tileModes {
		s.mode = mode
		err := s.moveTile(g, to, nil)
		if err != nil {
			s.err = nil
		}
		cost := (s.moves - m0) - (s.gainSum - g0)
		last := mi == len(tileModes)-1
		if err == nil && cost < bestCost {
			bestCost = cost
			if last {
				return s.settle()
			}
			best, found = append(best[:0], s.out[n0:]...), true
			s.best = best
		}
		s.takeBack(n0, m0, g0)
	}
	if !found {
		s.mode = 0
		return s.moveTile(g, to, nil)
	}
	for _, c := range best { // the best way again, its moves as they were
		m, _ := board.ParseMove(c)
		s.step(s.neighbour(s.blank(), int8(m)), int8(m))
	}
	return s.settle()
}

// tileModes are the ways moveTileBest tries (moveTile's mode), the one
// more often best last, so that it is kept as made rather than made
// again. Measured on random boards, side by side: one way, 2.98 times
// the Manhattan distance (100x100) and 3.05 (300x300, 3.4 s); these two,
// 2.86 and 2.91 (6.5 s); four (a zigzag that starts the other way, and
// the straight part halved first), 2.83 and 2.90 (9.8 s); trains allowed
// on square parts as a fifth, nothing.
var tileModes = []int8{straightFirst, diagonalFirst}

// bothWaysCells is the largest board whose tiles moveTileBest moves both
// ways. A path's length grows as the cells to the power 1.5, and trying
// both ways more than doubles the time of the parts placed a tile at a
// time: a 300x300 board took 12.3 s where one way takes 7.2 s (the
// 10 s a 300x300 board may take, issue 33), for 4% fewer moves.
const bothWaysCells = 200 * 200

// The ways moveTile takes a tile that must go both across and down.
const (
	diagonalFirst = iota // the step whose cell the blank reaches first: diagonally while it can
	straightFirst        // along the longer way until both are as long, then diagonally
)

// settle ends a trial: what it held is written where it is due.
func (s *solver) settle() error {
	s.trial = false
	if len(s.out) >= cap(s.out) {
		s.flush()
	}
	return s.err
}

// takeBack undoes the moves held past the first n letters, back to m
// moves and gain sum gs: each by the move back, which step drops with
// the letter it undoes (the trial's letters are above s.floor).
func (s *solver) takeBack(n int, m, gs int64) {
	for len(s.out) > n {
		mv, _ := board.ParseMove(s.out[len(s.out)-1])
		back := 3 - int8(mv)
		s.step(s.neighbour(s.blank(), back), back)
	}
	s.moves, s.gainSum = m, gs
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
// Where the box between the blank and t is small enough, it takes route's
// best way. Farther off, it goes the shortest way where nothing stands in
// it, and of the two
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
