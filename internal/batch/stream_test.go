package batch_test

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
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

// TestStreamCut cuts a streamed answer in the middle of its path, the
// three ways it can be cut: a cancelled context (an interrupt), a
// deadline that passes (a time limit), a write that fails (a full disk).
// The run stops with a CutError that names the case and the moves made,
// wrapping the cause; the path's line is left with no line end, so that
// what was written never reads as a whole answer.
func TestStreamCut(t *testing.T) {
	p, _ := format.Lookup("npuzzle")
	_, in := largeCase(p, board.Shape{Rows: 200, Cols: 200}, 7)
	for _, want := range []error{context.Canceled, context.DeadlineExceeded, errDiskFull} {
		var ctx context.Context
		w := &cutWriter{n: 1000}
		switch want {
		case context.Canceled:
			c, cancel := context.WithCancel(context.Background())
			defer cancel()
			ctx, w.cut = c, cancel
		case context.DeadlineExceeded:
			c := &expiring{Context: context.Background(), done: make(chan struct{})}
			ctx, w.cut = c, c.expire
		default:
			ctx, w.fail = context.Background(), true
		}
		job := &batch.Job{Solver: testcache.Solver(), Preset: p, Name: "in"}
		_, err := job.RunContext(ctx, bytes.NewReader(in), w)
		var cut *batch.CutError
		if !errors.As(err, &cut) || !errors.Is(err, want) || cut.Case != 1 || cut.Moves < int64(w.n)-100 {
			t.Errorf("%v: %v (%+v); want a CutError of case 1 after about %d moves or more, wrapping it", want, err, cut, w.n-100)
			continue
		}
		if out := w.String(); !w.fail && len(out) < w.n-100 || strings.Contains(out, "\n") {
			t.Errorf("%v: wrote %d bytes, %d line ends, ending %q; want no line end", want, len(out), strings.Count(out, "\n"), out[max(len(out)-5, 0):])
		}
	}
}

var errDiskFull = errors.New("disk full")

// cutWriter keeps what is written to it; once n bytes are reached it
// calls cut, or, with fail, fails every write from then on.
type cutWriter struct {
	bytes.Buffer
	n    int
	cut  func()
	fail bool
}

func (w *cutWriter) Write(p []byte) (int, error) {
	if w.Len()+len(p) >= w.n {
		if w.fail {
			return 0, errDiskFull
		}
		w.cut()
	}
	return w.Buffer.Write(p)
}

// expiring is a context whose deadline passes when expire is called.
type expiring struct {
	context.Context
	done chan struct{}
	once sync.Once
}

func (c *expiring) Done() <-chan struct{} { return c.done }

func (c *expiring) Err() error {
	select {
	case <-c.done:
		return context.DeadlineExceeded
	default:
		return nil
	}
}

func (c *expiring) expire() { c.once.Do(func() { close(c.done) }) }
