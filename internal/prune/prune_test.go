package prune

import (
	"fmt"
	"testing"

	"github.com/slidingpuzzle/solver/board"
)

// leastRuns returns, for each cell of s, the least run (by length, then
// letters) of each arrangement the runs of up to depth moves from it
// reach, by listing every run: the slow reference for a pruner.
func leastRuns(s board.Shape, depth int) []map[string]string {
	n := s.Cells()
	least := make([]map[string]string, n)
	for c := range n {
		least[c] = map[string]string{}
		var walk func(run []byte, at []byte, b int)
		walk = func(run []byte, at []byte, b int) {
			key := string(at)
			if old, ok := least[c][key]; !ok || shortlexLess(string(run), old) {
				least[c][key] = string(run)
			}
			if len(run) == depth {
				return
			}
			for m := range board.Move(board.NumMoves) {
				to, ok := s.Step(b, m)
				if !ok {
					continue
				}
				at[b], at[to] = at[to], at[b]
				walk(append(run, board.Letters[m]), at, to)
				at[b], at[to] = at[to], at[b]
			}
		}
		at := make([]byte, n)
		for i := range at {
			at[i] = byte(i)
		}
		walk(nil, at, c)
	}
	return least
}

func shortlexLess(a, b string) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return a < b
}

// TestPrunerAgainstRuns holds every pruner of small shapes to the slow
// reference: a path of up to depth+3 moves is walked to its end exactly
// when none of its runs of up to depth moves is more than the least run
// that leaves the tiles alike.
func TestPrunerAgainstRuns(t *testing.T) {
	for _, tc := range []struct {
		s       board.Shape
		depth   int
		maxRuns int
	}{
		{board.Shape{Rows: 2, Cols: 2}, 0, EmbeddedRuns},
		{board.Shape{Rows: 2, Cols: 3}, 8, 0},
		{board.Shape{Rows: 3, Cols: 2}, 0, 2000},
		{board.Shape{Rows: 3, Cols: 3}, 8, 0},
		{board.Shape{Rows: 2, Cols: 4}, 0, 5000},
		{board.Shape{Rows: 3, Cols: 4}, 6, 0},
	} {
		t.Run(fmt.Sprint(tc.s, tc.depth, tc.maxRuns), func(t *testing.T) {
			p := Build(tc.s, tc.depth, tc.maxRuns)
			if tc.depth > 0 && p.Depth != tc.depth {
				t.Fatalf("depth %d, want %d", p.Depth, tc.depth)
			}
			least := leastRuns(tc.s, p.Depth)
			n := tc.s.Cells()
			// isLeast reports whether the run from cell c is the least of its
			// kind.
			isLeast := func(c int, run []byte) bool {
				at := make([]byte, n)
				for i := range at {
					at[i] = byte(i)
				}
				b := c
				for _, l := range run {
					m, _ := board.ParseMove(l)
					to, _ := tc.s.Step(b, m)
					at[b], at[to] = at[to], at[b]
					b = to
				}
				return least[c][string(at)] == string(run)
			}
			walked, cut := 0, 0
			for c := range n {
				cells := []int{c} // the blank's cell before each move
				var walk func(run []byte, q int32)
				walk = func(run []byte, q int32) {
					walked++
					if len(run) == p.Depth+3 {
						return
					}
					b := cells[len(run)]
					for m := range board.Move(board.NumMoves) {
						to, ok := tc.s.Step(b, m)
						nq := p.Next[4*int(q)+int(m)]
						if !ok {
							if nq != Pruned {
								t.Fatalf("from cell %d, %q then %c leaves the board, and is not Pruned", c, run, board.Letters[m])
							}
							continue
						}
						path := append(run, board.Letters[m])
						cells = append(cells[:len(run)+1], to)
						// The path is walked when every run of up to depth moves
						// that ends it is the least: those before were judged
						// on the way here.
						want := true
						for i := max(0, len(path)-p.Depth); i < len(path) && want; i++ {
							want = isLeast(cells[i], path[i:])
						}
						if got := nq != Pruned; got != want {
							t.Fatalf("from cell %d, %q: walked %v, want %v", c, path, got, want)
						}
						if want {
							walk(path, nq)
						} else {
							cut++
						}
					}
				}
				walk(nil, p.Root[c])
			}
			t.Logf("depth %d, %d states: %d paths walked, %d cut", p.Depth, len(p.Next)/4, walked, cut)
		})
	}
}
