package format

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/slidingpuzzle/solver/board"
)

// full describes a case whole: number, line, boards and message.
func full(c *Case) string {
	if c.Err != nil {
		return fmt.Sprintf("%d@%d %v", c.Num, c.Line, c.Err)
	}
	return fmt.Sprintf("%d@%d %v>%v", c.Num, c.Line, c.Start, c.Goal)
}

// plainBlocks counts the blocks readBlocks found read whole at once.
var plainBlocks int

// readBlocks reads in as a batch does: a Block whenever NextBlock cuts
// one, read by a Reader of its own, else a run of cases of random length
// by Next.
func readBlocks(p Preset, in string, rng *rand.Rand) (out []string, blocks int) {
	goal, _ := p.DefaultGoal()
	r := NewReader(strings.NewReader(in), "in", p, goal)
	var b Block
	var sub *Reader
	var c Case
	for {
		if r.NextBlock(&b) {
			blocks++
			if b.Pairs() {
				plainBlocks++ // cut from lines that are all boards
			}
			if b.Pairs() && rng.IntN(2) == 0 {
				// As a batch reads a block of pairs: the usual case from
				// its lines, any other by a Reader of the case alone.
				pl := b.PairLines()
				n := 0
				for {
					// Now and then up to eight cases at once, as a batch
					// keys them (Eight and Skip), those that are boards
					// from the first.
					if data, d, ok := pl.Eight(); ok && rng.IntN(2) == 0 {
						k := 0
						for ; k < 1+rng.IntN(8); k++ {
							s, sok := board.ParseLine(p.Shape, data[2*k*d:][:d-1])
							g, gok := board.ParseLine(p.Shape, data[(2*k+1)*d:][:d-1])
							if !sok || !gok {
								break
							}
							c := Case{Num: pl.Num() + 1 + k, Line: pl.line + 2*k + 1, Start: s, Goal: g}
							out = append(out, full(&c))
						}
						pl.Skip(k)
						n += k
					}
					start, goal, ok := pl.Next()
					if !ok {
						break
					}
					n++
					s, sok := board.ParseLine(p.Shape, start)
					g, gok := board.ParseLine(p.Shape, goal)
					if sok && gok {
						c := Case{Num: pl.Num(), Line: pl.lastLine + 1, Start: s, Goal: g}
						out = append(out, full(&c))
						continue
					}
					sub = pl.Reader(sub)
					k := 0
					for sub.Next(&c) {
						out = append(out, full(&c))
						k++
					}
					if k != 1 {
						out = append(out, fmt.Sprintf("case %d read alone as %d cases", pl.Num(), k))
					}
				}
				if n != b.Cases() {
					out = append(out, fmt.Sprintf("block of %d cases read %d", b.Cases(), n))
				}
				continue
			}
			sub = b.Reader(sub)
			if sub.starts != nil {
				plainBlocks++
			}
			n := 0
			for sub.Next(&c) {
				out = append(out, full(&c))
				n++
			}
			if n != b.Cases() {
				out = append(out, fmt.Sprintf("block of %d cases read %d", b.Cases(), n))
			}
			continue
		}
		n := 1 + rng.IntN(300)
		k := 0
		for k < n && r.Next(&c) {
			out = append(out, full(&c))
			k++
		}
		if k < n {
			return out, blocks
		}
	}
}

// separatedFile writes n cases of p, with faults of every kind mixed in
// as rng picks them, and a count that may be wrong.
func separatedFile(p Preset, n int, rng *rand.Rand) string {
	return separatedFileOf(p, n, rng, true)
}

