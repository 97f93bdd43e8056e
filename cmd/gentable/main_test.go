package main

import (
	"bytes"
	"flag"
	"github.com/slidingpuzzle/solver/internal/golden"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/slidingpuzzle/solver/internal/gen"
	"github.com/slidingpuzzle/solver/table"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// TestStats draws the histogram of distances, compared with a golden file.
func TestStats(t *testing.T) {
	var out, errs bytes.Buffer
	if err := run([]string{"-stats"}, &out, &errs); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, filepath.Join("testdata", "stats.golden"), out.String(), *update)
	out.Reset()
	if err := run([]string{"-stats", "-shape", "2x3"}, &out, &errs); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, filepath.Join("testdata", "stats-2x3.golden"), out.String(), *update)
}

// TestWrite writes the tables to a folder that holds a stale table: every
// file is written, and the stale one removed.
func TestWrite(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "4x4-0.tbl"), []byte("old"), 0o644)
	var out, errs bytes.Buffer
	if err := run([]string{"-o", dir}, &out, &errs); err != nil {
		t.Fatal(err)
	}
	names, _ := filepath.Glob(filepath.Join(dir, "*"))
	var base []string
	for _, n := range names {
		base = append(base, filepath.Base(n))
	}
	var want []string
	for _, s := range gen.Shapes {
		for blank := range s.Cells() {
			want = append(want, table.FileName(s, blank))
		}
	}
	slices.Sort(want)
	if got, want := strings.Join(base, " "), strings.Join(append(want, "tables.go"), " "); got != want {
		t.Errorf("wrote %s, want %s", got, want)
	}
	if err := run([]string{"extra"}, &out, &errs); err == nil {
		t.Errorf("an argument was taken")
	}
}
