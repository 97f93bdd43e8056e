package judge

import (
	"bytes"
	"strings"
	"testing"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/embedded"
	"github.com/slidingpuzzle/solver/internal/batch"
	"github.com/slidingpuzzle/solver/internal/format"
)

// TestCheckLarge judges files of boards of more than 16 cells, written by
// the Generator and answered by the batch: the paths pass; a path spoilt
// fails with a message that names where it ends, not the whole board;
// -shortest fails every path, saying that no shortest one is known; a
// count cannot be judged; and POJ 2893's verdicts are judged by parity.
func TestCheckLarge(t *testing.T) {
	solver := embedded.Solver()
	gen := func(p format.Preset, shape board.Shape, n int) []byte {
		t.Helper()
		var b bytes.Buffer
		g := Generator{Solver: solver, Preset: p, Shape: shape, N: n, Seed: 5, MaxDepth: -1, Unsolvable: 0.3}
		if err := g.Write(&b); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	answer := func(p format.Preset, in []byte) []byte {
		t.Helper()
		var out bytes.Buffer
		job := batch.Job{Solver: solver, Preset: p, Name: "in"}
		if _, err := job.Run(bytes.NewReader(in), &out); err != nil {
			t.Fatal(err)
		}
		return out.Bytes()
	}
	check := func(p format.Preset, in, ans []byte, shortest bool) (Verdict, string) {
		t.Helper()
		c := Checker{Solver: solver, Preset: p, Shortest: shortest, InputName: "in", AnswersName: "ans"}
		var report bytes.Buffer
		v, err := c.Check(bytes.NewReader(in), bytes.NewReader(ans), &report)
		if err != nil {
			t.Fatal(err)
		}
		return v, report.String()
	}

	np, _ := format.Lookup("npuzzle")
	in := gen(np, board.Shape{Rows: 12, Cols: 12}, 8)
	ans := answer(np, in)
	if v, report := check(np, in, ans, false); v.Failed != 0 || v.Passed != 8 {
		t.Fatalf("npuzzle 12x12: %+v\n%s", v, report)
	}
	solvable := 8 - strings.Count(string(ans), "unsolvable")
	if v, report := check(np, in, ans, true); v.Failed != solvable || solvable == 0 || !strings.Contains(report, "cannot be judged shortest") {
		t.Errorf("npuzzle 12x12 -shortest: %+v\n%s", v, report)
	}
	// Spoil the first path: one move short.
	lines := strings.Split(string(ans), "\n")
	k := 0
	for lines[k] == "unsolvable" || lines[k] == "" {
		k++
	}
	lines[k] = lines[k][:len(lines[k])-1]
	v, report := check(np, in, []byte(strings.Join(lines, "\n")), false)
	if v.Failed != 1 || !strings.Contains(report, "does not end at the goal: cell") || strings.Contains(report, " 1 2 3 ") {
		t.Errorf("a path one move short: %+v\n%s", v, report)
	}

	// A preset that prints counts, given large boards.
	acw, _ := format.Lookup("acwing845")
	acw = acw.WithShape(board.Shape{Rows: 5, Cols: 5})
	in = gen(acw, board.Shape{}, 4)
	if v, report := check(acw, in, answer(acw, in), false); v.Passed+v.Failed != 4 || (v.Failed > 0 && !strings.Contains(report, "cannot be judged")) {
		t.Errorf("acwing845 on 5x5: %+v\n%s", v, report)
	}

	poj, _ := format.Lookup("poj2893")
	in = gen(poj, board.Shape{Rows: 7, Cols: 9}, 20)
	ans = answer(poj, in)
	if v, report := check(poj, in, ans, true); v.Failed != 0 || v.Passed != 20 {
		t.Fatalf("poj2893: %+v\n%s", v, report)
	}
	flipped := strings.NewReplacer("YES", "NO", "NO", "YES").Replace(string(ans))
	if v, report := check(poj, in, []byte(flipped), false); v.Failed != 20 || !strings.Contains(report, `says "NO", want "YES"`) {
		t.Errorf("poj2893, every answer turned: %+v\n%s", v, report)
	}
}
