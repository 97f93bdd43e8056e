package table_test

import (
	"github.com/slidingpuzzle/solver/board"
)

// refDist is a slow, obviously correct breadth-first search from goal over
// boards kept as plain arrays in a map: it knows nothing of ranks, indices
// or tables. It returns every reachable arrangement's distance.
func refDist(goal [9]byte) map[[9]byte]int {
	dist := map[[9]byte]int{goal: 0}
	queue := [][9]byte{goal}
	for len(queue) > 0 {
		b := queue[0]
		queue = queue[1:]
		for _, n := range refNeighbours(b) {
			if _, ok := dist[n]; !ok {
				dist[n] = dist[b] + 1
				queue = append(queue, n)
			}
		}
	}
	return dist
}

// refNeighbours returns the boards one move of the blank away, in the order
// d, l, r, u, with the zero board where the move leaves the grid.
func refNeighbours(b [9]byte) [4][9]byte {
	var out [4][9]byte
	z := 0
	for b[z] != 0 {
		z++
	}
	r, c := z/3, z%3
	try := func(k, rr, cc int) {
		if rr < 0 || rr > 2 || cc < 0 || cc > 2 {
			return
		}
		n := b
		n[z], n[rr*3+cc] = n[rr*3+cc], 0
		out[k] = n
	}
	try(0, r+1, c) // d
	try(1, r, c-1) // l
	try(2, r, c+1) // r
	try(3, r-1, c) // u
	return out
}

func toArray(b board.Board) [9]byte {
	var a [9]byte
	copy(a[:], b.Cells())
	return a
}

// allArrangements calls f with every arrangement of 0..8 on the 3x3 board,
// by Heap's algorithm, which shares nothing with package perm.
func allArrangements(f func([9]byte)) {
	a := [9]byte{0, 1, 2, 3, 4, 5, 6, 7, 8}
	var c [9]int
	f(a)
	for i := 0; i < 9; {
		if c[i] < i {
			if i%2 == 0 {
				a[0], a[i] = a[i], a[0]
			} else {
				a[c[i]], a[i] = a[i], a[c[i]]
			}
			f(a)
			c[i]++
			i = 0
		} else {
			c[i] = 0
			i++
		}
	}
}
