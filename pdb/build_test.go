package pdb

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/slidingpuzzle/solver/board"
)

// TestBuildAgainstReference holds Build to the builder it replaced, which
// kept its frontiers in memory, on patterns of several shapes, sizes and
// blanks: every value the same, but for placements no board has, which
// hold 0.
func TestBuildAgainstReference(t *testing.T) {
	s44 := board.Shape{Rows: 4, Cols: 4}
	cases := []Pattern{
		{board.Shape{Rows: 2, Cols: 2}, []int{1}, 0, false},
		{board.Shape{Rows: 2, Cols: 3}, []int{2, 3}, 0, false},
		{board.Shape{Rows: 2, Cols: 3}, []int{0, 1, 3, 4}, 5, false},
		{board.Shape{Rows: 3, Cols: 3}, []int{1, 2, 3, 4}, 0, false},
		{board.Shape{Rows: 3, Cols: 3}, []int{0, 1, 2, 3, 4, 5, 6}, 8, false},
		{board.Shape{Rows: 2, Cols: 5}, []int{0, 1, 2, 5, 6, 7}, 9, false},
		{board.Shape{Rows: 3, Cols: 4}, []int{2, 3, 6, 7, 10}, 11, false},
		{s44, []int{7, 8, 9}, 0, false},
		{s44, []int{1, 2, 3, 4, 5}, 0, false},
		{s44, []int{0, 5, 10, 15}, 3, false},
		// Boards of more than 16 cells, whose builds fill each region's
		// slot rather than look it up, and pick cells past the second
		// byte when they unrank.
		{board.Shape{Rows: 5, Cols: 5}, []int{1, 2, 5}, 0, false},
		{board.Shape{Rows: 5, Cols: 5}, []int{17, 18, 22, 23}, 0, false},
		{board.Shape{Rows: 3, Cols: 6}, []int{0, 6, 12, 13}, 17, false},
		{board.Shape{Rows: 4, Cols: 8}, []int{23, 30, 31}, 0, false},
	}
	if !testing.Short() {
		// A 6-tile pattern of 16 cells here; the 7-tile databases of the
		// large set and its mirror agree too, checked by hand (minutes for
		// the reference).
		cases = append(cases, Pattern{s44, []int{10, 11, 12, 13, 14, 15}, 0, false})
	}
	for _, p := range cases {
		got, err := Build(context.Background(), p, nil)
		if err != nil {
			t.Fatalf("%v: %v", p, err)
		}
		want, err := buildReference(context.Background(), p, nil)
		if err != nil {
			t.Fatalf("%v: reference: %v", p, err)
		}
		for i := range want {
			// A placement the tiles cannot reach (the reference says
			// 255) holds 0: no board has it.
			if want[i] == 255 {
				want[i] = 0
			}
		}
		if !slices.Equal(got, want) {
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("%v: placement %d has extra %d, want %d", p, i, got[i], want[i])
				}
			}
		}
	}
}

// TestBuildProgress checks that a build says it is done, and never more
// than done before.
func TestBuildProgress(t *testing.T) {
	p := Pattern{board.Shape{Rows: 4, Cols: 4}, []int{1, 2, 3, 4, 5}, 0, false}
	var last, calls int64
	_, err := Build(context.Background(), p, func(done, total int64) {
		calls++
		if total != int64(p.Size()) || done < last || done > total {
			t.Errorf("progress %d of %d after %d", done, total, last)
		}
		last = done
	})
	if err != nil {
		t.Fatal(err)
	}
	if calls == 0 || last != int64(p.Size()) {
		t.Errorf("progress ended at %d of %d after %d calls", last, p.Size(), calls)
	}
}

// TestBuildCancel checks that a cancelled build stops with ctx's error.
func TestBuildCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p := Pattern{board.Shape{Rows: 4, Cols: 4}, []int{1, 2, 3, 4, 5, 6}, 0, false}
	if _, err := Build(ctx, p, nil); err != context.Canceled {
		t.Errorf("Build with a cancelled context: %v", err)
	}
}

// TestBuildProgressPanics holds that a Progress that panics unwinds
// BuildRaw only after its workers have stopped: the states they read are
// given back after them, not under them.
func TestBuildProgressPanics(t *testing.T) {
	p := Pattern{board.Shape{Rows: 4, Cols: 4}, []int{1, 2, 3, 4, 5, 6}, 0, false}
	func() {
		defer func() {
			if recover() == nil {
				t.Error("the panic of Progress was lost")
			}
		}()
		BuildRaw(context.Background(), p, func(done, total int64) { panic("progress") })
	}()
	// A worker still reading unmapped states would fault by now.
	time.Sleep(100 * time.Millisecond)
}
