package engine_test

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/engine"
	"github.com/slidingpuzzle/solver/table"
)

// TestEngineNeedsEndgame: boards of more than 16 cells go to Reduce only
// when the tables it ends every board on are there; else the shape is not
// supported, and the error names the table missing, before any move.
func TestEngineNeedsEndgame(t *testing.T) {
	shapes := func(ss ...board.Shape) *table.Set {
		fsys := fstest.MapFS{}
		for _, s := range ss {
			fsys[table.FileName(s, 0)] = &fstest.MapFile{} // Engine looks for the file alone
		}
		return table.NewSet(fsys)
	}
	s24, s42 := board.Shape{Rows: 2, Cols: 4}, board.Shape{Rows: 4, Cols: 2}
	big := board.Shape{Rows: 6, Cols: 6}
	for _, c := range []struct {
		set     *table.Set
		want    engine.Name
		missing string
	}{
		{shapes(board.Shape3x3, s24, s42), engine.Reduce, ""},
		{shapes(board.Shape3x3, s24), "", "4x2"},
		{shapes(board.Shape3x3), "", "2x4"},
		{shapes(s24, s42), "", "3x3"},
		{shapes(), "", "3x3"},
	} {
		v := engine.New(c.set)
		name, err := v.Engine(big)
		if name != c.want || (err == nil) != (c.missing == "") {
			t.Errorf("Engine(%v) = %q, %v; want %q", big, name, err, c.want)
			continue
		}
		if err != nil && (!errors.Is(err, engine.ErrShape) || !strings.Contains(err.Error(), "no table of "+c.missing)) {
			t.Errorf("Engine(%v): %v; want ErrShape naming %s", big, err, c.missing)
		}
	}
}
