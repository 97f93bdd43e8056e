package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/internal/gen"
	"github.com/slidingpuzzle/solver/internal/golden"
	"github.com/slidingpuzzle/solver/internal/prune"
	"github.com/slidingpuzzle/solver/pdb"
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

// TestWrite writes the files of a small set of shapes and plans to a
// folder that holds a stale table: every file is written, and the stale
// one removed. (TestFresh in package generated checks the whole set.)
func TestWrite(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "4x4-0.tbl"), []byte("old"), 0o644)
	os.WriteFile(filepath.Join(dir, "4x4-b0-1.pdb"), []byte("old"), 0o644)
	shapes := []board.Shape{{Rows: 2, Cols: 2}}
	plans := []pdb.Plan{pdb.Embedded[len(pdb.Embedded)-1]}
	files, err := gen.Files(shapes, plans)
	if err != nil {
		t.Fatal(err)
	}
	var errs bytes.Buffer
	if err := write(dir, files, &errs); err != nil {
		t.Fatal(err)
	}
	names, _ := filepath.Glob(filepath.Join(dir, "*"))
	var base []string
	for _, n := range names {
		base = append(base, filepath.Base(n))
	}
	var want []string
	for _, f := range files {
		want = append(want, f.Name)
	}
	slices.Sort(want)
	if got, want := strings.Join(base, " "), strings.Join(want, " "); got != want {
		t.Errorf("wrote %s, want %s", got, want)
	}
	if !strings.Contains(errs.String(), "2 stale removed") {
		t.Errorf("said %q, want it to count 2 stale files removed", errs.String())
	}
	var out bytes.Buffer
	if err := run([]string{"extra"}, &out, &errs); err == nil {
		t.Errorf("an argument was taken")
	}
}

// TestLargeCancelled starts the large build with its context already done:
// it stops at once and leaves no database behind.
func TestLargeCancelled(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var errs bytes.Buffer
	if err := writePlan(ctx, dir, pdb.Large, &errs); err != context.Canceled {
		t.Errorf("got %v, want context.Canceled", err)
	}
	if names, _ := filepath.Glob(filepath.Join(dir, "*")); len(names) > 0 {
		t.Errorf("left %v", names)
	}
}

// TestWritePlan writes the databases of a small plan the way -pdb writes
// the large ones: each file decodes, checked, to the database Build makes,
// progress is shown, and no temporary file is left.
func TestWritePlan(t *testing.T) {
	dir := t.TempDir()
	plan := pdb.Embedded[len(pdb.Embedded)-1]
	var errs bytes.Buffer
	if err := writePlan(context.Background(), dir, plan, &errs); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(errs.String(), "100% after") {
		t.Errorf("no progress in %q", errs.String())
	}
	for _, p := range plan.Of() {
		data, err := os.ReadFile(filepath.Join(dir, pdb.FileName(p)))
		if err != nil {
			t.Fatal(err)
		}
		db, err := pdb.Decode(data, true)
		if err != nil {
			t.Fatalf("%v: %v", p, err)
		}
		extras, err := pdb.Build(context.Background(), p, nil)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := pdb.Pack(extras)
		if !bytes.Equal(db.Raw(), want) {
			t.Errorf("%v: the file's values differ from Build's", p)
		}
	}
	if names, _ := filepath.Glob(filepath.Join(dir, "*")); len(names) != len(plan.Of()) {
		t.Errorf("left %v, want the %d databases alone", names, len(plan.Of()))
	}
	for _, p := range plan.Of() {
		info, err := os.Stat(filepath.Join(dir, pdb.FileName(p)))
		if err != nil {
			t.Error(err)
		} else if info.Mode().Perm() != 0o644 {
			t.Errorf("%v: mode %v, want 0644", p, info.Mode())
		}
	}
}

// TestFlagsThatDoNotApply holds that a flag the chosen work would ignore
// is an error that names it, before any work is done.
func TestFlagsThatDoNotApply(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-pdb", dir, "-shape", "3x3"}, "gentable: -pdb -shape 3x3: no large databases are made for 3x3 boards; the shapes are 4x4 and 5x5\n"},
		{[]string{"-pdb", dir, "-o", dir}, "gentable: -o does not apply with -pdb (it builds the large databases of -shape), which takes only -pdb, -shape; see gentable -h\n"},
		{[]string{"-shape", "2x4"}, "gentable: -shape does not apply when gentable writes the tables, which takes only -o; see gentable -h\n"},
		{[]string{"-stats", "-o", dir}, "gentable: -o does not apply with -stats, which takes only -stats, -shape; see gentable -h\n"},
		{[]string{"-prune", dir, "-shape", "5x5"}, "gentable: -shape does not apply with -prune, which takes only -prune; see gentable -h\n"},
	} {
		var stdout, stderr bytes.Buffer
		if err := run(c.args, &stdout, &stderr); !errors.Is(err, errFlags) || stderr.String() != c.want {
			t.Errorf("gentable %q: %v, %q; want %q", c.args, err, stderr.String(), c.want)
		}
		if names, _ := filepath.Glob(filepath.Join(dir, "*")); len(names) > 0 {
			t.Errorf("gentable %q wrote %v", c.args, names)
		}
	}
}

// TestWritePruners writes the pruners package search embeds: each file
// reads back as the pruner built now, and gentable says what it wrote.
func TestWritePruners(t *testing.T) {
	dir := t.TempDir()
	var out, errs bytes.Buffer
	if err := run([]string{"-prune", dir}, &out, &errs); err != nil {
		t.Fatal(err)
	}
	for _, s := range prune.Embedded {
		data, err := os.ReadFile(filepath.Join(dir, prune.FileName(s)))
		if err != nil {
			t.Fatal(err)
		}
		p, err := prune.Decode(data, s)
		if err != nil {
			t.Fatal(err)
		}
		if want := prune.Build(s, 0, prune.EmbeddedRuns); p.Depth != want.Depth || p.Root != want.Root || !slices.Equal(p.Next, want.Next) {
			t.Errorf("%v: the file is not the pruner built now", s)
		}
		if !strings.Contains(errs.String(), prune.FileName(s)) {
			t.Errorf("said %q, want it to name %s", errs.String(), prune.FileName(s))
		}
	}
}
