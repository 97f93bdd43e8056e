package main

import (
	"bytes"
	"crypto/sha256"
	"flag"
	"fmt"
	"github.com/slidingpuzzle/solver/internal/golden"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/embedded"
	"github.com/slidingpuzzle/solver/internal/format"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func TestMain(m *testing.M) {
	// What the command keeps for the next run goes to a folder of the
	// tests' own, not the user's cache.
	dir, err := os.MkdirTemp("", "judge-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Setenv("XDG_CACHE_HOME", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

func runIn(stdin io.Reader, args ...string) (stdout, stderr string, code int) {
	var o, e bytes.Buffer
	code = run(args, stdin, &o, &e)
	return o.String(), e.String(), code
}

func checkGolden(t *testing.T, path, got string) {
	t.Helper()
	golden.Check(t, path, got, *update)
}

// TestCheckGolden judges testdata/NAME[-what].ans as answers to
// NAME[-what].in, with the format NAME names (hdu1043 where it names
// none): the report must be NAME[-what].report, and the status 0 exactly
// when nothing failed.
func TestCheckGolden(t *testing.T) {
	ins, _ := filepath.Glob("testdata/*.in")
	for _, in := range ins {
		base := strings.TrimSuffix(in, ".in")
		name := filepath.Base(base)
		t.Run(name, func(t *testing.T) {
			args := []string{"check", "-shortest"}
			preset, _, _ := strings.Cut(name, "-")
			if _, ok := format.Lookup(preset); ok {
				args = append(args, "-format", preset)
			}
			stdout, stderr, code := runIn(nil, append(args, in, base+".ans")...)
			if stderr != "" {
				t.Errorf("stderr %q", stderr)
			}
			checkGolden(t, base+".report", stdout)
			failed := !strings.HasSuffix(stdout, " 0 failed\n") || strings.Count(stdout, "\n") > 1
			if want := map[bool]int{true: 1, false: 0}[failed]; code != want {
				t.Errorf("status %d, want %d", code, want)
			}
		})
	}
}

// solveThenCheck answers the judge file in with solve's own code and
// judges the answers with judge check -shortest and args.
func solveThenCheck(t *testing.T, p format.Preset, in string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	dir := t.TempDir()
	inPath, ansPath := filepath.Join(dir, "in"), filepath.Join(dir, "ans")
	os.WriteFile(inPath, []byte(in), 0o644)
	var ans bytes.Buffer
	if err := solveFile(p, in, &ans); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(ansPath, ans.Bytes(), 0o644)
	return runIn(nil, append(append([]string{"check", "-shortest", "-format", p.Name}, args...), inPath, ansPath)...)
}

// TestSolveThenCheck judges the answers of solve itself, for every format,
// on generated files with unsolvable boards: all must pass.
func TestSolveThenCheck(t *testing.T) {
	for _, p := range format.Presets {
		t.Run(p.Name, func(t *testing.T) {
			args := []string{"gen", "-format", p.Name, "-n", "300", "-unsolvable", "0.3", "-seed", "5"}
			if p.Shape.Cells() > 9 {
				args = append(args, "-walk", "24") // searched: boards of at most 24 moves
			}
			in, _, code := runIn(nil, args...)
			if code != 0 {
				t.Fatalf("gen: status %d", code)
			}
			stdout, stderr, code := solveThenCheck(t, p, in)
			if code != 0 || stdout != "300 passed, 0 failed\n" {
				t.Errorf("status %d, report %q, stderr %q", code, stdout, stderr)
			}
		})
	}
}

// TestGenShapes writes test data of shapes other than 3x3 for formats of
// every kind, and judges solve's answers to it; and holds that a 2x3 draw
// is uniform over the 360 positions that reach the goal (a chi-square
// test, six standard deviations above its mean).
func TestGenShapes(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ shape, format string }{{"2x3", "hdu1043"}, {"2x4", "hdu3567"}, {"3x2", "aoj"}, {"4x2", "lrj"}, {"2x2", "uva652"}, {"3x4", "hdu3567"}, {"4x3", "luogu1379"}} {
		in, stderr, code := runIn(nil, "gen", "-shape", c.shape, "-format", c.format, "-n", "200", "-unsolvable", "0.2", "-seed", "3")
		if code != 0 {
			t.Fatalf("gen -shape %s -format %s: status %d, %s", c.shape, c.format, code, stderr)
		}
		p, _ := format.Lookup(c.format)
		s, _ := board.ParseShape(c.shape)
		stdout, stderr, code := solveThenCheck(t, p.WithShape(s), in, "-shape", c.shape)
		if code != 0 || stdout != "200 passed, 0 failed\n" {
			t.Errorf("-shape %s -format %s: status %d, report %q, stderr %q", c.shape, c.format, code, stdout, stderr)
		}
	}
	const n = 36000
	out, _, _ := runIn(nil, "gen", "-shape", "2x3", "-n", fmt.Sprint(n), "-seed", "8")
	counts := map[string]int{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		counts[line]++
	}
	if len(counts) != 360 {
		t.Fatalf("%d distinct boards, want all 360", len(counts))
	}
	chi := 0.0
	for _, k := range counts {
		d := float64(k) - n/360.0
		chi += d * d / (n / 360.0)
	}
	if chi > 359+6*math.Sqrt(2*359) {
		t.Errorf("chi-square %.0f over 359 degrees of freedom: not uniform", chi)
	}
}

func TestGenDepth(t *testing.T) {
	out, _, code := runIn(nil, "gen", "-n", "500", "-depth", "20-22", "-seed", "9")
	if code != 0 {
		t.Fatalf("status %d", code)
	}
	seen := map[int]int{}
	for i, line := range strings.Split(strings.TrimSpace(out), "\n") {
		b, err := board.Parse(board.Shape3x3, line)
		if err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		d, ok, err := embedded.Set().Distance(b, board.Shape3x3.Goal(8))
		if err != nil || !ok || d < 20 || d > 22 {
			t.Fatalf("line %d: %v is %d moves away (solvable %v), want 20..22", i+1, b, d, ok)
		}
		seen[d]++
	}
	if len(seen) != 3 {
		t.Errorf("depths %v, want each of 20, 21, 22", seen)
	}
	out, _, _ = runIn(nil, "gen", "-n", "40", "-depth", "31")
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if line != "8 6 7 2 5 4 3 x 1" && line != "6 4 7 8 5 x 3 2 1" {
			t.Fatalf("-depth 31 gave %q", line)
		}
	}
	if _, stderr, code := runIn(nil, "gen", "-depth", "32-40"); code != 2 || !strings.Contains(stderr, "no position of a 3x3 board lies 32 or more moves") {
		t.Errorf("-depth 32-40: status %d, %q", code, stderr)
	}
}

// TestGenShare checks the share of unsolvable boards, within five standard
// deviations.
func TestGenShare(t *testing.T) {
	const n, p = 20000, 0.3
	out, _, _ := runIn(nil, "gen", "-n", fmt.Sprint(n), "-unsolvable", fmt.Sprint(p), "-seed", "11")
	goal := board.Shape3x3.Goal(8)
	unsolvable := 0
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		b, err := board.Parse(board.Shape3x3, line)
		if err != nil {
			t.Fatal(err)
		}
		if !board.Solvable(b, goal) {
			unsolvable++
		}
	}
	if d := float64(unsolvable) - n*p; d*d > 25*n*p*(1-p) {
		t.Errorf("%d unsolvable of %d, want about %v", unsolvable, n, n*p)
	}
	out, _, _ = runIn(nil, "gen", "-n", "5000")
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if !board.Solvable(board.MustParse(board.Shape3x3, line), goal) {
			t.Fatalf("%s is unsolvable; want none without -unsolvable", line)
		}
	}
}

