package judge

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/slidingpuzzle/solver/embedded"
	"github.com/slidingpuzzle/solver/internal/format"
)

// TestFastStageAgrees judges files of one board a line, with faults of
// every kind in the cases and in the answers, with the fast stage and
// without: the same report, verdict and error, line for line. The blocks
// are small, so that a file makes many, and a fault falls inside one, at
// its edge, or before the first.
func TestFastStageAgrees(t *testing.T) {
	t.Parallel()
	solver := embedded.Solver()
	for _, name := range []string{"hdu1043", "acwing845", "luogu1379"} {
		p, _ := format.Lookup(name)
		gen, ans := answeredFile(t, p, 3000, 9, 0.4)
		cases := strings.SplitAfter(string(gen), "\n")
		answers := strings.SplitAfter(string(ans), "\n")
		for seed := range uint64(40) {
			rng := rand.New(rand.NewPCG(seed, 3))
			in := damage(rng, cases, seed%4 == 0, []string{"\n", "junk\n", "1 2 3\n", "2 3 4 1 5 x 7 6 é\n", "\xef\xbb\xbf2 3 4 1 5 x 7 6 8\n", "2 3 4 1 5 x 7 6 8\r\n", "11 2 3 4 5 6 7 8 x\n", "2 3 4 1 5 x 7 6 6\n", "2 3 4 1 5 x 7 6 9\n", "abcdefghi\n", "234156x78\n"})
			out := damage(rng, answers, seed%3 != 0, []string{"\n", "uu\n", "unsolvable\n", "unsolvable \n", "ud\n", "bad\n", strings.Repeat("u", format.MaxLine+5) + "\n", "dd\r\n", "x\n", "-1\n", "0\n", "22\n", "022\n", "+3\n", "1e2\n"})
			if rng.IntN(4) == 0 {
				out = out[:rng.IntN(len(out)+1)] // the answers end early
			}
			if rng.IntN(4) == 0 {
				out += "extra\nlines\n"
			}
			if seed%5 == 1 {
				in = strings.ReplaceAll(in, "\n", "\r\n") // line ends of two bytes
			}
			if seed%7 == 1 {
				out = strings.ReplaceAll(out, "\n", "\r\n")
			}
			if rng.IntN(5) == 0 {
				in = strings.TrimSuffix(in, "\n") // no line end on the last line
			}
			check := func(off bool) string {
				c := Checker{Solver: solver, Preset: p, Shortest: seed%2 == 0, InputName: "in", AnswersName: "ans"}
				c.test.noFastLines, c.test.lineBlockSize = off, 2048
				var report bytes.Buffer
				v, err := c.Check(strings.NewReader(in), strings.NewReader(out), &report)
				return fmt.Sprintf("%+v %v\n%s", v, err, report.String())
			}
			got, want := check(false), check(true)
			if got != want {
				t.Fatalf("%s seed %d: the fast stage and the readers part:\n%s", name, seed, firstDiff(got, want))
			}
		}
	}
}

// damage joins lines, with some of them, when hurt, replaced by a fault
// picked from faults or given trailing spaces, at random places: one in
// several hundred, so that most blocks are whole and some are not.
func damage(rng *rand.Rand, lines []string, hurt bool, faults []string) string {
	var sb strings.Builder
	for _, l := range lines {
		if hurt && rng.IntN(400) == 0 {
			switch rng.IntN(4) {
			case 0:
				l = faults[rng.IntN(len(faults))]
			case 1:
				l = strings.TrimSuffix(l, "\n") + "  \n"
			case 2:
				l = strings.TrimSuffix(l, "\n") + "ud\n" // a longer path, legal or not
			default:
				sb.WriteString(faults[rng.IntN(len(faults))]) // a line more
			}
		}
		sb.WriteString(l)
	}
	return sb.String()
}

// firstDiff shows where two reports first differ.
func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range min(len(g), len(w)) {
		if g[i] != w[i] {
			return fmt.Sprintf("line %d:\n fast    %q\n readers %q", i+1, g[i], w[i])
		}
	}
	return fmt.Sprintf("%d lines fast, %d by the readers", len(g), len(w))
}

// TestFastStageCRLF judges a file whose lines, and its answers', end in
// "\r\n", as a file of "\n" is judged: every line in the fast stage, and
// every case passed there by comparing bytes, none judged alone.
func TestFastStageCRLF(t *testing.T) {
	solver := embedded.Solver()
	p, _ := format.Lookup("hdu1043")
	gen, ans := answeredFile(t, p, 3000, 4, 0.4)
	in := strings.ReplaceAll(string(gen), "\n", "\r\n")
	out := strings.ReplaceAll(string(ans), "\n", "\r\n")
	var alone atomic.Int32
	c := Checker{Solver: solver, Preset: p, Shortest: true, InputName: "in", AnswersName: "ans"}
	c.test.onAlone = func() { alone.Add(1) }
	var report bytes.Buffer
	v, _, _, lines, err := c.fastStage(strings.NewReader(in), strings.NewReader(out), &report)
	if err != nil || lines != 3000 || alone.Load() != 0 || v.Failed != 0 {
		t.Errorf("fast stage: %+v, %d lines, %d judged alone, %v; want 3000 lines, none alone\n%s", v, lines, alone.Load(), err, report.String())
	}
}

// TestFastStageGarbage judges a file of boards and one four times as
// long: the longer may allocate little more than the shorter, as its
// blocks and carried lines are reused, not made again for each block.
func TestFastStageGarbage(t *testing.T) {
	solver := embedded.Solver()
	p, _ := format.Lookup("hdu1043")
	alloc := func(n int) uint64 {
		gen, ans := answeredFile(t, p, n, 5, 0.5)
		c := Checker{Solver: solver, Preset: p, Shortest: true, InputName: "in", AnswersName: "ans"}
		c.test.lineBlockSize = 16 << 10
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		v, err := c.Check(bytes.NewReader(gen), bytes.NewReader(ans), io.Discard)
		runtime.ReadMemStats(&after)
		if err != nil || v.Passed != n {
			t.Fatalf("Check = %+v, %v; want %d passed", v, err, n)
		}
		return after.TotalAlloc - before.TotalAlloc
	}
	const n = 20000 // about 22 blocks
	small, large := alloc(n), alloc(4*n)
	t.Logf("%d lines: %d bytes allocated; %d lines: %d", n, small, 4*n, large)
	// 60,000 more lines, 1 MB of cases and about as much of answers.
	if large > small+64<<10 {
		t.Errorf("judging %d lines allocates %d bytes, %d lines %d: want about the same", n, small, 4*n, large)
	}
}
