package format

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestAnswerWriter holds AnswerWriter to Preset.AppendAnswer and
// AppendUnsolvable for every preset and the zero one, on runs of
// consecutive case numbers across every carry up to 10^5, numbers out of
// turn, and 0 and below, with paths of every length.
func TestAnswerWriter(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 4))
	presets := append([]Preset{{}, {Label: "#%d%d: ", Print: Moves, Upper: true},
		// Labels of 32 bytes around 10^4 and 10^5 numbers, the most
		// written in stores.
		{Label: strings.Repeat("a", 26) + "%d: ", Print: MovesThenPath, Between: "\n"},
		{Label: strings.Repeat("b", 25) + "%d: ", Print: Path}}, Presets...)
	for _, p := range presets {
		w := p.Writer()
		var zero AnswerWriter
		if p.Name == "" && p.Label == "" {
			w = zero // the zero AnswerWriter writes the zero Preset's answers
		}
		nums := make([]int, 0, 120000)
		for n := 1; n <= 100001; n++ {
			nums = append(nums, n)
		}
		for range 2000 {
			nums = append(nums, rng.IntN(2000000)-10, 0, -1)
		}
		var got, want []byte
		for _, num := range nums {
			path := []byte("dlru"[:rng.IntN(5)])
			for range rng.IntN(40) {
				path = append(path, "dlru"[rng.IntN(4)])
			}
			got, want = got[:0], want[:0]
			if rng.IntN(3) == 0 {
				got = w.Unsolvable(got, num)
				want = p.AppendUnsolvable(want, num)
			} else {
				got = w.Begin(got, num, len(path))
				from := len(got)
				if p.NeedsPath() {
					got = append(got, path...)
				}
				got = w.End(got, from)
				letters := path
				if !p.NeedsPath() {
					letters = nil
				}
				want = p.AppendAnswer(want, num, letters, len(path))
			}
			if string(got) != string(want) {
				t.Fatalf("%s, case %d: %q, want %q", p.Name, num, got, want)
			}
		}
	}
}
