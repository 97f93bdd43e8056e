package format

import (
	"strings"
	"testing"

	"github.com/slidingpuzzle/solver/board"
)

// collect reads every case of r and describes each with line.
func collect(r *Reader, line func(c *Case) string) []string {
	var out []string
	var c Case
	for r.Next(&c) {
		out = append(out, line(&c))
	}
	return out
}

// readAll reads every case of in and describes each as a line: the case
// number and boards, or the message.
func readAll(p Preset, in string) []string {
	return collect(NewReader(strings.NewReader(in), "in", p), func(c *Case) string {
		switch {
		case c.Err != nil && c.Num == 0:
			return "note " + c.Err.Error()
		case c.Err != nil:
			return "bad " + c.Err.Error()
		}
		return c.Start.String() + ">" + c.Goal.String()
	})
}

// A readCase is an input of a preset and what readAll makes of it, its
// cases joined by "|".
type readCase struct {
	p    Preset
	in   string
	want string
}

// checkReads reads each input of cases and holds it to its want.
func checkReads(t *testing.T, cases []readCase) {
	t.Helper()
	for _, c := range cases {
		got := strings.Join(readAll(c.p, c.in), "|")
		if got != c.want {
			t.Errorf("%s %q:\ngot  %s\nwant %s", c.p.Name, c.in, got, c.want)
		}
	}
}

func TestReader(t *testing.T) {
	hdu, _ := Lookup("hdu1043")
	uva, _ := Lookup("uva652")
	lrj, _ := Lookup("lrj")
	checkReads(t, []readCase{
		{hdu, "23415x768\n\n  12345678x\r\n", "23415x768>12345678x|12345678x>12345678x"},
		{hdu, "\xef\xbb\xbf23415x768", "23415x768>12345678x"},
		{hdu, "123\n456\n78x\n", "bad in:1: too few cells: 3, want 9|bad in:2: too few cells: 3, want 9|bad in:3: too few cells: 3, want 9"},
		{uva, "2\n\n123\n456\n78x\n\n23415x768\n", "12345678x>12345678x|23415x768>12345678x"},
		{uva, "2\n123\n", "bad in:2: input ends in the middle of a board: 1 row, want 3|note in:2: input ends after 1 case; the count at the start says 2"},
		{uva, "0\n", ""},
		{uva, "0\n12345678x\n", "note in:2: more cases than the count 0 at the start; answering them too|12345678x>12345678x"},
		{uva, "3\n12345678x", "12345678x>12345678x|note in:2: input ends after 1 case; the count at the start says 3"},
		{lrj, "1 2 3 4 5 6 7 8 0 1 2 3 4 5 6 7 0 8\n", "12345678x>1234567x8"},
		{lrj, "1 2 3\n4 5 6\n7 8 0\n\n1 2 3\n4 5 6\n7 0 8\n", "12345678x>1234567x8"},
		{lrj, "1 2 3\n4 5\n\n1 2 3\n4 5 6\n7 0 8\n", "bad in:2: row 2 has 2 cells, want 3"},
		{lrj, "1 2 3 4 5 6 7 8 0\n1 2 3 4 5 6 7 8 8\n", "bad in:2:17: tile 8 repeated (first at 2:15); want each of 1..8 once (in the goal board)"},
	})
}

