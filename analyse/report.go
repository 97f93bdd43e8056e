package analyse

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/notation"
)

// JSON is a Report as the CLI's -json and the web API write it: boards as
// rows separated by slashes ("1 2 3/4 5 6/7 8 0"), moves in a notation.
type JSON struct {
	Shape    string `json:"shape"`    // rows x columns, as "3x3"
	Board    string `json:"board"`    // the board the path starts from
	Goal     string `json:"goal"`     // the goal
	Notation string `json:"notation"` // the notation of the moves: "blank" or "tile"
	Path     string `json:"path"`     // the path's moves
	Moves    int    `json:"moves"`    // one tile at a time
	Lines    int    `json:"lines"`    // several tiles of a line slid at once counted as one
	Solved   bool   `json:"solved"`   // the path ends on the goal
	// Exact says that Distances are the shortest paths' lengths; else
	// they are the tiles' Manhattan distances, lower bounds.
	Exact     bool   `json:"exact"`
	Distances []int  `json:"distances"`          // before each move, and last after the path
	Shortest  *int   `json:"shortest,omitempty"` // the shortest path's length (exact)
	Over      *int   `json:"over,omitempty"`     // moves more than the shortest (exact, solved)
	Ours      *int   `json:"ours,omitempty"`     // the length of the solver's path, not proven shortest (not exact)
	Lost      []Lost `json:"lost"`               // the moves that lost ground, empty for none
}

// Lost is a move that lost ground, in JSON.
type Lost struct {
	Move   int    `json:"move"`             // counted from 1
	Letter string `json:"letter"`           // the move, in the JSON's notation
	Before int    `json:"before"`           // the distance before the move
	After  int    `json:"after"`            // the distance after it
	Better string `json:"better,omitempty"` // the moves that kept a shortest path (exact)
}

// JSON returns r with its moves written in notation n.
func (r *Report) JSON(n notation.Notation) JSON {
	j := JSON{
		Shape:     r.Start.Shape().String(),
		Board:     string(r.Start.AppendRows(nil)),
		Goal:      string(r.Goal.AppendRows(nil)),
		Notation:  n.String(),
		Path:      string(n.Append(nil, board.AppendPath(nil, r.Path))),
		Moves:     len(r.Path),
		Lines:     r.Lines,
		Solved:    r.Solved,
		Exact:     r.Exact,
		Distances: r.Distances,
		Lost:      []Lost{},
	}
	if r.Exact {
		shortest := r.Shortest
		j.Shortest = &shortest
		if r.Solved {
			over := r.Over()
			j.Over = &over
		}
	} else {
		ours := r.Ours
		j.Ours = &ours
	}
	if !r.whole() {
		return j
	}
	for k, i := range r.Lost {
		l := Lost{Move: i + 1, Letter: letter(r.Path[i], n), Before: r.Distances[i], After: r.Distances[i+1]}
		if k < len(r.Better) {
			for _, m := range r.Better[k] {
				l.Better += letter(m, n)
			}
		}
		j.Lost = append(j.Lost, l)
	}
	return j
}

var errNotWhole = errors.New("analyse: a Report that Analyse did not make")

// whole reports whether r holds what Analyse puts in a Report: a distance
// before each move and after the last, each lost move one of the path's.
func (r *Report) whole() bool {
	if len(r.Distances) != len(r.Path)+1 || len(r.Better) > len(r.Lost) {
		return false
	}
	for _, i := range r.Lost {
		if i < 0 || i >= len(r.Path) {
			return false
		}
	}
	return true
}

// letter writes one move in notation n.
func letter(m board.Move, n notation.Notation) string {
	return string(n.Append(nil, []byte{m.Letter()}))
}

// WriteText writes r for people: the totals, then a line for each move
// with the distance before and after it, the moves that lost ground
// marked with what would have kept a shortest path.
func (r *Report) WriteText(w io.Writer, n notation.Notation) error {
	if !r.whole() {
		return errNotWhole
	}
	var b strings.Builder
	s := r.Start.Shape()
	if s.Cells() <= 400 {
		fmt.Fprintf(&b, "board %s (%v), goal %s\n", r.Start.AppendRows(nil), s, r.Goal.AppendRows(nil))
	} else {
		fmt.Fprintf(&b, "a %v board\n", s) // its rows would run to megabytes
	}
	kind := "distances are exact: the length of a shortest path from each board"
	if !r.Exact {
		kind = "distances are lower bounds: the tiles' Manhattan distance from the goal"
	}
	fmt.Fprintf(&b, "path: %d moves, %d counting a line of tiles slid at once as one", len(r.Path), r.Lines)
	if r.Solved {
		b.WriteString("; it solves the board\n")
	} else {
		fmt.Fprintf(&b, "; it does not reach the goal: %d moves from it, %s\n", r.Distances[len(r.Path)], shortKind(r.Exact))
	}
	switch {
	case r.Exact && r.Solved:
		fmt.Fprintf(&b, "shortest: %d moves; this path makes %d more\n", r.Shortest, r.Over())
	case r.Exact:
		fmt.Fprintf(&b, "shortest: %d moves\n", r.Shortest)
	default:
		fmt.Fprintf(&b, "lower bound: %d moves; the solver's path: %d moves, not proven shortest\n", r.Distances[0], r.Ours)
	}
	fmt.Fprintf(&b, "moves that lost ground: %d\n", len(r.Lost))
	b.WriteString(kind + "\n")
	fmt.Fprintf(&b, "%6s  %-4s %s\n", "move", "", "distance")
	k := 0
	for i, m := range r.Path {
		fmt.Fprintf(&b, "%6d  %-4s %d -> %d", i+1, letter(m, n), r.Distances[i], r.Distances[i+1])
		if k < len(r.Lost) && r.Lost[k] == i {
			b.WriteString("  lost ground")
			if k < len(r.Better) && len(r.Better[k]) > 0 {
				b.WriteString("; keeps a shortest path:")
				for _, m := range r.Better[k] {
					b.WriteString(" " + letter(m, n))
				}
			}
			k++
		}
		b.WriteByte('\n')
		if b.Len() > 32<<10 {
			if _, err := io.WriteString(w, b.String()); err != nil {
				return err
			}
			b.Reset()
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func shortKind(exact bool) string {
	if exact {
		return "exactly"
	}
	return "at least"
}
