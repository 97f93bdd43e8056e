package solver

import (
	"fmt"

	"github.com/slidingpuzzle/solver/analyse"
	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/notation"
)

// Move is a move of the blank, named by where the blank goes: Up swaps
// the blank with the tile above it. Its String is its letter, d l r u;
// moves are ordered as their letters are (d < l < r < u), and so are
// paths compared move by move.
type Move = board.Move

// The four moves.
const (
	Down  = board.Down
	Left  = board.Left
	Right = board.Right
	Up    = board.Up
)

// Path is a solution or a player's moves, as the blank makes them. Its
// String is its letters, one a move ("dlurr"), as judges write paths;
// Format writes it in the speedsolvers' notation too. A Path converts to
// and from []board.Move, and the paths of packages notation and analyse,
// with no copy.
type Path []Move

// String returns p's letters, one a move: "ddrul" (a Move that is none
// of the four is written '?').
func (p Path) String() string { return string(p.letters()) }

// Format returns p written in notation n.
func (p Path) Format(n Notation) string {
	return string(n.n.Append(nil, p.letters()))
}

// letters returns the letters of p.
func (p Path) letters() []byte {
	out := make([]byte, len(p))
	for i, m := range p {
		out[i] = '?'
		if m <= Up {
			out[i] = m.Letter()
		}
	}
	return out
}

// Lines returns the number of moves of p counting each run of moves in
// one direction (which slides a line of tiles at once) as one: the line
// metric of the speedsolvers.
func (p Path) Lines() int { return analyse.Lines(p) }

// ParsePath reads a path written in notation n: in BlankNotation the
// letters d l r u, in TileNotation U D L R; in either, upper or lower
// case, each letter may be followed by a count ("R3"), and spaces,
// commas and dots between moves are ignored. Errors match ErrBadPath and
// name the column.
func ParsePath(text string, n Notation) (Path, error) {
	moves, err := notation.Read(text, n.n, maxPath)
	if err != nil {
		return nil, &pathError{err}
	}
	return Path(moves), nil
}

// maxPath is the most moves ParsePath reads, about 134 million (a Path of
// them takes as many bytes): more than a 300x300 board's path; a 999 x
// 999 board's runs to billions, which no program holds as a Path, and is
// WritePath's to stream.
const maxPath = 1 << 27

type pathError struct{ err error }

func (e *pathError) Error() string   { return "solver: path: " + e.err.Error() }
func (e *pathError) Unwrap() []error { return []error{ErrBadPath, e.err} }

// Notation is a way of writing a path.
type Notation struct{ n notation.Notation }

// The notations.
var (
	// BlankNotation names where the blank goes, a letter a move: d l r
	// u, as every judge writes paths. It is the zero Notation.
	BlankNotation = Notation{notation.Blank}
	// TileNotation names where the tile goes, capitals, a run of moves
	// one way written once with its count: "U2 L D", as slidysim and
	// Tatham's Fifteen players write them. The blank going down is a
	// tile going up.
	TileNotation = Notation{notation.Tile}
)

// ParseNotation returns the notation called name: "blank" or "tile".
func ParseNotation(name string) (Notation, error) {
	n, err := notation.Lookup(name)
	if err != nil {
		return Notation{}, fmt.Errorf("solver: %w", err)
	}
	return Notation{n}, nil
}

// String returns the notation's name: "blank" or "tile".
func (n Notation) String() string { return n.n.String() }
