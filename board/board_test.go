package board

import (
	"math/rand/v2"
	"strings"
	"testing"
)

var s3 = Shape3x3

func TestParse(t *testing.T) {
	for _, c := range []struct {
		in, want string
	}{
		{"2  3  4  1  5  x  7  6  8", "23415x768"},
		{"2 3 4 1 5 x 7 6 8", "23415x768"},
		{"2\t3\t4\t1\t5\tx\t7\t6\t8", "23415x768"},
		{"23415x768", "23415x768"},
		{"12X453786", "12x453786"},
		{"283104765", "2831x4765"},
		{"123\n4#5\n786", "1234x5786"},
		{"1 3 0\n4 2 5\n7 8 6", "13x425786"},
		{"  1 2 3 4 5 6 7 8 x  ", "12345678x"},
		{"1 2 3\r\n4 5 6\r\n7 8 x\r\n", "12345678x"},
		{"123 456\n78#", "12345678x"},
	} {
		b, err := Parse(s3, c.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.in, err)
			continue
		}
		if got := b.String(); got != c.want {
			t.Errorf("Parse(%q) = %s, want %s", c.in, got, c.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct {
		in, want string
	}{
		{"", "1: too few cells: 0, want 9"},
		{"1 2 3 4 5 6 7 8", "1: too few cells: 8, want 9"},
		{"1 2 3 4 5 6 7 8 x 9", "1:19: tile 9 out of range 1..8 for a 3x3 board"},
		{"1 2 3 4 5 6 7 8 x 1", "1:19: too many cells: 10, want 9"},
		{"1 2 3 4 5 6 7 3 x", "1:15: tile 3 repeated (first at 1:5); want each of 1..8 once"},
		{"1 2 3 4 5 6 7 x x", "1:17: a second blank (the first is at 1:15); want one blank"},
		{"1 2 3 4 5 6 7 8 q", "1:17: unexpected 'q'; want a tile 1..8 or a blank (x X 0 #) for a 3x3 board"},
		{"1 2 3 4 5 6 7 8 \xff", "1:17: byte 0xff is not text; want a tile 1..8 or a blank (x X 0 #) for a 3x3 board"},
		{"1 2 3 4 5 6 7 8 \x00", "1:17: control character '\\x00'; want a tile 1..8 or a blank (x X 0 #) for a 3x3 board"},
		{"1,2,3,4,5,6,7,8,x", "1:2: unexpected ','; want a tile 1..8 or a blank (x X 0 #) for a 3x3 board"},
		{"12345678é", "1:9: unexpected 'é'; want a tile 1..8 or a blank (x X 0 #) for a 3x3 board"},
		{"123\n456\n78", "3: too few cells: 8, want 9"},
	} {
		_, err := Parse(s3, c.in)
		if err == nil {
			t.Errorf("Parse(%q): no error, want %q", c.in, c.want)
			continue
		}
		if got := err.Error(); got != c.want {
			t.Errorf("Parse(%q): %q, want %q", c.in, got, c.want)
		}
	}
}

func TestParseLarge(t *testing.T) {
	s := Shape{Rows: 4, Cols: 4}
	b, err := Parse(s, "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := b.String(), "14 13 15 7 11 12 9 5 6 x 2 1 4 8 10 3"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	for _, c := range []struct{ in, want string }{
		{"14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 16", "1:37: tile 16 out of range 1..15 for a 4x4 board"},
		{"14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3x", "1:38: unexpected 'x'; want a tile 1..15 or a blank (x X 0 #) for a 4x4 board"},
		{"14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 99999999999999999999", "1:37: tile 99999999999999999999 out of range 1..15 for a 4x4 board"},
	} {
		if _, err := Parse(s, c.in); err == nil || err.Error() != c.want {
			t.Errorf("Parse(%q): %v, want %s", c.in, err, c.want)
		}
	}
}

func TestAppendCellsKeepsCount(t *testing.T) {
	cells, err := s3.AppendCells(nil, []byte("1 2 q 4 \xe4\xb8\x80 6"), 7)
	if err == nil || err.Error() != "7:5: unexpected 'q'; want a tile 1..8 or a blank (x X 0 #) for a 3x3 board" {
		t.Errorf("err = %v", err)
	}
	if len(cells) != 6 || cells[2].Value != Bad || cells[4].Value != Bad || cells[5].Col != 13 {
		t.Errorf("cells = %v", cells)
	}
}

func TestMoves(t *testing.T) {
	b := MustParse(s3, "23415x768")
	path, err := ParsePath("ullddrurdllurdruldr")
	if err != nil {
		t.Fatal(err)
	}
	if n := b.Apply(path); n != len(path) {
		t.Fatalf("Apply stopped after %d moves", n)
	}
	if b != s3.Goal(8) {
		t.Errorf("ended at %v, want the goal", b)
	}
	if PathString(path) != "ullddrurdllurdruldr" {
		t.Errorf("PathString = %s", PathString(path))
	}
	if _, err := ParsePath("udx"); err == nil || err.Error() != `move 3 is 'x', want one of d l r u` {
		t.Errorf("ParsePath(udx): %v", err)
	}
	g := s3.Goal(8)
	if g.Move(Down) || g.Move(Right) || g != s3.Goal(8) {
		t.Errorf("moves off the board were made")
	}
	for m := range Move(NumMoves) {
		c := s3.Goal(4)
		if !c.Move(m) || !c.Move(m.Reverse()) || c != s3.Goal(4) {
			t.Errorf("%v then %v does not come back", m, m.Reverse())
		}
	}
	if s := (Down.String() + Left.String() + Right.String() + Up.String()); s != "dlru" {
		t.Errorf("letters %q", s)
	}
}

func TestSolvableRelabel(t *testing.T) {
	goal := MustParse(s3, "7568X4123")
	for _, c := range []struct {
		start string
		want  bool
	}{
		{"564178X23", true},
		{"654178X23", false},
		{"7568X4123", true},
	} {
		start := MustParse(s3, c.start)
		if got := Solvable(start, goal); got != c.want {
			t.Errorf("Solvable(%s, %v) = %v, want %v", c.start, goal, got, c.want)
		}
	}
	// Relabelling maps the goal onto the standard goal with its blank, and
	// keeps every path's effect.
	start := MustParse(s3, "564178X23")
	r := Relabel(start, goal)
	if got := Relabel(goal, goal); got != s3.Goal(4) {
		t.Errorf("Relabel(goal, goal) = %v, want %v", got, s3.Goal(4))
	}
	path, _ := ParsePath("urrulldr")
	start.Apply(path)
	r.Apply(path)
	if start != goal || r != s3.Goal(4) {
		t.Errorf("after the path: %v and %v", start, r)
	}
	// Even width: the blank's row counts.
	s := Shape{Rows: 2, Cols: 2}
	a, _ := New(s, []uint8{1, 2, 3, 0})
	b, _ := New(s, []uint8{1, 2, 0, 3})
	c, _ := New(s, []uint8{1, 0, 3, 2})
	if !Solvable(a, b) || !Solvable(a, c) {
		t.Errorf("2x2 boards one move apart are not solvable for each other")
	}
}

func TestString(t *testing.T) {
	if got := s3.Goal(0).String(); got != "x12345678" {
		t.Errorf("got %s", got)
	}
	if got := (Board{}).String(); !strings.Contains(got, "invalid") {
		t.Errorf("zero board prints %q", got)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"23415x768", "1 2 3\n4 5 6\n7 8 x", "12X453786", "\xff\x00", "1 3 0\n4 2 5\n7 8 6", "99 9 9"} {
		f.Add(s)
	}
	f.Add("[[1,2,3],[4,0,5]]")
	f.Add("1 2 3 4\n5 6 7 8\n9 10 11 0")
	f.Fuzz(func(t *testing.T, in string) {
		shapes := []Shape{s3, {Rows: 4, Cols: 4}}
		for cells := 4; cells <= MaxSmall; cells++ {
			shapes = append(shapes, Shapes(cells)...)
		}
		if s, err := Infer(in); err == nil {
			if !s.Valid() {
				t.Fatalf("Infer(%q) = %v, not a valid shape", in, s)
			}
			shapes = append(shapes, s)
		}
		for _, s := range shapes {
			if cells, _, err := s.ScanNested(nil, 40, []byte(in), 1); err == nil {
				if _, err := s.FromCells(cells, 1); err != nil {
					if _, ok := err.(*SyntaxError); !ok {
						t.Fatalf("FromCells of ScanNested(%q): error %T", in, err)
					}
				}
			}
			b, err := Parse(s, in)
			if err != nil {
				if _, ok := err.(*SyntaxError); !ok {
					t.Fatalf("Parse(%q): error %T, want *SyntaxError", in, err)
				}
				continue
			}
			// A board that reads must hold each tile once and print in a
			// form that reads back the same.
			again, err := Parse(s, b.String())
			if err != nil || !Equal(again, b) {
				t.Fatalf("Parse(%q) = %v, which reads back as %v, %v", in, b, again, err)
			}
		}
	})
}

// TestParseLine checks the fast reader against the full one on every
// line the parse tests use, and some more.
func TestParseLine(t *testing.T) {
	lines := []string{"2  3  4  1  5  x  7  6  8", "23415x768", "12X453786", " 1 2 3 4 5 6 7 8 x \r", "", "1 2 3", "1 2 3 4 5 6 7 8 x 1",
		"1 2 3 4 5 6 7 3 x", "1 2 3 4 5 6 7 x x", "1 2 3 4 5 6 7 8 9", "1 2 3 4 5 6 7 8 q", "\xff", "123456789x", "##1234567"}
	for _, l := range lines {
		compareParseLine(t, l)
	}
	if _, ok := ParseLine(Shape{Rows: 4, Cols: 4}, []byte("1 2")); ok {
		t.Errorf("ParseLine read a 4x4 board")
	}
}

func FuzzParseLine(f *testing.F) {
	f.Add("23415x768")
	f.Add("1 2 3 4 5 6 7 8 x")
	f.Add("12345x")
	f.Add("1 2 3 4 5 6 7 8 9")
	f.Add("1 2 3 4 5 6 7 8 8")
	f.Add("123456788")
	f.Fuzz(compareParseLine)
}

// TestParseLineNineForms holds ParseLine to the full reader on random
// lines of the two forms NineWords reads, "2 3 4 1 5 x 7 6 8" and
// "23415x768", of cells good and bad, where ParseLine gives up at once
// when NineWords does.
func TestParseLineNineForms(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	const chars = "012345678x9X# a'"
	for range 20000 {
		var b []byte
		spaced := rng.IntN(2) == 0
		for k := range 9 {
			if spaced && k > 0 {
				b = append(b, ' ')
			}
			b = append(b, chars[rng.IntN(len(chars))])
		}
		if rng.IntN(3) == 0 { // a permutation, now and then
			for k, v := range rng.Perm(9) {
				c := byte('0' + v)
				if v == 0 {
					c = 'x'
				}
				b[k*(1+btoi(spaced))] = c
			}
		}
		compareParseLine(t, string(b))
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// compareParseLine checks, for every shape of at most ten cells, that the
// fast reader takes line exactly when the full one does, and reads the
// same board.
func compareParseLine(t *testing.T, l string) {
	for cells := 4; cells <= 10; cells++ {
		for _, s := range Shapes(cells) {
			fast, ok := ParseLine(s, []byte(l))
			cells, err := s.AppendCells(nil, []byte(l), 1)
			var full Board
			if err == nil {
				full, err = s.FromCells(cells, 1)
			}
			if ok != (err == nil) || (ok && fast != full) {
				t.Errorf("%v: ParseLine(%q) = %v, %v; the full reader gives %v, %v", s, l, fast, ok, full, err)
			}
		}
	}
}

func TestInfer(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"23415x768", "3x3"},
		{"2 3 4 1 5 x 7 6 8", "3x3"},
		{"1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15", "4x4"},
		{"123\n4x5", "2x3"},
		{"1 2 3\n4 0 5", "2x3"},
		{"12\n34\n5x", "3x2"},
		{"1 2 3 4\n5 6 7 8\n9 10 11 0", "3x4"},
		{"123x", "2x2"},
		{"1 2 3 4 5 6 7 8 9 10 11 0", "12 cells: no square board; a 2x6, 3x4, 4x3 or 6x2 one"},
		{"12345x", "6 cells: no square board; a 2x3 or 3x2 one"},
		{"1234x67", "7 cells: no board has 7 cells; want R x C with R, C >= 2 and at most 1000000 cells"},
		{"1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 x", "5x5"},
		{"1 2 3 4 5 6\n7 8 9 10 11 12\n13 14 15 16 17 0", "3x6"},
		{strings.Repeat("1 ", 119) + "x", "120 cells: no square board; a 2x60, 3x40, 4x30, 5x24, 6x20, 8x15, 10x12 or another R x C one"},
		{"  ", "empty board; want its cells"},
	} {
		s, err := Infer(c.in)
		got := s.String()
		if err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("Infer(%q) = %s, want %s", c.in, got, c.want)
		}
	}
	for _, c := range []struct{ in, want string }{{"2x3", "2x3"}, {"4X4", "4x4"}, {"1x9", "shape 1x9: want R x C with R, C >= 2 and at most 1000000 cells"}, {"3x6", "3x6"}, {"999x999", "999x999"}, {"1000x1001", "shape 1000x1001: want R x C with R, C >= 2 and at most 1000000 cells"}, {"3", `shape "3": want RxC, such as 2x3 or 4x4`}} {
		s, err := ParseShape(c.in)
		got := s.String()
		if err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("ParseShape(%q) = %s, want %s", c.in, got, c.want)
		}
	}
}

