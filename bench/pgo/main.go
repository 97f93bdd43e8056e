// Command pgo writes the CPU profile that go build optimizes solve and
// judge with (profile-guided optimization: a default.pgo beside a main
// package is used by go build, go run and go install). It runs the bench's
// judge-file workloads in one process, each after a run that fills a
// cache folder of fast lookups, as a warm run of the commands finds it:
// a file of 1M boards (hdu1043), of 300K cases of each other 3x3 preset,
// and judge check -shortest of the 1M file with its answers.
//
//	go run ./bench/pgo -o cmd/solve/default.pgo   # or: make pgo
//
// The inputs are made with fixed seeds, so the profile changes only with
// the code.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/pprof"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/embedded"
	"github.com/slidingpuzzle/solver/engine"
	"github.com/slidingpuzzle/solver/internal/batch"
	"github.com/slidingpuzzle/solver/internal/format"
	"github.com/slidingpuzzle/solver/internal/judge"
)

func main() {
	out := flag.String("o", "default.pgo", "write the profile to `FILE`, e.g. -o cmd/solve/default.pgo")
	flag.Parse()
	if err := run(*out); err != nil {
		fmt.Fprintf(os.Stderr, "pgo: %v\n", err)
		os.Exit(1)
	}
}

// A workload is one run of the commands: a preset and its input.
type workload struct {
	preset format.Preset
	input  []byte
	check  []byte // the answers, for a run of judge check; nil for solve
}

func run(out string) error {
	dir, err := os.MkdirTemp("", "pgo-cache-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	s := embedded.Solver().WithCache(dir)
	var loads []workload
	for _, name := range []string{"hdu1043", "acwing845", "luogu1379", "uva652", "lightoj1139", "boj11112", "aoj", "lrj", "hoj1868", "hdu3567"} {
		p, _ := format.Lookup(name)
		n, seed := 300000, uint64(5)
		if name == "hdu1043" {
			n, seed = 1000000, 1
		}
		in, err := generate(s, p, n, seed)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		loads = append(loads, workload{preset: p, input: in})
	}
	// judge check -shortest of the 1M file with solve's answers.
	// The 15-puzzle's search, on boards 55 random moves from Korf's goal:
	// its inner loop is what the hard positions spend their time in.
	p4, _ := format.Lookup("hdu1043")
	p4 = p4.WithShape(board.Shape{Rows: 4, Cols: 4})
	p4.Goal = board.MustParseGoal(board.Shape{}, board.BlankFirst)
	var fifteen bytes.Buffer
	if err := (&judge.Generator{Solver: s, Preset: p4, N: 40, Seed: 3, MaxDepth: -1, Walk: 55}).Write(&fifteen); err != nil {
		return fmt.Errorf("4x4: %w", err)
	}
	loads = append(loads, workload{preset: p4, input: fifteen.Bytes()})
	var answers bytes.Buffer
	if err := solve(s, loads[0], &answers); err != nil {
		return err
	}
	loads = append(loads, workload{preset: loads[0].preset, input: loads[0].input, check: answers.Bytes()})
	// A first pass fills the cache, as earlier runs of the commands do.
	for _, w := range loads {
		if err := w.run(s); err != nil {
			return err
		}
	}
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		return err
	}
	// Each workload a few times, with a Solver of its own each time, as a
	// new process has.
	for range 10 {
		for _, w := range loads {
			if err := w.run(embedded.Solver().WithCache(dir)); err != nil {
				return err
			}
		}
	}
	pprof.StopCPUProfile()
	return f.Close()
}

// generate makes n cases of p, a fifth of them unsolvable, as judge gen
// does.
func generate(s *engine.Solver, p format.Preset, n int, seed uint64) ([]byte, error) {
	g := &judge.Generator{Solver: s, Preset: p, N: n, Seed: seed, MaxDepth: -1, Unsolvable: 0.2}
	if p.Name == "hdu1043" {
		g.Unsolvable = 0.5
	}
	var buf bytes.Buffer
	err := g.Write(&buf)
	return buf.Bytes(), err
}

// solve answers w's input as solve does.
func solve(s *engine.Solver, w workload, dst io.Writer) error {
	j := &batch.Job{Solver: s, Preset: w.preset, Name: "stdin"}
	_, err := j.Run(bytes.NewReader(w.input), dst)
	return err
}

// run runs w with s.
func (w workload) run(s *engine.Solver) error {
	if w.check == nil {
		return solve(s, w, io.Discard)
	}
	c := &judge.Checker{Solver: s, Preset: w.preset, Shortest: true, InputName: "in", AnswersName: "ans"}
	v, err := c.Check(bytes.NewReader(w.input), bytes.NewReader(w.check), io.Discard)
	if err == nil && !v.OK() {
		err = fmt.Errorf("judge check: %d cases failed", v.Failed+v.Other)
	}
	return err
}
