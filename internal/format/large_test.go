package format

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/slidingpuzzle/solver/board"
)

// TestLargeLines reads boards of 300 x 300 written on one line each, half
// a megabyte a line: a good one, one with a tile twice, one too short,
// then a good one again, and a line too long for any board of the shape.
// Each bad case is one case, with a message that names the line and the
// tile, and the good ones read whole.
func TestLargeLines(t *testing.T) {
	s := board.Shape{Rows: 300, Cols: 300}
	rng := rand.New(rand.NewPCG(1, 1))
	perm := rng.Perm(s.Cells())
	text := func(cells []int) string {
		var sb strings.Builder
		for i, v := range cells {
			if i > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteString(strconv.Itoa(v))
		}
		return sb.String()
	}
	twice := append([]int(nil), perm...)
	twice[len(twice)-1] = perm[0]
	if twice[len(twice)-1] == 0 || perm[len(perm)-1] == 0 {
		twice[len(twice)-1] = perm[1]
	}
	in := text(perm) + "\n" + text(twice) + "\n" + text(perm[:1000]) + "\n" + text(perm) + "\n" + strings.Repeat("7 ", lineFor(s.Cells())) + "\n"
	p, _ := Lookup("hdu1043")
	p = p.WithShape(s)
	goal, _ := p.DefaultGoal()
	r := NewReader(strings.NewReader(in), "in", p)
	var got []string
	var c Case
	for r.Next(&c) {
		if c.Err != nil {
			got = append(got, c.Err.Error())
			continue
		}
		want, _ := board.New(s, perm)
		if !board.Equal(c.Start, want) || !board.Equal(c.Goal, goal) {
			t.Errorf("case %d: not the board written", c.Num)
		}
		got = append(got, "good")
	}
	col := len(text(twice)) - len(strconv.Itoa(twice[len(twice)-1])) + 1
	want := []string{
		"good",
		"in:2:" + strconv.Itoa(col) + ": tile " + strconv.Itoa(twice[len(twice)-1]) + " repeated (first at 2:",
		"in:3: too few cells: 1000, want 90000",
		"good",
		"in:5: line of " + strconv.Itoa(2*lineFor(s.Cells())) + " bytes is too long",
	}
	if len(got) != len(want) {
		t.Fatalf("read %q, want %q", got, want)
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("case %d: %q, want %q...", i+1, got[i], want[i])
		}
	}
}
