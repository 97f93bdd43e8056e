package scan

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestLineEnd holds LineEnd to bytes.IndexByte on lines of every length
// around its words, with line ends and other bytes anywhere.
func TestLineEnd(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		data := make([]byte, rng.IntN(40))
		for i := range data {
			data[i] = "ab\n\x0a\x0b\x09\x8a "[rng.IntN(8)]
		}
		if rng.IntN(2) == 0 {
			// One line end at most, anywhere: in each word and past them.
			for i := range data {
				data[i] = "ab\x0b\x09\x8a\x0c "[rng.IntN(7)]
			}
			if len(data) > 0 && rng.IntN(4) != 0 {
				data[rng.IntN(len(data))] = '\n'
			}
		}
		if got, want := LineEnd(data), bytes.IndexByte(data, '\n'); got != want {
			t.Fatalf("LineEnd(%q) = %d, want %d", data, got, want)
		}
	}
}

// TestCountWords holds CountWords to CountLines wherever it reports true,
// on random lines of line ends, spaces, other low bytes and text, and
// checks that it does on files written as judges write them.
func TestCountWords(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	alphabet := []byte("\n\n\n\n  \t\r\v\f\x00\x01\x1f!~08ax\x80\xff\x8a")
	taken := 0
	for k := range 200000 {
		data := make([]byte, rng.IntN(40))
		for i := range data {
			data[i] = alphabet[rng.IntN(len(alphabet))]
			if k%2 == 0 && rng.IntN(3) > 0 {
				data[i] = "0a8 x\n"[rng.IntN(6)] // mostly well formed
			}
		}
		data = append(data, '\n')
		lines, cases, ok := CountWords(data)
		if !ok {
			continue
		}
		taken++
		if wl, wc := CountLines(data); lines != wl || cases != wc {
			t.Fatalf("CountWords(%q) = %d lines, %d cases; CountLines %d, %d", data, lines, cases, wl, wc)
		}
	}
	if taken < 50000 {
		t.Errorf("CountWords took %d inputs of 200000", taken)
	}
	file := "\n0 8 7\n2 1 4\n3 6 5\n\n8 1 2\n0 4 7\n3 6 5\n\n\n4 6 8\n"
	if lines, cases, ok := CountWords([]byte(file)); !ok || lines != 11 || cases != 3 {
		t.Errorf("CountWords(%q) = %d, %d, %v; want 11, 3, true", file, lines, cases, ok)
	}
}

// TestBoardLine holds BoardLine to a plain reading of its rule on lines
// of the lengths it takes and around them, of bytes at the edges of the
// rule (space, '!', 0x7f, 0x80, a line end) and others.
func TestBoardLine(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	cellByte := func(c byte) bool { return c > ' ' && c < 0x80 }
	want := func(data []byte) int {
		for _, w := range []int{9, 17} {
			end := w // where the line end is, after a "\r" or not
			if len(data) > w+1 && data[w] == '\r' && data[w+1] == '\n' {
				end = w + 1
			} else if len(data) <= w || data[w] != '\n' {
				continue
			}
			ok := true
			for i := range w {
				if w == 17 && i%2 == 1 {
					ok = ok && data[i] == ' '
				} else {
					ok = ok && cellByte(data[i])
				}
			}
			if ok {
				return end
			}
			return 0
		}
		return 0
	}
	edges := []byte{' ', '!', 0x7f, 0x80, 0xff, '\n', '\r', '\t', 0, '1', 'x'}
	for range 200000 {
		n := 8 + rng.IntN(12)
		data := make([]byte, n)
		spaced := rng.IntN(2) == 0
		for i := range data {
			switch {
			case rng.IntN(12) == 0:
				data[i] = edges[rng.IntN(len(edges))]
			case spaced && i%2 == 1:
				data[i] = ' '
			default:
				data[i] = "x12345678"[rng.IntN(9)]
			}
		}
		if rng.IntN(2) == 0 {
			w := 9
			if spaced {
				w = 17
			}
			if rng.IntN(2) == 0 && n > w+1 {
				data[w], data[w+1] = '\r', '\n'
			} else if n > w {
				data[w] = '\n'
			}
		}
		if got, w := BoardLine(data), want(data); got != w {
			t.Fatalf("BoardLine(%q) = %d, want %d", data, got, w)
		}
	}
}

