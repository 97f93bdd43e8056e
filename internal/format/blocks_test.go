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

// readBlocks reads in as a batch does: a Block whenever NextBlock cuts
// one, read by a Reader of its own, else a run of cases of random length
// by Next.
//
// whole counts the blocks it found read whole at once.
func readBlocks(p Preset, in string, rng *rand.Rand) (out []string, blocks, whole int) {
	r := NewReader(strings.NewReader(in), "in", p)
	var b Block
	var sub *Reader
	var c Case
	for {
		if r.NextBlock(&b) {
			blocks++
			if b.Pairs() {
				whole++ // cut from lines that are all boards
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
				whole++
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
			return out, blocks, whole
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
	t.Parallel()
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
			want := collect(NewReader(strings.NewReader(in), "in", p), full)
			got, blocks, whole := readBlocks(p, in, rng)
			if blocks == 0 {
				t.Errorf("%s seed %d: no blocks cut from %d bytes", name, seed, len(in))
			}
			if !messy {
				cleanBlocks, wholeBlocks = cleanBlocks+blocks, wholeBlocks+whole
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
// turned off (off), and holds the two readings to the same cases,
// numbers, lines and messages.
func agreesWithout(t *testing.T, off slowPaths, names []string, rows bool, stream uint64, size int) {
	t.Helper()
	read := func(p Preset, in string, slow bool) []string {
		r := NewReader(strings.NewReader(in), "in", p)
		if slow {
			r.slow = off
		}
		return collect(r, full)
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
			want := collect(NewReader(strings.NewReader(in), "in", p), full)
			got, _, _ := readBlocks(p, in, rng)
			sameCases(t, name, "blocks", "alone", got, want)
		}
	})
}

// TestPlainRows reads files of boards of rows, faults of every kind among
// them, with the rows taken plainly where they can be (plainRows) and
// every row scanned: the same cases, numbers, lines and messages.
func TestPlainRows(t *testing.T) {
	t.Parallel()
	agreesWithout(t, slowPlainRows, []string{"lightoj1139", "boj11112", "aoj", "uva652"}, true, 7, 500)
}

// TestFastCases reads files of every preset whose cases Next may take at
// once (a board on its line, or a pair on two), faults of every kind among
// them, with the fast path and without: the same cases, numbers, lines
// and messages.
func TestFastCases(t *testing.T) {
	t.Parallel()
	agreesWithout(t, slowFastCases, []string{"hdu1043", "uva652", "lrj", "hdu3567", "hoj1868", "luogu1379", "aoj"}, false, 11, 300)
}

// TestFastRows is TestFastCases on files whose boards are written in rows,
// which Next takes from the buffer too (rows9), pairs among them.
func TestFastRows(t *testing.T) {
	t.Parallel()
	agreesWithout(t, slowFastCases, []string{"uva652", "lrj", "hdu3567", "hoj1868", "aoj"}, true, 13, 300)
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
