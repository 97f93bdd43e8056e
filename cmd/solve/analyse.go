package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/slidingpuzzle/solver/analyse"
	"github.com/slidingpuzzle/solver/internal/batch"
	"github.com/slidingpuzzle/solver/internal/format"
	"github.com/slidingpuzzle/solver/notation"
)

// maxAnalysed is the longest path -analyse reads: ten million moves, the
// path of a 300 x 300 board, a few hundred megabytes of report.
const maxAnalysed = 10_000_000

// analyseOne writes the report of -analyse: the path text, in notation
// nt, played from the one board of args towards the job's goal.
func analyseOne(ctx context.Context, args []string, text string, nt notation.Notation, asJSON bool, job *batch.Job, stdout, stderr io.Writer) int {
	p := job.Preset
	if p.Pairs {
		args = args[:min(len(args), 2)]
	}
	if len(args) == 0 || len(args) > 1 && !p.Pairs || p.Pairs && len(args) != 2 {
		fmt.Fprintf(stderr, "solve: -analyse wants one board as an argument (a start and a goal for -format %s), e.g. solve -analyse ddrru 23415x768; got %d\n", p.Name, len(args))
		return exitFatal
	}
	path, err := notation.Read(text, nt, maxAnalysed)
	if err != nil {
		fmt.Fprintf(stderr, "solve: -analyse %q: %v\n", clip(text), err)
		return exitBad
	}
	r := format.NewArgsReader(args, p)
	var c format.Case
	if !r.Next(&c) {
		fmt.Fprintf(stderr, "solve: -analyse: %v\n", r.Err())
		return exitFatal
	}
	if c.Err != nil {
		fmt.Fprintf(stderr, "solve: %v\n", c.Err)
		return exitBad
	}
	rep, err := analyse.Analyse(ctx, job.Solver, c.Start, c.Goal, path)
	switch {
	case errors.Is(err, context.Canceled):
		fmt.Fprintln(stderr, "solve: interrupted")
		return exitInterrupted
	case errors.Is(err, analyse.ErrMove):
		fmt.Fprintf(stderr, "solve: -analyse %q: %s\n", clip(text), strings.TrimPrefix(err.Error(), "analyse: "))
		return exitBad
	case err != nil:
		fmt.Fprintf(stderr, "solve: %v\n", err)
		return exitBad
	}
	if asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		err = enc.Encode(rep.JSON(nt))
	} else {
		err = rep.WriteText(stdout, nt)
	}
	if err != nil {
		fmt.Fprintf(stderr, "solve: %v\n", err)
		return exitFatal
	}
	return exitOK
}

// clip shortens a long text for a message.
func clip(s string) string {
	if len(s) > 40 {
		return s[:37] + "..."
	}
	return s
}
