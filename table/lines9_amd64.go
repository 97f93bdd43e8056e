//go:build amd64 && !purego

package table

import "golang.org/x/sys/cpu"

// haveLines9 says that this CPU and its OS run keyBoards9.
var haveLines9 = haveAVX512 && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512CD && cpu.X86.HasAVX512VBMI

// keyBoards9 keys the eight 3x3 boards written in form f at data+offs[i],
// each as Goal.KeyLine keys the board's line (renamed by name, in which
// the cells no board holds, 9 to 15, are 15). It writes their keys to
// keys, and returns how many of them from the first are boards so
// written (those before the first that is not, or 8) and which of those
// are solvable, bit i for board i. data must hold offs[7]+24 bytes.
//
//go:noescape
func keyBoards9(data *byte, offs *[8]int64, f *form9, keys *[8]Key, head *uint16, tail *uint8, name *[16]uint8, class int) (n int, solvable uint8)

// KeyBoards keys the 3x3 boards written in form f (FormSpaced, ...) at
// offs[i] in data, eight at a time where the CPU has AVX-512, each as
// KeyLine keys the board's cells on one line. It sets keys[i] for board
// i and bit i of solvable when it can reach v's goal, and returns how
// many it keyed: those before the first that is not a board so written,
// at most eight. It returns 0 where it cannot key eight at a time (and
// when data does not hold offs[7]+24 bytes), and the caller keys them
// one at a time.
func (v *Goal) KeyBoards(data []byte, offs *[8]int64, f *Form, keys *[8]Key) (n int, solvable uint8) {
	if !haveLines9 || v == nil || v.t == nil || v.n != 9 || f == nil || f.f == nil || offs == nil || keys == nil {
		return 0, 0
	}
	for i, o := range offs {
		if o < 0 || (i > 0 && o <= offs[i-1]) {
			return 0, 0
		}
	}
	if int64(len(data)) < offs[7]+24 {
		return 0, 0
	}
	return keyBoards9(&data[0], offs, f.f, keys, &head9[0], &tail9[0], &v.shuf, v.class)
}