func TestRemap(t *testing.T) {
	s := Shape{Rows: 2, Cols: 3}
	b := MustParse(s, "12345x")
	// A mirror left to right: cell (r, c) to (r, 2-c).
	mirror := [MaxSmall]uint8{2, 1, 0, 5, 4, 3}
	got, ok := Remap(b, &mirror)
	if want := MustParse(s, "321x54"); !ok || got != want {
		t.Errorf("Remap(%v) = %v, %v, want %v", b, got, ok, want)
	}
	for _, bad := range [][MaxSmall]uint8{
		{0, 0, 1, 2, 3, 4}, // two cells onto one
		{0, 1, 2, 3, 4, 6}, // off the board
	} {
		if got, ok := Remap(b, &bad); ok || got.Valid() {
			t.Errorf("Remap(%v, %v) = %v, true; want false", b, bad, got)
		}
	}
	if _, ok := Remap(Board{}, &mirror); ok {
		t.Errorf("Remap of the zero Board: true")
	}
}

// TestRenameRemap holds Rename to a cell-by-cell renaming and RenameRemap
// to Remap of Rename, on random boards, names and maps of every shape, and
// refuses what Remap refuses.
func TestRenameRemap(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	for range 2000 {
		s := Shapes(4 + rng.IntN(13))
		if len(s) == 0 {
			continue
		}
		shape := s[rng.IntN(len(s))]
		n := shape.Cells()
		perm := func() []uint8 {
			p := make([]uint8, n)
			for i, v := range rng.Perm(n) {
				p[i] = uint8(v)
			}
			return p
		}
		b, _ := New(shape, perm())
		from, _ := New(shape, perm())
		to := Rename(from, from, from) // a board with from's blank: its tiles shuffled below
		if cells := perm(); true {
			k := 0
			for i := range n {
				if i == from.Blank() {
					continue
				}
				for cells[k] == 0 {
					k++
				}
				to.set(i, cells[k])
				k++
			}
		}
		// Rename by the rule it states, cell by cell.
		var name [MaxSmall]uint8
		for i := range n {
			name[from.Cell(i)] = uint8(to.Cell(i))
		}
		cells := make([]uint8, n)
		for i := range cells {
			cells[i] = name[b.Cell(i)]
		}
		if want, err := New(shape, cells); err != nil || Rename(b, from, to) != want {
			t.Fatalf("Rename(%v, %v, %v) = %v, want %v (%v)", b, from, to, Rename(b, from, to), want, err)
		}
		var m [MaxSmall]uint8
		copy(m[:], perm())
		if rng.IntN(10) == 0 {
			m[rng.IntN(n)] = uint8(rng.IntN(MaxSmall)) // maybe not one to one
		}
		want, wok := Remap(Rename(b, from, to), &m)
		got, gok := RenameRemap(b, from, to, &m)
		if got != want || gok != wok {
			t.Fatalf("RenameRemap(%v, %v, %v, %v) = %v, %v; want %v, %v", b, from, to, m[:n], got, gok, want, wok)
		}
	}
	if _, ok := RenameRemap(Board{}, Board{}, Board{}, &[MaxSmall]uint8{}); ok {
		t.Errorf("RenameRemap of the zero Board: true")
	}
}

