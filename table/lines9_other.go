//go:build !amd64 || purego

package table

// haveLines9 says that KeyBoards keys eight boards at a time here.
const haveLines9 = false

// KeyBoards keys eight boards at a time where the CPU has AVX-512; here
// it returns 0, and the caller keys them one at a time (KeyLine).
func (v *Goal) KeyBoards(data []byte, offs *[8]int64, f *Form, keys *[8]Key) (n int, solvable uint8) {
	return 0, 0
}

// KeyEight keys eight pairs at a time where the CPU has AVX-512; here it
// returns 0, and the caller keys them one at a time (Key).
func (p *Pairs) KeyEight(data []byte, starts, goals *[8]int64, f *Form, keys *[8]Key, vs *[8]*Goal) (n int, solvable uint8) {
	return 0, 0
}
