package table_test

import (
	"math/rand/v2"
	"testing"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/embedded"
	"github.com/slidingpuzzle/solver/generated"
	"github.com/slidingpuzzle/solver/table"
)

var forms = map[string]*table.Form{
	"c c c c c c c c c\n":   table.FormSpaced,
	"ccccccccc\n":           table.FormCompact,
	"c c c\nc c c\nc c c\n": table.FormSpacedRows,
	"ccc\nccc\nccc\n":       table.FormRows,
}

// TestKeyBoards keys eight boards at a time in each form, at random
// offsets, some of their bytes spoilt in each way a byte can be, and
// wants the keys, the solvable bits and the count of good boards from
// the first that KeyLine gives each board's cells on a line of their own,
// for the standard goal and renamed ones.
func TestKeyBoards(t *testing.T) {
	if !table.KeyBoardsHere() {
		t.Skip("KeyBoards keys one board at a time here: no AVX-512, another GOARCH, or purego")
	}
	set := table.NewSet(generated.FS)
	rng := rand.New(rand.NewPCG(1, 2))
	goals := []board.Board{s3.Goal(8), s3.Goal(0), board.MustParse(s3, "8x7654321"), board.MustParse(s3, "4173x6258")}
	eights := 0
	for template, f := range forms {
		if f.Size() != len(template) {
			t.Fatalf("%q: Size %d", template, f.Size())
		}
		for _, goal := range goals {
			v, err := set.For(goal)
			if err != nil {
				t.Fatal(err)
			}
			for trial := range 5000 {
				var data []byte
				var offs [8]int64
				for k := range 8 {
					if trial%2 == 1 { // bytes between the cases
						data = append(data, "\n\n  x"[:rng.IntN(5)]...)
					}
					offs[k] = int64(len(data))
					data = append(data, written(rng, template)...)
				}
				data = padSpoiled(rng, data, int(offs[7]), len(template))
				var keys [8]table.Key
				n, solvable := v.KeyBoards(data, &offs, f, &keys)
				want := 0
				for ; want < 8; want++ {
					key, ok2, ok := v.KeyLine(cellsOf(template, data[offs[want]:]))
					if !ok || !matches(template, data[offs[want]:]) {
						break
					}
					if want < n && (keys[want] != key || (solvable>>want&1 == 1) != ok2) {
						t.Fatalf("%q, goal %v, %q: board %d: key %d, solvable %v; KeyLine %d, %v", template, goal, data, want, keys[want], solvable>>want&1, key, ok2)
					}
				}
				if n != want || solvable>>n != 0 {
					t.Fatalf("%q, goal %v, %q: %d boards, solvable %08b; want %d", template, goal, data, n, solvable, want)
				}
				if n == 8 {
					eights++
				}
			}
		}
	}
	if eights == 0 {
		t.Errorf("no trial had eight good boards")
	}
	// Offsets that are not in order, and data too short, key nothing.
	v, _ := set.For(s3.Goal(8))
	var keys [8]table.Key
	data := []byte(strings8("2 3 4 1 5 x 7 6 8\n") + "padding.")
	for _, offs := range [][8]int64{{0, 18, 36, 54, 72, 90, 108, 126}, {18, 0, 36, 54, 72, 90, 108, 126}, {-18, 0, 18, 36, 54, 72, 90, 108}} {
		if n, _ := v.KeyBoards(data[:126+23], &offs, table.FormSpaced, &keys); n != 0 {
			t.Errorf("offsets %v in %d bytes: %d boards, want 0", offs, 126+23, n)
		}
	}
	if n, _ := v.KeyBoards(data[:126+24], &[8]int64{0, 18, 36, 54, 72, 90, 108, 126}, table.FormSpaced, &keys); n != 8 {
		t.Errorf("eight boards in %d bytes: %d, want 8", 126+24, n)
	}
}

func strings8(s string) string { return s + s + s + s + s + s + s + s }

// written returns a random 3x3 board written in template, its blank any
// of the characters that write one.
func written(rng *rand.Rand, template string) []byte {
	cells := []byte("012345678")
	rng.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
	out := []byte(template)
	k := 0
	for i := range out {
		if out[i] == 'c' {
			c := cells[k]
			if c == '0' {
				c = "xX0#"[rng.IntN(4)]
			}
			out[i] = c
			k++
		}
	}
	return out
}

