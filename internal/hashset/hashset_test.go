package hashset

import (
	"math/rand/v2"
	"testing"
)

// TestAgainstMap holds a Set to a map through growth, Reset and Release:
// Add reports a hash new exactly when the map had not got it (0 and 1
// being one hash), for hashes drawn from few values and from many.
func TestAgainstMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var s Set
	for round, spread := range []uint64{50, 1 << 62, 3000, 1 << 62} {
		if round == 2 {
			s.Release()
		} else {
			s.Reset(round * 5000)
		}
		seen := map[uint64]bool{}
		for range 20000 {
			x := rng.Uint64N(spread)
			if rng.IntN(100) == 0 {
				x = uint64(rng.IntN(2)) // 0 and 1 are one
			}
			s.Touch(x)
			_, had := seen[x|1]
			seen[x|1] = true
			if got := s.Add(x); got == had {
				t.Fatalf("round %d: Add(%d) = %v, the map had it: %v", round, x, got, had)
			}
		}
		if s.n != len(seen) || 2*s.n > len(s.keys) {
			t.Fatalf("round %d: %d hashes in %d slots, the map %d", round, s.n, len(s.keys), len(seen))
		}
	}
	s.Release()
	s.Touch(7) // no room: nothing to load
	if !s.Add(7) || s.Add(7) {
		t.Errorf("a released Set does not take a hash once")
	}
	s.Release()
}
