package batch_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/internal/batch"
	"github.com/slidingpuzzle/solver/internal/format"
	"github.com/slidingpuzzle/solver/internal/judge"
	"github.com/slidingpuzzle/solver/internal/testcache"
	"github.com/slidingpuzzle/solver/notation"
)

// TestNotation answers a judge file of every preset that prints paths,
// large enough to go in blocks, in the judges' letters and in the
// speedsolvers', and checks that each answer of the second is the first's
// path written in Tile, read back with the preset's AnswerReader: every
// way a batch writes a path (lookups in blocks and runs, pairs, searches,
// boards streamed) is met by one preset or another.
func TestNotation(t *testing.T) {
	solver := testcache.Solver() // the 5x5 snail databases of a 130x130 board, built once a machine
	for _, p := range format.Presets {
		if !p.NeedsPath() {
			continue
		}
		t.Run(p.Name, func(t *testing.T) {
			n, shape := 3000, board.Shape{Rows: 3, Cols: 3}
			if !p.Shape.Small() && p.Shape.Valid() || p.Size != format.NoSize {
				n, shape = 4, board.Shape{Rows: 130, Cols: 130} // streamed
				if p.Shape.Valid() {
					shape = p.Shape
				}
			}
			if p.Shape.Valid() && !solver.Instant(p.Shape) {
				n = 20 // searched
			}
			unsolvable := 0.2
			if shape.Cells() > 16 || p.Shape.Cells() > 16 {
				n, unsolvable = 1, 0 // a second a board
			}
			g := &judge.Generator{Solver: solver, Preset: p, Shape: shape, N: n, Seed: 34, MaxDepth: -1, Unsolvable: unsolvable}
			if p.Shape.Valid() && !solver.Instant(p.Shape) || shape.Cells() > 16 {
				g.Walk = 40
			}
			var in bytes.Buffer
			if err := g.Write(&in); err != nil {
				t.Fatal(err)
			}
			answers := func(nt notation.Notation) []byte {
				var out bytes.Buffer
				q := p
				q.Notation = nt
				job := &batch.Job{Solver: solver, Preset: q, Name: "in"}
				res, err := job.Run(bytes.NewReader(in.Bytes()), &out)
				if err != nil || res.Bad > 0 {
					t.Fatalf("%s: %+v, %v", nt, res, err)
				}
				return out.Bytes()
			}
			blank, tile := answers(notation.Blank), answers(notation.Tile)
			rb := format.NewAnswerReader(bytes.NewReader(blank), "blank", p)
			rt := format.NewAnswerReader(bytes.NewReader(tile), "tile", p)
			var ab, at format.Answer
			paths := 0
			for num := 1; rb.Next(num, &ab); num++ {
				pb := string(readPath(rb, &ab))
				if !rt.Next(num, &at) {
					t.Fatalf("case %d: no answer in Tile", num)
				}
				pt := string(readPath(rt, &at))
				if ab.Err != nil || at.Err != nil || ab.Word != at.Word || ab.Moves != at.Moves {
					t.Fatalf("case %d: %+v in Blank, %+v in Tile", num, ab, at)
				}
				want := string(notation.Tile.Append(nil, []byte(strings.ToLower(pb))))
				if pt != want {
					t.Fatalf("case %d: %.60q in Tile, want %.60q (from %.60q)", num, pt, want, pb)
				}
				if pb != "" {
					paths++
				}
			}
			if paths == 0 {
				t.Fatal("no paths")
			}
		})
	}
}

// readPath returns the whole path of ans, its pieces read from r.
func readPath(r *format.AnswerReader, ans *format.Answer) []byte {
	path := append([]byte(nil), ans.Path...)
	for more := ans.More; more; {
		var piece []byte
		piece, more = r.MorePath()
		path = append(path, piece...)
	}
	return path
}
