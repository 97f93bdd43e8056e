package batch

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/embedded"
	"github.com/slidingpuzzle/solver/engine"
	"github.com/slidingpuzzle/solver/generated"
	"github.com/slidingpuzzle/solver/internal/format"
	"github.com/slidingpuzzle/solver/table"
)

// TestPairBlocks answers large files of pairs, faults and wrong counts
// among them, through Job.Run, whose reader cuts blocks of pairs that the
// workers read from their lines (answerPairs), and case by case with
// answerer: the same answers, messages and counts. Each Run has tables of
// its own, so that it meets them before their fast lookups are built too.
func TestPairBlocks(t *testing.T) {
	t.Parallel()
	var blocks atomic.Int64
	for _, name := range []string{"lrj", "hdu3567", "hoj1868"} {
		p, _ := format.Lookup(name)
		for seed := range uint64(3) {
			blocks.Store(0)
			rng := rand.New(rand.NewPCG(seed, 6))
			in := pairFile(p, 6000+rng.IntN(6000), rng)
			var msgs strings.Builder
			// Tables of its own: the first seed's not yet fast, the others'
			// built before the run.
			v := engine.New(table.NewSet(generated.FS))
			if seed > 0 {
				pairs, err := v.Goals().Pairs(!p.NeedsPath())
				if err != nil {
					t.Fatal(err)
				}
				for _, line := range goalLines {
					fast, _, _, _ := pairs.Key([]byte(line), []byte(line))
					if err := fast.Table().Prepare(); err != nil {
						t.Fatal(err)
					}
				}
			}
			j := &Job{Solver: v, Preset: p, Name: "in", Log: &msgs, LogPrefix: "> ", Workers: 1 + int(seed)%2}
			j.onPairBlock = func() { blocks.Add(1) }
			var out bytes.Buffer
			res, err := j.Run(strings.NewReader(in), &out)
			if err != nil {
				t.Fatal(err)
			}
			got := fmt.Sprintf("%+v\n%s\n%s", res, msgs.String(), out.String())
			if blocks.Load() == 0 {
				t.Errorf("%s seed %d: no blocks of pairs answered", name, seed)
			}

			if wantText := alone(t, j, in); got != wantText {
				g, w := strings.Split(got, "\n"), strings.Split(wantText, "\n")
				for i := range min(len(g), len(w)) {
					if g[i] != w[i] {
						t.Fatalf("%s seed %d: line %d: Run %q, case by case %q", name, seed, i+1, g[i], w[i])
					}
				}
				t.Fatalf("%s seed %d: Run gives %d lines, case by case %d", name, seed, len(g), len(w))
			}
		}
	}
}

// goalLines are the nine standard goals of the 3x3 board as lines, the
// blank in cell 8, 7, ... 0: a pair of one of them with itself finds the
// Solver of each of the nine tables (table.Pairs.Key).
var goalLines = []string{"123456780", "123456708", "123456078", "123450786", "123405786", "123045786", "120453786", "102453786", "012453786"}

// pairFile writes n cases of p, a preset of pairs, in both of the usual
// forms, empty lines between some boards, and a fault in one case of a
// few hundred: a tile twice, a tile out of range, a board of rows, junk,
// a line of spaces, a line end of two bytes.
func pairFile(p format.Preset, n int, rng *rand.Rand) string {
	var sb strings.Builder
	if p.Count {
		fmt.Fprintf(&sb, "%d\n", n-1+rng.IntN(3)) // a count that may be wrong
	}
	randomBoard := func() string {
		var cells [9]uint8
		for i, v := range rng.Perm(9) {
			cells[i] = uint8(v)
		}
		b, _ := board.New(board.Shape3x3, cells[:])
		text := string(p.AppendBoard(nil, b))
		if rng.IntN(2) == 0 {
			text = strings.ReplaceAll(text, " ", "")
		}
		return text
	}
	for range n {
		for range 2 {
			if rng.IntN(20) == 0 {
				sb.WriteString("\n")
			}
			text := randomBoard()
			switch rng.IntN(600) {
			case 0:
				text = "junk\n"
			case 1:
				text = strings.Replace(text, "1", "2", 1) // a tile twice
			case 2:
				text = strings.Replace(text, "1", "9", 1) // out of range
			case 3:
				b := strings.ReplaceAll(strings.TrimSpace(text), " ", "")
				text = b[0:3] + "\n" + b[3:6] + "\n" + b[6:9] + "\n" // rows
			case 4:
				text = "   \n"
			case 5:
				text = strings.Replace(text, "\n", "\r\n", 1)
			}
			sb.WriteString(text)
		}
	}
	return sb.String()
}