// separatedFileOf is separatedFile, or when not messy, a file as judges
// write them (line ends alone, empty blank lines) with a fault in one
// case of a few thousand.
func separatedFileOf(p Preset, n int, rng *rand.Rand, messy bool) string {
	var sb strings.Builder
	if p.Count {
		switch rng.IntN(6) {
		case 0:
			fmt.Fprintf(&sb, "%d\n", n-rng.IntN(5)) // too few
		case 1:
			fmt.Fprintf(&sb, "%d\n", n+rng.IntN(5)) // too many
		case 2:
			sb.WriteString("two\n")
		default:
			fmt.Fprintf(&sb, "%d\n", n)
		}
	}
	nl := "\n"
	if messy && rng.IntN(4) == 0 {
		nl = "\r\n"
	}
	odds := 40
	if !messy {
		odds = 32000 // eight kinds of fault: one case in 4000
	}
	s := p.Shape
	randomBoard := func() string {
		var cells [board.MaxSmall]uint8
		for i, v := range rng.Perm(s.Cells()) {
			cells[i] = uint8(v)
		}
		b, _ := board.New(s, cells[:s.Cells()])
		return string(p.AppendBoard(nil, b))
	}
	for range n {
		switch rng.IntN(4) {
		case 0:
			if p.Separated || p.Gap {
				sb.WriteString(nl)
			}
		case 1:
			if messy {
				sb.WriteString(nl + " \t" + nl)
			} else {
				sb.WriteString(nl + nl)
			}
		default:
			if p.Separated {
				sb.WriteString(nl)
			}
		}
		text := randomBoard()
		if p.Pairs {
			text += randomBoard()
		}
		switch rng.IntN(odds) {
		case 0:
			text = "junk\n"
		case 1:
			text += "123\n" // a line too many, or a row
		case 2:
			text = text[:len(text)/2] + "\n" // a board cut short
		case 3:
			text = strings.Repeat("1", MaxLine+10) + "\n" // a line too long
		case 4:
			text = strings.Replace(text, "\n", " ", 1) // two rows on a line, or a pair
		case 5:
			text = strings.Replace(text, "1", "9", 1)
		case 6:
			text = strings.Replace(text, "2", "é", 1) // a character of two bytes
		case 7:
			// A board of rows.
			b := []byte(strings.TrimSpace(strings.Split(text, "\n")[0]))
			b = bytes.ReplaceAll(b, []byte(" "), nil)
			var rows []string
			for i := 0; i+s.Cols <= len(b); i += s.Cols {
				rows = append(rows, string(b[i:i+s.Cols]))
			}
			text = strings.Join(rows, "\n") + "\n" + strings.Join(strings.Split(text, "\n")[1:], "\n")
		}
		sb.WriteString(strings.ReplaceAll(text, "\n", nl))
	}
	if rng.IntN(2) == 0 {
		sb.WriteString(nl + nl)
	}
	return sb.String()
}

// blockPresets are the presets whose files NextBlock cuts.
var blockPresets = []string{"lightoj1139", "boj11112", "lrj", "hdu3567", "hoj1868", "uva652", "aoj"}

// TestBlocksAgree reads large files of the presets NextBlock cuts, faults
// and wrong counts among them (boards of rows, characters of two bytes,
// lines too long), in Blocks and case by case: the same cases, numbers,
// lines and messages.
func TestBlocksAgree(t *testing.T) {
	cleanBlocks, wholeBlocks := 0, 0
	defer func() {
		if wholeBlocks < cleanBlocks/3 {
			t.Errorf("%d blocks of %d in files as judges write them read whole; want a third at least", wholeBlocks, cleanBlocks)
		}
	}()
	seeds := uint64(24)
	if testing.Short() {
		seeds = 4 // two files as judges write them, two messy, a preset
	}
	for _, name := range blockPresets {
		p, _ := Lookup(name)
		for seed := range seeds {
			rng := rand.New(rand.NewPCG(seed, 99))
			// Half the files as judges write them, whose blocks are most
			// often read whole at once (cutStarts), half messy.
			messy := seed%2 == 0
			n := 2000 + rng.IntN(8000)
			if !messy {
				n *= 4
			}
			in := separatedFileOf(p, n, rng, messy)
			want := collect(NewReader(strings.NewReader(in), "in", p, p.GoalOr(board.Board{})), full)
			plainBlocks = 0
			got, blocks := readBlocks(p, in, rng)
			if blocks == 0 {
				t.Errorf("%s seed %d: no blocks cut from %d bytes", name, seed, len(in))
			}
			if !messy {
				cleanBlocks, wholeBlocks = cleanBlocks+blocks, wholeBlocks+plainBlocks
			}
			sameCases(t, fmt.Sprintf("%s seed %d messy %v", name, seed, messy), "blocks", "alone", got, want)
		}
	}
}

