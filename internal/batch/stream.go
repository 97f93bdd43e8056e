package batch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/engine"
	"github.com/slidingpuzzle/solver/internal/format"
)

// streamCells is the fewest cells of a board whose path is written to the
// output as it is made, rather than held with the answers of the cases
// around it: the path of a 128 x 128 board runs to millions of moves, that
// of a 1000 x 1000 board to billions.
const streamCells = 128 * 128

// streams reports whether the answer to case c is written as it is made.
func (j *Job) streams(c *format.Case) bool {
	return c.Err == nil && j.Preset.NeedsPath() && c.Start.Shape().Cells() >= streamCells
}

// CutError is the error of a case whose path, written as it was made
// (a board of 128 x 128 cells or more), was cut short: by the context
// (an interrupt, a time limit) or by a write that failed (a full disk).
// Its line is left with no line end, so that no reader takes the moves
// before the cut for a whole answer.
type CutError struct {
	Case  int   // the number of the case, from 1
	Moves int64 // the moves made before the cut (written, but for a write that failed)
	Err   error // why: the context's error, or the write's
}

func (e *CutError) Error() string {
	if errors.Is(e.Err, context.Canceled) || errors.Is(e.Err, context.DeadlineExceeded) {
		return fmt.Sprintf("case %d: its path was cut after %d moves, its line left with no end: %v", e.Case, e.Moves, e.Err)
	}
	return fmt.Sprintf("case %d: its path could not be written (%v), its line left with no end", e.Case, e.Err)
}

func (e *CutError) Unwrap() error { return e.Err }

// streamCase answers case c, a large board (streams), straight to out:
// the label, the path as the engine makes it, the line end. A preset that
// prints the length first has the path counted first, then made again.
// The answers of the cases before c must be written already.
func (j *Job) streamCase(ctx context.Context, a *answerer, out io.Writer, c *format.Case) (Result, error) {
	p := &j.Preset
	if a.goals == nil {
		a.goals = j.Solver.Goals()
	}
	a.msgs = a.msgs[:0]
	goal, start, err := a.goal(p, c)
	if err != nil {
		if !errors.Is(err, engine.ErrShape) {
			return Result{}, err
		}
		a.report(j, c.Fault(err.Error()))
		if err := j.writeLog(a.msgs); err != nil {
			return Result{}, err
		}
		_, err := out.Write(p.AppendBad(nil, c.Num))
		return Result{Cases: 1, Bad: 1}, err
	}
	w := p.Writer()
	if !board.Solvable(start, goal.Goal()) {
		a.note(j, goal, c.Num, 0, false, engine.Stats{}, time.Now())
		if err := j.writeLog(a.msgs); err != nil {
			return Result{}, err
		}
		_, err := out.Write(w.Unsolvable(nil, c.Num))
		return Result{Cases: 1}, err
	}
	var progress engine.Progress
	if j.Progress != nil {
		progress = func(placed, tiles int, moves int64) { j.Progress(c.Num, placed, tiles, moves) }
	}
	t0 := time.Now()
	var n int64
	if p.Print == format.MovesThenPath {
		if n, _, _, err = goal.WritePath(ctx, nil, start, progress); err != nil {
			return Result{}, err
		}
	}
	if begin := w.Begin(nil, c.Num, int(n)); len(begin) > 0 {
		if _, err := out.Write(begin); err != nil {
			return Result{}, &CutError{Case: c.Num, Err: err}
		}
	}
	pw := p.PathWriter(out)
	n, ok, st, err := goal.WritePath(ctx, pw, start, progress)
	if err == nil {
		err = pw.Close() // the last run
	} else if ctx.Err() != nil {
		pw.Close() // the moves made so far, whole: a run of the tile notation
	}
	if err != nil {
		// The line of the path cut short is left with no end: what was
		// written never reads as a whole answer, and the error says
		// which case was cut, and where.
		return Result{}, &CutError{Case: c.Num, Moves: n, Err: err}
	}
	if _, err := out.Write(w.End(nil, -1)); err != nil {
		return Result{}, err
	}
	a.note(j, goal, c.Num, n, ok, st, t0)
	return Result{Cases: 1}, j.writeLog(a.msgs)
}
