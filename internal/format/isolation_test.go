package format

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/slidingpuzzle/solver/board"
)

// caseText writes one case of p with boards in a layout of its own: on
// one line, spaced or not, or one row a line unless p reads one board a
// line. It returns the text and, for each line, whether a board starts
// there.
func caseText(p Preset, r *rand.Rand, start, goal board.Board) (string, []bool) {
	var sb strings.Builder
	var firsts []bool
	if p.Gap {
		sb.WriteByte('\n')
		firsts = append(firsts, false)
	}
	if p.Size != NoSize {
		// The size line, which is no board's: p.AppendCase writes it.
		size, _, _ := strings.Cut(string(p.AppendCase(nil, start, goal)), "\n")
		sb.WriteString(size + "\n")
		firsts = append(firsts, false)
	}
	write := func(b board.Board) {
		if p.Nested {
			sb.Write(p.AppendBoard(nil, b))
			firsts = append(firsts, true)
			return
		}
		rows := !p.OneLine && (p.Rows || r.IntN(3) == 0) || p.Size != NoSize
		spaced := p.Spaced || r.IntN(2) == 0
		s := b.Shape()
		firsts = append(firsts, true)
		for i := range s.Cells() {
			if i > 0 {
				switch {
				case rows && i%s.Cols == 0:
					sb.WriteByte('\n')
					firsts = append(firsts, false)
				case spaced:
					sb.WriteByte(' ')
				}
			}
			if c := b.Cell(i); c == 0 {
				sb.WriteByte(p.Blank)
			} else {
				fmt.Fprint(&sb, c)
			}
		}
		sb.WriteByte('\n')
	}
	write(start)
	if p.Pairs {
		write(goal)
	}
	return sb.String(), firsts
}

// caseShape returns the shape of a case of p: p's own, or for a preset
// whose cases give their size, one at random.
func caseShape(p Preset, r *rand.Rand) board.Shape {
	if p.Size == NoSize {
		return p.Shape
	}
	n := 3 + r.IntN(3)
	if p.Size == Side {
		return board.Shape{Rows: n, Cols: n}
	}
	return board.Shape{Rows: n, Cols: 2 + r.IntN(5)}
}

func randomBoard(r *rand.Rand, s board.Shape) board.Board {
	cells := make([]uint8, s.Cells())
	for i, v := range r.Perm(s.Cells()) {
		cells[i] = uint8(v)
	}
	b, _ := board.New(s, cells)
	return b
}

// describe reads every case of in and describes each: its number and
// boards, or "bad", or a note.
func describe(p Preset, in string) []string {
	return collect(NewReader(strings.NewReader(in), "in", p), numbered)
}

// numbered describes a case by its number and boards, or as bad, or as a
// note.
func numbered(c *Case) string {
	switch {
	case c.Num == 0:
		return "note"
	case c.Err != nil:
		return fmt.Sprintf("%d bad", c.Num)
	}
	return fmt.Sprintf("%d %v>%v", c.Num, c.Start, c.Goal)
}

// FuzzIsolation damages one case of a file of good ones, in any preset:
// a character of one of its board lines replaced, removed or added. Every
// other case must read exactly as before, with the same number; the
// damaged one is one case, good or bad. The damage keeps what the layout
// rule reads from a board's first line (one line, or the first of Rows),
// since that is what says where the board ends.
func FuzzIsolation(f *testing.F) {
	f.Add(uint64(1), uint8(0), uint16(3), byte('q'), uint8(0))
	f.Add(uint64(2), uint8(4), uint16(20), byte('7'), uint8(2))
	f.Add(uint64(3), uint8(8), uint16(5), byte(' '), uint8(1))
	f.Add(uint64(4), uint8(9), uint16(9), byte('#'), uint8(2))
	f.Add(uint64(5), uint8(6), uint16(12), byte('X'), uint8(1))
	f.Fuzz(func(t *testing.T, seed uint64, which uint8, pos uint16, ch byte, op uint8) {
		if ch == '\n' {
			return
		}
		p := Presets[int(which)%len(Presets)]
		r := rand.New(rand.NewPCG(seed, 1))
		const n, k = 5, 2 // cases, and the one damaged
		var texts []string
		var firsts []bool     // of case k
		var shape board.Shape // of case k
		for i := range n {
			s := caseShape(p, r)
			start := randomBoard(r, s)
			goal, _ := p.Goal.For(s)
			if p.Pairs {
				goal = randomBoard(r, s)
			}
			if i == k {
				shape = s
			}
			tx, f := caseText(p, r, start, goal)
			texts = append(texts, tx)
			if i == k {
				firsts = f
			}
		}
		// Damage a character of a board line of case k.
		lines := strings.SplitAfter(texts[k], "\n")
		var boardLines []int
		for i, l := range lines {
			if strings.TrimSpace(l) != "" && (i > 0 || p.Size == NoSize) {
				boardLines = append(boardLines, i)
			}
		}
		li := boardLines[int(pos)%len(boardLines)]
		l := []byte(strings.TrimSuffix(lines[li], "\n"))
		at := int(pos/7) % (len(l) + 1)
		switch op % 3 {
		case 0:
			if at == len(l) {
				at--
			}
			l[at] = ch
		case 1:
			if at == len(l) {
				at--
			}
			l = append(l[:at], l[at+1:]...)
		case 2:
			l = append(l[:at], append([]byte{ch}, l[at:]...)...)
		}
		uncommented := l
		if i := bytes.IndexByte(l, '#'); i >= 0 && p.Comments {
			uncommented = l[:i]
		}
		if len(bytes.TrimSpace(uncommented)) == 0 {
			return // a blank line (or one all comment) is structure, not damage
		}
		// The layout the first line of the damaged board says.
		if firsts[li] && !p.OneLine {
			before := countCells(shape, strings.TrimSuffix(lines[li], "\n"))
			after := countCells(shape, string(uncommented))
			if rowsLayout(shape, before) != rowsLayout(shape, after) {
				return
			}
			if p.Pairs && !rowsLayout(shape, after) && (after == 2*shape.Cells()) {
				return // a whole pair on one line
			}
		}
		lines[li] = string(l) + "\n"
		damaged := strings.Join(lines, "")
		var sb, db strings.Builder
		head := string(p.AppendCount(nil, n))
		sb.WriteString(head)
		db.WriteString(head)
		for i, tx := range texts {
			sb.WriteString(tx)
			if i == k {
				db.WriteString(damaged)
			} else {
				db.WriteString(tx)
			}
		}
		sb.Write(p.AppendEnd(nil))
		db.Write(p.AppendEnd(nil))
		want, got := describe(p, sb.String()), describe(p, db.String())
		if len(got) != len(want) {
			t.Fatalf("%s: %d cases read, want %d\n--- file\n%s\n--- got %q\n--- want %q", p.Name, len(got), len(want), db.String(), got, want)
		}
		for i := range want {
			if i != k && got[i] != want[i] {
				t.Errorf("%s: case %d reads %q, want %q\n--- file\n%s", p.Name, i+1, got[i], want[i], db.String())
			}
		}
	})
}