// sameCases fails t at the first case where got and want, two readings of
// one file, differ, or where one has more.
func sameCases(t *testing.T, what, gotName, wantName string, got, want []string) {
	t.Helper()
	for i := range min(len(got), len(want)) {
		if got[i] != want[i] {
			t.Fatalf("%s: case %d:\n %-7s %s\n %-7s %s", what, i, gotName, got[i], wantName, want[i])
		}
	}
	if len(got) != len(want) {
		t.Fatalf("%s: %d cases %s, %d %s", what, len(got), gotName, len(want), wantName)
	}
}

// agreesWithout reads damaged files of each preset called names (with
// boards of rows, if rows) as they are and with a fast path of the reader
// turned off (*off), and holds the two readings to the same cases,
// numbers, lines and messages.
func agreesWithout(t *testing.T, off *bool, names []string, rows bool, stream uint64, size int) {
	t.Helper()
	read := func(p Preset, in string, slow bool) []string {
		*off = slow
		defer func() { *off = false }()
		return collect(NewReader(strings.NewReader(in), "in", p, p.GoalOr(board.Board{})), full)
	}
	for _, name := range names {
		p, _ := Lookup(name)
		p.Rows = p.Rows || rows
		for seed := range uint64(20) {
			rng := rand.New(rand.NewPCG(seed, stream))
			in := separatedFile(p, size+rng.IntN(2000), rng)
			sameCases(t, fmt.Sprintf("%s seed %d", name, seed), "fast", "general", read(p, in, false), read(p, in, true))
		}
	}
}

// FuzzBlocksAgree is TestBlocksAgree on files from any seed.
func FuzzBlocksAgree(f *testing.F) {
	f.Add(uint64(1), uint16(3000))
	f.Fuzz(func(t *testing.T, seed uint64, n uint16) {
		for _, name := range blockPresets {
			p, _ := Lookup(name)
			rng := rand.New(rand.NewPCG(seed, uint64(n)))
			in := separatedFile(p, 1+int(n)%12000, rng)
			want := collect(NewReader(strings.NewReader(in), "in", p, p.GoalOr(board.Board{})), full)
			got, _ := readBlocks(p, in, rng)
			sameCases(t, name, "blocks", "alone", got, want)
		}
	})
}

// TestPlainRows reads files of boards of rows, faults of every kind among
// them, with the rows taken plainly where they can be (plainRows) and
// every row scanned: the same cases, numbers, lines and messages.
func TestPlainRows(t *testing.T) {
	agreesWithout(t, &noPlainRows, []string{"lightoj1139", "boj11112", "aoj", "uva652"}, true, 7, 500)
}

// TestFastCases reads files of every preset whose cases Next may take at
// once (a board on its line, or a pair on two), faults of every kind among
// them, with the fast path and without: the same cases, numbers, lines
// and messages.
func TestFastCases(t *testing.T) {
	agreesWithout(t, &noFastCases, []string{"hdu1043", "uva652", "lrj", "hdu3567", "hoj1868", "luogu1379", "aoj"}, false, 11, 300)
}

// TestFastRows is TestFastCases on files whose boards are written in rows,
// which Next takes from the buffer too (rows9), pairs among them.
func TestFastRows(t *testing.T) {
	agreesWithout(t, &noFastCases, []string{"uva652", "lrj", "hdu3567", "hoj1868", "aoj"}, true, 13, 300)
}

// TestLineEnd holds lineEnd to bytes.IndexByte on lines of every length
// around its words, with line ends and other bytes anywhere.
func TestLineEnd(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		data := make([]byte, rng.IntN(40))
		for i := range data {
			data[i] = "ab\n\x0a\x0b\x09\x8a "[rng.IntN(8)]
		}
		if rng.IntN(2) == 0 {
			// One line end at most, anywhere: in each word and past them.
			for i := range data {
				data[i] = "ab\x0b\x09\x8a\x0c "[rng.IntN(7)]
			}
			if len(data) > 0 && rng.IntN(4) != 0 {
				data[rng.IntN(len(data))] = '\n'
			}
		}
		if got, want := lineEnd(data), bytes.IndexByte(data, '\n'); got != want {
			t.Fatalf("lineEnd(%q) = %d, want %d", data, got, want)
		}
	}
}

