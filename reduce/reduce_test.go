package reduce_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/engine"
	"github.com/slidingpuzzle/solver/internal/testcache"
	"github.com/slidingpuzzle/solver/reduce"
)

// shuffled returns a board of shape s whose cells are shuffled at random,
// made solvable for goal by a swap of two tiles where it is not.
func shuffled(rng *rand.Rand, s board.Shape, goal board.Board) board.Board {
	cells := make([]int, s.Cells())
	for i := range cells {
		cells[i] = i
	}
	rng.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
	b, _ := board.New(s, cells)
	if !board.Solvable(b, goal) {
		i, j := 0, 1
		if cells[i] == 0 || cells[j] == 0 {
			i, j = 2, 3
		}
		cells[i], cells[j] = cells[j], cells[i]
		b, _ = board.New(s, cells)
	}
	return b
}

// check solves start for goal and holds the path to the rules: letters of
// moves, as many as Solve says, each on the board, ending at the goal.
func check(t *testing.T, start, goal board.Board) int {
	t.Helper()
	var buf bytes.Buffer
	n, ok, err := reduce.Solve(context.Background(), &buf, start, goal, testcache.Solver().Endgame(), reduce.Options{})
	if err != nil || !ok {
		t.Fatalf("%v to %v: ok %v, %v", start, goal, ok, err)
	}
	path, err := board.ParsePath(buf.String())
	if err != nil || int64(len(path)) != n {
		t.Fatalf("%v: %d letters for %d moves, %v", start, len(path), n, err)
	}
	b := start
	if k := b.Apply(path); k != len(path) || !board.Equal(b, goal) {
		t.Fatalf("%v to %v: the path leaves the board at move %d, or ends at %v", start, goal, k+1, b)
	}
	return len(path)
}

// shapes are the shapes the tests take: square and long, two rows and
// three, small and large.
var shapes = []board.Shape{
	{Rows: 2, Cols: 2}, {Rows: 3, Cols: 3}, {Rows: 2, Cols: 5}, {Rows: 4, Cols: 4},
	{Rows: 5, Cols: 5}, {Rows: 2, Cols: 9}, {Rows: 9, Cols: 2}, {Rows: 3, Cols: 7}, {Rows: 7, Cols: 3},
	{Rows: 4, Cols: 6}, {Rows: 6, Cols: 4}, {Rows: 6, Cols: 6}, {Rows: 5, Cols: 8}, {Rows: 2, Cols: 17},
	{Rows: 3, Cols: 12}, {Rows: 10, Cols: 10}, {Rows: 13, Cols: 7},
	// Parts placed tile by tile (more than 144 cells, or 24 on a side),
	// each tile's ways tried and all but one taken back, before the beam
	// search.
	{Rows: 13, Cols: 13}, {Rows: 3, Cols: 26},
}

// TestPaths solves random boards of every shape above for the three named
// goals and for goals at random (40 of each on the smallest shapes, 2 on
// the largest), and holds each path to the rules, and
// its length to four times the tiles' Manhattan distance on boards of
// three or more rows and columns and more than 16 cells.
func TestPaths(t *testing.T) {
	for _, s := range shapes {
		// Fewer boards of the larger shapes, whose lines a beam search
		// places (a second for a 10x10 board).
		per := min(40, max(2, 240/s.Cells()))
		if s.Cells() > 144 {
			per = 1
		}
		if testing.Short() {
			per = max(1, per/5)
			if s.Cells() > 64 && s != (board.Shape{Rows: 13, Cols: 13}) {
				continue // the beam search's seconds: one large shape, both ways of placing
			}
		}
		t.Run(s.String(), func(t *testing.T) {
			t.Parallel()
			paths(t, s, per)
		})
	}
}

func paths(t *testing.T, s board.Shape, per int) {
	rng := rand.New(rand.NewPCG(7, uint64(s.Cells())))
	kinds := len(board.GoalNames) + 1
	if testing.Short() && s.Cells() > 64 {
		kinds = 1 // one goal of the large shape
	}
	{
		for k := range kinds {
			var goal board.Board
			if k < len(board.GoalNames) {
				goal, _ = s.Named(board.GoalNames[k])
			}
			for range per {
				if k == len(board.GoalNames) {
					goal = shuffled(rng, s, s.Goal(0))
				}
				start := shuffled(rng, s, goal)
				n := check(t, start, goal)
				m := engine.Manhattan(start, goal)
				if s.Rows >= 3 && s.Cols >= 3 && s.Cells() > board.MaxSmall && n > 4*m {
					t.Errorf("%v to %v: %d moves, over 4 times the Manhattan distance %d", start, goal, n, m)
				}
			}
		}
	}
}

// TestWalks solves boards a few random moves from their goals: the path
// must still be right, and short.
func TestWalks(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for _, s := range shapes {
		for k, name := range board.GoalNames {
			if s.Cells() > 64 && (k > 0 || testing.Short()) {
				break // a second a board: one goal of the largest, none with -short
			}
			goal, _ := s.Named(name)
			for _, walk := range []int{0, 2, 20} {
				b := goal
				for range walk {
					b.Move(board.Move(rng.IntN(board.NumMoves)))
				}
				check(t, b, goal)
			}
		}
	}
}