// TestShapeValid checks Valid on shapes at and past its bounds, and on
// shapes whose count of cells wraps around in an int: every one of those
// is not valid, and reading a line for it is an error, not a panic.
func TestShapeValid(t *testing.T) {
	for _, c := range []struct {
		s    Shape
		want bool
	}{
		{Shape{2, 2}, true}, {Shape{4, 4}, true}, {Shape{2, 8}, true}, {Shape{8, 2}, true},
		{Shape{3, 6}, true}, {Shape{2, 9}, true}, {Shape{999, 999}, true}, {Shape{2, 500000}, true}, {Shape{1000, 1000}, true},
		{Shape{1, 9}, false}, {Shape{0, 0}, false}, {Shape{-4, -4}, false}, {Shape{1000, 1001}, false}, {Shape{2, 500001}, false},
		{Shape{1 << 32, 1 << 32}, false}, {Shape{1 << 62, 4}, false}, {Shape{-1 << 63, 2}, false},
	} {
		if got := c.s.Valid(); got != c.want {
			t.Errorf("%+v.Valid() = %v, want %v", c.s, got, c.want)
		}
		if got, want := c.s.Small(), c.want && c.s.Cells() <= MaxSmall; got != want {
			t.Errorf("%+v.Small() = %v, want %v", c.s, got, want)
		}
		if _, _, err := c.s.ScanCells(nil, 100, []byte("1 2 x h"), 1); !c.want && err == nil {
			t.Errorf("%+v: ScanCells read a board", c.s)
		}
		if _, ok := ParseLine(c.s, []byte("1 2 3 x")); ok && !c.want {
			t.Errorf("%+v: ParseLine read a board", c.s)
		}
	}
}

