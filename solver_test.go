package solver_test

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"time"

	solver "github.com/slidingpuzzle/solver"
	"github.com/slidingpuzzle/solver/internal/slow"
)

// grid returns b as a slow.Grid, for the references.
func grid(b solver.Board) slow.Grid {
	cells := make([]byte, 0, b.Rows()*b.Cols())
	for _, c := range b.Cells() {
		cells = append(cells, byte(c))
	}
	return slow.Grid{Rows: b.Rows(), Cols: b.Cols(), Cells: string(cells)}
}

// TestSolveAgainstBFS holds Solve on the small shapes to a breadth-first
// search from each named goal: the same path, exactly (the
// lexicographically smallest of the shortest), said to be shortest.
func TestSolveAgainstBFS(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 39))
	for _, sh := range [][2]int{{2, 2}, {2, 3}, {3, 2}, {3, 3}, {2, 4}} {
		for _, goal := range []solver.Goal{solver.BlankLast, solver.BlankFirst, solver.Snail} {
			gb, err := goal.Board(sh[0], sh[1])
			if err != nil {
				t.Fatal(err)
			}
			dist := slow.GridDistances(grid(gb))
			for range 200 {
				b, err := solver.Random(rng, sh[0], sh[1], goal)
				if err != nil {
					t.Fatal(err)
				}
				sol, err := solver.Solve(context.Background(), b, goal)
				if err != nil {
					t.Fatalf("%v to %v: %v", b, goal, err)
				}
				if w, ok := slow.GridPath(dist, grid(b)); !ok || sol.Path.String() != w || !sol.Shortest || sol.Moves != int64(len(w)) {
					t.Fatalf("%v to %v: %q (shortest %v, %d moves), want %q", b, goal, sol.Path, sol.Shortest, sol.Moves, w)
				}
			}
		}
	}
}

// TestParse reads every form a board is written in, and holds String to
// Parse: what it writes reads back as the same board.
func TestParse(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"23415x768", "2 3 4/1 5 0/7 6 8"},
		{"1 2 3 4 5 6 7 8 0", "1 2 3/4 5 6/7 8 0"},
		{"1 2 3/4 5 0", "1 2 3/4 5 0"},
		{"123\n4#5\n786\n", "1 2 3/4 0 5/7 8 6"},
		{"# a comment\n3\n1 2 3\n8 0 4\n# another\n7 6 5\n", "1 2 3/8 0 4/7 6 5"},
		{"2 3\n1 2 3\n4 5 0", "1 2 3/4 5 0"},
		{"2 2\n1 2\n3 0", "1 2/3 0"},
		{"1 2\n3 0", "1 2/3 0"},
		{"#12\n345\n678", "0 1 2/3 4 5/6 7 8"},
	} {
		b, err := solver.Parse(c.text)
		if err != nil || b.String() != c.want {
			t.Errorf("Parse(%q) = %v, %v; want %s", c.text, b, err, c.want)
			continue
		}
		again, err := solver.Parse(b.String())
		if err != nil || !again.Equal(b) {
			t.Errorf("Parse(%q) = %v, %v; want %v", b.String(), again, err, b)
		}
	}
	rng := rand.New(rand.NewPCG(2, 2))
	for _, sh := range [][2]int{{2, 5}, {4, 4}, {7, 3}, {30, 30}, {3, 100}} {
		b, err := solver.Random(rng, sh[0], sh[1], solver.Snail)
		if err != nil {
			t.Fatal(err)
		}
		again, err := solver.Parse(b.String())
		if err != nil || !again.Equal(b) {
			t.Errorf("%dx%d: Parse(String()) = %v, %v; want the board back", sh[0], sh[1], again, err)
		}
	}
	for _, c := range []struct{ text, want string }{
		{"", "empty board"},
		{"1 2 3/4 5/6 7", "row 2 has 2 cells, row 1 3"},
		{"1 2 3/4 5", "row 2"},
		{"1 2 3/4 5 5/7 8 0", "1:11: tile 5 repeated"},
		{"12345x", "6 cells: give the shape to ParseShaped: 2x3 or 3x2"},
		{"3\n1 2 3\n4 5 6\n7 8 9", "4:5: tile 9 out of range"},
		{"hello", "no board has 5 cells"},
		{"1 2 3 4 5 6 7 8 y", "unexpected 'y'"},
	} {
		_, err := solver.Parse(c.text)
		if !errors.Is(err, solver.ErrBadBoard) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%q): %v; want ErrBadBoard saying %q", c.text, err, c.want)
		}
	}
	if b, err := solver.ParseShaped(2, 3, "12345x"); err != nil || b.String() != "1 2 3/4 5 0" {
		t.Errorf("ParseShaped(2, 3, 12345x) = %v, %v", b, err)
	}
	for _, c := range [][]int{{1, 2, 3}, {1, 2, 3, 3}, {0, 1, 2, 4}} {
		if _, err := solver.NewBoard(2, 2, c); !errors.Is(err, solver.ErrBadBoard) {
			t.Errorf("NewBoard(2, 2, %v): %v; want ErrBadBoard", c, err)
		}
	}
}

