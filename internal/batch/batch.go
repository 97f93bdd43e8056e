// Package batch answers judge files: it reads cases with package format,
// answers them with an engine.Solver, and writes the answers in the
// judge's form, in the order of the cases.
//
// Files of one board a line with no case numbers in their answers (the
// hdu1043 family) are cut into blocks of whole lines that every core
// answers at once, and written out in order; files of separated cases, and
// 3x3 files of pairs, into blocks of whole cases that the workers read
// themselves (format.Reader.NextBlock), a pair keyed from its two lines in
// one pass (table.Pairs); other files are read case by case and answered
// in runs on every core, a case at a time where a case may need a search.
package batch

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/engine"
	"github.com/slidingpuzzle/solver/internal/format"
	"github.com/slidingpuzzle/solver/notation"
	"github.com/slidingpuzzle/solver/table"
)

// Job is how to answer a judge file.
type Job struct {
	Solver *engine.Solver
	Preset format.Preset
	// Name names the input in messages: "stdin".
	Name string
	// Log, when not nil, receives the message of each bad case (and of
	// each fault of the file, such as a wrong count) as a line that
	// starts with LogPrefix, in the order of the cases. Messages are
	// written in bulk, as the answers are.
	Log       io.Writer
	LogPrefix string // "solve: "
	// Verbose adds to Log a line for each case answered: its number, the
	// length of its answer, the engine, the nodes a search visited and
	// the time it took.
	Verbose bool
	// Workers is how many goroutines answer blocks of cases at once;
	// 0 means one for each CPU (runtime.GOMAXPROCS).
	Workers int
	// Progress, when not nil, is told now and then how far the answer to
	// a large board has come (case num: tiles placed of all, moves
	// written), for a progress bar.
	Progress func(num, placed, tiles int, moves int64)
	// Timeout, when more than 0, limits the search for each case's
	// shortest path: past it the case is answered with a path found
	// after it, not proven shortest (engine.Stats.Cut).
	Timeout time.Duration

	warned atomic.Bool // the note on counts not proven shortest is given

	// onPairBlock and onBoardBlock, when set, are called for each block
	// answerPairs and answerBoards answer: for the tests, on the
	// workers' goroutines.
	onPairBlock, onBoardBlock func()
}

// Result counts what a Run saw.
type Result struct {
	Cases int // cases answered, bad ones included
	Bad   int // faults of the input: bad cases, and notes such as a wrong count
}

func (r *Result) add(o Result) {
	r.Cases += o.Cases
	r.Bad += o.Bad
}

// Run answers every case of in, writing the answers to out. The error is
// for reading or writing, or for a missing or corrupt table; answers
// written before it are right.
func (j *Job) Run(in io.Reader, out io.Writer) (Result, error) {
	return j.RunContext(context.Background(), in, out)
}

// RunContext is Run, stopped when ctx is done: the answers of the cases
// before the first one unanswered are written, and ctx's error returned.
func (j *Job) RunContext(ctx context.Context, in io.Reader, out io.Writer) (Result, error) {
	goal, err := j.check(false)
	if err != nil {
		return Result{}, err
	}
	p := &j.Preset
	if p.OneLine && !p.Pairs && !p.Count && p.Label == "" && p.Between == "" && p.Print != format.Verdict && p.Notation == notation.Blank {
		// A file of one case a line with no case numbers in its answers
		// goes in blocks to every core, once it is large enough to pay
		// for building the fast lookups; a small one is answered case by
		// case from the table as it is.
		first := make([]byte, blockSize)
		n, err := io.ReadFull(in, first)
		switch err {
		case nil:
			return j.runBlocks(ctx, io.MultiReader(bytes.NewReader(first[:n]), in), out, goal)
		case io.EOF, io.ErrUnexpectedEOF:
			in = bytes.NewReader(first[:n])
		default:
			return Result{}, err
		}
	}
	return j.runCases(ctx, format.NewReader(in, j.Name, j.Preset), out)
}

// RunArgs answers boards given as command-line arguments, one a case (two
// for a preset of pairs), as format.NewArgsReader reads them, and writes
// the answers to out as Run does. A preset with no shape takes each
// board's shape from the board.
func (j *Job) RunArgs(args []string, out io.Writer) (Result, error) {
	return j.RunArgsContext(context.Background(), args, out)
}

