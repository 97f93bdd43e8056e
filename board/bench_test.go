package board

import (
	"math/rand/v2"
	"testing"
)

// randomBoards returns 64 random 3x3 boards.
func randomBoards() (boards [64]Board) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range boards {
		cells := make([]uint8, 9)
		for k, v := range rng.Perm(9) {
			cells[k] = uint8(v)
		}
		boards[i], _ = New(Shape3x3, cells)
	}
	return boards
}

// BenchmarkRename renames the start of a pair for its goal, as a file of
// pairs does for every case.
func BenchmarkRename(b *testing.B) {
	boards := randomBoards()
	var sink Board
	i := 0
	for b.Loop() {
		sink = Rename(boards[i&63], boards[(i+1)&63], boards[(i+2)&63])
		i++
	}
	_ = sink
}

// BenchmarkRenameRemap renames and turns the start of a pair, as a file
// of pairs asking for distances does for every case.
func BenchmarkRenameRemap(b *testing.B) {
	boards := randomBoards()
	turn := [MaxSmall]uint8{2, 5, 8, 1, 4, 7, 0, 3, 6} // a quarter turn
	var sink Board
	i := 0
	for b.Loop() {
		sink, _ = RenameRemap(boards[i&63], boards[(i+1)&63], boards[(i+2)&63], &turn)
		i++
	}
	_ = sink
}
