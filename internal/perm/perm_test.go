package perm

import (
	"slices"
	"testing"
)

// slowRank ranks p by counting, for each position, the later values that
// are smaller: the textbook Cantor expansion.
func slowRank(p []uint8) uint64 {
	var r uint64
	for i := range p {
		smaller := 0
		for j := i + 1; j < len(p); j++ {
			if p[j] < p[i] {
				smaller++
			}
		}
		r += uint64(smaller) * Factorial(len(p)-1-i)
	}
	return r
}

// slowParity counts inversions pair by pair.
func slowParity(p []uint8) int {
	inv := 0
	for i := range p {
		for j := i + 1; j < len(p); j++ {
			if p[i] > p[j] {
				inv++
			}
		}
	}
	return inv & 1
}

// nextPerm advances p to the next permutation in lexicographic order and
// reports whether there was one.
func nextPerm(p []uint8) bool {
	i := len(p) - 2
	for i >= 0 && p[i] >= p[i+1] {
		i--
	}
	if i < 0 {
		return false
	}
	j := len(p) - 1
	for p[j] <= p[i] {
		j--
	}
	p[i], p[j] = p[j], p[i]
	slices.Reverse(p[i+1:])
	return true
}

func TestFactorial(t *testing.T) {
	for n, want := range []uint64{1, 1, 2, 6, 24, 120, 720, 5040, 40320, 362880} {
		if got := Factorial(n); got != want {
			t.Errorf("Factorial(%d) = %d, want %d", n, got, want)
		}
	}
	if got, want := Factorial(MaxLen), uint64(2432902008176640000); got != want {
		t.Errorf("Factorial(%d) = %d, want %d", MaxLen, got, want)
	}
}

// TestAllPermutations walks every permutation of 0..n-1 for n up to 9 in
// lexicographic order: the k-th must have rank k, unrank back to itself,
// and have the parity the inversion count gives. Ranks halved must cover
// 0..n!/2-1 once within each parity class.
func TestAllPermutations(t *testing.T) {
	for n := 1; n <= 9; n++ {
		p := make([]uint8, n)
		for i := range p {
			p[i] = uint8(i)
		}
		q := make([]uint8, n)
		total := Factorial(n)
		half := make([][]bool, 2)
		half[0] = make([]bool, total/2+1)
		half[1] = make([]bool, total/2+1)
		var k uint64
		for {
			if got := Rank(p); got != k {
				t.Fatalf("Rank(%v) = %d, want %d", p, got, k)
			}
			if n <= 7 {
				if got := slowRank(p); got != k {
					t.Fatalf("slowRank(%v) = %d, want %d", p, got, k)
				}
			}
			Unrank(q, k)
			if !slices.Equal(p, q) {
				t.Fatalf("Unrank(%d) = %v, want %v", k, q, p)
			}
			par := Parity(p)
			if want := slowParity(p); par != want {
				t.Fatalf("Parity(%v) = %d, want %d", p, par, want)
			}
			if n > 1 {
				if half[par][k/2] {
					t.Fatalf("n=%d: rank/2 = %d taken twice in parity class %d", n, k/2, par)
				}
				half[par][k/2] = true
			}
			k++
			if !nextPerm(p) {
				break
			}
		}
		if k != total {
			t.Fatalf("n=%d: walked %d permutations, want %d", n, k, total)
		}
	}
}

func TestLongest(t *testing.T) {
	p := make([]uint8, MaxLen)
	for i := range p {
		p[i] = uint8(MaxLen - 1 - i)
	}
	if got, want := Rank(p), Factorial(MaxLen)-1; got != want {
		t.Errorf("Rank(reversed %d) = %d, want %d", MaxLen, got, want)
	}
	q := make([]uint8, MaxLen)
	Unrank(q, Factorial(MaxLen)-1)
	if !slices.Equal(p, q) {
		t.Errorf("Unrank(%d!-1) = %v, want %v", MaxLen, q, p)
	}
}

func BenchmarkRank8(b *testing.B) {
	p := []uint8{3, 1, 7, 0, 5, 2, 6, 4}
	var s uint64
	for b.Loop() {
		s += Rank(p)
	}
	_ = s
}

func BenchmarkUnrank8(b *testing.B) {
	p := make([]uint8, 8)
	var r uint64
	for b.Loop() {
		Unrank(p, r%40320)
		r += 7919
	}
}