// TestGenReproducible fixes what a seed gives, so that every machine and
// every later version makes the same file.
func TestGenReproducible(t *testing.T) {
	a, _, _ := runIn(nil, "gen", "-n", "1000", "-seed", "42", "-unsolvable", "0.25")
	b, _, _ := runIn(nil, "gen", "-n", "1000", "-seed", "42", "-unsolvable", "0.25")
	if a != b {
		t.Fatal("the same seed gave two files")
	}
	c, _, _ := runIn(nil, "gen", "-n", "1000", "-seed", "43", "-unsolvable", "0.25")
	if a == c {
		t.Fatal("two seeds gave the same file")
	}
	pairs, _, _ := runIn(nil, "gen", "-format", "hdu3567", "-n", "100", "-seed", "42", "-depth", "10-20")
	got := fmt.Sprintf("%x %x", sha256.Sum256([]byte(a)), sha256.Sum256([]byte(pairs)))
	checkGolden(t, "testdata/gen.sha256", got+"\n")
}

func TestGenAll(t *testing.T) {
	out, _, code := runIn(nil, "gen", "-all", "-format", "luogu1379")
	if code != 0 {
		t.Fatalf("status %d", code)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	seen := map[string]bool{}
	for _, l := range lines {
		seen[l] = true
	}
	if len(lines) != 362880 || len(seen) != 362880 {
		t.Errorf("%d lines, %d different; want 362880 of each", len(lines), len(seen))
	}
	if lines[0] != "012345678" || lines[len(lines)-1] != "876543210" {
		t.Errorf("first %s, last %s", lines[0], lines[len(lines)-1])
	}
}

func TestUsage(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{nil, 2, "judge check"},
		{[]string{"-h"}, 0, "hdu3567"},
		{[]string{"check", "-h"}, 0, "-shortest"},
		{[]string{"gen", "-h"}, 0, "-depth 31"},
		{[]string{"nosuch"}, 2, `unknown command "nosuch"`},
		{[]string{"check", "a"}, 2, "want INPUT and ANSWERS"},
		{[]string{"check", "/no/such/file", "b"}, 2, "no such file"},
		{[]string{"gen", "-depth", "9-3"}, 2, "want A-B"},
		{[]string{"gen", "-unsolvable", "2"}, 2, "want a share from 0 to 1"},
		{[]string{"gen", "-format", "nosuch"}, 2, "unknown format"},
		// What cannot be honoured is refused, not ignored.
		{[]string{"gen", "-unsolvable", "NaN"}, 2, "-unsolvable NaN: want a share from 0 to 1"},
		{[]string{"gen", "-depth", "40", "-unsolvable", "1"}, 2, "unsolvable boards have no depth"},
		{[]string{"gen", "-depth", "40"}, 2, "no position of a 3x3 board lies 40 or more moves"},
		{[]string{"gen", "-all", "-depth", "3"}, 2, "cannot keep only some depths"},
		{[]string{"gen", "-all", "-unsolvable", "1"}, 2, "it cannot take -unsolvable"},
		{[]string{"gen", "-all", "-n", "5"}, 2, "cannot take -n"},
		{[]string{"gen", "-all", "-seed", "5"}, 2, "cannot take -n or -seed"},
		{[]string{"gen", "-format", "npuzzle", "-shape", "3x4"}, 2, "want a square board"},
		{[]string{"gen", "-nope"}, 2, "run judge gen -h for help"},
		{[]string{"check", "a", "-nope"}, 2, "flag provided but not defined: -nope"},
	} {
		stdout, stderr, code := runIn(nil, c.args...)
		out := stderr
		if c.code == 0 {
			out = stdout // help goes to standard output
		}
		if code != c.code || !strings.Contains(out, c.want) {
			t.Errorf("judge %q: status %d, stdout %.80q, stderr %q; want %d and %q", c.args, code, stdout, stderr, c.code, c.want)
		}
	}
}