// countCells counts the cells on a line as ScanCells does.
func countCells(s board.Shape, line string) int {
	_, k, _ := s.ScanCells(nil, 0, []byte(line), 1)
	return k
}

// rowsLayout says whether a first line of k cells starts a board of rows
// of shape s.
func rowsLayout(s board.Shape, k int) bool {
	return k <= s.Cols
}

// FuzzArgs puts one argument of any text among good boards given as
// arguments: every good one reads as it does alone, with its number.
func FuzzArgs(f *testing.F) {
	f.Add(uint8(0), "", uint8(1))
	f.Add(uint8(6), "12X45\n3786", uint8(0))
	f.Add(uint8(4), "1 2 3 4 5 6 7 8 0 1 2 3 4 5 6 7 0 8", uint8(3))
	f.Fuzz(func(t *testing.T, which uint8, arg string, where uint8) {
		p := Presets[int(which)%len(Presets)]
		r := rand.New(rand.NewPCG(uint64(which), uint64(where)))
		var args []string
		for range 6 {
			args = append(args, randomBoard(r, p.Shape).String())
		}
		k := int(where) % len(args)
		damaged := append([]string(nil), args...)
		damaged[k] = arg
		read := func(args []string) []string { return collect(NewArgsReader(args, p), numbered) }
		want, got := read(args), read(damaged)
		if len(got) != len(want) {
			t.Fatalf("%s: %d cases for %q, want %d", p.Name, len(got), damaged, len(want))
		}
		step := 1
		if p.Pairs {
			step = 2
		}
		for i := range want {
			if i != k/step && got[i] != want[i] {
				t.Errorf("%s: case %d reads %q, want %q (args %q)", p.Name, i+1, got[i], want[i], damaged)
			}
		}
	})
}

// FuzzCount puts any line in place of the count: the cases after it read
// as they do after a good count, with the same numbers.
func FuzzCount(f *testing.F) {
	f.Add(uint8(1), "2 1")
	f.Add(uint8(6), "0x3")
	f.Add(uint8(9), "")
	f.Fuzz(func(t *testing.T, which uint8, count string) {
		var counted []Preset
		for _, p := range Presets {
			if p.Count {
				counted = append(counted, p)
			}
		}
		p := counted[int(which)%len(counted)]
		if strings.ContainsAny(count, "\n") || strings.TrimSpace(strings.TrimPrefix(count, "\ufeff")) == "" {
			// A count on one line, as files have it, and not a blank line
			// (a byte order mark, which starts line 1, is no text), before
			// which the count is looked for on the next line.
			return
		}
		r := rand.New(rand.NewPCG(uint64(which), 7))
		var body strings.Builder
		for range 4 {
			goal, _ := p.DefaultGoal()
			if p.Pairs {
				goal = randomBoard(r, p.Shape)
			}
			tx, _ := caseText(p, r, randomBoard(r, p.Shape), goal)
			body.WriteString(tx)
		}
		cases := func(in string) []string {
			var out []string
			for _, d := range describe(p, in) {
				if d != "note" {
					out = append(out, d)
				}
			}
			return out
		}
		want := cases("4\n" + body.String())
		got := cases(count + "\n" + body.String())
		if strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("%s with count %q:\ngot  %q\nwant %q", p.Name, count, got, want)
		}
	})
}
