//go:build amd64 && !purego

package table

import "unsafe"

// keyPairs9 keys the eight pairs of 3x3 boards written in form f, the
// start at data+starts[i] and the goal at data+goals[i], as Pairs.Key
// keys each, by t. It writes their keys to keys and their goals' blank
// cells to blanks, and returns how many pairs from the first are two
// boards so written and which of those are solvable, bit i for pair i.
// data must hold 24 bytes past every offset.
//
//go:noescape
func keyPairs9(data *byte, starts, goals *[8]int64, f *form9, t *pairs9, keys *[8]Key, blanks *[8]uint8, head *uint16, tail *uint8) (n int, solvable uint8)

// KeyEight keys eight pairs at once where the CPU has AVX-512: the pair
// i whose start is written in form f at starts[i] in data and whose goal
// is at goals[i], as Key keys each. It sets keys[i] and vs[i] and bit i
// of solvable for the pairs it keyed, those before the first that is not
// two boards so written, and returns how many. It returns 0 where it
// cannot key eight at once, and when data does not hold 24 bytes past
// every offset. It asks the CPU for the keyed pairs' paths, where their
// fast lookups are built, so that PackedAt finds them near.
func (p *Pairs) KeyEight(data []byte, starts, goals *[8]int64, f *Form, keys *[8]Key, vs *[8]*Goal) (n int, solvable uint8) {
	if !haveLines9 || p == nil || p.eight == nil || f == nil || f.f == nil || starts == nil || goals == nil || keys == nil || vs == nil {
		return 0, 0
	}
	for i := range 8 {
		if starts[i] < 0 || goals[i] < 0 || starts[i] > int64(len(data))-24 || goals[i] > int64(len(data))-24 {
			return 0, 0
		}
	}
	var blanks [8]uint8
	n, solvable = keyPairs9(&data[0], starts, goals, f.f, p.eight, keys, &blanks, &head9[0], &tail9[0])
	// The paths of the pairs keyed are asked for now, to be near when
	// the caller looks them up (PackedAt), after it has keyed a group: in
	// a file of random pairs they lie at random in nine tables of 1.4 MB,
	// and a loop of loads that miss has only so many under way at once
	// (BenchmarkPairBlocks 95-108 to 85-95 ns a case; hdu3567's 300K
	// pairs 23.7 to 22.5 ms, side by side).
	var addrs [8]uintptr
	for i := range addrs {
		addrs[i] = uintptr(unsafe.Pointer(p)) // for the pairs not keyed
	}
	for i := range n {
		v := p.by[blanks[i]&15].v
		vs[i] = v
		if v == nil || v.t == nil {
			continue
		}
		if f := v.t.built.Load(); f != nil && uint(keys[i]) < uint(len(f.paths)) {
			addrs[i] = uintptr(unsafe.Pointer(&f.paths[keys[i]]))
		}
	}
	prefetch8(&addrs)
	return n, solvable
}
