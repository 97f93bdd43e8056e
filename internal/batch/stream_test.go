package batch_test

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/internal/batch"
	"github.com/slidingpuzzle/solver/internal/format"
	"github.com/slidingpuzzle/solver/internal/testcache"
)

// largeCase returns a solvable random board of s and its case in p's
// form.
func largeCase(p format.Preset, s board.Shape, seed uint64) (board.Board, []byte) {
	rng := rand.New(rand.NewPCG(seed, 1))
	cells := rng.Perm(s.Cells())
	b, _ := board.New(s, cells)
	goal, _ := p.Goal.For(s)
	if !board.Solvable(b, goal) {
		i, j := 0, 1
		if cells[i] == 0 || cells[j] == 0 {
			i, j = 2, 3
		}
		cells[i], cells[j] = cells[j], cells[i]
		b, _ = board.New(s, cells)
	}
	return b, p.AppendCase(nil, b, goal)
}

// TestStream answers boards large enough that their paths are written as
// they are made, with the length first or not: each answer's path leads
// its board to the goal, and the length said is the path's.
func TestStream(t *testing.T) {
	t.Parallel()
	np, _ := format.Lookup("npuzzle")
	counted := np
	counted.Print = format.MovesThenPath
	s := board.Shape{Rows: 130, Cols: 130}
	for _, p := range []format.Preset{np, counted} {
		var in []byte
		var starts []board.Board
		boards := uint64(2)
		if testing.Short() {
			boards = 1 // seconds a board
		}
		for seed := range boards {
			b, text := largeCase(p, s, seed)
			in = append(in, text...)
			starts = append(starts, b)
		}
		var out bytes.Buffer
		job := &batch.Job{Solver: testcache.Solver(), Preset: p, Name: "in"}
		if res, err := job.Run(bytes.NewReader(in), &out); err != nil || res.Cases != len(starts) || res.Bad != 0 {
			t.Fatalf("%v: Run = %+v, %v", p.Print, res, err)
		}
		lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		per := 1
		if p.Print == format.MovesThenPath {
			per = 2
		}
		if len(lines) != per*len(starts) {
			t.Fatalf("%v: %d lines, want %d", p.Print, len(lines), per*len(starts))
		}
		goal, _ := p.Goal.For(s)
		for i, start := range starts {
			path := lines[per*i+per-1]
			if per == 2 && lines[2*i] != strconv.Itoa(len(path)) {
				t.Errorf("case %d: length %q, path of %d moves", i+1, lines[2*i], len(path))
			}
			moves, err := board.ParsePath(path)
			m := board.NewMover(start)
			for _, mv := range moves {
				if !m.Move(mv) {
					err = errors.New("a move off the board")
					break
				}
			}
			if err != nil || !m.Is(goal) {
				t.Errorf("case %d: the path does not reach the goal (%v)", i+1, err)
			}
		}
	}
}

// cancelWriter cancels its context once it has had n bytes.
type cancelWriter struct {
	bytes.Buffer
	n      int
	cancel context.CancelFunc
}

func (w *cancelWriter) Write(p []byte) (int, error) {
	if w.Len()+len(p) >= w.n {
		w.cancel()
	}
	return w.Buffer.Write(p)
}

// TestStreamCancel cancels a streamed answer in the middle of its path:
// the run stops with the context's error, and what it wrote ends its line.
func TestStreamCancel(t *testing.T) {
	p, _ := format.Lookup("npuzzle")
	_, in := largeCase(p, board.Shape{Rows: 200, Cols: 200}, 7)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	w := &cancelWriter{n: 1000, cancel: cancel}
	job := &batch.Job{Solver: testcache.Solver(), Preset: p, Name: "in"}
	_, err := job.RunContext(ctx, bytes.NewReader(in), w)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("RunContext: %v, want context.Canceled", err)
	}
	if out := w.String(); len(out) < w.n || !strings.HasSuffix(out, "\n") || strings.Count(out, "\n") != 1 {
		t.Errorf("wrote %d bytes, %d lines, ending %q; want one line, ended", len(out), strings.Count(out, "\n"), out[max(len(out)-5, 0):])
	}
}