// TestRandom: Random is uniform over the boards that reach the goal
// (2x3: 360 of them, each drawn about as often), and the same for the
// same seed; RandomWalk is at most its moves from the goal.
func TestRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	count := map[string]int{}
	const draws = 360 * 100
	for range draws {
		b, err := solver.Random(rng, 2, 3, solver.BlankLast)
		if err != nil {
			t.Fatal(err)
		}
		if ok, err := solver.Solvable(b, solver.BlankLast); !ok || err != nil {
			t.Fatalf("%v: cannot reach the goal", b)
		}
		count[b.String()]++
	}
	if len(count) != 360 {
		t.Errorf("%d boards drawn, want all 360 that reach the goal", len(count))
	}
	for b, n := range count {
		if n < 50 || n > 160 { // 100 expected; 5 standard deviations off
			t.Errorf("%s drawn %d times in %d, want about 100", b, n, draws)
		}
	}
	a, _ := solver.Random(rand.New(rand.NewPCG(9, 9)), 20, 20, solver.Snail)
	b, _ := solver.Random(rand.New(rand.NewPCG(9, 9)), 20, 20, solver.Snail)
	if !a.Equal(b) {
		t.Error("the same seed gave two boards")
	}
	goal, _ := solver.BlankFirst.Board(3, 3)
	dist := slow.GridDistances(grid(goal))
	for k := range 100 {
		w, err := solver.RandomWalk(rng, 3, 3, solver.BlankFirst, k%30)
		if err != nil {
			t.Fatal(err)
		}
		if d := dist[grid(w).Cells]; d > k%30 || d%2 != k%30%2 {
			t.Errorf("a walk of %d moves: %v, %d moves from the goal", k%30, w, d)
		}
	}
}

// TestDeadlines holds the front door to the package's Deadlines: a cut
// search gives a path not proven shortest, or for a large board the
// context's error; a cancelled one its error; Distance never a number it
// did not prove.
func TestDeadlines(t *testing.T) {
	hard, _ := solver.Parse("15 14 8 12/10 11 9 13/2 6 5 1/3 7 4 0")
	ctx, cancel := context.WithTimeout(context.Background(), time.Millisecond)
	defer cancel()
	sol, err := solver.Solve(ctx, hard, solver.BlankFirst)
	end, _ := hard.Apply(sol.Path)
	goal, _ := solver.BlankFirst.Board(4, 4)
	if err != nil || !sol.Cut || sol.Shortest || !end.Equal(goal) {
		t.Errorf("4x4 past its deadline: %+v, %v; want a path to the goal, cut, not shortest", sol, err)
	}
	if _, err := solver.New(solver.Options{}).Distance(ctx, hard, solver.BlankFirst); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Distance past its deadline: %v, want context.DeadlineExceeded", err)
	}
	limited := solver.New(solver.Options{TimeLimit: time.Millisecond})
	if sol, err := limited.Solve(context.Background(), hard, solver.BlankFirst); err != nil || !sol.Cut || sol.Shortest {
		t.Errorf("4x4 past Options.TimeLimit: %+v, %v; want cut, not shortest", sol, err)
	}
	cancelled, stop := context.WithCancel(context.Background())
	stop()
	if sol, err := solver.Solve(cancelled, hard, solver.BlankFirst); !errors.Is(err, context.Canceled) || sol.Path != nil {
		t.Errorf("4x4 cancelled: %+v, %v; want context.Canceled", sol, err)
	}
	big, _ := solver.Random(rand.New(rand.NewPCG(4, 4)), 60, 60, solver.BlankLast)
	var out bytes.Buffer
	ctx, cancel = context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	sol, err = solver.New(solver.Options{}).WritePath(ctx, &out, big, solver.BlankLast, solver.BlankNotation)
	if !errors.Is(err, context.DeadlineExceeded) || sol.Moves != 0 {
		t.Errorf("60x60 past its deadline: %+v, %v; want context.DeadlineExceeded", sol, err)
	}
	if p, err := solver.ParsePath(out.String(), solver.BlankNotation); err != nil {
		t.Errorf("60x60 cut: %v", err)
	} else if end, err := big.Apply(p); err != nil || end.Equal(big) && len(p) > 0 {
		t.Errorf("60x60 cut: the prefix written is no prefix of a path: %v", err)
	}
}

