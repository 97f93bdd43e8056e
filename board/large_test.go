package board

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/slidingpuzzle/solver/internal/slow"
)

// randomBoard returns a board of shape s whose cells are shuffled at
// random: solvable for the standard goal or not, half and half.
func randomBoard(rng *rand.Rand, s Shape) Board {
	cells := make([]int, s.Cells())
	for i := range cells {
		cells[i] = i
	}
	rng.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
	b, err := New(s, cells)
	if err != nil {
		panic(err)
	}
	return b
}

// inversions is the parity of a board the slow way: every pair of tiles.
func inversions(b Board) int {
	c := b.Cells()
	inv := 0
	for i := range c {
		for j := i + 1; j < len(c); j++ {
			if c[i] != 0 && c[j] != 0 && c[j] < c[i] {
				inv++
			}
		}
	}
	if s := b.Shape(); s.Cols%2 == 0 {
		inv += b.Blank() / s.Cols
	}
	return inv & 1
}

func TestLargeParity(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, s := range []Shape{{5, 5}, {3, 7}, {7, 3}, {2, 9}, {9, 2}, {6, 6}, {4, 10}, {13, 17}, {30, 30}} {
		for range 50 {
			b := randomBoard(rng, s)
			if got, want := b.Parity(), inversions(b); got != want {
				t.Fatalf("%v: Parity() = %d, want %d", b, got, want)
			}
			// A move keeps the class; a swap of two tiles changes it.
			w := b
			for range 30 {
				w.Move(Move(rng.IntN(4)))
			}
			if !Solvable(b, w) {
				t.Fatalf("%v and %v, 30 moves apart, are not solvable for each other", b, w)
			}
			cells := w.Cells()
			i, j := (w.Blank()+1)%len(cells), (w.Blank()+2)%len(cells)
			cells[i], cells[j] = cells[j], cells[i]
			if x, _ := New(s, cells); Solvable(b, x) {
				t.Fatalf("%v and %v, two tiles swapped, are solvable for each other", b, x)
			}
		}
	}
}

// TestParityAgainstBFS holds Solvable to a breadth-first search from the
// goal on every shape small enough to search whole: a board is solvable
// exactly when the search reaches it. The permutation's cycles (as large
// boards count them) give the same parity as the inversions.
func TestParityAgainstBFS(t *testing.T) {
	t.Parallel()
	for _, s := range []Shape{{2, 2}, {2, 3}, {3, 2}, {2, 4}, {4, 2}, {3, 3}} {
		for _, blank := range []int{0, s.Cells() - 1, s.Cols + 1} {
			goal := s.Goal(blank)
			g := slow.Grid{Rows: s.Rows, Cols: s.Cols, Cells: string(toUint8(goal.Cells()))}
			dist := slow.GridDistances(g)
			n := 0
			slow.AllGrids(s.Rows, s.Cols, func(x slow.Grid) {
				b, err := New(s, []byte(x.Cells))
				if err != nil {
					t.Fatal(err)
				}
				_, reached := dist[x.Cells]
				if Solvable(b, goal) != reached {
					t.Fatalf("%v: Solvable(%v, %v) = %v; the search from the goal reached it: %v", s, b, goal, !reached, reached)
				}
				var c []uint32
				for _, v := range []byte(x.Cells) {
					c = append(c, uint32(v))
				}
				if got, want := (permParity(c)+b.Blank()+b.Blank()/s.Cols*(1-s.Cols%2))&1, b.Parity(); got != want {
					t.Fatalf("%v: the cycles give parity %d, the inversions %d", b, got, want)
				}
				n++
			})
			if n == 0 {
				t.Fatalf("%v: no arrangements", s)
			}
		}
	}
}

func toUint8(c []int) []uint8 {
	out := make([]uint8, len(c))
	for i, v := range c {
		out[i] = uint8(v)
	}
	return out
}

func TestLargeBoard(t *testing.T) {
	s := Shape{Rows: 5, Cols: 5}
	text := "1 2 3 4 5\n6 7 8 9 10\n11 12 13 14 15\n16 17 18 19 20\n21 22 23 x 24"
	b, err := Parse(s, text)
	if err != nil {
		t.Fatal(err)
	}
	if b.Small() || !b.Valid() || b.Blank() != 23 || b.Cell(24) != 24 || b.Cell(0) != 1 || b.Cell(25) != 0 || b.Cell(-1) != 0 {
		t.Fatalf("Parse(%q) = %v, blank %d", text, b, b.Blank())
	}
	if got, want := b.String(), "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 x 24"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	goal := s.Goal(24)
	if Equal(b, goal) || !Solvable(b, goal) {
		t.Errorf("%v is the goal, or cannot reach it", b)
	}
	// A move changes the board it is made on, not its copies.
	c := b
	if !c.Move(Right) || !Equal(c, goal) || Equal(b, goal) || b.Blank() != 23 {
		t.Errorf("after a move: %v, and the copy %v", c, b)
	}
	if c.Move(Down) || !Equal(c, goal) {
		t.Errorf("a move off the board was made")
	}
	d := b
	if n := d.Apply([]Move{Right, Left, Right, Down, Left}); n != 3 || !Equal(d, goal) || !Equal(b, MustParse(s, text)) {
		t.Errorf("Apply made %d moves, to %v; the copy is %v", n, d, b)
	}
	// Renaming for a goal maps it onto the standard one.
	snail, _ := s.Named(Snail)
	r := Relabel(snail, snail)
	if !Equal(r, s.Goal(snail.Blank())) {
		t.Errorf("Relabel(snail, snail) = %v", r)
	}
	if Relabel(b, Shape{3, 3}.Goal(8)).Valid() {
		t.Errorf("Relabel of two shapes made a board")
	}
}

