package table_test

import (
	"math/rand/v2"
	"testing"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/generated"
	"github.com/slidingpuzzle/solver/table"
)

// TestKeyLines keys files of random spaced 3x3 lines, some of them
// spoilt in each way a line can be, eight at a time, and wants the keys,
// the solvable bits and the count of good lines from the first that
// KeyLine gives line by line, for the standard goal and renamed ones.
func TestKeyLines(t *testing.T) {
	if !table.KeyLinesHere() {
		t.Skip("KeyLines keys one line at a time here: no AVX-512, another GOARCH, or purego")
	}
	set := table.NewSet(generated.FS)
	rng := rand.New(rand.NewPCG(1, 2))
	goals := []board.Board{s3.Goal(8), s3.Goal(0), board.MustParse(s3, "8x7654321"), board.MustParse(s3, "4173x6258")}
	var v8 int
	for _, goal := range goals {
		v, err := set.Solver(goal)
		if err != nil {
			t.Fatal(err)
		}
		var good []byte
		for range 9 {
			good = append(good, spacedLine(rng)...)
		}
		var keys [8]table.Key
		if n, _ := v.KeyLines(good, &keys); n != 8 {
			t.Fatalf("goal %v, %q: %d lines, want 8", goal, good, n)
		}
		for range 20000 {
			data := make([]byte, 0, 8*18+40)
			for range 8 {
				data = append(data, spacedLine(rng)...)
			}
			for len(data) < 8*18+rng.IntN(40) {
				data = append(data, byte(rng.IntN(256)))
			}
			for range rng.IntN(3) {
				spoil(rng, data[:8*18])
			}
			n, solvable := v.KeyLines(data, &keys)
			want := 0
			for want < 8 {
				line := data[18*want : 18*want+18]
				key, ok2, ok := v.KeyLine(line[:17])
				if !ok || line[17] != '\n' {
					break
				}
				if want < n && (keys[want] != key || (solvable>>want&1 == 1) != ok2) {
					t.Fatalf("goal %v, %q: line %d: key %d, solvable %v; KeyLine %d, %v", goal, data[:8*18], want, keys[want], solvable>>want&1, key, ok2)
				}
				want++
			}
			if len(data) < 152 {
				want = 0
			}
			if n != want || solvable>>n != 0 {
				t.Fatalf("goal %v, %q: %d lines, solvable %08b; want %d", goal, data[:8*18], n, solvable, want)
			}
			if n == 8 {
				v8++
			}
		}
	}
	if v8 == 0 {
		t.Errorf("no trial had eight good lines")
	}
}

// spacedLine returns a random 3x3 board written "2 3 4 1 5 x 7 6 8\n",
// its blank any of the characters that write one.
func spacedLine(rng *rand.Rand) []byte {
	cells := []byte("012345678")
	rng.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
	line := make([]byte, 0, 18)
	for i, c := range cells {
		if c == '0' {
			c = "xX0#"[rng.IntN(4)]
		}
		line = append(line, c)
		if i < 8 {
			line = append(line, ' ')
		}
	}
	return append(line, '\n')
}

// spoil spoils one byte of data, or two of its cells, in a way that
// may or may not leave boards.
func spoil(rng *rand.Rand, data []byte) {
	i := rng.IntN(len(data))
	switch rng.IntN(6) {
	case 0:
		data[i] = byte(rng.IntN(256))
	case 1:
		data[i] = "0123456789xX#y \t\r\n"[rng.IntN(18)]
	case 2:
		// A cell written twice.
		k := i / 18 * 18
		data[k+2*rng.IntN(9)] = data[k+2*rng.IntN(9)]
	case 3:
		// Two cells swapped: still a board.
		k := i / 18 * 18
		a, b := k+2*rng.IntN(9), k+2*rng.IntN(9)
		data[a], data[b] = data[b], data[a]
	case 4:
		data[i/18*18+17] = "\r\n x"[rng.IntN(4)]
	case 5:
		data[i] = byte(rng.IntN(256)) | 0x80
	}
}