// TestChecksFirst: a board that cannot reach its goal is told at once,
// whatever its size; boards that cannot be answered are errors of their
// own kinds.
func TestChecksFirst(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for _, n := range []int{5, 100, 300} {
		b, _ := solver.Random(rng, n, n, solver.BlankLast)
		cells := b.Cells()
		i, j := 0, 1
		if cells[i] == 0 || cells[j] == 0 {
			i, j = 2, 3
		}
		cells[i], cells[j] = cells[j], cells[i]
		odd, _ := solver.NewBoard(n, n, cells)
		if _, err := solver.Solve(context.Background(), odd, solver.BlankLast); !errors.Is(err, solver.ErrUnsolvable) {
			t.Errorf("%dx%d, unsolvable: %v, want ErrUnsolvable", n, n, err)
		}
		if ok, err := solver.Solvable(odd, solver.BlankLast); ok || err != nil {
			t.Errorf("%dx%d, unsolvable: Solvable %v, %v", n, n, ok, err)
		}
	}
	three, _ := solver.Parse("12345678x")
	four, _ := solver.Parse("1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0")
	var s solver.Solver
	for _, c := range []struct {
		name  string
		start solver.Board
		goal  solver.Goal
		want  error
	}{
		{"4x4 to a 3x3 goal", four, solver.GoalOf(three), solver.ErrShapes},
		{"the zero Board", solver.Board{}, solver.BlankLast, solver.ErrNoBoard},
		{"to the zero Board", three, solver.GoalOf(solver.Board{}), nil},
	} {
		_, err := s.Solve(context.Background(), c.start, c.goal)
		if !errors.Is(err, c.want) {
			t.Errorf("%s: Solve: %v, want %v", c.name, err, c.want)
		}
		_, err = s.Distance(context.Background(), c.start, c.goal)
		if !errors.Is(err, c.want) {
			t.Errorf("%s: Distance: %v, want %v", c.name, err, c.want)
		}
		_, err = s.Analyse(context.Background(), c.start, c.goal, nil)
		if !errors.Is(err, c.want) {
			t.Errorf("%s: Analyse: %v, want %v", c.name, err, c.want)
		}
		_, err = s.WritePath(context.Background(), &bytes.Buffer{}, c.start, c.goal, solver.TileNotation)
		if !errors.Is(err, c.want) {
			t.Errorf("%s: WritePath: %v, want %v", c.name, err, c.want)
		}
	}
	b, _ := solver.Parse("1 2 3 4 5/6 7 8 9 10/11 12 13 14 15/16 17 18 19 20/21 22 23 0 24")
	if _, err := s.Distance(context.Background(), b, solver.BlankLast); !errors.Is(err, solver.ErrNotShortest) {
		t.Errorf("5x5 Distance: %v, want ErrNotShortest", err)
	}
	if d, err := solver.New(solver.Options{Shortest: true}).Distance(context.Background(), b, solver.BlankLast); err != nil || d != 1 {
		t.Errorf("5x5 Distance with Shortest: %d, %v; want 1", d, err)
	}
	if _, err := s.Analyse(context.Background(), three, solver.BlankLast, solver.Path{solver.Up, solver.Up, solver.Up}); !errors.Is(err, solver.ErrOffBoard) {
		t.Errorf("Analyse of a move off the board: %v, want ErrOffBoard", err)
	}
	if _, err := three.Apply(solver.Path{solver.Down}); !errors.Is(err, solver.ErrOffBoard) {
		t.Errorf("Apply of a move off the board: %v, want ErrOffBoard", err)
	}
	if _, err := solver.New(solver.Options{Databases: t.TempDir()}).Solve(context.Background(), three, solver.BlankLast); err == nil || !strings.Contains(err.Error(), "Options.Databases") {
		t.Errorf("a folder of no databases: %v, want an error naming Options.Databases", err)
	}
}

