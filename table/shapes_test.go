package table_test

import (
	"testing"
	"testing/fstest"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/internal/gen"
	"github.com/slidingpuzzle/solver/table"
)

// setOf generates, encodes and decodes in memory the tables of shape s.
func setOf(t *testing.T, s board.Shape) *table.Set {
	t.Helper()
	fsys := fstest.MapFS{}
	for _, r := range gen.Tables(s) {
		data, err := table.Encode(r.Goal, r.Moves, r.MaxDepth())
		if err != nil {
			t.Fatal(err)
		}
		fsys[table.FileName(s, r.Goal.Blank())] = &fstest.MapFile{Data: data}
	}
	return table.NewSet(fsys)
}

// slowDistances is a breadth-first search over boards of any shape, by
// board.Board.Move alone.
func slowDistances(goal board.Board) map[board.Board]int {
	dist := map[board.Board]int{goal: 0}
	queue := []board.Board{goal}
	for len(queue) > 0 {
		b := queue[0]
		queue = queue[1:]
		for m := range board.Move(board.NumMoves) {
			n := b
			if n.Move(m) {
				if _, seen := dist[n]; !seen {
					dist[n] = dist[b] + 1
					queue = append(queue, n)
				}
			}
		}
	}
	return dist
}

// TestOtherShapes checks the lookups that do not take the 3x3 path, on
// every arrangement of boards of 2x3 (LeetCode 773), 3x2 and 2x4 (even
// width, where the blank's row counts, and paths of more than 31 moves,
// which do not pack), for a standard goal and a renamed one.
func TestOtherShapes(t *testing.T) {
	for _, s := range []board.Shape{{Rows: 2, Cols: 3}, {Rows: 3, Cols: 2}, {Rows: 2, Cols: 4}} {
		t.Run(s.String(), func(t *testing.T) {
			set := setOf(t, s)
			n := s.Cells()
			std := s.Goal(n - 1)
			cells := std.Cells() // a goal with three tiles turned, to rename
			cells[0], cells[1], cells[2] = cells[1], cells[2], cells[0]
			renamed, _ := board.New(s, cells)
			for _, goal := range []board.Board{std, renamed, s.Goal(0)} {
				ref := slowDistances(goal)
				perm := make([]uint8, n)
				for i := range perm {
					perm[i] = uint8(i)
				}
				count := 0
				var walk func(k int)
				walk = func(k int) {
					if k == n {
						b, err := board.New(s, perm)
						if err != nil {
							t.Fatal(err)
						}
						want, reachable := ref[b]
						path, ok, err := set.AppendPath(nil, b, goal)
						if err != nil || ok != reachable || (ok && len(path) != want) {
							t.Fatalf("%v to %v: %q, %v, %v; want %d moves, %v", b, goal, path, ok, err, want, reachable)
						}
						end := b
						moves, _ := board.ParsePath(string(path))
						if end.Apply(moves) != len(moves) || (ok && end != goal) {
							t.Fatalf("%v to %v: %q does not lead there", b, goal, path)
						}
						count++
						return
					}
					for i := k; i < n; i++ {
						perm[k], perm[i] = perm[i], perm[k]
						walk(k + 1)
						perm[k], perm[i] = perm[i], perm[k]
					}
				}
				walk(0)
				if len(ref) != table.Size(s) {
					t.Errorf("%v reaches %d positions, want %d", goal, len(ref), table.Size(s))
				}
			}
		})
	}
	// LeetCode 773's samples.
	set := setOf(t, board.Shape{Rows: 2, Cols: 3})
	goal := board.MustParse(board.Shape{Rows: 2, Cols: 3}, "123\n450")
	for _, c := range []struct {
		start string
		want  int
	}{{"123\n405", 1}, {"412\n503", 5}, {"123\n540", -1}} {
		d, ok, err := set.Distance(board.MustParse(board.Shape{Rows: 2, Cols: 3}, c.start), goal)
		if !ok {
			d = -1
		}
		if err != nil || d != c.want {
			t.Errorf("LeetCode 773 %q: %d, %v; want %d", c.start, d, err, c.want)
		}
	}
}
