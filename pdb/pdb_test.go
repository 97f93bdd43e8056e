package pdb

import (
	"context"
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
