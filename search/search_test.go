package search

import (
	"testing"

	"github.com/slidingpuzzle/solver/board"
)

// TestMaps holds that every Map is a bijection that keeps neighbours
// neighbours, for every pair of shapes it maps between.
func TestMaps(t *testing.T) {
	for n := 4; n <= board.MaxSmall; n++ {
		for _, a := range board.Shapes(n) {
			for _, b := range board.Shapes(n) {
				maps := Maps(a, b)
				if a == b && len(maps) < 4 || a != b && a.Rows == b.Cols && len(maps) != 4 {
					t.Errorf("%v to %v: %d maps", a, b, len(maps))
				}
				for _, m := range maps {
					seen := map[int]bool{}
					for c := range n {
						seen[m.Apply(c)] = true
						for mv := range board.Move(board.NumMoves) {
							if d, ok := a.Step(c, mv); ok && !adjacent(b, m.Apply(c), m.Apply(d)) {
								t.Fatalf("%v to %v: %d and %d are neighbours, %d and %d are not", a, b, c, d, m.Apply(c), m.Apply(d))
							}
						}
					}
					if len(seen) != n {
						t.Fatalf("%v to %v: not a bijection", a, b)
					}
				}
			}
		}
	}
}

func adjacent(s board.Shape, a, b int) bool {
	for mv := range board.Move(board.NumMoves) {
		if d, ok := s.Step(a, mv); ok && d == b {
			return true
		}
	}
	return false
}
