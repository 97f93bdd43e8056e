package prune

import (
	"errors"
	"slices"
	"testing"

	"github.com/slidingpuzzle/solver/board"
)

func TestFileRoundTrip(t *testing.T) {
	for _, s := range []board.Shape{{Rows: 2, Cols: 3}, {Rows: 3, Cols: 3}, {Rows: 4, Cols: 5}} {
		p := Build(s, 0, 20000)
		data, err := Encode(p)
		if err != nil {
			t.Fatal(err)
		}
		q, err := Decode(data, s)
		if err != nil {
			t.Fatalf("%v: %v", s, err)
		}
		if q.Shape != p.Shape || q.Depth != p.Depth || q.Root != p.Root || !slices.Equal(q.Next, p.Next) {
			t.Fatalf("%v: the pruner read back differs", s)
		}
		if _, err := Decode(data, board.Shape{Rows: 3, Cols: 2}); !errors.Is(err, ErrCorrupt) && s != (board.Shape{Rows: 3, Cols: 2}) {
			t.Fatalf("%v read as 3x2: %v, want ErrCorrupt", s, err)
		}
	}
}

// TestFileCorrupt: a file with any byte changed, or cut anywhere, is an
// error, never a pruner that prunes otherwise (a bit of the zstd frame
// that its decoder ignores may change).
func TestFileCorrupt(t *testing.T) {
	s := board.Shape{Rows: 2, Cols: 3}
	p := Build(s, 0, 2000)
	data, err := Encode(p)
	if err != nil {
		t.Fatal(err)
	}
	same := 0
	for i := range data {
		for _, x := range []byte{1, 0x80} {
			bad := slices.Clone(data)
			bad[i] ^= x
			q, err := Decode(bad, s)
			if err == nil && q.Depth == p.Depth && q.Root == p.Root && slices.Equal(q.Next, p.Next) {
				same++
				continue
			}
			if !errors.Is(err, ErrCorrupt) {
				t.Fatalf("byte %d ^ %#x: %v, want ErrCorrupt", i, x, err)
			}
		}
	}
	t.Logf("%d of %d changes of a bit read as the same pruner", same, 2*len(data))
	for n := range len(data) {
		if _, err := Decode(data[:n], s); !errors.Is(err, ErrCorrupt) {
			t.Fatalf("the first %d bytes: %v, want ErrCorrupt", n, err)
		}
	}
	if _, err := Decode(append(slices.Clone(data), 0), s); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("a byte more: %v, want ErrCorrupt", err)
	}
}

// TestFileStates: a file whose states are out of range is refused even
// with its checksum right.
func TestFileStates(t *testing.T) {
	s := board.Shape{Rows: 2, Cols: 3}
	p := Build(s, 0, 2000)
	for _, bad := range []func(p *Pruner){
		func(p *Pruner) { p.Next[5] = int32(len(p.Next) / 4) },
		func(p *Pruner) { p.Next[0] = -2 },
		func(p *Pruner) { p.Root[3] = Pruned },
		func(p *Pruner) { p.Root[3] = p.Root[2] },             // one state, the start of two cells
		func(p *Pruner) { p.Next[4*p.Root[0]+3] = p.Root[0] }, // up, off the board from cell 0
		func(p *Pruner) { p.Next[4*p.Root[0]] = p.Root[0] },   // down from cell 0 to a state of cell 0
	} {
		q := &Pruner{Shape: p.Shape, Depth: p.Depth, Next: slices.Clone(p.Next), Root: p.Root}
		bad(q)
		data, err := Encode(q)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Decode(data, s); !errors.Is(err, ErrCorrupt) {
			t.Fatalf("%v, want ErrCorrupt", err)
		}
	}
}