// TestSameLines holds SameLines to BoardLine, line by line, on runs of
// board lines of both forms with other lines among them.
func TestSameLines(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 11))
	lines := []string{"1 2 3 4 5 6 7 8 x\n", "12345678x\n", "1 2 3 4 5 6 7 8 x\r\n", "12345678x\r\n", "1 2 3 4 5 6 7 8  \n", "12345678 \n", "\n", "junk\n", "1 2 3 4 5 6 7 8 é\n"}
	for range 20000 {
		var sb strings.Builder
		for range rng.IntN(12) {
			if rng.IntN(4) == 0 {
				sb.WriteString(lines[rng.IntN(len(lines))])
			} else {
				sb.WriteString(lines[rng.IntN(2)])
			}
		}
		data := []byte(sb.String())
		for _, size := range []int{10, 18, 11} {
			max := rng.IntN(14)
			want, rest := 0, data
			for want < max && size != 11 {
				if k := BoardLine(rest); k+1 != size {
					break
				}
				rest = rest[size:]
				want++
			}
			if got := SameLines(data, size, max); got != want {
				t.Fatalf("SameLines(%q, %d, %d) = %d, want %d", data, size, max, got, want)
			}
		}
	}
}

// TestSameRows holds SameRows and SameGapLines, the bulk loops, to the
// line by line checks they stand for (RowsCase and BoardLine), on random
// runs of rows, boards, blank lines and junk.
func TestSameRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 13))
	rows := []string{"1 2 3\n", "123\n", "1 2x3\n", "x 8 7\n", "#12\n", "1 2 3\r\n", "1 2 3 \n", "12 \n", "1 2\n", "1 2 é\n", "\n", "junk\n", "1 2 3 4 5 6 7 8 x\n", "12345678x\n"}
	for range 20000 {
		var sb strings.Builder
		form := rng.IntN(2) // the form most rows take
		for range rng.IntN(15) {
			if rng.IntN(5) == 0 {
				sb.WriteString(rows[rng.IntN(len(rows))])
			} else {
				sb.WriteString(rows[form])
			}
		}
		data := []byte(sb.String())
		max := rng.IntN(6)
		// What SameRows stands for: cases of three rows of the first
		// case's form, "a b c\n" or "abc\n".
		width := 4
		if len(data) > 1 && data[1] == ' ' {
			width = 6
		}
		exact := func(row []byte) bool { // "a b c\n" or "abc\n", as the first
			if row[width-1] != '\n' {
				return false
			}
			return width == 4 || row[1] == ' ' && row[3] == ' '
		}
		want, rest := 0, data
		for want < max && len(rest) >= 3*width {
			if RowsCase(rest) != 3*width || !exact(rest) || !exact(rest[width:]) || !exact(rest[2*width:]) {
				break
			}
			rest = rest[3*width:]
			want++
		}
		if got, size := SameRows(data, max); got != want || size != got*3*width {
			t.Fatalf("SameRows(%q, %d) = %d, %d; want %d, %d", data, max, got, size, want, want*3*width)
		}
	}
	boards := []string{"1 2 3 4 5 6 7 8 x\n\n", "12345678x\n\n", "1 2 3 4 5 6 7 8 x\n", "12345678x\n", "\n", "junk\n\n", "1 2 3 4 5 6 7 8 x\r\n\n"}
	for range 20000 {
		var sb strings.Builder
		for range rng.IntN(12) {
			if rng.IntN(4) == 0 {
				sb.WriteString(boards[rng.IntN(len(boards))])
			} else {
				sb.WriteString(boards[rng.IntN(2)])
			}
		}
		data := []byte(sb.String())
		for _, size := range []int{10, 18, 11} {
			max := rng.IntN(14)
			want, rest := 0, data
			for want < max && size != 11 && len(rest) > size {
				if k := BoardLine(rest); k+1 != size || rest[size] != '\n' {
					break
				}
				rest = rest[size+1:]
				want++
			}
			if got := SameGapLines(data, size, max); got != want {
				t.Fatalf("SameGapLines(%q, %d, %d) = %d, want %d", data, size, max, got, want)
			}
		}
	}
}
