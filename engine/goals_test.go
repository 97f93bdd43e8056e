package engine_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/embedded"
	"github.com/slidingpuzzle/solver/internal/slow"
	"github.com/slidingpuzzle/solver/table"
)

// TestGoalsDistance holds Goals.ForDistance, which turns a pair so that the
// goal's blank is in the first cell of its kind, to a breadth-first search
// from the pair's own goal, on every shape with tables: every start of the
// small shapes, random starts on 3x3, for a goal of random tiles with its
// blank in each cell.
func TestGoalsDistance(t *testing.T) {
	t.Parallel()
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
				m := v.Goals()
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

// TestPairs holds Goals.Pairs, which reads a pair from its lines and finds
// its key in one pass, to For and ForDistance, which it does the work of:
// for random pairs whose goal has its blank in each cell, written in both
// of the forms it reads, the Solver, the key and whether the goal is
// reached must be theirs, and so must the path.
func TestPairs(t *testing.T) {
	v := embedded.Solver()
	rng := rand.New(rand.NewPCG(21, 22))
	random := func(blank int) board.Board {
		tiles := rng.Perm(8)
		cells := make([]uint8, 9)
		k := 0
		for i := range cells {
			if i != blank {
				cells[i] = uint8(tiles[k] + 1)
				k++
			}
		}
		b, err := board.New(board.Shape3x3, cells)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	// The two forms: "1 2 3 4 5 6 7 8 x" and "12345678x".
	forms := func(b board.Board) [2]string {
		s := b.String()
		spaced := make([]byte, 0, 17)
		for i := range len(s) {
			if i > 0 {
				spaced = append(spaced, ' ')
			}
			spaced = append(spaced, s[i])
		}
		return [2]string{string(spaced), s}
	}
	for _, turn := range []bool{false, true} {
		m := v.Goals()
		p, err := m.Pairs(turn)
		if err != nil {
			t.Fatal(err)
		}
		for blank := range 9 {
			for range 300 {
				start, goal := random(rng.IntN(9)), random(blank)
				forGoal, renamed, err := m.For(start, goal)
				if turn {
					forGoal, renamed, err = m.ForDistance(start, goal)
				}
				if err != nil {
					t.Fatal(err)
				}
				wantKey, wantOK := forGoal.Lookups().Key(renamed)
				sf, gf := forms(start), forms(goal)
				for k := range 4 {
					sv, key, solvable, ok := p.Key([]byte(sf[k&1]), []byte(gf[k>>1]))
					if !ok || sv != forGoal.Lookups() || key != wantKey || solvable != wantOK {
						t.Fatalf("turn %v: %q to %q: Solver %p, key %d, %v, %v; want %p, %d, %v", turn, sf[k&1], gf[k>>1], sv, key, solvable, ok, forGoal.Lookups(), wantKey, wantOK)
					}
				}
				if !turn && wantOK {
					// The path of the key is the pair's own.
					sv, key, _, _ := p.Key([]byte(sf[0]), []byte(gf[0]))
					if err := sv.Table().Prepare(); err != nil {
						t.Fatal(err)
					}
					packed, ok := sv.PackedAt(key)
					want, _, _, err := m.Solve(context.Background(), nil, start, goal)
					if err != nil || !ok || string(packed.AppendTo(nil)) != string(want) {
						t.Fatalf("%v to %v: path %q (%v), want %q (%v)", start, goal, packed.AppendTo(nil), ok, want, err)
					}
				}
			}
		}
	}
	// Lines that are not boards of the two forms are for the general
	// reading.
	m := v.Goals()
	p, err := m.Pairs(false)
	if err != nil {
		t.Fatal(err)
	}
	good := "1 2 3 4 5 6 7 8 x"
	for _, bad := range []string{"", "1 2 3 4 5 6 7 8 8", "1 2 3 4 5 6 7 8 9", "12345678", "1 2 3 4 5 6 7 8  x", "1,2,3,4,5,6,7,8,x", "123456788"} {
		if _, _, _, ok := p.Key([]byte(bad), []byte(good)); ok {
			t.Errorf("start %q read as a board", bad)
		}
		if _, _, _, ok := p.Key([]byte(good), []byte(bad)); ok {
			t.Errorf("goal %q read as a board", bad)
		}
	}
	var zero *table.Pairs
	if _, _, _, ok := zero.Key([]byte(good), []byte(good)); ok {
		t.Error("a nil Pairs gave a key")
	}
}

// BenchmarkPairsKey is the key of a random pair read from its two lines
// (Goals.Pairs), turned for a distance.
func BenchmarkPairsKey(b *testing.B) {
	v := embedded.Solver()
	p, err := v.Goals().Pairs(true)
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	var lines [][]byte
	for range 1024 {
		for range 2 {
			line := make([]byte, 0, 17)
			for i, c := range rng.Perm(9) {
				if i > 0 {
					line = append(line, ' ')
				}
				line = append(line, "x12345678"[c])
			}
			lines = append(lines, line)
		}
	}
	b.ResetTimer()
	var sum table.Key
	for i := range b.N {
		k := 2 * (i & 1023)
		_, key, _, _ := p.Key(lines[k], lines[k+1])
		sum += key
	}
	if sum == 42 {
		b.Log(sum)
	}
}