// TestUnsolvable: a board of the other parity has no path, and nothing is
// written.
func TestUnsolvable(t *testing.T) {
	for _, s := range shapes {
		goal := s.Goal(s.Cells() - 1)
		c := goal.Cells()
		c[0], c[1] = c[1], c[0]
		start, _ := board.New(s, c)
		var buf bytes.Buffer
		n, ok, err := reduce.Solve(context.Background(), &buf, start, goal, testcache.Solver().Endgame(), reduce.Options{})
		if ok || err != nil || n != 0 || buf.Len() != 0 {
			t.Errorf("%v: %d moves, ok %v, %v, wrote %q", start, n, ok, err, buf.String())
		}
	}
}

// TestCount: with no writer the moves are counted, as many as are written
// with one.
func TestCount(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, s := range []board.Shape{{Rows: 6, Cols: 6}, {Rows: 40, Cols: 40}} {
		goal := s.Goal(0)
		start := shuffled(rng, s, goal)
		var buf bytes.Buffer
		n1, ok1, err1 := reduce.Solve(context.Background(), &buf, start, goal, testcache.Solver().Endgame(), reduce.Options{})
		n2, ok2, err2 := reduce.Solve(context.Background(), nil, start, goal, testcache.Solver().Endgame(), reduce.Options{})
		if n1 != n2 || !ok1 || !ok2 || err1 != nil || err2 != nil || int64(buf.Len()) != n1 {
			t.Errorf("%v: written %d (%d letters), counted %d; %v %v %v %v", s, n1, buf.Len(), n2, ok1, ok2, err1, err2)
		}
	}
}

// TestCancel: a done context stops the work with its error.
func TestCancel(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 3))
	s := board.Shape{Rows: 60, Cols: 60}
	goal := s.Goal(s.Cells() - 1)
	start := shuffled(rng, s, goal)
	ctx, cancel := context.WithCancel(context.Background())
	lines := 0
	_, _, err := reduce.Solve(ctx, nil, start, goal, testcache.Solver().Endgame(), reduce.Options{Progress: func(placed, tiles int, moves int64) {
		if lines++; lines == 3 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("after cancel: %v", err)
	}
}

// badEnd is an Endgame that fails.
type badEnd struct{ path string }

func (b badEnd) end(_ context.Context, dst []byte, start, goal board.Board) ([]byte, bool, error) {
	if b.path == "" {
		return dst, false, errors.New("no table")
	}
	return append(dst, b.path...), true, nil
}

func TestBadEndgame(t *testing.T) {
	s := board.Shape{Rows: 5, Cols: 5}
	goal := s.Goal(24)
	start := goal
	start.Move(board.Up)
	if _, _, err := reduce.Solve(context.Background(), nil, start, goal, badEnd{}.end, reduce.Options{}); !errors.Is(err, reduce.ErrEndgame) {
		t.Errorf("an endgame that fails: %v", err)
	}
	if _, _, err := reduce.Solve(context.Background(), nil, start, goal, badEnd{path: "uuuuuuuuu"}.end, reduce.Options{}); !errors.Is(err, reduce.ErrEndgame) {
		t.Errorf("an endgame whose path leaves the board: %v", err)
	}
	if _, _, err := reduce.Solve(context.Background(), nil, start, goal, nil, reduce.Options{}); err == nil {
		t.Errorf("no endgame: no error")
	}
	if _, _, err := reduce.Solve(context.Background(), nil, board.Board{}, goal, testcache.Solver().Endgame(), reduce.Options{}); err == nil {
		t.Errorf("the zero Board: no error")
	}
}

// TestRatios prints, with REDUCE_RATIOS=1, the length of the paths over
// the Manhattan distance for boards of many sizes: what the bench script
// reports, for work on the solver.
func TestRatios(t *testing.T) {
	if os.Getenv("REDUCE_RATIOS") == "" {
		t.Skip("REDUCE_RATIOS=1 prints the ratios")
	}
	rng := rand.New(rand.NewPCG(1, 1))
	for _, s := range []board.Shape{{Rows: 5, Cols: 5}, {Rows: 6, Cols: 6}, {Rows: 3, Cols: 10}, {Rows: 10, Cols: 3}, {Rows: 3, Cols: 50}, {Rows: 50, Cols: 3}, {Rows: 8, Cols: 8}, {Rows: 10, Cols: 10}, {Rows: 20, Cols: 20}, {Rows: 50, Cols: 50}, {Rows: 100, Cols: 100}} {
		for _, name := range board.GoalNames {
			goal, _ := s.Named(name)
			tot, totM, worst := 0, 0, 0.0
			for range 5 {
				start := shuffled(rng, s, goal)
				n := check(t, start, goal)
				m := engine.Manhattan(start, goal)
				tot += n
				totM += m
				worst = max(worst, float64(n)/float64(m))
			}
			fmt.Printf("%-8v %-11s ratio %.3f worst %.3f\n", s, name, float64(tot)/float64(totM), worst)
		}
	}
}

func TestWorst(t *testing.T) {
	if os.Getenv("REDUCE_RATIOS") == "" {
		t.Skip()
	}
	rng := rand.New(rand.NewPCG(9, 9))
	for _, s := range []board.Shape{{Rows: 3, Cols: 20}, {Rows: 3, Cols: 50}, {Rows: 3, Cols: 100}, {Rows: 3, Cols: 300}, {Rows: 20, Cols: 3}, {Rows: 4, Cols: 30}, {Rows: 5, Cols: 5}, {Rows: 6, Cols: 6}, {Rows: 7, Cols: 7}, {Rows: 5, Cols: 9}} {
		for _, name := range board.GoalNames {
			goal, _ := s.Named(name)
			worst, sum := 0.0, 0.0
			k := 20
			for range k {
				start := shuffled(rng, s, goal)
				n, _, _ := reduce.Solve(context.Background(), nil, start, goal, testcache.Solver().Endgame(), reduce.Options{})
				r := float64(n) / float64(engine.Manhattan(start, goal))
				worst = max(worst, r)
				sum += r
			}
			fmt.Printf("%-6v %-11s mean %.3f worst %.3f\n", s, name, sum/float64(k), worst)
		}
	}
}

// TestQuality holds the paths of random boards to what the beam search
// gives on average (issue 33's marks): at most 1.8 times the tiles'
// Manhattan distance on 6x6 boards and 2.0 on 8x8 ones, over the three
// named goals.
func TestQuality(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 2))
	for _, c := range []struct {
		s    board.Shape
		per  int
		most float64
	}{{board.Shape{Rows: 6, Cols: 6}, 2, 1.8}, {board.Shape{Rows: 8, Cols: 8}, 1, 2.0}} {
		moves, md := 0, 0
		for _, name := range board.GoalNames {
			goal, _ := c.s.Named(name)
			for range c.per {
				start := shuffled(rng, c.s, goal)
				moves += check(t, start, goal)
				md += engine.Manhattan(start, goal)
			}
		}
		if r := float64(moves) / float64(md); r > c.most {
			t.Errorf("%v: %.3f times the Manhattan distance, over %v", c.s, r, c.most)
		} else {
			t.Logf("%v: %.3f times the Manhattan distance", c.s, r)
		}
	}
}

