package generated_test

import (
	"bytes"
	"io/fs"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/generated"
	"github.com/slidingpuzzle/solver/internal/gen"
	"github.com/slidingpuzzle/solver/pdb"
	"github.com/slidingpuzzle/solver/table"
)

// TestFresh regenerates every table in memory and compares it, decoded,
// with the embedded one. Compressed bytes are compared only to decide how
// strictly to check tables.go: zstd promises identical output only within
// one version of the library.
func TestFresh(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: building every table and database takes seconds; the full run, and .ci/run's go generate, check them")
	}
	files, err := gen.Files(gen.Shapes, pdb.Embedded)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	sameBytes := true
	var goFile []byte
	for _, f := range files {
		if f.Name == gen.GoFile {
			goFile = f.Data
			continue
		}
		want = append(want, f.Name)
		embedded, err := generated.FS.ReadFile(f.Name)
		if err != nil {
			t.Errorf("%s is missing; run go generate ./...", f.Name)
			continue
		}
		sameBytes = sameBytes && bytes.Equal(embedded, f.Data)
		if strings.HasSuffix(f.Name, pdb.Ext) {
			got, err := pdb.Decode(embedded, true)
			if err != nil {
				t.Errorf("%s: %v; run go generate ./...", f.Name, err)
				continue
			}
			fresh, err := pdb.Decode(f.Data, true)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Raw(), fresh.Raw()) {
				t.Errorf("%s is stale; run go generate ./...", f.Name)
			}
			continue
		}
		got, err := table.Decode(embedded)
		if err != nil {
			t.Errorf("%s: %v; run go generate ./...", f.Name, err)
			continue
		}
		fresh, err := table.Decode(f.Data)
		if err != nil {
			t.Fatal(err)
		}
		if got.Goal() != fresh.Goal() || got.MaxDepth() != fresh.MaxDepth() || !bytes.Equal(got.Raw(), fresh.Raw()) {
			t.Errorf("%s is stale; run go generate ./...", f.Name)
		}
	}
	names, err := fs.Glob(generated.FS, "*"+table.Ext)
	if err != nil {
		t.Fatal(err)
	}
	dbNames, _ := fs.Glob(generated.FS, "*"+pdb.Ext)
	names = append(names, dbNames...)
	slices.Sort(names)
	if !slices.Equal(names, want) {
		t.Errorf("embedded tables %v, want %v; run go generate ./...", names, want)
	}
	if sameBytes {
		onDisk, err := os.ReadFile(gen.GoFile)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(onDisk, goFile) {
			t.Errorf("%s is stale; run go generate ./...", gen.GoFile)
		}
	}
}

// TestFacts checks the documented constants against the tables themselves.
func TestFacts(t *testing.T) {
	total := 0
	for _, f := range generated.Tables {
		data, err := generated.FS.ReadFile(f.Name)
		if err != nil {
			t.Fatal(err)
		}
		total += len(data)
		tb, err := table.Decode(data)
		if err != nil {
			t.Fatal(err)
		}
		if tb.MaxDepth() != f.MaxDepth || table.Checksum(tb.Raw()) != f.Checksum {
			t.Errorf("%s: depth %d, checksum %08x; tables.go says %d, %08x", f.Name, tb.MaxDepth(), table.Checksum(tb.Raw()), f.MaxDepth, f.Checksum)
		}
		if want := table.RawLen(tb.Goal().Shape()); len(tb.Raw()) != want {
			t.Errorf("%s: %d raw bytes, want %d", f.Name, len(tb.Raw()), want)
		}
		if tb.Goal().Shape() == board.Shape3x3 && len(tb.Raw()) != generated.RawSize3x3 {
			t.Errorf("%s: %d raw bytes, RawSize3x3 says %d", f.Name, len(tb.Raw()), generated.RawSize3x3)
		}
	}
	if total != generated.Size {
		t.Errorf("tables take %d bytes, Size says %d", total, generated.Size)
	}
}