// TestLongAnswerLine judges answers far longer than a line the readers
// hold at once: a legal path of 80,019 moves passes, is 80,000 moves too
// long with -shortest, and a long line of junk is that case's fault only.
func TestLongAnswerLine(t *testing.T) {
	dir := t.TempDir()
	in, ans := filepath.Join(dir, "in"), filepath.Join(dir, "ans")
	long := strings.Repeat("ud", 40000) + "dlurullddrurdllurdr"
	os.WriteFile(in, []byte("23415x768\n12345678x\n21345678x\n23415x768\n"), 0o644)
	os.WriteFile(ans, []byte(long+"  \n\nunsolvable\n"+strings.Repeat("d", 1<<20)+"\n"), 0o644)
	stdout, stderr, code := runIn(nil, "check", in, ans)
	want := "case 4 (23415x768): " + ans + ":4: move 2 'd' takes the blank off the board at 23415876x\n3 passed, 1 failed\n"
	if stdout != want || stderr != "" || code != 1 {
		t.Errorf("got %q, %q, %d; want %q", stdout, stderr, code, want)
	}
	stdout, _, _ = runIn(nil, "check", "-shortest", in, ans)
	if want := "case 1 (23415x768): " + ans + ":1: 80000 moves longer than the shortest (19 moves, not 80019)\n"; !strings.HasPrefix(stdout, want) {
		t.Errorf("-shortest: got %q, want it to start %q", stdout, want)
	}
	// HDU 3567 compares the exact string, as it streams.
	os.WriteFile(in, []byte("2\n12X453786\n12345678X\n12X453786\n12345678X\n"), 0o644)
	os.WriteFile(ans, []byte("Case 1: 2\ndd"+strings.Repeat(" ", 1<<17)+"\nCase 2: 2\ndd"+strings.Repeat("d", 1<<17)+"\n"), 0o644)
	stdout, _, _ = runIn(nil, "check", "-format", "hdu3567", in, ans)
	if want := "case 2 (12x453786 to 12345678x): " + ans + ":4: path \"ddddd"; !strings.HasPrefix(stdout, want) || !strings.HasSuffix(stdout, "1 passed, 1 failed\n") {
		t.Errorf("hdu3567: got %.200q", stdout)
	}
}

