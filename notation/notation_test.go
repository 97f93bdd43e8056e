package notation

import (
	"bytes"
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/slidingpuzzle/solver/board"
)

func TestAppend(t *testing.T) {
	for _, c := range []struct{ path, tile string }{
		{"", ""},
		{"d", "U"},
		{"ddrru", "U2 L2 D"},
		{"lllr", "R3 L"},
		{"uuuuuuuuuuuu", "D12"},
		{"dlru", "U R L D"},
		{"DLRU", "U R L D"}, // UVa 10181's capitals
	} {
		if got := string(Tile.Append(nil, []byte(c.path))); got != c.tile {
			t.Errorf("Tile.Append(%q) = %q, want %q", c.path, got, c.tile)
		}
		if got := string(Blank.Append(nil, []byte(c.path))); got != c.path {
			t.Errorf("Blank.Append(%q) = %q", c.path, got)
		}
	}
}

// TestRoundTrip reads back what Append writes, in both notations, for
// random paths, and writes them again through a Writer in pieces of
// every size: the same text.
func TestRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 300 {
		path := make([]byte, r.IntN(60))
		for i := range path {
			path[i] = board.Letters[r.IntN(4)]
			if r.IntN(3) == 0 && i > 0 {
				path[i] = path[i-1] // runs
			}
		}
		for _, n := range []Notation{Blank, Tile} {
			text := n.Append(nil, path)
			moves, err := Read(string(text), n, 1000)
			if err != nil {
				t.Fatalf("%v: Read(%q): %v", n, text, err)
			}
			if got := board.PathString(moves); got != string(path) {
				t.Fatalf("%v: Read(%q) = %q, want %q", n, text, got, path)
			}
			var buf bytes.Buffer
			w := NewWriter(&buf, n)
			piece := 1 + r.IntN(7)
			for i := 0; i < len(path); i += piece {
				if k, err := w.Write(path[i:min(len(path), i+piece)]); err != nil || k != min(len(path), i+piece)-i {
					t.Fatalf("Write: %d, %v", k, err)
				}
			}
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			if buf.String() != string(text) {
				t.Fatalf("%v: Writer wrote %q, Append %q", n, buf.String(), text)
			}
		}
	}
}

func TestRead(t *testing.T) {
	for _, c := range []struct {
		text string
		n    Notation
		want string
	}{
		{"R3 D2 L", Tile, "llluur"},
		{"r3d2l", Tile, "llluur"},
		{"d2 r2 u", Blank, "ddrru"},
		{"DDRRU", Blank, "ddrru"},
		{"d, r. u", Blank, "dru"},
		{"", Blank, ""},
	} {
		got, err := Read(c.text, c.n, 100)
		if err != nil || board.PathString(got) != c.want {
			t.Errorf("Read(%q, %v) = %q, %v; want %q", c.text, c.n, board.PathString(got), err, c.want)
		}
	}
	for _, c := range []struct {
		text string
		n    Notation
		want string
	}{
		{"ddx", Blank, "column 3: unexpected 'x'"},
		{"R0", Tile, "column 2: a count of 0"},
		{"d99999999999999999999", Blank, "path too long"},
		{"U5 D6", Tile, "column 4: path too long"},
		{"dé", Blank, "column 2: unexpected 'é'"},
	} {
		_, err := Read(c.text, c.n, 10)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Read(%q) error %v, want %q", c.text, err, c.want)
		}
	}
	if _, err := Read("d11", Blank, 10); !errors.Is(err, ErrLong) {
		t.Errorf("Read of 11 moves, limit 10: %v, want ErrLong", err)
	}
}

func TestLookup(t *testing.T) {
	for i, name := range Names {
		if n, err := Lookup(name); err != nil || int(n) != i || n.String() != name {
			t.Errorf("Lookup(%q) = %v, %v", name, n, err)
		}
	}
	if _, err := Lookup("speed"); err == nil {
		t.Error("Lookup(speed): no error")
	}
}

// TestReadLimits reads counts at and past the limits, the largest limit
// among them: no count overflows into a path shorter than written.
func TestReadLimits(t *testing.T) {
	if p, err := Read("R99", Tile, math.MaxInt); err != nil || len(p) != 99 {
		t.Errorf("R99 with no limit: %d moves, %v", len(p), err)
	}
	if _, err := Read("R99999999999999999999999999", Tile, math.MaxInt); !errors.Is(err, ErrLong) {
		t.Errorf("a count past every int: %v, want ErrLong", err)
	}
	if _, err := Read("d3", Blank, 2); !errors.Is(err, ErrLong) {
		t.Errorf("d3 with a limit of 2: %v, want ErrLong", err)
	}
}
