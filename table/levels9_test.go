package table

import (
	"runtime"
	"testing"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/generated"
)

// builds9 builds the fast lookups of t both ways, by levels9 where this
// CPU runs it and by walking the tree, or fails the test.
func builds9(t *testing.T, tb *Table) (levels, walk []uint64, err, walkErr error) {
	t.Helper()
	n := Size(board.Shape3x3)
	walk = make([]uint64, n)
	walkOnly = true
	_, walkErr = tb.buildFast9(walk)
	walkOnly = false
	levels = make([]uint64, n)
	moves, merr := tb.moves9()
	if merr != nil {
		return levels, walk, merr, walkErr
	}
	found, ok, err := tb.levels9(levels, moves)
	if !ok {
		t.Skip("no build by levels here (a CPU without AVX-512, another GOARCH, or purego): buildFast9 walks the tree")
	}
	if err == nil {
		_, err = tb.builtFast(levels, found)
	}
	return levels, walk, err, walkErr
}

// TestLevelsAgree builds the fast lookups of every 3x3 goal by levels and
// by the walk, on one core and on several, and wants every path the same.
func TestLevelsAgree(t *testing.T) {
	set := NewSet(generated.FS)
	for _, procs := range []int{1, 2, 3} {
		prev := runtime.GOMAXPROCS(procs)
		for blank := range 9 {
			tb, err := set.Table(board.Shape3x3, blank)
			if err != nil {
				t.Fatal(err)
			}
			levels, walk, err, walkErr := builds9(t, tb)
			if err != nil || walkErr != nil {
				t.Fatalf("blank %d: levels %v, walk %v", blank, err, walkErr)
			}
			for i := range walk {
				if levels[i] != walk[i] {
					t.Fatalf("%d cores, blank %d: position %d: levels %#x, walk %#x", procs, blank, i, levels[i], walk[i])
				}
			}
		}
		runtime.GOMAXPROCS(prev)
	}
}