// TestZeroValues: every value a caller can build, the zero ones first,
// gives an answer or an error, never a panic.
func TestZeroValues(t *testing.T) {
	var b solver.Board
	var g solver.Goal
	var p solver.Path
	var n solver.Notation
	var s solver.Solver
	_ = b.String() + g.String() + p.String() + p.Format(n) + n.String()
	_, _ = b.Blank()
	_ = b.Cells()
	_ = b.Equal(b)
	if _, err := b.Apply(p); !errors.Is(err, solver.ErrNoBoard) {
		t.Errorf("zero Board Apply: %v", err)
	}
	if _, err := g.Board(0, 0); err == nil {
		t.Error("a goal of 0x0 cells: no error")
	}
	if _, err := solver.Random(nil, 1, 1, g); err == nil {
		t.Error("a random 1x1 board: no error")
	}
	if _, err := solver.RandomWalk(nil, 2, 2, g, -3); err != nil {
		t.Errorf("a walk of -3 moves: %v", err)
	}
	odd := solver.Path{solver.Move(9), solver.Up}
	if got := odd.String(); got != "?u" {
		t.Errorf("a path with a move that is none: %q", got)
	}
	three, _ := solver.Parse("12345678x")
	if _, err := three.Apply(odd); !errors.Is(err, solver.ErrOffBoard) {
		t.Errorf("Apply of a move that is none: %v", err)
	}
	if _, err := s.Analyse(context.Background(), three, g, odd); err == nil {
		t.Error("Analyse of a move that is none: no error")
	}
	var a *solver.Analysis
	if err := a.WriteText(&bytes.Buffer{}, n); err == nil {
		t.Error("the nil Analysis wrote itself")
	}
	if err := (&solver.Analysis{}).WriteText(&bytes.Buffer{}, n); err == nil {
		t.Error("the zero Analysis wrote itself")
	}
	//lint:ignore SA1012 a nil context is a value a caller can give
	if sol, err := s.Solve(nil, three, g); err != nil || sol.Moves != 0 { //nolint:staticcheck
		t.Errorf("a nil context: %+v, %v", sol, err)
	}
}

// FuzzFrontDoor feeds any text to the front door's readers, and any
// board they read to its answers: no panic, and what is read back is
// what was written.
func FuzzFrontDoor(f *testing.F) {
	for _, s := range []string{"23415x768", "1 2 3/4 5 6/7 8 0", "3\n1 2 3\n8 0 4\n7 6 5", "# c\n2 3\n1 2 3\n4 5 0", "U2 L R3", "ddrrul", "snail", "#12\n345\n678", "1 2\n3 0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if b, err := solver.Parse(text); err == nil {
			again, err := solver.Parse(b.String())
			if err != nil || !again.Equal(b) {
				t.Fatalf("Parse(%q) = %v; its String reads back as %v, %v", text, b, again, err)
			}
			if ok, err := solver.Solvable(b, solver.Snail); err != nil {
				t.Fatalf("Solvable(%v): %v", b, err)
			} else if ok && b.Rows()*b.Cols() <= 9 {
				sol, err := solver.Solve(context.Background(), b, solver.Snail)
				goal, _ := solver.Snail.Board(b.Rows(), b.Cols())
				end, aerr := b.Apply(sol.Path)
				if err != nil || aerr != nil || !end.Equal(goal) || !sol.Shortest {
					t.Fatalf("Solve(%v): %+v, %v", b, sol, err)
				}
			}
		} else if !errors.Is(err, solver.ErrBadBoard) {
			t.Fatalf("Parse(%q): %v, not ErrBadBoard", text, err)
		}
		if g, err := solver.ParseGoal(text); err == nil {
			_ = g.String()
		}
		if regexp.MustCompile(`[0-9]{6}`).MatchString(text) {
			return // a count of a million moves or more: memory, not a fault
		}
		for _, n := range []solver.Notation{solver.BlankNotation, solver.TileNotation} {
			p, err := solver.ParsePath(text, n)
			if err != nil {
				if !errors.Is(err, solver.ErrBadPath) {
					t.Fatalf("ParsePath(%q, %v): %v, not ErrBadPath", text, n, err)
				}
				continue
			}
			if len(p) > 1000 {
				continue
			}
			again, err := solver.ParsePath(p.Format(n), n)
			if err != nil || again.String() != p.String() {
				t.Fatalf("ParsePath(%q, %v) = %v; Format reads back as %v, %v", text, n, p, again, err)
			}
		}
	})
}