// TestAppendCellsFault holds AppendCellsFault to FromCells on random
// cells of every shape: too few, too many, values off the board, tiles
// repeated, blanks repeated, and boards.
func TestAppendCellsFault(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	shapes := []Shape{{3, 3}, {2, 3}, {4, 4}, {2, 2}, {}, {1, 9}}
	for range 20000 {
		s := shapes[rng.IntN(len(shapes))]
		n := s.Cells()
		var cells []Cell
		for i, v := range rng.Perm(max(n, 1)) {
			cells = append(cells, Cell{Value: uint32(v), Line: int32(1 + i/3), Col: int32(1 + 2*(i%3))})
		}
		switch rng.IntN(5) {
		case 0:
			cells = cells[:rng.IntN(len(cells)+1)]
		case 1:
			cells = append(cells, Cell{Value: uint32(rng.IntN(n + 1)), Line: 9, Col: 9})
		case 2:
			cells[rng.IntN(len(cells))].Value = uint32(rng.IntN(n + 2))
		case 3:
			cells[rng.IntN(len(cells))].Value = cells[rng.IntN(len(cells))].Value
		}
		line := rng.IntN(100)
		b, err := s.FromCells(cells, line)
		msg, at, col, bad := s.AppendCellsFault([]byte("x"), cells, line)
		if err == nil {
			if bad || string(msg) != "x" {
				t.Fatalf("%v %v: AppendCellsFault = %q, %d, %d, true; FromCells made %v", s, cells, msg, at, col, b)
			}
			continue
		}
		want := err.Error()
		if se, ok := err.(*SyntaxError); ok {
			if se.Line != at || se.Col != col {
				t.Fatalf("%v %v: AppendCellsFault at %d:%d, FromCells %d:%d", s, cells, at, col, se.Line, se.Col)
			}
			want = se.Msg
		}
		if !bad || string(msg) != "x"+want {
			t.Fatalf("%v %v: AppendCellsFault = %q, %v; FromCells says %q", s, cells, msg, bad, want)
		}
	}
}

