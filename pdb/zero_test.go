package pdb

import (
	"context"
	"math/bits"
	"testing"

	"github.com/slidingpuzzle/solver/board"
)

// zeroReference is the slow reference of a zero-aware build: a plain
// breadth-first search over every state (a placement, and the region of
// free cells that holds the blank, named by its lowest cell), then each
// placement's two values by their definition (Pattern.Zero), 0 for a
// region no board reaches.
func zeroReference(p Pattern) []uint8 {
	g := newGeom(p.Shape)
	n, k := g.n, len(p.Cells)
	type state struct {
		idx int
		rep int
	}
	dist := map[state]int{}
	var goal [MaxCells]uint8
	var tiles uint32
	for i, c := range p.Cells {
		goal[i] = uint8(c)
		tiles |= 1 << c
	}
	start := state{Rank(n, goal[:k]), bits.TrailingZeros32(g.flood(1<<p.Blank, g.full&^tiles))}
	dist[start] = 0
	frontier := []state{start}
	pos := make([]uint8, k)
	for d := 1; len(frontier) > 0; d++ {
		var next []state
		for _, s := range frontier {
			Unrank(n, s.idx, pos)
			var tiles uint32
			for _, c := range pos {
				tiles |= 1 << c
			}
			free := g.full &^ tiles
			region := g.flood(1<<s.rep, free)
			for t := range k {
				from := pos[t]
				for adj := g.nbr[from] & region; adj != 0; adj &= adj - 1 {
					q := bits.TrailingZeros32(adj)
					pos[t] = uint8(q)
					nfree := free&^(1<<q) | 1<<from
					ns := state{Rank(n, pos), bits.TrailingZeros32(g.flood(1<<from, nfree))}
					if _, ok := dist[ns]; !ok {
						dist[ns] = d
						next = append(next, ns)
					}
					pos[t] = from
				}
			}
		}
		frontier = next
	}
	out := make([]uint8, p.Size())
	for idx := range out {
		Unrank(n, idx, pos)
		var tiles uint32
		md := 0
		for j, c := range pos {
			tiles |= 1 << c
			md += g.manhattan(int(c), p.Cells[j])
		}
		free := g.full &^ tiles
		extra := func(d int) int { return min((d-md)/2, MaxExtra) }
		// The value of each region reached, by its lowest cell.
		ref := -1
		if free&(1<<p.Blank) != 0 {
			ref = bits.TrailingZeros32(g.flood(1<<p.Blank, free))
		}
		z0, z1, all := -1, -1, -1
		others := false
		for f := free; f != 0; {
			r := g.flood(f&-f, free)
			f &^= r
			rep := bits.TrailingZeros32(r)
			if rep != ref {
				others = true
			}
			d, ok := dist[state{idx, rep}]
			if !ok {
				continue
			}
			v := extra(d)
			if all < 0 || v < all {
				all = v
			}
			if rep == ref {
				z0 = v
			} else if z1 < 0 || v < z1 {
				z1 = v
			}
		}
		switch {
		case ref < 0:
			z0, z1 = max(all, 0), max(all, 0)
		case !others:
			z0, z1 = max(z0, 0), max(z0, 0)
		default:
			z0, z1 = max(z0, 0), max(z1, 0)
		}
		out[idx] = uint8(z0 | z1<<4)
	}
	return out
}

// TestBuildZero holds the zero-aware build to its slow reference, on
// patterns of boards of up to 16 cells and beyond, with blanks in corners
// and inside; and the least of its two values to the additive build's.
func TestBuildZero(t *testing.T) {
	cases := []Pattern{
		{Shape: board.Shape{Rows: 2, Cols: 3}, Cells: []int{1, 3}, Blank: 0},
		{Shape: board.Shape{Rows: 3, Cols: 3}, Cells: []int{1, 3, 4}, Blank: 0},
		{Shape: board.Shape{Rows: 3, Cols: 3}, Cells: []int{0, 1, 2, 5}, Blank: 4},
		{Shape: board.Shape{Rows: 2, Cols: 4}, Cells: []int{0, 1, 5, 6}, Blank: 7},
		{Shape: board.Shape{Rows: 3, Cols: 4}, Cells: []int{1, 4, 5}, Blank: 0},
		{Shape: board.Shape{Rows: 4, Cols: 4}, Cells: []int{1, 4, 5, 6}, Blank: 0},
		{Shape: board.Shape{Rows: 5, Cols: 5}, Cells: []int{1, 5, 6}, Blank: 0},
		{Shape: board.Shape{Rows: 5, Cols: 5}, Cells: []int{17, 18, 22, 23}, Blank: 24},
		{Shape: board.Shape{Rows: 3, Cols: 6}, Cells: []int{1, 6, 7, 13}, Blank: 0},
	}
	for _, p := range cases {
		p.Zero = true
		got, err := Build(context.Background(), p, nil)
		if err != nil {
			t.Fatalf("%v: %v", p, err)
		}
		want := zeroReference(p)
		if len(got) != len(want) {
			t.Fatalf("%v: %d values, want %d", p, len(got), len(want))
		}
		differ := 0
		for i := range want {
			if got[i] != want[i] {
				if differ < 3 {
					t.Errorf("%v: placement %d: %#x, want %#x", p, i, got[i], want[i])
				}
				differ++
			}
		}
		if differ > 0 {
			t.Fatalf("%v: %d of %d placements differ", p, differ, len(want))
		}
		// The least of the two is the additive value, where a board has
		// the placement.
		p.Zero = false
		plain, err := Build(context.Background(), p, nil)
		if err != nil {
			t.Fatal(err)
		}
		stronger := 0
		for i := range plain {
			z0, z1 := got[i]&15, got[i]>>4
			if m := min(z0, z1); m != plain[i] {
				t.Fatalf("%v: placement %d: least %d, additive %d", p, i, m, plain[i])
			}
			if z0 != z1 {
				stronger++
			}
		}
		t.Logf("%v: %d placements, %d with two values", p, len(plain), stronger)
	}
}
