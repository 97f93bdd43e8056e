package main

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/internal/gen"
)

// drawStats draws, for the standard goal of shape s, how many positions
// lie at each distance from it, as a histogram with counts and bars.
func drawStats(w io.Writer, s board.Shape) error {
	if !slices.Contains(gen.Shapes, s) {
		var names []string
		for _, t := range gen.Shapes {
			names = append(names, t.String())
		}
		return fmt.Errorf("-stats -shape %v: %v boards have no full table; the shapes with tables are %s", s, s, strings.Join(names, ", "))
	}
	goal := s.Goal(s.Cells() - 1)
	var r *gen.Result
	for _, t := range gen.Tables(s) {
		if t.Goal == goal {
			r = t
		}
	}
	_, err := io.WriteString(w, Histogram(goal, r.Depths))
	return err
}

// Histogram draws depths, the number of positions at each distance from
// goal, one row a distance with a bar scaled to the largest count.
func Histogram(goal board.Board, depths []int) string {
	const width = 50
	total, most := 0, 0
	for _, n := range depths {
		total += n
		most = max(most, n)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Positions by distance from the goal %v (%d positions, %d moves at most)\n\n", goal, total, len(depths)-1)
	fmt.Fprintf(&b, "moves  positions\n")
	for d, n := range depths {
		bar := (n*width + most - 1) / most // a position or more always shows
		fmt.Fprintf(&b, "%5d  %9d  %s\n", d, n, strings.Repeat("#", bar))
	}
	return b.String()
}