// RunArgsContext is RunArgs, stopped when ctx is done as RunContext is.
func (j *Job) RunArgsContext(ctx context.Context, args []string, out io.Writer) (Result, error) {
	if _, err := j.check(true); err != nil {
		return Result{}, err
	}
	cases := len(args)
	if j.Preset.Pairs {
		cases = (cases + 1) / 2
	}
	return j.runCasesOf(ctx, format.NewArgsReader(args, j.Preset), out, cases)
}

// check returns the goal of the job's cases (its preset's, resolved
// for the preset's shape; the zero Board where each case has a goal or a
// shape of its own), or why the job cannot run. For arguments a preset
// may have no shape, unless its goal is a board.
func (j *Job) check(args bool) (board.Board, error) {
	if j.Solver == nil {
		return board.Board{}, errors.New("batch: the Job has no engine.Solver")
	}
	if _, isBoard := j.Preset.Goal.Board(); args && j.Preset.Shape == (board.Shape{}) && !isBoard {
		return board.Board{}, j.Preset.CheckArgs()
	}
	if err := j.Preset.Check(); err != nil {
		return board.Board{}, err
	}
	goal, _ := j.Preset.DefaultGoal()
	return goal, nil
}

// runCases answers the cases of r on every core, with the answers in
// order: a case at a time where a case may need a search, runs of cases
// where every one is a lookup.
func (j *Job) runCases(ctx context.Context, r *format.Reader, out io.Writer) (Result, error) {
	return j.runCasesOf(ctx, r, out, -1)
}

// runCasesOf is runCases for a reader of the given number of cases, or of
// a number not known (-1). A reader known to hold a single run is answered
// on the calling goroutine.
func (j *Job) runCasesOf(ctx context.Context, r *format.Reader, out io.Writer, cases int) (Result, error) {
	chunk := 1024
	if !j.Solver.Instant(j.Preset.Shape) {
		chunk = 1 // a case may be a search: one at a time
	}
	return j.runParallel(ctx, r, out, chunk, cases >= 0 && cases <= chunk)
}

// writeLog writes messages to the job's Log.
func (j *Job) writeLog(msgs []byte) error {
	if j.Log == nil || len(msgs) == 0 {
		return nil
	}
	_, err := j.Log.Write(msgs)
	return err
}

// answerer answers cases, keeping the work of each goal it sees (an
// engine.Goals): a file of one goal, or of pairs, finds its engines once.
type answerer struct {
	goals   *engine.Goals
	msgs    []byte   // the messages of bad cases, for the job's Log
	lookups []lookup // answerRun's, reused

	// For blocks of pairs (answerPairs): their lookups from lines, once
	// made, and the room for a group of their cases.
	pairs     *table.Pairs
	pairsMade bool
	pairGroup pairGroup
	eight     pairEight

	fast *table.Goal // of the goal of blocks read whole (answerBoards)
	// answerBoards' keys and kinds of a block's cases, reused.
	boardKeys  []table.Key
	boardKinds []uint8
}

// report adds the message of err to a.msgs, when the job keeps a Log.
func (a *answerer) report(j *Job, err error) {
	if j.Log == nil {
		return
	}
	a.msgs = append(a.msgs, j.LogPrefix...)
	if fe, ok := err.(*format.Error); ok {
		a.msgs = fe.AppendTo(a.msgs)
	} else {
		a.msgs = append(a.msgs, err.Error()...)
	}
	a.msgs = append(a.msgs, '\n')
}

// goal returns the Goal that answers c, and c's start renamed for it: for
// pairs with no path to print, one that may have turned the pair to need
// fewer tables (engine.Goals.ForDistance).
func (a *answerer) goal(p *format.Preset, c *format.Case) (*engine.Goal, board.Board, error) {
	if p.NeedsPath() || !p.Pairs {
		return a.goals.For(c.Start, c.Goal)
	}
	return a.goals.ForDistance(c.Start, c.Goal)
}

