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
	n := s.Cells()
	return n * half(s)
}

func half(s board.Shape) int { return int(perm.Factorial(s.Cells()-1) / 2) }

// Index returns the dense index of b among the positions of its shape and
// solvability class, 0..Size-1. It allocates nothing.
func Index(b board.Board) int {
	s := b.Shape()
	n := s.Cells()
	var tiles [board.MaxCells]uint8
	k := 0
	for i := 0; i < n; i++ {
		if t := b.Cell(i); t != 0 {
			tiles[k] = t - 1
			k++
		}
	}
	return b.Blank()*half(s) + int(perm.Rank(tiles[:k])/2)
}

// Position returns the board of shape s and solvability class parity
// (board.Board.Parity) that has index i, the inverse of Index.
func Position(s board.Shape, parity, i int) board.Board {
	h := half(s)
	n := s.Cells()
	blank := i / h
	r := uint64(i%h) * 2
	var tiles [board.MaxCells]uint8
	perm.Unrank(tiles[:n-1], r)
	// The tiles' own parity must make up the class with the blank's row.
	want := parity
	if s.Cols%2 == 0 {
		want ^= (blank / s.Cols) & 1
	}
	if perm.Parity(tiles[:n-1]) != want {
		perm.Unrank(tiles[:n-1], r+1)
	}
	var cells [board.MaxCells]uint8
	k := 0
	for c := 0; c < n; c++ {
		if c != blank {
			cells[c] = tiles[k] + 1
			k++
		}
	}
	b, err := board.New(s, cells[:n])
	if err != nil {
		panic("table: Position made a bad board: " + err.Error()) // unreachable: the cells are a permutation
	}
	return b
}
