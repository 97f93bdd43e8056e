package reduce

import (
	"fmt"
	"slices"
	"testing"
)

// TestTable holds the tables of groups of one to three tiles, with and
// without held cells, to a plain breadth-first search over the blank's
// and the tiles' cells, kept in a map: every entry, and each placement's
// least over the blank's cells.
func TestTable(t *testing.T) {
	for _, c := range []struct {
		h, w  int
		tiles []uint8
		wall  []uint8
	}{
		{3, 3, []uint8{0}, nil},
		{3, 3, []uint8{0, 1}, nil},
		{3, 4, []uint8{2, 3}, nil},
		{3, 4, []uint8{1, 2, 3}, nil},
		{4, 4, []uint8{2, 3}, []uint8{0, 1}},
		{4, 3, []uint8{4, 5}, []uint8{0, 1, 2, 3}},
		{2, 5, []uint8{3, 4}, nil},
		{3, 3, []uint8{6, 7, 8}, []uint8{0}},
	} {
		t.Run(fmt.Sprintf("%dx%d %v %v", c.h, c.w, c.tiles, c.wall), func(t *testing.T) {
			s := &solver{rows: int32(c.h), cols: int32(c.w), bottom: int32(c.h), right: int32(c.w), blankGoal: int32(c.h*c.w - 1)}
			p := s.newPart(0, int32(c.h), 0, int32(c.w))
			var wall []bool
			if c.wall != nil {
				wall = make([]bool, p.m)
				for _, x := range c.wall {
					wall[x] = true
				}
			}
			g := &group{tiles: c.tiles}
			var q room[uint32]
			p.table(g, wall, &q)
			defer q.release()
			defer g.distRoom.release()
			defer g.leastRoom.release()
			want := slowTable(p, c.tiles, wall)
			m, k := p.m, len(c.tiles)
			at := make([]int, k)
			for x, d := range g.dist {
				y, b := x%g.size, x/g.size
				for i := k - 1; i >= 0; i-- {
					at[i] = y % m
					y /= m
				}
				w, ok := want[key(b, at)]
				if !ok {
					w = 255
				}
				if int(d) != w {
					t.Fatalf("blank %d, tiles %v: %d, want %d", b, at, d, w)
				}
			}
			for y := range g.size {
				least := 255
				for b := range m {
					least = min(least, int(g.dist[b*g.size+y]))
				}
				if int(g.least[y]) != least {
					t.Fatalf("placement %d: least %d, want %d", y, g.least[y], least)
				}
			}
			if !g.whole {
				t.Errorf("not whole")
			}
		})
	}
}

func key(b int, at []int) string { return fmt.Sprint(b, at) }

// slowTable is the plain search: from every goal state (the tiles home,
// the blank in any other free cell), each move of the blank to a free
// neighbour, a tile there coming to the blank's cell.
func slowTable(p *part, tiles []uint8, wall []bool) map[string]int {
	held := func(c int) bool { return wall != nil && wall[c] }
	type state struct {
		b  int
		at []int
	}
	dist := map[string]int{}
	var queue []state
	goal := make([]int, len(tiles))
	for i, x := range tiles {
		goal[i] = int(x)
	}
	for b := range p.m {
		if !slices.Contains(goal, b) && !held(b) {
			dist[key(b, goal)] = 0
			queue = append(queue, state{b, goal})
		}
	}
	for len(queue) > 0 {
		st := queue[0]
		queue = queue[1:]
		r, c := st.b/p.w, st.b%p.w
		for _, d := range [][2]int{{1, 0}, {0, -1}, {0, 1}, {-1, 0}} {
			nr, nc := r+d[0], c+d[1]
			if nr < 0 || nr >= p.h || nc < 0 || nc >= p.w || held(nr*p.w+nc) {
				continue
			}
			to := nr*p.w + nc
			at := slices.Clone(st.at)
			for i := range at {
				if at[i] == to {
					at[i] = st.b
				}
			}
			k := key(to, at)
			if _, ok := dist[k]; !ok {
				dist[k] = dist[key(st.b, st.at)] + 1
				queue = append(queue, state{to, at})
			}
		}
	}
	return dist
}

// TestGroupsOf: a line is cut into groups of k at most, in order, the
// last of two or more.
func TestGroupsOf(t *testing.T) {
	for n := 2; n <= 12; n++ {
		for k := 1; k <= 3; k++ {
			cells := make([]uint8, n)
			for i := range cells {
				cells[i] = uint8(i)
			}
			gs := groupsOf(cells, k)
			var all []uint8
			for i, g := range gs {
				if len(g) == 0 || len(g) > max(k, 2) || i == len(gs)-1 && len(g) < 2 {
					t.Errorf("n %d k %d: groups %v", n, k, gs)
				}
				all = append(all, g...)
			}
			if !slices.Equal(all, cells) {
				t.Errorf("n %d k %d: groups %v do not cover the line in order", n, k, gs)
			}
		}
	}
}
