package engine_test

import (
	"math/rand/v2"
	"testing"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/embedded"
	"github.com/slidingpuzzle/solver/internal/slow"
)

// TestManyDistance holds Many.ForDistance, which turns a pair so that the
// goal's blank is in the first cell of its kind, to a breadth-first search
// from the pair's own goal, on every shape with tables: every start of the
// small shapes, random starts on 3x3, for a goal of random tiles with its
// blank in each cell.
func TestManyDistance(t *testing.T) {
	v := embedded.Solver()
	rng := rand.New(rand.NewPCG(11, 12))
	for _, s := range []board.Shape{{Rows: 2, Cols: 2}, {Rows: 2, Cols: 3}, {Rows: 3, Cols: 2}, {Rows: 2, Cols: 4}, {Rows: 4, Cols: 2}, board.Shape3x3} {
		n := s.Cells()
		for blank := range n {
			t.Run(s.String()+"/"+string(rune('0'+blank)), func(t *testing.T) {
				// A goal of shuffled tiles with the blank in cell blank.
				tiles := rng.Perm(n - 1)
				cells := make([]byte, n)
				k := 0
				for i := range cells {
					if i != blank {
						cells[i] = byte(tiles[k] + 1)
						k++
					}
				}
				goal := toBoard(t, slow.Grid{Rows: s.Rows, Cols: s.Cols, Cells: string(cells)})
				dist := slow.GridDistances(slow.Grid{Rows: s.Rows, Cols: s.Cols, Cells: string(cells)})
				m := v.Many()
				checked := 0
				slow.AllGrids(s.Rows, s.Cols, func(g slow.Grid) {
					if n == 9 && rng.IntN(100) != 0 {
						return // about 3600 of the 9! starts
					}
					checked++
					start := toBoard(t, g)
					forGoal, s, err := m.ForDistance(start, goal)
					if err != nil {
						t.Fatal(err)
					}
					d, ok, err := forGoal.Distance(s)
					if err != nil {
						t.Fatal(err)
					}
					want, reachable := dist[g.Cells]
					if ok != reachable || ok && d != want {
						t.Fatalf("%v to %v: %d moves (%v), want %d (%v)", start, goal, d, ok, want, reachable)
					}
				})
				if checked == 0 {
					t.Fatal("no starts")
				}
			})
		}
	}
}