// TestAppendCountFault holds the words of a count of cells that is not
// the board's, which the format package's messages share.
func TestAppendCountFault(t *testing.T) {
	for _, c := range []struct {
		count, n int
		want     string
	}{
		{8, 9, "too few cells: 8, want 9"},
		{0, 9, "too few cells: 0, want 9"},
		{10, 9, "too many cells: 10, want 9"},
		{17, 16, "too many cells: 17, want 16"},
	} {
		if got := string(AppendCountFault([]byte("x"), c.count, c.n)); got != "x"+c.want {
			t.Errorf("AppendCountFault(%d, %d) = %q, want %q", c.count, c.n, got, "x"+c.want)
		}
	}
}

// TestRenameRefuses: Rename and RenameRemap give the zero Board when from
// and to have their blanks in other cells, or another shape than b, on
// small and large boards alike.
func TestRenameRefuses(t *testing.T) {
	s3 := Shape{Rows: 3, Cols: 3}
	s5 := Shape{Rows: 5, Cols: 5}
	s24 := Shape{Rows: 2, Cols: 4}
	id := [MaxSmall]uint8{0, 1, 2, 3, 4, 5, 6, 7, 8}
	for _, c := range []struct{ b, from, to Board }{
		{s3.Goal(8), s3.Goal(8), s3.Goal(0)},
		{s3.Goal(4), s3.Goal(0), s3.Goal(4)},
		{s24.Goal(7), s3.Goal(8), s3.Goal(8)},
		{s3.Goal(8), s24.Goal(7), s24.Goal(7)},
		{s3.Goal(8), s5.Goal(24), s5.Goal(24)},
		{s5.Goal(24), s3.Goal(8), s3.Goal(8)},
		{s5.Goal(24), s5.Goal(24), s5.Goal(0)},
	} {
		if got := Rename(c.b, c.from, c.to); got.Valid() || got != (Board{}) {
			t.Errorf("Rename(%v, %v, %v) = %v, want the zero Board", c.b, c.from, c.to, got)
		}
		if got, ok := RenameRemap(c.b, c.from, c.to, &id); ok || got.Valid() {
			t.Errorf("RenameRemap(%v, %v, %v) = %v, %v; want false", c.b, c.from, c.to, got, ok)
		}
	}
}

