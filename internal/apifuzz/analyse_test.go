package apifuzz

import (
	"bytes"
	"context"
	"io"
	"testing"

	"github.com/slidingpuzzle/solver/analyse"
	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/embedded"
	"github.com/slidingpuzzle/solver/engine"
	"github.com/slidingpuzzle/solver/notation"
)

// TestNotationZeroValues calls notation and analyse with zero values and
// nonsense: each returns an error or writes nothing wrong, and none
// panics.
func TestNotationZeroValues(t *testing.T) {
	var w notation.Writer // writes nowhere: an error
	if _, err := w.Write([]byte("dd")); err == nil {
		t.Error("the zero Writer wrote")
	}
	if err := w.Close(); err != nil {
		t.Errorf("the zero Writer's Close: %v", err)
	}
	var buf bytes.Buffer
	odd := notation.NewWriter(&buf, notation.Notation(7)) // not a notation: the judges' letters
	odd.Write([]byte("dl"))
	odd.Close()
	if buf.String() != "dl" || notation.Notation(7).String() == "" {
		t.Errorf("notation 7 wrote %q", buf.String())
	}
	for _, limit := range []int{-1, 0, 1} {
		if p, err := notation.Read("d99999999999999999999999", notation.Tile, limit); err == nil && len(p) > max(limit, 0) {
			t.Errorf("Read past its limit %d: %d moves", limit, len(p))
		}
	}
	if got := notation.Tile.Append(nil, []byte("\x00\xffq")); len(got) != 0 {
		t.Errorf("Tile of bytes that are no moves: %q", got)
	}

	var r analyse.Report
	if r.Over() != 0 || analyse.Lines(nil) != 0 {
		t.Error("the zero Report is over")
	}
	r.JSON(notation.Tile)
	if err := r.WriteText(io.Discard, notation.Blank); err == nil {
		t.Error("the zero Report written as text")
	}
	r.Path, r.Distances, r.Lost = []board.Move{board.Down}, []int{1, 0}, []int{5}
	r.JSON(notation.Blank)
	if err := r.WriteText(io.Discard, notation.Blank); err == nil {
		t.Error("a Report with a lost move off its path written as text")
	}
	ctx := context.Background()
	var z board.Board
	if _, err := analyse.Analyse(ctx, nil, z, z, nil); err == nil {
		t.Error("Analyse with no solver")
	}
	if _, err := analyse.Analyse(ctx, &engine.Solver{}, z, z, []board.Move{9, 200}); err == nil {
		t.Error("Analyse of zero boards")
	}
	goal := board.Shape{Rows: 3, Cols: 3}.Goal(8)
	if _, err := analyse.Analyse(ctx, embedded.Solver(), goal, goal, []board.Move{9, 200}); err == nil {
		t.Error("Analyse of moves that are none")
	}
	if _, err := analyse.Analyse(ctx, &engine.Solver{}, goal, goal, nil); err == nil {
		t.Error("Analyse with the zero Solver")
	}
	if _, _, err := analyse.Best(ctx, nil, goal); err == nil {
		t.Error("Best with no Goal")
	}
	if _, _, err := analyse.Best(ctx, &engine.Goal{}, z); err == nil {
		t.Error("Best with the zero Goal")
	}
}
