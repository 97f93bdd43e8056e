package table_test

import (
	"math/rand/v2"
	"testing"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/generated"
	"github.com/slidingpuzzle/solver/table"
)

func randomBoards(n int) []board.Board {
	rng := rand.New(rand.NewPCG(7, 7))
	out := make([]board.Board, n)
	for i := range out {
		for {
			cells := make([]uint8, 9)
			for k, v := range rng.Perm(9) {
				cells[k] = uint8(v)
			}
			b, _ := board.New(s3, cells)
			if b.Parity() == 0 {
				out[i] = b
				break
			}
		}
	}
	return out
}

// BenchmarkLookupSlow follows the table move by move, as a single board
// from the command line is answered.
func BenchmarkLookupSlow(b *testing.B) {
	tb, err := table.NewSet(generated.FS).Table(s3, 8)
	if err != nil {
		b.Fatal(err)
	}
	boards := randomBoards(1024)
	var buf []byte
	i := 0
	for b.Loop() {
		buf, _ = tb.SlowAppendPath(buf[:0], boards[i&1023])
		i++
	}
}

// BenchmarkLookup copies a whole path, as a batch does once the table is
// prepared.
func BenchmarkLookup(b *testing.B) {
	tb, err := table.NewSet(generated.FS).Table(s3, 8)
	if err != nil {
		b.Fatal(err)
	}
	if err := tb.Prepare(); err != nil {
		b.Fatal(err)
	}
	boards := randomBoards(1024)
	var buf []byte
	i := 0
	for b.Loop() {
		buf, _ = tb.AppendPath(buf[:0], boards[i&1023])
		i++
	}
}

// BenchmarkDecode decodes one embedded table: the start-up cost of the
// first answer.
func BenchmarkDecode(b *testing.B) {
	data, _ := generated.FS.ReadFile("3x3-8.tbl")
	for b.Loop() {
		if _, err := table.Decode(data); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPrepare builds the fast lookups of one table.
func BenchmarkPrepare(b *testing.B) {
	data, _ := generated.FS.ReadFile("3x3-8.tbl")
	for b.Loop() {
		tb, _ := table.Decode(data)
		if err := tb.Prepare(); err != nil {
			b.Fatal(err)
		}
	}
}
