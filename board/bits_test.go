package board

import (
	"math/rand/v2"
	"testing"
)

// TestFlood holds Bits.Flood to a walk of the cells one step at a time,
// on every shape of up to 64 cells, from random seeds in random sets.
func TestFlood(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 64))
	for rows := 1; rows <= 64; rows++ {
		for cols := 1; rows*cols <= 64; cols++ {
			s := Shape{Rows: rows, Cols: cols}
			if !s.Valid() {
				continue
			}
			b := s.Bits()
			n := s.Cells()
			if b.Full() != 1<<n-1 && n < 64 || n == 64 && b.Full() != ^uint64(0) {
				t.Fatalf("%v: Full %#x", s, b.Full())
			}
			for range 50 {
				free := rng.Uint64() & b.Full()
				if free == 0 {
					continue
				}
				cells := []int{}
				for c := range n {
					if free>>c&1 != 0 {
						cells = append(cells, c)
					}
				}
				start := cells[rng.IntN(len(cells))]
				want := uint64(1) << start
				stack := []int{start}
				for len(stack) > 0 {
					c := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					for m := range Move(NumMoves) {
						if to, ok := s.Step(c, m); ok && free>>to&1 != 0 && want>>to&1 == 0 {
							want |= 1 << to
							stack = append(stack, to)
						}
					}
				}
				if got := b.Flood(1<<start, free); got != want {
					t.Fatalf("%v: from %d in %#x: %#x, want %#x", s, start, free, got, want)
				}
			}
		}
	}
}
