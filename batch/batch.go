// Package batch answers judge files: it reads cases with package format,
// answers them from a table.Set, and writes the answers in the judge's
// form, one case after another, in order.
package batch

import (
	"io"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/format"
	"github.com/slidingpuzzle/solver/table"
)

// Job is how to answer a judge file.
type Job struct {
	Set    *table.Set
	Preset format.Preset
	// Goal is the goal of every case when the preset reads none with its
	// cases; the zero Board means the preset's own.
	Goal board.Board
	// Name names the input in messages: "stdin".
	Name string
	// Report, when not nil, is called with the message of each bad case,
	// in the order of the cases.
	Report func(error)
}

// Result counts what a Run saw.
type Result struct {
	Cases int // cases answered, bad ones included
	Bad   int // faults of the input: bad cases, and notes such as a wrong count
}

// flushAt is the size at which answers are written out.
const flushAt = 64 << 10

// Run answers every case of in, writing the answers to out. The error is
// for reading or writing, or for a missing or corrupt table; answers
// written before it are right.
func (j *Job) Run(in io.Reader, out io.Writer) (Result, error) {
	var res Result
	goal := j.Goal
	if goal == (board.Board{}) {
		goal, _ = j.Preset.DefaultGoal()
	}
	r := format.NewReader(in, j.Name, j.Preset, goal)
	buf := make([]byte, 0, flushAt+4096)
	var c format.Case
	var err error
	for r.Next(&c) {
		if c.Err != nil {
			res.Bad++
			if j.Report != nil {
				j.Report(c.Err)
			}
			if c.Num == 0 {
				continue
			}
			buf = j.Preset.AppendBad(buf, c.Num)
		} else if buf, err = j.answer(buf, &c); err != nil {
			break
		}
		res.Cases++
		if len(buf) >= flushAt {
			if _, werr := out.Write(buf); werr != nil {
				return res, werr
			}
			buf = buf[:0]
		}
	}
	if _, werr := out.Write(buf); werr != nil && err == nil {
		err = werr
	}
	if err == nil {
		err = r.Err()
	}
	return res, err
}

// answer appends the answer to one good case.
func (j *Job) answer(dst []byte, c *format.Case) ([]byte, error) {
	p := &j.Preset
	if !p.NeedsPath() {
		d, ok, err := j.Set.Distance(c.Start, c.Goal)
		if err != nil {
			return dst, err
		}
		if !ok {
			return p.AppendUnsolvable(dst, c.Num), nil
		}
		return p.AppendAnswer(dst, c.Num, nil, d), nil
	}
	var scratch [64]byte
	path, ok, err := j.Set.AppendPath(scratch[:0], c.Start, c.Goal)
	if err != nil {
		return dst, err
	}
	if !ok {
		return p.AppendUnsolvable(dst, c.Num), nil
	}
	return p.AppendAnswer(dst, c.Num, path, len(path)), nil
}