func TestAppend(t *testing.T) {
	hdu3567, _ := Lookup("hdu3567")
	uva, _ := Lookup("uva652")
	light, _ := Lookup("lightoj1139")
	for _, c := range []struct {
		got, want string
	}{
		{string(hdu3567.AppendAnswer(nil, 2, []byte("urrulldr"), 8)), "Case 2: 8\nurrulldr\n"},
		{string(hdu3567.AppendBad(nil, 3)), "Case 3: error\n\n"},
		{string(uva.AppendAnswer(nil, 1, []byte("dd"), 2)), "dd\n"},
		{string(uva.AppendAnswer(nil, 2, nil, 0)), "\n\n"},
		{string(light.AppendUnsolvable(nil, 4)), "Case 4: impossible\n"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

func TestPresets(t *testing.T) {
	seen := map[string]bool{}
	for _, p := range Presets {
		if seen[p.Name] {
			t.Errorf("preset %s twice", p.Name)
		}
		seen[p.Name] = true
		if p.Shape.Valid() == (p.Size != NoSize) || p.Problems == "" || p.Unsolvable == "" || (p.Print == Verdict) == (p.Solved == "") {
			t.Errorf("preset %s is incomplete", p.Name)
		}
		if err := p.Check(); err != nil {
			t.Errorf("preset %s: %v", p.Name, err)
		}
		if p.Size != NoSize {
			for _, s := range []board.Shape{{Rows: 3, Cols: 3}, {Rows: 5, Cols: 7}} {
				if g, err := p.Goal.For(s); err != nil || g.Shape() != s {
					t.Errorf("preset %s: goal %q of %v: %v, %v", p.Name, p.Goal, s, g, err)
				}
			}
			continue
		}
		if g, ok := p.DefaultGoal(); ok == p.Pairs || (ok && g.Shape() != p.Shape) {
			t.Errorf("preset %s: goal %q", p.Name, p.Goal)
		}
	}
}

// FuzzReader reads any input with every preset: no panic, cases numbered
// 1, 2, ... in order, each with boards of the preset's shape or an error.
func FuzzReader(f *testing.F) {
	for _, s := range []string{"2\n12X453786\n12345678X\n", "1 2 3\n4 5 6\n7 8 0\n\n", "x\n\xff\n99999999999999999999\n", "3\n\n\n1",
		"3 3\n1 0 3\n4 2 5\n7 8 6\n2 5\n1 2 3 4 5\n6 7 8 0 9\n0 0\n", "# c\n3\n1 2 3 # c\n8 0 4\n7 6 5\n5 5\n1 2\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		for _, p := range Presets {
			r := NewReader(strings.NewReader(in), "in", p)
			var c Case
			num := 0
			for r.Next(&c) {
				if c.Num == 0 {
					if c.Err == nil {
						t.Fatalf("%s: a note without a message", p.Name)
					}
					continue
				}
				num++
				if c.Num != num {
					t.Fatalf("%s: case %d, want %d", p.Name, c.Num, num)
				}
				if c.Err == nil && (c.Start.Shape() != p.Shape && p.Size == NoSize || c.Goal.Shape() != c.Start.Shape() || !c.Start.Valid()) {
					t.Fatalf("%s: case %d has no boards", p.Name, c.Num)
				}
				if num > len(in)+1 {
					t.Fatalf("%s: more cases than bytes", p.Name)
				}
			}
		}
	})
}

// TestLayoutBoundsCases holds the rule that the lines of a file bound its
// boards: a malformed board, short or long, on one line or in rows, is one
// bad case, and every case after it reads as it would alone.
func TestLayoutBoundsCases(t *testing.T) {
	lrj, _ := Lookup("lrj")
	aoj, _ := Lookup("aoj")
	boj, _ := Lookup("boj11112")
	light, _ := Lookup("lightoj1139")
	hdu3567, _ := Lookup("hdu3567")
	hoj, _ := Lookup("hoj1868")
	uva, _ := Lookup("uva652")
	checkReads(t, []readCase{
		// A short board, then a good pair, then an unsolvable one.
		{lrj, "1 2 3 4 5 6 7 8 0\n1 2 3 4 5 6 7 0 8\n1 2 3 4 5 6 7 8\n1 2 3 4 5 6 7 8 0\n1 2 3 4 5 6 0 7 8\n1 2 3 4 5 6 7 8 0\n2 1 3 4 5 6 7 8 0\n1 2 3 4 5 6 7 8 0\n",
			"12345678x>1234567x8|bad in:3: too few cells: 8, want 9 (in the start board)|123456x78>12345678x|21345678x>12345678x"},
		// A long board.
		{lrj, "1 2 3 4 5 6 7 8 0 5\n1 2 3 4 5 6 7 8 0\n1 2 3 4 5 6 7 0 8\n1 2 3 4 5 6 7 8 0\n",
			"bad in:1:19: too many cells: 10, want 9 (in the start board)|1234567x8>12345678x"},
		// A short goal.
		{hoj, "2\n1 2 3 4 5 6 7 8 0\n1 2 3 4 5 6 7 0\n1 2 3 4 5 6 7 0 8\n1 2 3 4 5 6 7 8 0\n",
			"bad in:3: too few cells: 8, want 9 (in the goal board)|1234567x8>12345678x"},
		{hdu3567, "2\n12X45378\n12345678X\n564178X23\n7568X4123\n",
			"bad in:2: too few cells: 8, want 9 (in the start board)|564178x23>7568x4123"},
		// A short last row, then two good boards.
		{aoj, "1 2 3\n4 5 6\n7 0\n1 2 3\n4 5 6\n7 0 8\n1 2 3\n4 5 6\n0 7 8\n",
			"bad in:3: row 3 has 2 cells, want 3|1234567x8>12345678x|123456x78>12345678x"},
		// A long row.
		{aoj, "1 2 3\n4 5 6 6\n7 8 0\n1 2 3\n4 5 6\n7 0 8\n",
			"bad in:2: row 2 has 4 cells, want 3|1234567x8>12345678x"},
		// Rows cut short by a blank line: the next board starts after it.
		{uva, "2\n1 2 3\n4 5 6\n\n1 2 3\n4 5 6\n7 0 8\n", "bad in:4: a blank line after 2 rows of the board; want 3 rows of 3|1234567x8>12345678x"},
		// An overfull case where blank lines separate cases.
		{boj, "2\n\n1234\n5678#\n123\n\n123\n456\n78#\n",
			"bad in:3: too few cells: 4, want 9|12345678x>12345678x"},
		{boj, "2\n\n123\n456\n78#\n123\n\n123\n456\n78#\n",
			"bad in:6: more lines than one board before the blank line that ends the case; want 3 rows of 3|12345678x>12345678x"},
		{light, "2\n\n1 2 3\n4 5 6\n\n1 2 3\n4 5 6\n7 8 0\n",
			"bad in:5: a blank line after 2 rows of the board; want 3 rows of 3|12345678x>12345678x"},
		// A count that looks like cells is a bad count, and only that.
		{boj, "2 1\n\n123\n456\n78#\n", "note in:1: want the number of cases, got \"2 1\"; reading cases to the end of the input|12345678x>12345678x"},
		{uva, "0x3\n12345678x\n", "note in:1: want the number of cases, got \"0x3\"; reading cases to the end of the input|12345678x>12345678x"},
		{uva, "", "note in:1: the input is empty; want the number of cases"},
		{hdu3567, "\n\n", "note in:2: the input is empty; want the number of cases"},
	})
}

// TestArgsReader holds that every argument is a case: an empty one is a
// bad case, not nothing.
func TestArgsReader(t *testing.T) {
	hdu, _ := Lookup("hdu1043")
	r := NewArgsReader([]string{"12345678x", "", "21345678x", " ", "123\n4x5\n786"}, hdu)
	var got []string
	var c Case
	for r.Next(&c) {
		if c.Err != nil {
			got = append(got, c.Err.Error())
		} else {
			got = append(got, c.Start.String())
		}
	}
	want := "12345678x|argument 2: empty board; want 9 cells|21345678x|argument 4: empty board; want 9 cells|1234x5786"
	if g := strings.Join(got, "|"); g != want {
		t.Errorf("got  %s\nwant %s", g, want)
	}
}

// TestMaxLine holds the limit where it is documented: a line of MaxLine
// bytes is read, one byte more is too long.
func TestMaxLine(t *testing.T) {
	hdu, _ := Lookup("hdu1043")
	for _, n := range []int{MaxLine, MaxLine + 1} {
		line := "12345678x" + strings.Repeat(" ", n-9)
		got := readAll(hdu, line+"\n"+line)
		want := "12345678x>12345678x"
		if n > MaxLine {
			want = "bad in:1: line of 65537 bytes is too long; want at most 65536 bytes"
		}
		if len(got) != 2 || got[0] != want || got[1] != got[0] && n <= MaxLine {
			t.Errorf("line of %d bytes: got %.80q, want %s twice", n, got, want)
		}
	}
}

// TestResetSlowLine reads lines good and bad alone with ResetLine and with
// ResetSlowLine, which skips board.ParseLine: the same case, board or
// message, for each, in every 3x3 preset that reads one board a line.
func TestResetSlowLine(t *testing.T) {
	lines := []string{
		"2 3 4 1 5 x 7 6 8", "23415x768", "  2 3 4 1 5 x 7 6 8\r", "2\t3 4 1 5 x 7 6 8 ",
		"1 2 3 4 5 6 7 8 9", "hello world", "12345678", "1 2 3 4 5 6 7 8 8", "1 2 3 4 5 x 7 8 9 0",
		"", "   ", "x x 1 2 3 4 5 6 7", "é 2 3 4 5 6 7 8", "1 2 3 4 5 6 7 8 \x01", "123456780",
	}
	for _, p := range Presets {
		if p.Shape != board.Shape3x3 || !p.OneLine {
			continue
		}
		fast, slow := NewReader(nil, "in", p), NewReader(nil, "in", p)
		for k, line := range lines {
			var a, b Case
			fast.ResetLine([]byte(line), k+1)
			slow.ResetSlowLine([]byte(line), k+1)
			okA, okB := fast.Next(&a), slow.Next(&b)
			if okA != okB || a.Start != b.Start || a.Num != b.Num || a.Line != b.Line || (a.Err == nil) != (b.Err == nil) ||
				a.Err != nil && a.Err.Error() != b.Err.Error() {
				t.Errorf("%s: %q: ResetLine gives %v %+v, ResetSlowLine %v %+v", p.Name, line, okA, a, okB, b)
			}
		}
	}
}

// lineFaultVsReader checks AppendLineFault on line against a Reader of p
// that reads the line alone: where it reports a fault, the Reader reads
// one bad case whose Error is that text, and where the Reader reads one bad
// case of printable ASCII within MaxLine, AppendLineFault reports it.
func lineFaultVsReader(t *testing.T, p Preset, line string) {
	t.Helper()
	got, ok := p.AppendLineFault(nil, "in", 7, []byte(line))
	r := NewReader(nil, "in", p)
	r.ResetLine([]byte(line), 7)
	var c Case
	n := 0
	var want string
	for r.Next(&c) {
		n++
		if c.Err != nil {
			want = c.Err.Error()
		}
	}
	printable := true
	for _, b := range []byte(line) {
		if (b < ' ' || b > '~') && b != '\t' && b != '\r' && b != '\v' && b != '\f' {
			printable = false
		}
	}
	switch {
	case ok && (n != 1 || string(got) != want):
		t.Errorf("%s: %q: AppendLineFault %q; the Reader reads %d cases, the last fault %q", p.Name, line, got, n, want)
	case !ok && n == 1 && want != "" && printable && len(line) <= MaxLine && p.OneLine && !p.Nested && !p.Pairs:
		t.Errorf("%s: %q: AppendLineFault reports no fault; the Reader %q", p.Name, line, want)
	}
}

// TestAppendLineFault holds AppendLineFault to the Reader on lines of
// every kind of fault, and good and blank ones, in every preset.
func TestAppendLineFault(t *testing.T) {
	lines := []string{
		"2 3 4 1 5 x 7 6 8", "23415x768", "", "   ", "\t\r",
		"1 2 3 4 5 6 7 8 9", "hello world", "12345678", "1 2 3 4 5 6 7 8 8", "1 2 3 4 5 x 7 8 9 0",
		"x x 1 2 3 4 5 6 7", "0 1 2 3 4 5 6 7 8", "1 2 3 4 5 6 7 8 #", "'12345678", "\\12345678", "1234567x8 junk",
		"1 2 3 4 5 6 7 8 x\r", "123456789012345678901234567890123456", "é 2 3 4 5 6 7 8", "\x01 2 3", "[[1,2,3],[4,0,5]]",
		"1 2 3 4 5 6 7 8 x 1 2 3 4 5 6 7 8 x", strings.Repeat("1", MaxLine+1),
	}
	for _, p := range Presets {
		for _, line := range lines {
			lineFaultVsReader(t, p, line)
		}
	}
}

// FuzzLineFault holds AppendLineFault to the Reader on any line, in the
// presets of one board a line.
func FuzzLineFault(f *testing.F) {
	for _, s := range []string{"1 2 3 4 5 6 7 8 9", "hello world", "12345678", "1 2 3 4 5 6 7 8 8", "x12345678", "1 2 3\t4 5 6 7 8 x x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		if strings.ContainsAny(line, "\n") {
			return
		}
		for _, p := range Presets {
			if p.OneLine {
				lineFaultVsReader(t, p, line)
			}
		}
	})
}

// TestAppendLineFaultAllocs says a bad line of each usual kind, into a
// log with room, with no allocation: a file of bad lines makes no
// garbage a line.
func TestAppendLineFaultAllocs(t *testing.T) {
	p, _ := Lookup("hdu1043")
	dst := make([]byte, 0, 1<<10)
	for _, line := range []string{"1 2 3 4 5 6 7 8 9", "hello world", "12345678", "1 2 3 4 5 6 7 8 8", "1 2 3 4 5 x 7 8 9 0", "x x 1 2 3 4 5 6 7", "1234567#0"} {
		b := []byte(line)
		if _, ok := p.AppendLineFault(dst[:0], "stdin", 123456, b); !ok {
			t.Fatalf("%q: not said", line)
		}
		if n := testing.AllocsPerRun(100, func() { p.AppendLineFault(dst[:0], "stdin", 123456, b) }); n != 0 {
			t.Errorf("%q: %v allocations a line, want 0", line, n)
		}
	}
}
