// Package slow is the reference the tests hold the fast code to: a plain
// breadth-first search over 3x3 boards kept as arrays in a map, sharing
// nothing with the ranks, indices and tables of the code under test.
package slow

import "strings"

// letters are the judges' move letters, in the order of Neighbours: the
// blank goes down, left, right, up. The reference spells them itself
// rather than take board.Letters: it shares nothing with the code it
// checks, and board's own tests use it.
const letters = "dlru"

// Board is a 3x3 board, row by row, 0 for the blank.
type Board [9]byte

// Parse reads nine characters, x for the blank.
func Parse(s string) Board {
	var b Board
	for i := range 9 {
		if s[i] != 'x' && s[i] != 'X' {
			b[i] = s[i] - '0'
		}
	}
	return b
}

// String writes b as nine characters, x for the blank.
func (b Board) String() string {
	s := make([]byte, 9)
	for i, v := range b {
		s[i] = '0' + v
		if v == 0 {
			s[i] = 'x'
		}
	}
	return string(s)
}

// Neighbours returns the boards one move of the blank away, in the order
// d, l, r, u, and which of them exist.
func Neighbours(b Board) (out [4]Board, ok [4]bool) {
	z := 0
	for b[z] != 0 {
		z++
	}
	r, c := z/3, z%3
	for k, d := range [4][2]int{{1, 0}, {0, -1}, {0, 1}, {-1, 0}} {
		rr, cc := r+d[0], c+d[1]
		if rr < 0 || rr > 2 || cc < 0 || cc > 2 {
			continue
		}
		n := b
		n[z], n[rr*3+cc] = n[rr*3+cc], 0
		out[k], ok[k] = n, true
	}
	return out, ok
}

// Distances returns the distance to goal of every board that reaches it.
func Distances(goal Board) map[Board]int {
	dist := map[Board]int{goal: 0}
	queue := []Board{goal}
	for len(queue) > 0 {
		b := queue[0]
		queue = queue[1:]
		nb, ok := Neighbours(b)
		for k := range nb {
			if _, seen := dist[nb[k]]; ok[k] && !seen {
				dist[nb[k]] = dist[b] + 1
				queue = append(queue, nb[k])
			}
		}
	}
	return dist
}

// Path returns the lexicographically smallest (d < l < r < u) shortest
// path from start to the goal whose distances dist holds, and false if
// start does not reach it.
func Path(dist map[Board]int, start Board) (string, bool) {
	d, ok := dist[start]
	if !ok {
		return "", false
	}
	var path []byte
	for cur := start; d > 0; d-- {
		nb, ok := Neighbours(cur)
		for k := range nb {
			if nd, in := dist[nb[k]]; ok[k] && in && nd == d-1 {
				path = append(path, letters[k])
				cur = nb[k]
				break
			}
		}
	}
	return string(path), true
}

// Apply applies path to b and reports whether every move was legal.
func Apply(b Board, path string) (Board, bool) {
	for i := 0; i < len(path); i++ {
		k := strings.IndexByte(letters, path[i])
		nb, ok := Neighbours(b)
		if k < 0 || !ok[k] {
			return b, false
		}
		b = nb[k]
	}
	return b, true
}

// All calls f with every arrangement of 0..8, by Heap's algorithm.
func All(f func(Board)) {
	a := Board{0, 1, 2, 3, 4, 5, 6, 7, 8}
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
