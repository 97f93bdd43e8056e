package table

import (
	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/internal/perm"
)

// The index of a position packs where the blank is with which arrangement
// of the tiles it has:
//
//	index = blank*half + rank(tiles)/2
//
// where tiles are the n-1 tiles in reading order, blank left out, and half
// is (n-1)!/2. For a fixed blank cell all positions of one solvability
// class have tiles of one parity, and perm.Rank/2 maps one parity class
// onto 0..half-1, so the positions of a class fill 0..Size-1 exactly once.

// Size returns the number of positions of shape s in one solvability
// class: 181440 for the 3x3 board.
func Size(s board.Shape) int {
	if !s.Small() {
		return 0
	}
	n := s.Cells()
	return n * half(s)
}

func half(s board.Shape) int {
	if !s.Small() {
		return 0
	}
	return int(perm.Factorial(s.Cells()-1) / 2)
}

// Index returns the dense index of b among the positions of its shape and
// solvability class, 0..Size-1, or -1 for a board that is not valid. It
// allocates nothing.
func Index(b board.Board) int {
	if !b.Small() {
		return -1
	}
	s := b.Shape()
	n := s.Cells()
	var tiles [board.MaxSmall]uint8
	k := 0
	for i := 0; i < n; i++ {
		if t := b.Cell(i); t != 0 {
			tiles[k] = uint8(t - 1)
			k++
		}
	}
	return b.Blank()*half(s) + int(perm.Rank(tiles[:k])/2)
}

// Position returns the board of shape s and solvability class parity
// (board.Board.Parity) that has index i, the inverse of Index. For a
// shape that is not valid, a parity other than 0 or 1, or an index out of
// 0..Size(s)-1, it returns the zero Board, which is not valid.
func Position(s board.Shape, parity, i int) board.Board {
	if !s.Small() || parity < 0 || parity > 1 || i < 0 || i >= Size(s) {
		return board.Board{}
	}
	h := half(s)
	n := s.Cells()
	blank := i / h
	r := uint64(i%h) * 2
	var tiles [board.MaxSmall]uint8
	perm.Unrank(tiles[:n-1], r)
	// The tiles' own parity must make up the class with the blank's row.
	want := parity
	if s.Cols%2 == 0 {
		want ^= (blank / s.Cols) & 1
	}
	if perm.Parity(tiles[:n-1]) != want {
		perm.Unrank(tiles[:n-1], r+1)
	}
	var cells [board.MaxSmall]int
	k := 0
	for c := 0; c < n; c++ {
		if c != blank {
			cells[c] = int(tiles[k]) + 1
			k++
		}
	}
	b, _ := board.New(s, cells[:n]) // the cells are a permutation
	return b
}
