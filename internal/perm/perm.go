// Package perm ranks and unranks permutations of 0..n-1 by their Lehmer
// code (the "Cantor expansion" of contest folklore) and computes their
// parity.
//
// Rank orders permutations lexicographically: the identity has rank 0 and
// the reversed sequence rank n!-1. Two permutations whose ranks differ only
// in the lowest bit differ by a swap of their last two elements, so they
// have opposite parity; Rank(p)/2 is therefore a one-to-one map of the
// permutations of either parity onto 0..n!/2-1. The table package relies on
// that to index the reachable positions of a puzzle densely.
package perm

import "math/bits"

// MaxLen is the longest permutation Rank and Unrank accept: 20! still fits
// in a uint64, 21! does not.
const MaxLen = 20

// Factorial returns n! for 0 <= n <= MaxLen.
func Factorial(n int) uint64 { return factorials[n] }

var factorials = func() (f [MaxLen + 1]uint64) {
	f[0] = 1
	for i := 1; i <= MaxLen; i++ {
		f[i] = f[i-1] * uint64(i)
	}
	return f
}()

// Rank returns the lexicographic rank of p, a permutation of 0..len(p)-1
// with len(p) <= MaxLen. The result is unspecified if p is not a
// permutation; callers validate their input first.
func Rank(p []uint8) uint64 {
	n := len(p)
	var seen uint32 // bit v is set once value v has been passed
	var r uint64
	for i, v := range p {
		below := uint64(bits.OnesCount32(seen & (1<<v - 1)))
		// Digit i of the Lehmer code: the values after position i that
		// are smaller than v, i.e. v minus those already passed.
		r = r*uint64(n-i) + uint64(v) - below
		seen |= 1 << v
	}
	return r
}

// Unrank writes into p the permutation of 0..len(p)-1 whose rank is r, the
// inverse of Rank. r must be below len(p)!.
func Unrank(p []uint8, r uint64) {
	n := len(p)
	// Peel off the Lehmer digits, least significant (last position) first.
	var digits [MaxLen]uint8
	for i := n - 1; i >= 0; i-- {
		base := uint64(n - i)
		digits[i] = uint8(r % base)
		r /= base
	}
	var free uint32 = 1<<n - 1 // values not yet placed
	for i := 0; i < n; i++ {
		// The digits[i]-th smallest free value.
		f := free
		for k := digits[i]; k > 0; k-- {
			f &= f - 1
		}
		v := uint8(bits.TrailingZeros32(f))
		p[i] = v
		free &^= 1 << v
	}
}

// Parity returns 0 if p is an even permutation and 1 if it is odd.
func Parity(p []uint8) int {
	// The parity of a permutation is the parity of its inversion count,
	// which is the sum of its Lehmer digits.
	var seen uint32
	s := 0
	for _, v := range p {
		s += int(v) - bits.OnesCount32(seen&(1<<v-1))
		seen |= 1 << v
	}
	return s & 1
}