func TestLargeParseErrors(t *testing.T) {
	s := Shape{Rows: 5, Cols: 5}
	good := strings.Fields("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 x 24")
	with := func(i int, v string) string {
		f := append([]string(nil), good...)
		f[i] = v
		return strings.Join(f, " ")
	}
	for _, c := range []struct{ in, want string }{
		{with(10, "7"), "1:22: tile 7 repeated (first at 1:13); want each of 1..24 once"},
		{with(10, "25"), "1:22: tile 25 out of range 1..24 for a 5x5 board"},
		{with(10, "0"), "1:60: a second blank (the first is at 1:22); want one blank"},
		{with(10, "7a"), "1:23: unexpected 'a'; want a tile 1..24 or a blank (x X 0 #) for a 5x5 board"},
		{strings.Join(good[:24], " "), "1: too few cells: 24, want 25"},
		{strings.Join(good, " ") + " 1", "1:66: too many cells: 26, want 25"},
	} {
		if _, err := Parse(s, c.in); err == nil || err.Error() != c.want {
			t.Errorf("Parse(%q): %v, want %s", c.in, err, c.want)
		}
	}
	big := Shape{Rows: 300, Cols: 300}
	cells := make([]string, big.Cells())
	for i := range cells {
		cells[i] = strconv.Itoa((i + 1) % big.Cells())
	}
	cells[89999] = "4"
	if _, err := Parse(big, strings.Join(cells, " ")); err == nil || !strings.Contains(err.Error(), "tile 4 repeated (first at 1:7)") {
		t.Errorf("a 300x300 board with tile 4 twice: %v", err)
	}
}

func TestNamedGoals(t *testing.T) {
	for _, c := range []struct {
		s          Shape
		name, want string
	}{
		{Shape{3, 3}, Snail, "1238x4765"},
		{Shape{3, 3}, BlankLast, "12345678x"},
		{Shape{3, 3}, BlankFirst, "x12345678"},
		{Shape{2, 3}, Snail, "123x54"},
		{Shape{4, 4}, Snail, "1 2 3 4 12 13 14 5 11 x 15 6 10 9 8 7"},
		{Shape{5, 5}, Snail, "1 2 3 4 5 16 17 18 19 6 15 24 x 20 7 14 23 22 21 8 13 12 11 10 9"},
		{Shape{3, 5}, Snail, "1 2 3 4 5 12 13 14 x 6 11 10 9 8 7"},
		{Shape{5, 3}, Snail, "1 2 3 12 13 4 11 14 5 10 x 6 9 8 7"},
		{Shape{2, 2}, Snail, "12x3"},
	} {
		g, ok := c.s.Named(c.name)
		if !ok || g.String() != c.want {
			t.Errorf("%v.Named(%q) = %v, %v; want %s", c.s, c.name, g, ok, c.want)
		}
	}
	for _, s := range []Shape{{2, 2}, {6, 6}, {7, 4}, {31, 2}, {100, 100}} {
		for _, name := range GoalNames {
			if g, ok := s.Named(name); !ok || !g.Valid() || g.Shape() != s {
				t.Errorf("%v.Named(%q) = %v, %v", s, name, g, ok)
			}
		}
	}
	if _, ok := Shape3x3.Named("spiral"); ok {
		t.Errorf("an unknown name made a goal")
	}
	if _, ok := (Shape{}).Named(Snail); ok {
		t.Errorf("the zero Shape made a goal")
	}
}

// FuzzParseLarge reads any text as boards of more than 16 cells: no
// panic, a SyntaxError for what is no board, and a board that holds each
// tile once, prints in a form that reads back the same, and has the
// parity of its inversions.
func FuzzParseLarge(f *testing.F) {
	for _, s := range []string{
		"1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 x 24",
		"1 2 3 4 5\n6 7 8 9 10\n11 12 13 14 15\n16 17 18 19 20\n21 22 23 24 0",
		"24 23 22 21 20 19 18 17 16 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1 #",
		"1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 24",
		"1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 0 x",
		"99999999999 \xff 7a\r\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		shapes := []Shape{{Rows: 5, Cols: 5}, {Rows: 3, Cols: 6}, {Rows: 6, Cols: 3}, {Rows: 2, Cols: 9}, {Rows: 4, Cols: 5}}
		if s, err := Infer(in); err == nil && s.Cells() <= 10000 {
			shapes = append(shapes, s)
		}
		for _, s := range shapes {
			b, err := Parse(s, in)
			if err != nil {
				if _, ok := err.(*SyntaxError); !ok {
					t.Fatalf("Parse(%v, %q): error %T, want *SyntaxError", s, in, err)
				}
				continue
			}
			again, err := Parse(s, b.String())
			if err != nil || !Equal(again, b) {
				t.Fatalf("Parse(%v, %q) = %v, which reads back as %v, %v", s, in, b, again, err)
			}
			if b.Parity() != inversions(b) {
				t.Fatalf("%v: parity %d, inversions say %d", b, b.Parity(), inversions(b))
			}
		}
	})
}
