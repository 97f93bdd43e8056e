package pdb

import (
	"slices"
	"testing"
)

// TestPlans checks every plan: its patterns cover every cell of its shape
// but the goal's blank, once, and each pattern's own blank cell (Blanks)
// is not one of its cells and lies in the goal blank's free region, so
// that its database serves the plan's goal; the 5x5 plans of Small5s
// serve each kind of cell, and share Small5's files.
func TestPlans(t *testing.T) {
	all := append(append(append([]Plan{Large, Large5, Large5Additive}, Embedded...), Built...), Small5s...)
	for _, pl := range all {
		n := pl.Shape.Cells()
		seen := make([]int, n)
		for _, p := range pl.Of() {
			if err := p.Check(); err != nil {
				t.Errorf("%v blank %d: %v", pl.Shape, pl.Blank, err)
				continue
			}
			if slices.Contains(p.Cells, p.Blank) {
				t.Errorf("%v blank %d: pattern %v holds its own blank", pl.Shape, pl.Blank, p)
			}
			if !SameRegion(p, pl.Blank) {
				t.Errorf("%v blank %d: pattern %v does not serve a goal with the blank in cell %d", pl.Shape, pl.Blank, p, pl.Blank)
			}
			for _, c := range p.Cells {
				seen[c]++
			}
		}
		for c, k := range seen {
			if want := map[bool]int{true: 0, false: 1}[c == pl.Blank]; k != want {
				t.Errorf("%v blank %d: cell %d in %d patterns, want %d", pl.Shape, pl.Blank, c, k, want)
			}
		}
	}
	kinds := map[int]bool{}
	files := map[string]bool{}
	for _, pl := range Small5s {
		r, c := pl.Blank/5, pl.Blank%5
		r, c = min(r, 4-r), min(c, 4-c)
		kinds[5*min(r, c)+max(r, c)] = true
		for _, p := range pl.Of() {
			files[FileName(p)] = true
		}
	}
	if len(kinds) != 6 || len(Small5s) != 6 {
		t.Errorf("Small5s serves %d kinds of cell of the six, in %d plans", len(kinds), len(Small5s))
	}
	if len(files) != 5+5 {
		t.Errorf("Small5s has %d files; want Small5's five and one more for each other kind of cell", len(files))
	}
}
