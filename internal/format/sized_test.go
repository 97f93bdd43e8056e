package format

import (
	"slices"
	"testing"
)

// TestSizedReader reads presets whose cases give their size: a case is
// its size line and its rows, whatever is wrong with it, and a fault in
// one never moves the cases after it.
func TestSizedReader(t *testing.T) {
	np, _ := Lookup("npuzzle")
	pj, _ := Lookup("poj2893")
	tests := []struct {
		p    Preset
		in   string
		want []string
	}{
		{np, "3\n1 2 3\n8 0 4\n7 6 5\n", []string{"1 1238x4765>1238x4765"}},
		// Comments, and lines all comment or blank, anywhere.
		{np, "# a file\n3 # the size\n1 2 3\n# between rows\n\n8 0 4 # a row\n7 6 5\n", []string{"1 1238x4765>1238x4765"}},
		// The input ends after the size, or in the middle of the rows.
		{np, "3\n", []string{"1 bad"}},
		{np, "3\n1 2 3\n8 0 4\n", []string{"1 bad"}},
		// A row missing: the next case's size line is left for it when
		// it can be nothing else, here a size of other rows...
		{np, "3\n1 2 3\n8 0 4\n2\n1 2\n0 3\n", []string{"1 bad", "2 12x3>12x3"}},
		{np, "4\n1 2 3 4\n12 13 14 5\n11 0 15 6\n3\n1 2 3\n8 0 4\n7 6 5\n", []string{"1 bad", "2 1238x4765>1238x4765"}},
		// ...else it is read as the row, and the next case is bad, not
		// lost: a row damaged ("8 0" for "8 0 4") is never taken for a
		// size line.
		{np, "3\n1 2 3\n8 0 4\n3\n1 2 3\n8 0 4\n7 6 5\n", []string{"1 bad", "2 bad"}},
		// A row too short is still a row.
		{np, "3\n1 2 3\n8 0\n7 6 5\n3\n1 2 3\n8 0 4\n7 6 5\n", []string{"1 bad", "2 1238x4765>1238x4765"}},
		// No size line: one bad case, and its board skipped.
		{np, "1 2 3\n8 0 4\n7 6 5\n3\n1 2 3\n8 0 4\n7 6 5\n", []string{"1 bad", "2 1238x4765>1238x4765"}},
		// A size no board has.
		{np, "1\n0\n3\n1 2 3\n8 0 4\n7 6 5\n", []string{"1 bad", "2 1238x4765>1238x4765"}},
		{pj, "2 2\n1 2\n3 0\n0 0\n2 2\n1 2\n3 0\n", []string{"1 123x>123x"}},
		// "4 0" is a short row, not a size; "0 0" ends the input, and
		// "3 4" begins the next case.
		{pj, "2 3\n1 2 3\n4 0\n2 3\n1 2 3\n0 0\n", []string{"1 bad", "2 bad"}},
		{pj, "2 3\n1 2 3\n3 4\n1 2 3 4\n5 6 7 8\n9 10 11 0\n", []string{"1 bad", "2 1 2 3 4 5 6 7 8 9 10 11 x>1 2 3 4 5 6 7 8 9 10 11 x"}},
		{pj, "2 3\n1 2 3\n3 4\n1 2 3 4 5 6 7 8 9 10 11 0\n", []string{"1 bad", "2 1 2 3 4 5 6 7 8 9 10 11 x>1 2 3 4 5 6 7 8 9 10 11 x"}},
		// The rows of a size no board has are skipped.
		{pj, "1 2\n1 0\n2 2\n1 2\n3 0\n", []string{"1 bad", "2 123x>123x"}},
		{pj, "1 5\n1 2 3 4 0\n2 2\n1 2\n3 0\n", []string{"1 bad", "2 123x>123x"}},
		{pj, "2 2\n", []string{"1 bad"}},
		{pj, "3 x 3\n1 2 3\n4 5 6\n7 8 0\n2 2\n1 2\n3 0\n0 0\n", []string{"1 bad", "2 123x>123x"}},
	}
	for _, tt := range tests {
		if got := describe(tt.p, tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("%s %q:\n got %q\nwant %q", tt.p.Name, tt.in, got, tt.want)
		}
	}
}
