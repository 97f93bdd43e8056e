package format

import (
	"math/rand/v2"
	"testing"

	"github.com/slidingpuzzle/solver/internal/scan"
)

// BenchmarkAppendAnswer writes the answers of a labelled preset that
// prints the moves and the path, as a file of pairs does for every case.
func BenchmarkAppendAnswer(b *testing.B) {
	p, _ := Lookup("hdu3567")
	path := []byte("ddrruuldlurdldrruuldl")
	var dst []byte
	num := 0
	for b.Loop() {
		num++
		// The case numbers of a file, and the distances of random pairs.
		dst = p.AppendAnswer(dst[:0], num%300000+1, path, 10+num*7%22)
	}
}

// BenchmarkAppendInt writes case numbers, as a labelled preset does.
func BenchmarkAppendInt(b *testing.B) {
	var dst []byte
	n := 0
	for b.Loop() {
		n = (n + 7919) % 300000
		dst = appendInt(dst[:0], n+1)
	}
}

// BenchmarkCountWords counts the lines and cases of a block of a
// lightoj1139 file as NextBlock cuts it.
func BenchmarkCountWords(b *testing.B) {
	p, _ := Lookup("lightoj1139")
	rng := rand.New(rand.NewPCG(1, 1))
	data := []byte(separatedFileOf(p, 12000, rng, false))[:64<<10]
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		scan.CountWords(data)
	}
}