// TestRows writes boards of several shapes with AppendRows and reads them
// back, with and without the shape given.
func TestRows(t *testing.T) {
	for _, s := range []Shape{{Rows: 3, Cols: 3}, {Rows: 2, Cols: 3}, {Rows: 4, Cols: 4}, {Rows: 2, Cols: 8}, {Rows: 5, Cols: 5}, {Rows: 7, Cols: 3}} {
		b := s.Goal(1)
		text := string(b.AppendRows(nil))
		got, err := Parse(s, text)
		if err != nil || !Equal(got, b) {
			t.Errorf("%v: Parse(%q) = %v, %v; want %v", s, text, got, err, b)
		}
		if in, err := Infer(text); err != nil || in != s {
			t.Errorf("Infer(%q) = %v, %v; want %v", text, in, err, s)
		}
	}
	if got := string(MustParse(Shape3x3, "1 2 3/4 5 6/7 8 0").AppendRows(nil)); got != "1 2 3/4 5 6/7 8 0" {
		t.Errorf("AppendRows = %q", got)
	}
	if got := string(MustParse(Shape3x3, "123/456/78x").AppendRows(nil)); got != "1 2 3/4 5 6/7 8 0" {
		t.Errorf("123/456/78x: %q", got)
	}
	// ParseLine, the fast reader of judge files, takes the rows that
	// Parse takes, and no others.
	for _, text := range []string{"1 2 3/4 5 6/7 8 0", "123/456/78x", "1 2 3/4 5 6/7 8 0/", "1 2/3 4 5/6 7 8 0", "12/3456/78x", "1 2 3 4 5 6 7 8 0"} {
		_, err := Parse(Shape3x3, text)
		if _, ok := ParseLine(Shape3x3, []byte(text)); ok != (err == nil) {
			t.Errorf("%q: ParseLine %v, Parse %v", text, ok, err)
		}
	}
}

func TestRowsFaults(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"1 2 3/4 5/6 7 8 0", "1:7: row 2 has 2 cells, want 3 for a 3x3 board"},
		{"12/3456/78x", "1:1: row 1 has 2 cells, want 3"},
		{"1 2 3/4 5 6 7/8 0", "1:7: row 2 has 4 cells, want 3"},
		{"1 2 3\n4 5/6 7 8 0", "2:1: row 1 has 2 cells, want 3"},
	} {
		_, err := Parse(Shape3x3, c.text)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%q): %v, want %q", c.text, err, c.want)
		}
	}
}

// TestRandom: Random draws boards that reach the goal, of its shape,
// every one of the 4!/2 of 2x2 for a blank-last goal among a few hundred
// draws, each about as often (uniform); the zero Board has none.
func TestRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	goal := Shape{Rows: 2, Cols: 2}.Goal(3)
	counts := map[string]int{}
	for range 1200 {
		b := Random(rng, goal)
		if !b.Valid() || b.Shape() != goal.Shape() || !Solvable(b, goal) {
			t.Fatalf("Random gave %v, which does not reach %v", b, goal)
		}
		counts[b.String()]++
	}
	if len(counts) != 12 {
		t.Errorf("%d boards of the 12 that reach the goal: %v", len(counts), counts)
	}
	for b, n := range counts {
		if n < 50 || n > 150 { // 100 each, expected
			t.Errorf("%v drawn %d times in 1200, want about 100", b, n)
		}
	}
	for _, s := range []Shape{{Rows: 3, Cols: 3}, {Rows: 5, Cols: 7}} {
		goal := s.Goal(0)
		if b := Random(rng, goal); !Solvable(b, goal) || b.Shape() != s {
			t.Errorf("%v: Random gave %v", s, b)
		}
	}
	if b := Random(rng, Board{}); b.Valid() {
		t.Errorf("the zero goal: Random gave %v", b)
	}
}