// TestHand: Options.Hand hands the parts it reports to the Endgame whole,
// the first of them the board shrinks to, and never the whole board;
// Options.Width changes the beam's width, and every path still reaches
// the goal.
func TestHand(t *testing.T) {
	rng := rand.New(rand.NewPCG(40, 2))
	for i, c := range []struct {
		board board.Shape
		hand  func(board.Shape) bool
		want  board.Shape // the part the Endgame is given
	}{
		// 7x7 shrinks to 6x7 and then 6x6 (rows first where the part is
		// as high as it is wide).
		{board.Shape{Rows: 7, Cols: 7}, func(p board.Shape) bool { return p == board.Shape{Rows: 6, Cols: 6} }, board.Shape{Rows: 6, Cols: 6}},
		// Every part: the first smaller than the board.
		{board.Shape{Rows: 6, Cols: 6}, func(board.Shape) bool { return true }, board.Shape{Rows: 5, Cols: 6}},
		// None: the 5x5 part, as with no Hand.
		{board.Shape{Rows: 6, Cols: 6}, func(board.Shape) bool { return false }, board.Shape{Rows: 5, Cols: 5}},
	} {
		// One board a case (a beam search over a 6x6 part takes a
		// second), the named goals in turn.
		name := board.GoalNames[i%len(board.GoalNames)]
		goal, _ := c.board.Named(name)
		start := shuffled(rng, c.board, goal)
		var given []board.Shape
		end := func(ctx context.Context, dst []byte, start, goal board.Board) ([]byte, bool, error) {
			given = append(given, start.Shape())
			return testcache.Solver().Endgame()(ctx, dst, start, goal)
		}
		var buf bytes.Buffer
		n, ok, err := reduce.Solve(context.Background(), &buf, start, goal, end, reduce.Options{Hand: c.hand, Width: 3000})
		if err != nil || !ok {
			t.Fatalf("%v to %v: ok %v, %v", start, goal, ok, err)
		}
		path, err := board.ParsePath(buf.String())
		b := start
		if err != nil || int64(len(path)) != n || b.Apply(path) != len(path) || !board.Equal(b, goal) {
			t.Errorf("%v to %v: %d moves written for %d, or they do not reach the goal (%v)", start, goal, len(path), n, err)
		}
		if len(given) != 1 || given[0] != c.want {
			t.Errorf("%v to %v: the Endgame was given %v; want one %v", start, goal, given, c.want)
		}
	}
}
