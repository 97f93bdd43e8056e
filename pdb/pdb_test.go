package pdb

import (
	"context"
	"math/bits"
	"testing"

	"github.com/slidingpuzzle/solver/board"
)

func TestRankRoundTrip(t *testing.T) {
	for _, c := range []struct{ n, k int }{{4, 1}, {6, 3}, {9, 4}, {12, 5}, {16, 3}} {
		seen := make([]bool, size(c.n, c.k))
		pos := make([]uint8, c.k)
		for i := range seen {
			Unrank(c.n, i, pos)
			var used uint32
			for _, p := range pos {
				if int(p) >= c.n || used&(1<<p) != 0 {
					t.Fatalf("n=%d k=%d: Unrank(%d) = %v, not a placement", c.n, c.k, i, pos)
				}
				used |= 1 << p
			}
			r := Rank(c.n, pos)
			if r != i || seen[r] {
				t.Fatalf("n=%d k=%d: Rank(Unrank(%d)) = %d", c.n, c.k, i, r)
			}
			seen[r] = true
		}
	}
}

func BenchmarkBuild6(b *testing.B) {
	p := Pattern{Shape: board.Shape{Rows: 4, Cols: 4}, Cells: []int{1, 2, 3, 4, 5, 6}, Blank: 0}
	for b.Loop() {
		if _, err := Build(context.Background(), p, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// TestConsistent builds a 2x5 database and checks every placement whose
// free cells form one region against every neighbour that does too: the
// values, in moves, differ by at most one, since each is then the exact
// distance of the pattern's state. And the goal's value is 0.
func TestConsistent(t *testing.T) {
	p := Pattern{Shape: board.Shape{Rows: 2, Cols: 5}, Cells: []int{0, 1, 2, 5, 6, 7}, Blank: 9}
	extras, err := Build(context.Background(), p, nil)
	if err != nil {
		t.Fatal(err)
	}
	g := newGeom(p.Shape)
	k := len(p.Cells)
	moves := func(pos []uint8) int {
		md := 0
		for j, c := range pos {
			md += g.manhattan(int(c), p.Cells[j])
		}
		return md + 2*int(extras[Rank(g.n, pos)])
	}
	oneRegion := func(pos []uint8) (uint32, bool) {
		var tiles uint32
		for _, c := range pos {
			tiles |= 1 << c
		}
		free := g.full &^ tiles
		return free, g.flood(free&-free, free) == free
	}
	goal := make([]uint8, k)
	for i, c := range p.Cells {
		goal[i] = uint8(c)
	}
	if extras[Rank(g.n, goal)] != 0 {
		t.Fatal("the goal's value is not 0")
	}
	pos := make([]uint8, k)
	checked := 0
	for i := range extras {
		Unrank(g.n, i, pos)
		free, ok := oneRegion(pos)
		if !ok {
			continue
		}
		v := moves(pos)
		for tile := range k {
			from := pos[tile]
			for adj := g.nbr[from] & free; adj != 0; adj &= adj - 1 {
				pos[tile] = uint8(bits.TrailingZeros32(adj))
				if _, ok := oneRegion(pos); ok {
					if w := moves(pos); w > v+1 || w < v-1 {
						t.Fatalf("placement %v: %d moves; a neighbour %d", pos, v, w)
					}
					checked++
				}
			}
			pos[tile] = from
		}
	}
	if checked < 30000 {
		t.Errorf("only %d pairs checked", checked)
	}
}