// TestCheckManyRuns judges files of many runs of cases with answers
// spoilt here and there, missing at the end, or with lines to spare: the
// report names exactly the cases spoilt, in order, and counts right.
func TestCheckManyRuns(t *testing.T) {
	in, lines := answered(t, 3000, 8)
	spoil := []int{1, 255, 256, 257, 700, 1500, 2999}
	for _, k := range spoil {
		lines[k-1] = "uu\n"
	}
	for name, c := range map[string]struct {
		answers string
		failed  []int
		tail    string
	}{
		"spoilt": {strings.Join(lines, ""), spoil, "2993 passed, 7 failed\n"},
		"short":  {strings.Join(lines[:2900], ""), append(spoil[:6:6], seq(2901, 3000)...), ""},
		"extra":  {strings.Join(lines, "") + "junk\nmore\n", spoil, ""},
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			os.WriteFile(filepath.Join(dir, "in"), []byte(in), 0o644)
			os.WriteFile(filepath.Join(dir, "ans"), []byte(c.answers), 0o644)
			stdout, _, code := runIn(nil, "check", "-shortest", filepath.Join(dir, "in"), filepath.Join(dir, "ans"))
			got := failedCases(stdout)
			if fmt.Sprint(got) != fmt.Sprint(c.failed) {
				t.Errorf("failed cases %v, want %v", got, c.failed)
			}
			summary := fmt.Sprintf("%d passed, %d failed\n", 3000-len(c.failed), len(c.failed))
			if !strings.HasSuffix(stdout, summary) || c.tail != "" && !strings.HasSuffix(stdout, c.tail) {
				t.Errorf("report ends %q, want %q", stdout[max(0, len(stdout)-80):], summary)
			}
			if name == "extra" && !strings.Contains(stdout, "2 extra lines after the last case's answer") {
				t.Errorf("no word of the extra lines: %q", stdout[max(0, len(stdout)-200):])
			}
			if code != 1 {
				t.Errorf("status %d, want 1", code)
			}
		})
	}
}

// answered makes a file of n random hdu1043 cases from seed, three in ten
// unsolvable, and returns it with solve's answers, a line each.
func answered(t *testing.T, n int, seed uint64) (in string, answers []string) {
	t.Helper()
	p, _ := format.Lookup("hdu1043")
	in, _, _ = runIn(nil, "gen", "-format", "hdu1043", "-n", fmt.Sprint(n), "-unsolvable", "0.3", "-seed", fmt.Sprint(seed))
	var ans bytes.Buffer
	if err := solveFile(p, in, &ans); err != nil {
		t.Fatal(err)
	}
	answers = strings.SplitAfter(ans.String(), "\n")
	return in, answers[:len(answers)-1] // after the last line end
}

// failedCases returns the numbers of the cases a report says failed.
func failedCases(report string) []int {
	var got []int
	for _, l := range strings.Split(report, "\n") {
		var k int
		if _, err := fmt.Sscanf(l, "case %d", &k); err == nil {
			got = append(got, k)
		}
	}
	return got
}

func seq(from, to int) []int {
	var out []int
	for k := from; k <= to; k++ {
		out = append(out, k)
	}
	return out
}

// TestCheckOtherPaths gives answers that are not the table's own path,
// past the first twenty thousand cases, by when the table's path is compared
// first: a longer legal path passes only without -shortest, and a path
// with spaces after it passes either way.
func TestCheckOtherPaths(t *testing.T) {
	in, lines := answered(t, 40000, 9)
	var longer []int
	for k := 20000; k < len(lines); k += 997 {
		if lines[k] == "unsolvable\n" {
			continue
		}
		if len(longer)%2 == 0 {
			// The blank ends in the last cell: up and back down is legal.
			lines[k] = strings.TrimSuffix(lines[k], "\n") + "ud\n"
			longer = append(longer, k+1)
		} else {
			lines[k] = strings.TrimSuffix(lines[k], "\n") + "  \n"
		}
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "in"), []byte(in), 0o644)
	os.WriteFile(filepath.Join(dir, "ans"), []byte(strings.Join(lines, "")), 0o644)
	for _, shortest := range []bool{true, false} {
		args := []string{"check", filepath.Join(dir, "in"), filepath.Join(dir, "ans")}
		want := []int(nil)
		if shortest {
			args = append([]string{"check", "-shortest"}, args[1:]...)
			want = longer
		}
		stdout, _, _ := runIn(nil, args...)
		got := failedCases(stdout)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("-shortest=%v: failed cases %v, want %v", shortest, got, want)
		}
	}
}
