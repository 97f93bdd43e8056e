package slow

import "strconv"

// Grid is a board of any shape up to 16 cells: its rows and columns, and
// its cells row by row as a string of values, 0 for the blank. A string
// keys a map as an array does, and shares nothing with package board.
type Grid struct {
	Rows, Cols int
	Cells      string
}

// Text writes g as the judges do: one character a cell, x for the blank,
// on a board of ten cells or fewer; numbers separated by spaces on a
// larger one.
func (g Grid) Text() string {
	var out []byte
	for i := range len(g.Cells) {
		if len(g.Cells) > 10 && i > 0 {
			out = append(out, ' ')
		}
		switch v := g.Cells[i]; {
		case v == 0:
			out = append(out, 'x')
		case len(g.Cells) > 10:
			out = strconv.AppendInt(out, int64(v), 10)
		default:
			out = append(out, '0'+v)
		}
	}
	return string(out)
}

// Goal returns the standard goal: the tiles in reading order, the blank
// last.
func Goal(rows, cols int) Grid {
	c := make([]byte, rows*cols)
	for i := range len(c) - 1 {
		c[i] = byte(i + 1)
	}
	return Grid{rows, cols, string(c)}
}

// Next returns the grids one move of the blank away, in the order d, l,
// r, u, and which of them exist.
func (g Grid) Next() (out [4]Grid, ok [4]bool) {
	z := 0
	for g.Cells[z] != 0 {
		z++
	}
	r, c := z/g.Cols, z%g.Cols
	for k, d := range [4][2]int{{1, 0}, {0, -1}, {0, 1}, {-1, 0}} {
		rr, cc := r+d[0], c+d[1]
		if rr < 0 || rr >= g.Rows || cc < 0 || cc >= g.Cols {
			continue
		}
		b := []byte(g.Cells)
		b[z], b[rr*g.Cols+cc] = b[rr*g.Cols+cc], 0
		out[k], ok[k] = Grid{g.Rows, g.Cols, string(b)}, true
	}
	return out, ok
}

// GridDistances returns the distance to goal of every grid that reaches it.
func GridDistances(goal Grid) map[string]int {
	dist := map[string]int{goal.Cells: 0}
	queue := []Grid{goal}
	for len(queue) > 0 {
		g := queue[0]
		queue = queue[1:]
		nb, ok := g.Next()
		for k := range nb {
			if _, seen := dist[nb[k].Cells]; ok[k] && !seen {
				dist[nb[k].Cells] = dist[g.Cells] + 1
				queue = append(queue, nb[k])
			}
		}
	}
	return dist
}

// GridPath returns the lexicographically smallest (d < l < r < u)
// shortest path from start to the goal whose distances dist holds, and
// false if start does not reach it.
func GridPath(dist map[string]int, start Grid) (string, bool) {
	d, ok := dist[start.Cells]
	if !ok {
		return "", false
	}
	var path []byte
	for cur := start; d > 0; d-- {
		nb, ok := cur.Next()
		for k := range nb {
			if nd, in := dist[nb[k].Cells]; ok[k] && in && nd == d-1 {
				path = append(path, letters[k])
				cur = nb[k]
				break
			}
		}
	}
	return string(path), true
}

// AllGrids calls f with every arrangement of a rows x cols grid, in
// lexicographic order of the cells.
func AllGrids(rows, cols int, f func(Grid)) {
	n := rows * cols
	a := make([]byte, n)
	for i := range a {
		a[i] = byte(i)
	}
	for {
		f(Grid{rows, cols, string(a)})
		// The next permutation.
		i := n - 2
		for i >= 0 && a[i] >= a[i+1] {
			i--
		}
		if i < 0 {
			return
		}
		j := n - 1
		for a[j] <= a[i] {
			j--
		}
		a[i], a[j] = a[j], a[i]
		for l, r := i+1, n-1; l < r; l, r = l+1, r-1 {
			a[l], a[r] = a[r], a[l]
		}
	}
}

// manhattan is the sum of the tiles' distances from their cells in goal.
func manhattan(g, goal Grid) int {
	home := make([]int, len(goal.Cells))
	for i := range len(goal.Cells) {
		home[goal.Cells[i]] = i
	}
	d := 0
	for i := range len(g.Cells) {
		if v := g.Cells[i]; v != 0 {
			h := home[v]
			dr, dc := i/g.Cols-h/g.Cols, i%g.Cols-h%g.Cols
			d += max(dr, -dr) + max(dc, -dc)
		}
	}
	return d
}

// IDAStar returns the lexicographically smallest (d < l < r < u) shortest
// path from start to goal by a plain iterative-deepening A* with the
// Manhattan distance: every path of each length is tried in letter order,
// so the first found at the first length that has one is the smallest.
// It is slow, and for boards a few dozen moves from the goal.
func IDAStar(start, goal Grid) string {
	var path []byte
	var dfs func(g Grid, depth, bound int, prev int) (int, bool)
	dfs = func(g Grid, depth, bound, prev int) (int, bool) {
		f := depth + manhattan(g, goal)
		if f > bound {
			return f, false
		}
		if g.Cells == goal.Cells {
			return f, true
		}
		next := 1 << 30
		nb, ok := g.Next()
		for k := range nb {
			if !ok[k] || k == 3-prev {
				continue
			}
			path = append(path, letters[k])
			t, found := dfs(nb[k], depth+1, bound, k)
			if found {
				return t, true
			}
			path = path[:len(path)-1]
			next = min(next, t)
		}
		return next, false
	}
	for bound := manhattan(start, goal); ; {
		t, found := dfs(start, 0, bound, -1)
		if found {
			return string(path)
		}
		bound = t
	}
}

// Walk returns the grid reached from g by n random moves of the blank
// (never straight back), choosing with pick(k), which returns 0..k-1.
func Walk(g Grid, n int, pick func(int) int) Grid {
	prev := -1
	for range n {
		nb, ok := g.Next()
		var choices []int
		for k := range nb {
			if ok[k] && k != 3-prev {
				choices = append(choices, k)
			}
		}
		k := choices[pick(len(choices))]
		g, prev = nb[k], k
	}
	return g
}