// cellsOf returns the nine bytes of data where template has its cells.
func cellsOf(template string, data []byte) []byte {
	var line []byte
	for i := range len(template) {
		if template[i] == 'c' && i < len(data) {
			line = append(line, data[i])
		}
	}
	return line
}

// matches reports whether data holds template's bytes between and after
// its cells.
func matches(template string, data []byte) bool {
	if len(data) < len(template) {
		return false
	}
	for i := range len(template) {
		if template[i] != 'c' && data[i] != template[i] {
			return false
		}
	}
	return true
}

// padSpoiled pads data with random bytes to the 24 past last, where its
// last case starts, that the kernels read, and now and then more, and
// spoils up to two places of its cases, which end at last+size (spoil).
func padSpoiled(rng *rand.Rand, data []byte, last, size int) []byte {
	for len(data) < last+24 || rng.IntN(3) == 0 {
		data = append(data, byte(rng.IntN(256)))
	}
	for range rng.IntN(3) {
		spoil(rng, data[:last+size])
	}
	return data
}

// spoil spoils one byte of data, or two of its cells, in a way that
// may or may not leave boards.
func spoil(rng *rand.Rand, data []byte) {
	i := rng.IntN(len(data))
	switch rng.IntN(5) {
	case 0:
		data[i] = byte(rng.IntN(256))
	case 1:
		data[i] = "0123456789xX#y \t\r\n"[rng.IntN(18)]
	case 2:
		// A byte copied from near it: a cell twice, or a swap's half.
		data[i] = data[rng.IntN(len(data))]
	case 3:
		j := rng.IntN(len(data))
		data[i], data[j] = data[j], data[i]
	case 4:
		data[i] = byte(rng.IntN(256)) | 0x80
	}
}

// TestKeyEight keys eight pairs at a time in the two forms of a line, as
// a file of pairs lays them out, some of their bytes spoilt, by the Pairs
// of turned pairs and of others, and wants what Key gives each pair.
func TestKeyEight(t *testing.T) {
	if !table.KeyBoardsHere() {
		t.Skip("KeyEight keys one pair at a time here: no AVX-512, another GOARCH, or purego")
	}
	rng := rand.New(rand.NewPCG(3, 4))
	eights := 0
	for _, turn := range []bool{false, true} {
		p, err := embedded.Solver().Goals().Pairs(turn)
		if err != nil {
			t.Fatal(err)
		}
		for _, template := range []string{"ccccccccc\n", "c c c c c c c c c\n"} {
			f := forms[template]
			for range 10000 {
				var data []byte
				var starts, goals [8]int64
				for k := range 8 {
					starts[k] = int64(len(data))
					data = append(data, written(rng, template)...)
					goals[k] = int64(len(data))
					data = append(data, written(rng, template)...)
				}
				data = padSpoiled(rng, data, int(goals[7]), len(template))
				var keys [8]table.Key
				var vs [8]*table.Goal
				n, solvable := p.KeyEight(data, &starts, &goals, f, &keys, &vs)
				want := 0
				for ; want < 8; want++ {
					s, g := data[starts[want]:], data[goals[want]:]
					v, key, ok2, ok := p.Key(s[:len(template)-1], g[:len(template)-1])
					if !ok || !matches(template, s) || !matches(template, g) {
						break
					}
					if want < n && (keys[want] != key || vs[want] != v || (solvable>>want&1 == 1) != ok2) {
						t.Fatalf("turn %v, %q: pair %d: key %d, Solver %p, solvable %v; Key %d, %p, %v", turn, data, want, keys[want], vs[want], solvable>>want&1, key, v, ok2)
					}
				}
				if n != want || solvable>>n != 0 {
					t.Fatalf("turn %v, %q: %d pairs, solvable %08b; want %d", turn, data, n, solvable, want)
				}
				if n == 8 {
					eights++
				}
			}
		}
	}
	if eights == 0 {
		t.Errorf("no trial had eight good pairs")
	}
}
