//go:build amd64 && !purego

package table

import "golang.org/x/sys/cpu"

// haveLines9 says that this CPU and its OS run keyLines9.
var haveLines9 = haveAVX512 && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512CD

// keyLines9 keys the eight lines of 18 bytes at data, each "2 3 4 1 5 x 7
// 6 8" and a '\n', as Solver.KeyLine keys each (renamed by name, in
// which the cells no board holds, 9 to 15, are 15). It writes their keys
// to keys, and returns how many lines from the first are boards (those
// before the first that is not, or 8) and which of them are solvable,
// bit i for line i. data must hold 152 bytes.
//
//go:noescape
func keyLines9(data *byte, keys *[8]Key, head *uint16, tail *uint8, name *[16]uint8, class int) (n int, solvable uint8)

// KeyLines keys the lines at the start of data that are 3x3 boards
// written "2 3 4 1 5 x 7 6 8", each ended by a single '\n', eight at a
// time where the CPU has AVX-512, as KeyLine keys each line alone. It
// sets keys[i] for line i and bit i of solvable when it can reach v's
// goal, and returns how many lines it keyed: those before the first line
// that is not such a board, at most eight. It returns 0 where it cannot
// key eight at a time, and then the caller keys them one at a time.
func (v *Solver) KeyLines(data []byte, keys *[8]Key) (n int, solvable uint8) {
	if !haveLines9 || v == nil || v.t == nil || v.n != 9 || len(data) < 152 {
		return 0, 0
	}
	r := ranks9()
	return keyLines9(&data[0], keys, &r.head[0], &r.tail[0], &v.shuf, v.class)
}
