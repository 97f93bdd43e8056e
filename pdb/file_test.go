package pdb_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/engine"
	"github.com/slidingpuzzle/solver/generated"
	"github.com/slidingpuzzle/solver/pdb"
	"github.com/slidingpuzzle/solver/table"
)

// smallDB builds a database of three tiles of 2x5, and returns its
// pattern and raw bytes.
func smallDB(t *testing.T) (pdb.Pattern, []byte) {
	t.Helper()
	p := pdb.Pattern{Shape: board.Shape{Rows: 2, Cols: 5}, Cells: []int{3, 4, 8}, Blank: 9}
	extras, err := pdb.Build(context.Background(), p, nil)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := pdb.Pack(extras)
	return p, raw
}

// TestCorrupt spoils a database file in each way it can be spoilt, in
// both storages: every one must be an error that names the package.
func TestCorrupt(t *testing.T) {
	p, raw := smallDB(t)
	for _, st := range []pdb.Storage{pdb.Zstd, pdb.Raw} {
		good, err := pdb.Encode(p, raw, st)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := pdb.Decode(good, true); err != nil {
			t.Fatalf("storage %d: the good file: %v", st, err)
		}
		k := len(p.Cells)
		edit := func(f func(d []byte) []byte) []byte { return f(bytes.Clone(good)) }
		for name, data := range map[string][]byte{
			"empty":        {},
			"magic":        edit(func(d []byte) []byte { d[0] = 'X'; return d }),
			"version":      edit(func(d []byte) []byte { d[4] = 9; return d }),
			"shape":        edit(func(d []byte) []byte { d[5] = 9; return d }),
			"blank":        edit(func(d []byte) []byte { d[7] = 3; return d }),
			"cells":        edit(func(d []byte) []byte { d[9], d[10] = d[10], d[9]; return d }),
			"placements":   edit(func(d []byte) []byte { d[9+k]++; return d }),
			"storage":      edit(func(d []byte) []byte { d[13+k] = 7; return d }),
			"raw length":   edit(func(d []byte) []byte { d[14+k]++; return d }),
			"checksum":     edit(func(d []byte) []byte { d[18+k]++; return d }),
			"payload":      edit(func(d []byte) []byte { d[len(d)-3] ^= 0x11; return d }),
			"truncated":    good[:len(good)-5],
			"header only":  good[:22+k],
			"short header": good[:12],
		} {
			if _, err := pdb.Decode(data, true); err == nil || !strings.HasPrefix(err.Error(), "pdb: ") || !errors.Is(err, pdb.ErrCorrupt) {
				t.Errorf("storage %d, %s: %v, want an error naming pdb that is pdb.ErrCorrupt", st, name, err)
			}
		}
	}
}

// TestMissingOrCorruptInEngine gives the engine a set of the embedded
// databases with one spoilt or gone: a 4x4 board is an error, never a
// search with a weaker bound.
func TestMissingOrCorruptInEngine(t *testing.T) {
	victim := "4x4-b0-1.2.3.4.5.6.pdb"
	for _, spoil := range []string{"missing", "corrupt"} {
		fsys := fstest.MapFS{}
		names, _ := generated.FS.ReadDir(".")
		for _, e := range names {
			data, _ := generated.FS.ReadFile(e.Name())
			if e.Name() == victim {
				if spoil == "missing" {
					continue
				}
				data = bytes.Clone(data)
				data[len(data)/2] ^= 0xff
			}
			fsys[e.Name()] = &fstest.MapFile{Data: data}
		}
		solver := engine.New(table.NewSet(fsys), pdb.NewSet(fsys))
		s4 := board.Shape{Rows: 4, Cols: 4}
		start, _ := board.Parse(s4, "1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15")
		_, _, err := solver.AppendPath(nil, start, s4.Goal(15))
		kind := map[string]error{"missing": pdb.ErrMissing, "corrupt": pdb.ErrCorrupt}[spoil]
		if err == nil || !strings.Contains(err.Error(), "pdb") || !errors.Is(err, kind) {
			t.Errorf("%s %s: got %v, want an error naming pdb that is %v", spoil, victim, err, kind)
		}
		if other := map[string]error{"missing": pdb.ErrCorrupt, "corrupt": pdb.ErrMissing}[spoil]; errors.Is(err, other) {
			t.Errorf("%s %s: %v is %v too", spoil, victim, err, other)
		}
		// Other shapes are still answered.
		s3 := board.Shape{Rows: 3, Cols: 4}
		b3, _ := board.Parse(s3, "1 2 3 4 5 6 7 8 9 10 x 11")
		if path, ok, err := solver.AppendPath(nil, b3, s3.Goal(11)); err != nil || !ok || string(path) != "r" {
			t.Errorf("%s: 3x4: %q, %v, %v", spoil, path, ok, err)
		}
	}
}

