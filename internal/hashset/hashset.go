// Package hashset is a set of 64-bit hashes by open addressing, outside
// Go's heap (internal/offheap): the states a beam search has met
// (search.Beam's, and reduce's as it places a line), emptied each depth.
package hashset

import "github.com/slidingpuzzle/solver/internal/offheap"

// A Set is a set of hashes; the hash 0 stands for 1. The zero Set is
// empty, with no room: Reset gives it some.
type Set struct {
	keys []uint64 // a power of two of them, or none
	free func()   // gives keys back
	n    int
	sink uint64 // what Touch loaded, kept so that the loads are made
}

// Ahead is how many hashes are best loaded by Touch before they are
// added: enough for their loads to overlap, few enough to stay cached.
const Ahead = 32

// Reset empties s and gives it room for at least size slots (a power of
// two, the room it had kept where that is more); it grows as hashes are
// added, holding at most half as many as its slots.
func (s *Set) Reset(size int) {
	n := 1 << 10
	for n < size {
		n <<= 1
	}
	if len(s.keys) < n {
		s.Release()
		s.keys, s.free = offheap.Make[uint64](n)
	}
	clear(s.keys)
	s.n = 0
}

// Release gives back s's room; s is then empty, with none.
func (s *Set) Release() {
	if s.free != nil {
		s.free()
	}
	s.keys, s.free, s.n = nil, nil, 0
}

// slot returns the first slot of x, a hash with its low bit set.
func (s *Set) slot(x uint64) uint64 {
	return x * 0x9e3779b97f4a7c15 >> 32 & uint64(len(s.keys)-1)
}

// Touch loads the slot of x, which an Add of x soon after then finds in
// the cache: the loads of several Touches overlap, where the probes of
// Adds, one after another, would each wait for memory.
func (s *Set) Touch(x uint64) {
	if len(s.keys) > 0 {
		s.sink ^= s.keys[s.slot(x|1)]
	}
}

// Add adds x to s and reports whether it was not there. A Set with no
// room (zero, or released) is given the least.
func (s *Set) Add(x uint64) bool {
	if 2*(s.n+1) > len(s.keys) {
		s.grow()
	}
	x |= 1
	mask := uint64(len(s.keys) - 1)
	for i := s.slot(x); ; i = (i + 1) & mask {
		switch s.keys[i] {
		case x:
			return false
		case 0:
			s.keys[i] = x
			s.n++
			return true
		}
	}
}

// grow moves s's hashes to room twice as large (the least for none).
func (s *Set) grow() {
	old, free := s.keys, s.free
	s.keys, s.free = offheap.Make[uint64](max(2*len(old), 1<<10))
	s.n = 0
	for _, k := range old {
		if k != 0 {
			s.Add(k)
		}
	}
	if free != nil {
		free()
	}
}