// BenchmarkPairBlocks answers blocks of 300K random pairs, cut once, on
// one core with their tables' fast lookups built: a worker's part of a
// file of pairs, per case.
func BenchmarkPairBlocks(b *testing.B) {
	for _, name := range []string{"hdu3567", "lrj"} {
		b.Run(name, func(b *testing.B) {
			p, _ := format.Lookup(name)
			rng := rand.New(rand.NewPCG(1, 2))
			var sb strings.Builder
			if p.Count {
				fmt.Fprintf(&sb, "%d\n", 300000)
			}
			for range 600000 {
				var cells [9]uint8
				for i, v := range rng.Perm(9) {
					cells[i] = uint8(v)
				}
				bd, _ := board.New(board.Shape3x3, cells[:])
				sb.Write(p.AppendBoard(nil, bd))
			}
			r := format.NewReader(strings.NewReader(sb.String()), "in", p)
			var blocks []*format.Block
			cases := 0
			for {
				blk := new(format.Block)
				if r.NextBlock(blk) {
					blocks = append(blocks, blk)
					cases += blk.Cases()
					continue
				}
				var c format.Case
				if !r.Next(&c) {
					break
				}
			}
			j := &Job{Solver: embedded.Solver(), Preset: p, Name: "in"}
			var a answerer
			kp := a.pairsFor(j)
			for _, line := range goalLines {
				v, _, _, _ := kp.Key([]byte(line), []byte(line))
				v.Table().Prepare()
			}
			var dst []byte
			b.ResetTimer()
			for b.Loop() {
				for _, blk := range blocks {
					dst, _, _ = a.answerPairs(context.Background(), j, dst[:0], blk, kp)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(cases), "ns/case")
		})
	}
}

// FuzzPairBlocks answers files of pairs made by repeating any bytes past
// the size at which blocks of pairs are cut, through Job.Run and case by
// case: the same answers, messages and counts, and no panic.
func FuzzPairBlocks(f *testing.F) {
	f.Add([]byte("1 2 3 4 5 6 7 8 0\n0 1 2 3 4 5 6 7 8\n"), uint8(0))
	f.Add([]byte("18463752X\n8147235X6\n\n"), uint8(1))
	f.Add([]byte("12345678x\r\njunk\n1 2 3\n4 5 6\n7 8 x\n"), uint8(2))
	names := []string{"lrj", "hdu3567", "hoj1868"}
	f.Fuzz(func(t *testing.T, data []byte, which uint8) {
		if len(data) == 0 || len(data) > 4096 {
			return
		}
		p, _ := format.Lookup(names[int(which)%len(names)])
		in := string(bytes.Repeat(data, (150<<10)/len(data)+1))
		if p.Count {
			in = "100000\n" + in
		}
		var msgs strings.Builder
		j := &Job{Solver: embedded.Solver(), Preset: p, Name: "in", Log: &msgs, LogPrefix: "> ", Workers: 2}
		var out bytes.Buffer
		res, err := j.Run(strings.NewReader(in), &out)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := fmt.Sprintf("%+v\n%s\n%s", res, msgs.String(), out.String()), alone(t, j, in); got != want {
			t.Fatalf("%s: Run and case by case differ", p.Name)
		}
	})
}

// TestExpectPairs answers files of pairs whose count says more cases than
// a build of each table's fast lookups costs (table.Table.Expect): every
// table is made at once, even for a file that holds far fewer cases than
// its count says (whose tables would otherwise not be made), and the
// answers, messages and counts are those of case by case.
func TestExpectPairs(t *testing.T) {
	for _, name := range []string{"hdu3567", "hoj1868"} {
		p, _ := format.Lookup(name)
		for _, cases := range []int{3000, 95000} {
			rng := rand.New(rand.NewPCG(uint64(cases), 8))
			in := pairFile(p, cases, rng)
			in = "95000\n" + in[strings.IndexByte(in, '\n')+1:]
			v := engine.New(table.NewSet(generated.FS))
			var msgs strings.Builder
			j := &Job{Solver: v, Preset: p, Name: "in", Log: &msgs, LogPrefix: "> "}
			var out bytes.Buffer
			res, err := j.Run(strings.NewReader(in), &out)
			if err != nil {
				t.Fatal(err)
			}
			got := fmt.Sprintf("%+v\n%s\n%s", res, msgs.String(), out.String())
			if want := alone(t, j, in); got != want {
				t.Fatalf("%s, %d cases: Run and case by case differ", name, cases)
			}
			pairs, err := v.Goals().Pairs(!p.NeedsPath())
			if err != nil {
				t.Fatal(err)
			}
			for _, g := range goalLines {
				fast, _, _, _ := pairs.Key([]byte(g), []byte(g))
				fast.AppendPath(nil, board.MustParse(board.Shape3x3, g)) // waits for a build under way
				if !fast.Built() {
					t.Errorf("%s, %d cases: the table of %s is not fast after the run", name, cases, g)
				}
			}
		}
	}
}
