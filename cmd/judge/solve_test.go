package main

import (
	"io"
	"strings"

	"github.com/slidingpuzzle/solver/embedded"
	"github.com/slidingpuzzle/solver/internal/batch"
	"github.com/slidingpuzzle/solver/internal/format"
)

// solveFile answers a judge file as solve would.
func solveFile(p format.Preset, in string, out io.Writer) error {
	job := &batch.Job{Solver: embedded.Solver(), Preset: p, Name: "in"}
	_, err := job.Run(strings.NewReader(in), out)
	return err
}