// note says, under Verbose, what the answer to case num took, and once
// a run, for a preset that prints the number of moves, that a path not
// proven shortest gives the length of that path.
func (a *answerer) note(j *Job, goal *engine.Goal, num int, moves int64, ok bool, st engine.Stats, t0 time.Time) {
	if j.Log == nil {
		return
	}
	shortest := goal.Optimal() && !st.Cut
	if ok && st.Cut && !j.Verbose {
		// Said of every case it happens to: an answer a judge would count
		// wrong, or a path longer than it could be.
		a.msgs = a.casePrefix(j, num)
		a.msgs = append(a.msgs, "the time limit cut the search for the shortest path; the answer is a path found after it, not proven shortest\n"...)
	} else if ok && !goal.Optimal() && j.Preset.Print != format.Path && !j.warned.Swap(true) {
		a.msgs = a.casePrefix(j, num)
		a.msgs = append(a.msgs, "the number of moves printed for a board of more than 16 cells is that of a path not proven shortest\n"...)
	}
	if !j.Verbose {
		return
	}
	a.msgs = a.casePrefix(j, num)
	if ok {
		a.msgs = strconv.AppendInt(a.msgs, moves, 10)
		a.msgs = append(a.msgs, " move"...)
		if moves != 1 {
			a.msgs = append(a.msgs, 's')
		}
	} else {
		a.msgs = append(a.msgs, "unsolvable"...)
	}
	name := goal.Engine()
	if st.Engine != "" {
		name = st.Engine
	}
	a.msgs = fmt.Appendf(a.msgs, ", %s, %d nodes, %v", name, st.Nodes, time.Since(t0).Round(time.Microsecond))
	if st.Cut {
		a.msgs = append(a.msgs, ", cut by the time limit"...)
	}
	if ok && !shortest {
		a.msgs = append(a.msgs, ", not proven shortest"...)
	}
	a.msgs = append(a.msgs, '\n')
}

// casePrefix appends to the log the start of a line about case num.
func (a *answerer) casePrefix(j *Job, num int) []byte {
	a.msgs = append(a.msgs, j.LogPrefix...)
	a.msgs = append(a.msgs, "case "...)
	a.msgs = strconv.AppendInt(a.msgs, int64(num), 10)
	return append(a.msgs, ": "...)
}

// answer appends the answer to one case, reporting it if it is bad.
func (a *answerer) answer(ctx context.Context, j *Job, dst []byte, c *format.Case) ([]byte, Result, error) {
	p := &j.Preset
	if c.Err != nil {
		a.report(j, c.Err)
		if c.Num == 0 {
			return dst, Result{Bad: 1}, nil
		}
		return p.AppendBad(dst, c.Num), Result{Cases: 1, Bad: 1}, nil
	}
	if p.Print == format.Verdict {
		// Whether the board can be solved, and nothing more: its parity.
		return p.AppendVerdict(dst, c.Num, board.Solvable(c.Start, c.Goal)), Result{Cases: 1}, nil
	}
	var scratch [128]byte
	var path []byte
	var d int
	var ok bool
	if a.goals == nil {
		a.goals = j.Solver.Goals()
	}
	goal, start, err := a.goal(p, c)
	if err != nil {
		if errors.Is(err, engine.ErrShape) {
			// A board of a shape no engine answers is a bad case.
			a.report(j, c.Fault(err.Error()))
			return p.AppendBad(dst, c.Num), Result{Cases: 1, Bad: 1}, nil
		}
		return dst, Result{}, err
	}
	var st engine.Stats
	var t0 time.Time
	if j.Verbose {
		t0 = time.Now()
	}
	if s := start.Shape(); j.Timeout > 0 && j.Solver.Optimal(s) && !j.Solver.Instant(s) {
		// A search for a shortest path: the only answer a limit cuts.
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, j.Timeout)
		defer cancel()
	}
	switch {
	case goal.Lookups() != nil && !p.NeedsPath():
		d, ok, err = goal.Distance(start)
	case !p.NeedsPath():
		var n int64
		var progress engine.Progress
		if j.Progress != nil {
			progress = func(placed, tiles int, moves int64) { j.Progress(c.Num, placed, tiles, moves) }
		}
		n, ok, st, err = goal.WritePath(ctx, nil, start, progress) // counted, not kept
		d = int(n)
	default:
		path, ok, st, err = goal.Solve(ctx, scratch[:0], start)
		d = len(path)
	}
	if err == nil {
		a.note(j, goal, c.Num, int64(d), ok, st, t0)
	}
	switch {
	case err != nil:
		return dst, Result{}, err
	case !ok:
		return p.AppendUnsolvable(dst, c.Num), Result{Cases: 1}, nil
	}
	return p.AppendAnswer(dst, c.Num, path, d), Result{Cases: 1}, nil
}
