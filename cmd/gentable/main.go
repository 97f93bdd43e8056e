// Command gentable computes the tables of optimal moves by one reverse
// breadth-first search from each goal and writes them, with the Go file
// that embeds them, to package generated. `go generate ./...` runs it.
//
// Usage:
//
//	gentable [-o dir]
//	gentable -stats
//	gentable -prune dir
//
// Without -o it writes the generated folder of the module it is run in.
//
// The output is byte-for-byte reproducible for a given version of the zstd
// library: no time stamps, no map order, no randomness.
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/internal/cli"
	"github.com/slidingpuzzle/solver/internal/gen"
	"github.com/slidingpuzzle/solver/pdb"
	"github.com/slidingpuzzle/solver/table"
)

func main() {
	err := run(os.Args[1:], os.Stdout, os.Stderr)
	switch {
	case errors.Is(err, flag.ErrHelp):
	case errors.Is(err, errFlags):
		os.Exit(2) // the message is printed
	case err != nil:
		fmt.Fprintf(os.Stderr, "gentable: %v\n", err)
		os.Exit(1)
	}
}

// errFlags is a bad flag, already reported.
var errFlags = errors.New("bad flags")

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("gentable", flag.ContinueOnError)
	out := fs.String("o", "", "write the table files and tables.go to `dir`; the default is the generated folder of this module, found from the current directory, as go generate needs")
	stats := fs.Bool("stats", false, "draw how many positions lie at each distance from the goal, and write nothing")
	shapeText := fs.String("shape", "3x3", "with -stats, the board `RxC` to draw, e.g. -shape 2x4: any shape with tables; with -pdb, 4x4 (the default there) or 5x5")
	large := fs.String("pdb", "", "build the large databases into `DIR` instead: for 4x4 the 7-8 split (275 MB; about 3 minutes and 1.3 GB of memory on 2 cores), with -shape 5x5 the 24-puzzle's 6-6-6-6, zero-aware (486 MB; about 3 minutes and 1.25 GB), e.g. -pdb default: the user cache directory, where solve finds them by itself")
	pruneDir := fs.String("prune", "", "write the pruners that package search embeds (4x4.prune and 5x5.prune: the runs of moves a search never walks, as another run from the same cell leaves the tiles alike in fewer moves, or in as many with smaller letters) to `DIR` instead, e.g. -prune search; go generate runs gentable -prune . in the search folder")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), `Usage: gentable [-o dir] | gentable -stats [-shape RxC] | gentable -pdb DIR [-shape 4x4|5x5] | gentable -prune DIR

Gentable runs one reverse breadth-first search from each goal over every
position that can reach it and writes the tables of optimal moves, with the
Go file that embeds them, then says what it wrote on standard error.
Maintainers run it through go generate:

	go generate ./...

Flags:
`)
		fs.PrintDefaults()
	}
	operands, err := cli.Parse(fs, args, stdout, stderr)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return errFlags
	}
	if len(operands) > 0 {
		return fmt.Errorf("unexpected argument %q; see gentable -h", operands[0])
	}
	var only error
	switch {
	case *large != "":
		only = cli.Only(fs, "with -pdb (it builds the large databases of -shape)", "pdb", "shape")
	case *stats:
		only = cli.Only(fs, "with -stats", "stats", "shape")
	case *pruneDir != "":
		only = cli.Only(fs, "with -prune", "prune")
	default:
		only = cli.Only(fs, "when gentable writes the tables", "o")
	}
	if only != nil {
		fmt.Fprintf(stderr, "gentable: %v; see gentable -h\n", only)
		return errFlags
	}
	if *large != "" {
		plan := pdb.Large
		set := false
		fs.Visit(func(f *flag.Flag) { set = set || f.Name == "shape" })
		if set {
			s, err := board.ParseShape(*shapeText)
			if err != nil {
				return err
			}
			var ok bool
			if plan, ok = pdb.LargePlan(s); !ok {
				fmt.Fprintf(stderr, "gentable: -pdb -shape %v: no large databases are made for %v boards; the shapes are 4x4 and 5x5\n", s, s)
				return errFlags
			}
		}
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
		defer stop()
		return writePlan(ctx, *large, plan, stderr)
	}
	if *pruneDir != "" {
		return writePruners(*pruneDir, stderr)
	}
	if *stats {
		s, err := board.ParseShape(*shapeText)
		if err != nil {
			return err
		}
		return drawStats(stdout, s)
	}
	dir := *out
	if dir == "" {
		if dir, err = generatedDir(); err != nil {
			return err
		}
	}
	files, err := gen.Files(gen.Shapes, pdb.Embedded)
	if err != nil {
		return err
	}
	return write(dir, files, stderr)
}

// modulePath is the path of the module whose generated folder gentable
// writes by default.
const modulePath = "github.com/slidingpuzzle/solver"

// generatedDir finds the generated folder of the module from the current
// directory: the folder of the go.mod of modulePath, above it or at it.
func generatedDir() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if data, err := os.ReadFile(filepath.Join(dir, "go.mod")); err == nil && modfile(data) == modulePath {
			return filepath.Join(dir, "generated"), nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("the current directory is not inside the module %s; give the folder to write with -o", modulePath)
		}
		dir = parent
	}
}

// modfile returns the module path a go.mod declares.
func modfile(data []byte) string {
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "module "); ok {
			return strings.Trim(strings.TrimSpace(rest), `"`)
		}
	}
	return ""
}

// write writes the files of package generated to dir, leaving files whose
// contents are already right untouched, removes table files that are no
// longer generated, and says what it did on w.
func write(dir string, files []gen.File, w io.Writer) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	keep := make(map[string]bool)
	changed, size := 0, 0
	for _, f := range files {
		keep[f.Name] = true
		size += len(f.Data)
		path := filepath.Join(dir, f.Name)
		if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, f.Data) {
			continue
		}
		if err := os.WriteFile(path, f.Data, 0o644); err != nil {
			return err
		}
		changed++
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	removed := 0
	for _, e := range entries {
		if (strings.HasSuffix(e.Name(), table.Ext) || strings.HasSuffix(e.Name(), pdb.Ext)) && !keep[e.Name()] {
			if err := os.Remove(filepath.Join(dir, e.Name())); err != nil {
				return err
			}
			removed++
		}
	}
	_, err = fmt.Fprintf(w, "gentable: %d files (%d KB) in %s: %d written, %d already up to date, %d stale removed\n",
		len(files), (size+512)/1024, dir, changed, len(files)-changed, removed)
	return err
}