// TestCountWords holds countWords to countLines wherever it reports true,
// on random lines of line ends, spaces, other low bytes and text, and
// checks that it does on files written as judges write them.
func TestCountWords(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	alphabet := []byte("\n\n\n\n  \t\r\v\f\x00\x01\x1f!~08ax\x80\xff\x8a")
	taken := 0
	for k := range 200000 {
		data := make([]byte, rng.IntN(40))
		for i := range data {
			data[i] = alphabet[rng.IntN(len(alphabet))]
			if k%2 == 0 && rng.IntN(3) > 0 {
				data[i] = "0a8 x\n"[rng.IntN(6)] // mostly well formed
			}
		}
		data = append(data, '\n')
		lines, cases, ok := countWords(data)
		if !ok {
			continue
		}
		taken++
		if wl, wc := countLines(data); lines != wl || cases != wc {
			t.Fatalf("countWords(%q) = %d lines, %d cases; countLines %d, %d", data, lines, cases, wl, wc)
		}
	}
	if taken < 50000 {
		t.Errorf("countWords took %d inputs of 200000", taken)
	}
	file := "\n0 8 7\n2 1 4\n3 6 5\n\n8 1 2\n0 4 7\n3 6 5\n\n\n4 6 8\n"
	if lines, cases, ok := countWords([]byte(file)); !ok || lines != 11 || cases != 3 {
		t.Errorf("countWords(%q) = %d, %d, %v; want 11, 3, true", file, lines, cases, ok)
	}
}

// TestAppendInt holds appendInt to strconv, and a label's %d to
// strings.Cut, on labels with a % that is not one.
func TestAppendInt(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 6))
	check := func(n int) {
		if got := string(appendInt([]byte("x"), n)); got != "x"+strconv.Itoa(n) {
			t.Fatalf("appendInt(%d) = %q", n, got)
		}
	}
	for n := -200; n < 200000; n++ {
		check(n)
	}
	for range 100000 {
		check(int(rng.Int64()) >> rng.IntN(64))
	}
	for _, n := range []int{1e8 - 1, 1e8, 1e9 - 1, 1e9, math.MaxInt, math.MinInt} {
		check(n)
	}
	for _, label := range []string{"", "Case %d: ", "%d", "%d.", "%", "a%", "%x%d!", "%%d", "100% of %d"} {
		p := Preset{Label: label}
		before, after, found := strings.Cut(label, "%d")
		want := before
		if found {
			want += "42" + after
		}
		if got := string(p.appendCaseLabel(nil, 42)); got != want {
			t.Errorf("label %q: %q, want %q", label, got, want)
		}
	}
}

// TestBoardLine holds boardLine to a plain reading of its rule on lines
// of the lengths it takes and around them, of bytes at the edges of the
// rule (space, '!', 0x7f, 0x80, a line end) and others.
func TestBoardLine(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	cellByte := func(c byte) bool { return c > ' ' && c < 0x80 }
	want := func(data []byte) int {
		for _, w := range []int{9, 17} {
			end := w // where the line end is, after a "\r" or not
			if len(data) > w+1 && data[w] == '\r' && data[w+1] == '\n' {
				end = w + 1
			} else if len(data) <= w || data[w] != '\n' {
				continue
			}
			ok := true
			for i := range w {
				if w == 17 && i%2 == 1 {
					ok = ok && data[i] == ' '
				} else {
					ok = ok && cellByte(data[i])
				}
			}
			if ok {
				return end
			}
			return 0
		}
		return 0
	}
	edges := []byte{' ', '!', 0x7f, 0x80, 0xff, '\n', '\r', '\t', 0, '1', 'x'}
	for range 200000 {
		n := 8 + rng.IntN(12)
		data := make([]byte, n)
		spaced := rng.IntN(2) == 0
		for i := range data {
			switch {
			case rng.IntN(12) == 0:
				data[i] = edges[rng.IntN(len(edges))]
			case spaced && i%2 == 1:
				data[i] = ' '
			default:
				data[i] = "x12345678"[rng.IntN(9)]
			}
		}
		if rng.IntN(2) == 0 {
			w := 9
			if spaced {
				w = 17
			}
			if rng.IntN(2) == 0 && n > w+1 {
				data[w], data[w+1] = '\r', '\n'
			} else if n > w {
				data[w] = '\n'
			}
		}
		if got, w := boardLine(data), want(data); got != w {
			t.Fatalf("boardLine(%q) = %d, want %d", data, got, w)
		}
	}
}

