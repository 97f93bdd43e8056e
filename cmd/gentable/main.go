// Command gentable computes the tables of optimal moves by one reverse
// breadth-first search from each goal and writes them, with the Go file
// that embeds them, to package generated. `go generate ./...` runs it.
//
// Usage:
//
//	gentable [-o dir]
//	gentable -stats
//
// The output is byte-for-byte reproducible for a given version of the zstd
// library: no time stamps, no map order, no randomness.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/slidingpuzzle/solver/internal/gen"
	"github.com/slidingpuzzle/solver/table"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintf(os.Stderr, "gentable: %v\n", err)
		os.Exit(1)
	}
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("gentable", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("o", ".", "write the table files and tables.go to `dir`")
	stats := fs.Bool("stats", false, "draw how many positions lie at each distance from the goal, and write nothing")
	fs.Usage = func() {
		fmt.Fprintf(stderr, `Usage: gentable [-o dir] | gentable -stats

Gentable runs one reverse breadth-first search from each goal over every
position that can reach it and writes the tables of optimal moves, with the
Go file that embeds them. Maintainers run it through go generate:

	go generate ./...

Flags:
`)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return nil
		}
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q; see gentable -h", fs.Arg(0))
	}
	if *stats {
		return drawStats(stdout)
	}
	return write(*out)
}

// write writes the files of package generated to dir, leaving files whose
// contents are already right untouched, and removes table files that are
// no longer generated.
func write(dir string) error {
	files, err := gen.Files(gen.Shapes...)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	keep := make(map[string]bool)
	for _, f := range files {
		keep[f.Name] = true
		path := filepath.Join(dir, f.Name)
		if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, f.Data) {
			continue
		}
		if err := os.WriteFile(path, f.Data, 0o644); err != nil {
			return err
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), table.Ext) && !keep[e.Name()] {
			if err := os.Remove(filepath.Join(dir, e.Name())); err != nil {
				return err
			}
		}
	}
	return nil
}
