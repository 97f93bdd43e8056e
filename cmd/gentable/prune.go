package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/slidingpuzzle/solver/internal/prune"
)

// writePruners builds the pruners of prune.Embedded and writes their
// files to dir, saying what it wrote on stderr.
func writePruners(dir string, stderr io.Writer) error {
	for _, s := range prune.Embedded {
		start := time.Now()
		p := prune.Build(s, 0, prune.EmbeddedRuns)
		data, err := prune.Encode(p)
		if err != nil {
			return err
		}
		name := filepath.Join(dir, prune.FileName(s))
		if err := os.WriteFile(name, data, 0o644); err != nil {
			return err
		}
		fmt.Fprintf(stderr, "gentable: wrote %s: the %v pruner, runs of up to %d moves, %d states, %d bytes, in %v\n",
			name, s, p.Depth, len(p.Next)/4, len(data), time.Since(start).Round(time.Millisecond))
	}
	return nil
}