// TestSameLines holds sameLines to boardLine, line by line, on runs of
// board lines of both forms with other lines among them.
func TestSameLines(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 11))
	lines := []string{"1 2 3 4 5 6 7 8 x\n", "12345678x\n", "1 2 3 4 5 6 7 8 x\r\n", "12345678x\r\n", "1 2 3 4 5 6 7 8  \n", "12345678 \n", "\n", "junk\n", "1 2 3 4 5 6 7 8 é\n"}
	for range 20000 {
		var sb strings.Builder
		for range rng.IntN(12) {
			if rng.IntN(4) == 0 {
				sb.WriteString(lines[rng.IntN(len(lines))])
			} else {
				sb.WriteString(lines[rng.IntN(2)])
			}
		}
		data := []byte(sb.String())
		for _, size := range []int{10, 18, 11} {
			max := rng.IntN(14)
			want, rest := 0, data
			for want < max && size != 11 {
				if k := boardLine(rest); k+1 != size {
					break
				}
				rest = rest[size:]
				want++
			}
			if got := sameLines(data, size, max); got != want {
				t.Fatalf("sameLines(%q, %d, %d) = %d, want %d", data, size, max, got, want)
			}
		}
	}
}

// TestSameRows holds sameRows and sameGapLines, the bulk loops, to the
// line by line checks they stand for (rowsCase and boardLine), on random
// runs of rows, boards, blank lines and junk.
func TestSameRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 13))
	rows := []string{"1 2 3\n", "123\n", "1 2x3\n", "x 8 7\n", "#12\n", "1 2 3\r\n", "1 2 3 \n", "12 \n", "1 2\n", "1 2 é\n", "\n", "junk\n", "1 2 3 4 5 6 7 8 x\n", "12345678x\n"}
	for range 20000 {
		var sb strings.Builder
		form := rng.IntN(2) // the form most rows take
		for range rng.IntN(15) {
			if rng.IntN(5) == 0 {
				sb.WriteString(rows[rng.IntN(len(rows))])
			} else {
				sb.WriteString(rows[form])
			}
		}
		data := []byte(sb.String())
		max := rng.IntN(6)
		// What sameRows stands for: cases of three rows of the first
		// case's form, "a b c\n" or "abc\n".
		width := 4
		if len(data) > 1 && data[1] == ' ' {
			width = 6
		}
		exact := func(row []byte) bool { // "a b c\n" or "abc\n", as the first
			if row[width-1] != '\n' {
				return false
			}
			return width == 4 || row[1] == ' ' && row[3] == ' '
		}
		want, rest := 0, data
		for want < max && len(rest) >= 3*width {
			if rowsCase(rest) != 3*width || !exact(rest) || !exact(rest[width:]) || !exact(rest[2*width:]) {
				break
			}
			rest = rest[3*width:]
			want++
		}
		if got, size := sameRows(data, max); got != want || size != got*3*width {
			t.Fatalf("sameRows(%q, %d) = %d, %d; want %d, %d", data, max, got, size, want, want*3*width)
		}
	}
	boards := []string{"1 2 3 4 5 6 7 8 x\n\n", "12345678x\n\n", "1 2 3 4 5 6 7 8 x\n", "12345678x\n", "\n", "junk\n\n", "1 2 3 4 5 6 7 8 x\r\n\n"}
	for range 20000 {
		var sb strings.Builder
		for range rng.IntN(12) {
			if rng.IntN(4) == 0 {
				sb.WriteString(boards[rng.IntN(len(boards))])
			} else {
				sb.WriteString(boards[rng.IntN(2)])
			}
		}
		data := []byte(sb.String())
		for _, size := range []int{10, 18, 11} {
			max := rng.IntN(14)
			want, rest := 0, data
			for want < max && size != 11 && len(rest) > size {
				if k := boardLine(rest); k+1 != size || rest[size] != '\n' {
					break
				}
				rest = rest[size+1:]
				want++
			}
			if got := sameGapLines(data, size, max); got != want {
				t.Fatalf("sameGapLines(%q, %d, %d) = %d, want %d", data, size, max, got, want)
			}
		}
	}
}
