package batch

import (
	"context"
	"errors"
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
	if _, err := out.Write(w.Begin(nil, c.Num, int(n))); err != nil {
		return Result{}, err
	}
	pw := p.PathWriter(out)
	n, ok, st, err := goal.WritePath(ctx, pw, start, progress)
	if err == nil {
		err = pw.Close() // the last run
	}
	if err != nil {
		// The line of the path cut short still ends, so that what is
		// written stays lines; the error says the answer is not whole.
		out.Write([]byte{'\n'})
		return Result{}, err
	}
	if _, err := out.Write(w.End(nil, -1)); err != nil {
		return Result{}, err
	}
	a.note(j, goal, c.Num, n, ok, st, t0)
	return Result{Cases: 1}, j.writeLog(a.msgs)
}
