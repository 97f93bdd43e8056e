package judge

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/embedded"
	"github.com/slidingpuzzle/solver/internal/batch"
	"github.com/slidingpuzzle/solver/internal/format"
)

// TestCheckPairPaths judges a file of 6000 pairs of HDU 3567, past the
// lookups after which the tables answer from their fast lookups, with
// solve's answers, some of them spoilt: a path with its last two moves
// swapped (as long, but not the table's), or one move short. Exactly the
// spoilt cases fail.
func TestCheckPairPaths(t *testing.T) {
	p, _ := format.Lookup("hdu3567")
	gen, ans := answeredFile(t, p, 6000, 11, 0)
	lines := strings.Split(strings.TrimSuffix(string(ans), "\n"), "\n")
	// Spoil the paths of some cases: lines[2k-1] is case k's path.
	spoilt := map[int]bool{}
	for _, k := range []int{1, 1999, 2000, 2001, 3500, 5999, 6000} {
		path := lines[2*k-1]
		if len(path) < 2 {
			continue
		}
		if k%2 == 0 {
			// The last two moves swapped: the same length, most often not
			// the same end.
			b := []byte(path)
			b[len(b)-1], b[len(b)-2] = b[len(b)-2], b[len(b)-1]
			if string(b) == path {
				continue
			}
			lines[2*k-1] = string(b)
		} else {
			lines[2*k-1] = path[:len(path)-1]
		}
		spoilt[k] = true
	}
	// Every goal's table with its fast lookups, so that the paths are
	// judged by the tables' own.
	prepareNine(t)
	wantFailed(t, p, gen, lines, 6000, spoilt)
}

// TestCaseBlocks judges files of separated cases (lightoj1139, boj11112),
// long enough for many blocks, their cases and answers damaged here and
// there, with the cases read in blocks and case by case: the same report,
// verdict and error.
func TestCaseBlocks(t *testing.T) {
	t.Parallel()
	solver := embedded.Solver()
	for _, name := range []string{"lightoj1139", "boj11112"} {
		p, _ := format.Lookup(name)
		gen, ans := answeredFile(t, p, 20000, 4, 0.3)
		cases := strings.SplitAfter(string(gen), "\n")
		answers := strings.SplitAfter(string(ans), "\n")
		for seed := range uint64(6) {
			rng := rand.New(rand.NewPCG(seed, 8))
			in := damage(rng, cases, seed > 0, []string{"\n", "junk\n", "1 2 3\n", "1 2 3 4\n", "1 2 é\n", "1 1 1\n"})
			out := damage(rng, answers, seed%2 == 1, []string{"\n", "Case 1: 3\n", "impossible\n", "x\n", "7\n"})
			if seed == 5 {
				in = strings.ReplaceAll(in, "\n", "\r\n")
			}
			check := func(off bool) string {
				c := Checker{Solver: solver, Preset: p, Shortest: true, InputName: "in", AnswersName: "ans"}
				c.test.noCaseBlocks = off
				var report bytes.Buffer
				v, err := c.Check(strings.NewReader(in), strings.NewReader(out), &report)
				return fmt.Sprintf("%s%+v %v", report.String(), v, err)
			}
			if got, want := check(false), check(true); got != want {
				t.Errorf("%s seed %d: blocks and case by case differ at %s", name, seed, firstDiff(got, want))
			}
		}
	}
}

// TestCheckTurnedPairs judges files of pairs whose moves are counted, not
// spelled (lrj, hoj1868), whose pairs are turned for fewer tables, on
// tables with their fast lookups, with solve's answers, some of them off
// by one or said unsolvable: exactly those fail.
func TestCheckTurnedPairs(t *testing.T) {
	prepareNine(t)
	for _, name := range []string{"lrj", "hoj1868"} {
		p, _ := format.Lookup(name)
		gen, ans := answeredFile(t, p, 5000, 12, 0.3)
		lines := strings.Split(strings.TrimSuffix(string(ans), "\n"), "\n")
		spoilt := map[int]bool{}
		for k := 3; k <= 5000; k += 211 {
			switch n, err := strconv.Atoi(lines[k-1]); {
			case err != nil:
				t.Fatalf("%s: answer %d is %q", name, k, lines[k-1])
			case n < 0:
				lines[k-1] = "0" // a board that cannot reach its goal, said to be there
			case k%2 == 0:
				lines[k-1] = strconv.Itoa(n + 1)
			default:
				lines[k-1] = p.Unsolvable
			}
			spoilt[k] = true
		}
		wantFailed(t, p, gen, lines, 5000, spoilt)
	}
}

// answeredFile returns a file of n cases of p made by Generator from seed
// (a share unsolvable of them unsolvable), and solve's answers to it.
func answeredFile(t *testing.T, p format.Preset, n int, seed uint64, unsolvable float64) (in, answers []byte) {
	t.Helper()
	solver := embedded.Solver()
	var gen, ans bytes.Buffer
	g := Generator{Solver: solver, Preset: p, N: n, Seed: seed, MaxDepth: -1, Unsolvable: unsolvable}
	if err := g.Write(&gen); err != nil {
		t.Fatal(err)
	}
	job := batch.Job{Solver: solver, Preset: p, Name: "in"}
	if _, err := job.Run(bytes.NewReader(gen.Bytes()), &ans); err != nil {
		t.Fatal(err)
	}
	return gen.Bytes(), ans.Bytes()
}

// prepareNine builds the fast lookups of the embedded tables of the nine
// 3x3 goals, so that the cases after are judged by them.
func prepareNine(t *testing.T) {
	t.Helper()
	for b := range 9 {
		g, err := embedded.Solver().For(board.Shape3x3.Goal(b))
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Lookups().Table().Prepare(); err != nil {
			t.Fatal(err)
		}
	}
}

// wantFailed judges in, n cases of p, with the answer lines, and wants
// the cases of spoilt, and those alone, to fail.
func wantFailed(t *testing.T, p format.Preset, in []byte, lines []string, n int, spoilt map[int]bool) {
	t.Helper()
	c := Checker{Solver: embedded.Solver(), Preset: p, Shortest: true, InputName: "in", AnswersName: "ans"}
	var report bytes.Buffer
	v, err := c.Check(bytes.NewReader(in), strings.NewReader(strings.Join(lines, "\n")+"\n"), &report)
	if err != nil {
		t.Fatal(err)
	}
	if v.Failed != len(spoilt) || v.Passed != n-len(spoilt) {
		t.Errorf("%s: verdict %+v, want %d failed of %d", p.Name, v, len(spoilt), n)
	}
	for _, l := range strings.Split(strings.TrimSpace(report.String()), "\n") {
		var k int
		if _, err := fmt.Sscanf(l, "case %d", &k); err == nil && !spoilt[k] {
			t.Errorf("%s: case %d failed, not spoilt: %s", p.Name, k, l)
		}
	}
}