// TestOpenDir writes a database raw to a folder, maps it through OpenDir
// and reads it back; then spoils it, and removes it.
func TestOpenDir(t *testing.T) {
	p, raw := smallDB(t)
	data, _ := pdb.Encode(p, raw, pdb.Raw)
	for _, spoil := range []string{"good", "corrupt", "missing"} {
		dir := t.TempDir()
		path := filepath.Join(dir, pdb.FileName(p))
		switch spoil {
		case "good":
			os.WriteFile(path, data, 0o644)
		case "corrupt":
			bad := bytes.Clone(data)
			bad[len(bad)-1] ^= 1
			os.WriteFile(path, bad, 0o644)
		}
		set, err := pdb.OpenDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		db, err := set.Get(p)
		switch {
		case spoil == "good" && (err != nil || !bytes.Equal(db.Raw(), raw)):
			t.Errorf("good: %v", err)
		case spoil != "good" && (err == nil || !strings.HasPrefix(err.Error(), "pdb: ")):
			t.Errorf("%s: %v, want an error naming pdb", spoil, err)
		}
	}
	if _, err := pdb.OpenDir(filepath.Join(t.TempDir(), "none")); err == nil {
		t.Error("a missing folder opened")
	}
}

// TestZeroFile writes a zero-aware database and reads it back: the same
// bytes, its own name and version; read as an additive one (its version
// changed) it is refused, and the other way round.
func TestZeroFile(t *testing.T) {
	p := pdb.Pattern{Shape: board.Shape{Rows: 3, Cols: 3}, Cells: []int{1, 3, 4}, Blank: 0, Zero: true}
	raw, err := pdb.Build(context.Background(), p, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := pdb.FileName(p); got != "3x3-b0-1.3.4.zpdb" {
		t.Errorf("FileName %q", got)
	}
	for _, st := range []pdb.Storage{pdb.Zstd, pdb.Raw} {
		data, err := pdb.Encode(p, raw, st)
		if err != nil {
			t.Fatal(err)
		}
		db, err := pdb.Decode(data, true)
		if err != nil || !db.Pattern.Zero || !bytes.Equal(db.Raw(), raw) || !db.Complete() {
			t.Fatalf("storage %d: %v, %+v", st, err, db)
		}
		for i := range raw {
			if db.Extra(i) != min(raw[i]&15, raw[i]>>4) {
				t.Fatalf("Extra(%d) = %d for %#x", i, db.Extra(i), raw[i])
			}
		}
		bad := bytes.Clone(data)
		bad[4] = pdb.Version
		if _, err := pdb.Decode(bad, true); !errors.Is(err, pdb.ErrCorrupt) {
			t.Errorf("storage %d: read as additive: %v", st, err)
		}
	}
	plain := p
	plain.Zero = false
	extras, err := pdb.Build(context.Background(), plain, nil)
	if err != nil {
		t.Fatal(err)
	}
	packed, _ := pdb.Pack(extras)
	data, _ := pdb.Encode(plain, packed, pdb.Raw)
	data[4] = pdb.ZeroVersion
	if _, err := pdb.Decode(data, true); !errors.Is(err, pdb.ErrCorrupt) {
		t.Errorf("an additive file read as zero-aware: %v", err)
	}
	set := pdb.NewSet(fstest.MapFS{pdb.FileName(plain): {Data: data}})
	if _, err := set.Get(p); err == nil {
		t.Errorf("the zero-aware database was found under the additive one's name")
	}
}
