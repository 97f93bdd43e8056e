package engine_test

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/engine"
	"github.com/slidingpuzzle/solver/pdb"
	"github.com/slidingpuzzle/solver/table"
)

// TestEngineNeedsEndgame: boards of more than 16 cells go to Reduce only
// when the pattern databases of the parts it ends every board on are
// there (reduce.Endgames: 5x5, 4x4, 3x5, 2x7, searched); else the shape
// is not supported, and the error says why, before any move.
func TestEngineNeedsEndgame(t *testing.T) {
	tables := table.NewSet(fstest.MapFS{table.FileName(board.Shape3x3, 0): &fstest.MapFile{}})
	for _, c := range []struct {
		v    *engine.Solver
		big  board.Shape
		want engine.Name
	}{
		{engine.New(tables, pdb.NewSet(fstest.MapFS{})), board.Shape{Rows: 9, Cols: 9}, engine.Reduce},
		{engine.New(tables, pdb.NewSet(fstest.MapFS{})), board.Shape{Rows: 6, Cols: 6}, engine.Beam},
		{engine.New(tables, pdb.NewSet(fstest.MapFS{})), board.Shape{Rows: 3, Cols: 12}, engine.Reduce},
		{engine.New(tables), board.Shape{Rows: 6, Cols: 6}, ""},
	} {
		big := c.big
		name, err := c.v.Engine(big)
		if name != c.want || (err == nil) != (c.want != "") {
			t.Errorf("Engine(%v) = %q, %v; want %q", big, name, err, c.want)
			continue
		}
		if err != nil && (!errors.Is(err, engine.ErrShape) || !strings.Contains(err.Error(), "pattern databases")) {
			t.Errorf("Engine(%v): %v; want ErrShape naming the pattern databases", big, err)
		}
	}
}
