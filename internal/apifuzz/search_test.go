package apifuzz

import (
	"context"
	"io"
	"testing"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/embedded"
	"github.com/slidingpuzzle/solver/pdb"
	"github.com/slidingpuzzle/solver/search"
)

// TestSearchZeroValues calls every exported function and method of search
// and pdb with zero values, nil pointers and nonsense: each returns an
// error, false or a value that says there is none, and none panics.
func TestSearchZeroValues(t *testing.T) {
	var m search.Map
	if m.Apply(0) != -1 || m.Apply(-1) != -1 || m.Apply(99) != -1 || (*search.Map)(nil).Apply(0) != -1 {
		t.Error("the zero Map maps a cell")
	}
	if _, ok := m.RenamedBoard(board.Shape3x3.Goal(8), board.Shape3x3.Goal(8), board.Shape3x3.Goal(8)); ok {
		t.Error("the zero Map turned a board")
	}
	if got := m.Then(search.Maps(board.Shape3x3, board.Shape3x3)[1]); got.Apply(0) != -1 {
		t.Error("the zero Map then another maps a cell")
	}
	if len(search.Maps(board.Shape{}, board.Shape{})) != 0 || len(search.Maps(board.Shape{Rows: 5, Cols: 5}, board.Shape{Rows: 5, Cols: 5})) != 0 {
		t.Error("Maps of shapes it cannot map")
	}
	var h *search.Heuristic
	if h.Shape().Valid() || h.Blank() != 0 || h.String() == "" {
		t.Error("the nil Heuristic has a shape")
	}
	for _, parts := range [][][]search.Part{
		nil,
		{{}},
		{{{}}},
		{{{DB: &pdb.DB{}}}},
		{{{DB: &pdb.DB{Pattern: pdb.Pattern{Shape: board.Shape3x3, Cells: []int{0, 1}, Blank: 8}}}}},
		{{{DB: &pdb.DB{Pattern: pdb.Pattern{Shape: board.Shape3x3, Cells: []int{0, 1}, Blank: 8}}, Map: search.Map{From: board.Shape3x3, To: board.Shape3x3}}}},
	} {
		if _, err := search.NewHeuristic(board.Shape3x3, 8, parts); err == nil {
			t.Errorf("NewHeuristic of %v", parts)
		}
	}
	if _, err := search.NewHeuristic(board.Shape{Rows: 5, Cols: 5}, 0, nil); err == nil {
		t.Error("NewHeuristic of a 5x5 board")
	}
	if _, err := search.NewProblem(nil, board.Shape3x3.Goal(8)); err == nil {
		t.Error("NewProblem of no bound")
	}
	var p *search.Problem
	if _, ok, _, err := p.Solve(context.Background(), nil, board.Shape3x3.Goal(8)); ok || err != nil {
		t.Error("the nil Problem solved")
	}
	if _, err := p.Bound(board.Shape3x3.Goal(8)); err == nil || p.Goal().Valid() {
		t.Error("the nil Problem has a bound")
	}
	var zp search.Problem
	//lint:ignore SA1012 the API takes a nil Context too; this holds it
	if _, ok, _, _ := zp.Solve(nil, nil, board.Board{}); ok {
		t.Error("the zero Problem solved")
	}
	if _, err := zp.Bound(board.Shape3x3.Goal(8)); err == nil {
		t.Error("the zero Problem has a bound")
	}

	for _, g := range []board.Board{{}, board.Shape{Rows: 9, Cols: 9}.Goal(80)} {
		if _, err := search.NewLarge(g); err == nil {
			t.Errorf("NewLarge of %v", g.Shape())
		}
	}
	var lp *search.Large
	if _, ok, _, err := lp.Solve(context.Background(), nil, board.Shape3x3.Goal(8), nil); ok || err != nil || lp.Goal().Valid() {
		t.Error("the nil Large solved")
	}
	if _, err := lp.Bound(board.Shape3x3.Goal(8)); err == nil {
		t.Error("the nil Large has a bound")
	}
	var zl search.Large
	//lint:ignore SA1012 the API takes a nil Context too; this holds it
	if _, ok, _, _ := zl.Solve(nil, nil, board.Board{}, nil); ok {
		t.Error("the zero Large solved")
	}
	if _, err := zl.Bound(board.Shape{Rows: 5, Cols: 5}.Goal(24)); err == nil {
		t.Error("the zero Large has a bound")
	}
	l5, _ := search.NewLarge(board.Shape{Rows: 5, Cols: 5}.Goal(24))
	for _, b := range []board.Board{{}, board.Shape3x3.Goal(8), board.Shape{Rows: 6, Cols: 6}.Goal(0)} {
		if _, ok, _, err := l5.Solve(context.Background(), nil, b, nil); ok || err != nil {
			t.Errorf("a 5x5 Large solved a board of %v: %v %v", b.Shape(), ok, err)
		}
		if _, err := l5.Bound(b); err == nil {
			t.Errorf("a 5x5 Large has a bound for a board of %v", b.Shape())
		}
	}

	var db *pdb.DB
	if db.Raw() != nil || db.Extra(5) != 0 || db.Complete() || (&pdb.DB{}).Extra(-3) != 0 || (&pdb.DB{}).Complete() {
		t.Error("the nil DB has extras")
	}
	var zpat pdb.Pattern
	if zpat.Check() == nil || pdb.SameRegion(zpat, 0) || pdb.SameRegion(zpat, -5) || zpat.String() == "" || pdb.FileName(zpat) == "" {
		t.Error("the zero Pattern is one")
	}
	pos := make([]uint8, 20)
	for _, c := range [][2]int{{0, 0}, {-1, 3}, {99, 1}, {16, 1 << 40}, {3, -1}} {
		pdb.Unrank(c[0], c[1], pos[:min(len(pos), max(c[0], 0)+2)])
		_ = pdb.Rank(c[0], pos)
	}
	//lint:ignore SA1012 the API takes a nil Context too; this holds it
	if _, err := pdb.Build(nil, zpat, nil); err == nil {
		t.Error("Build of the zero Pattern")
	}
	//lint:ignore SA1012 the API takes a nil Context too; this holds it
	if _, err := pdb.BuildRaw(nil, zpat, nil); err == nil {
		t.Error("BuildRaw of the zero Pattern")
	}
	// 15 tiles of 16: 16! placements, far past what a build takes.
	huge := pdb.Pattern{Shape: board.Shape{Rows: 4, Cols: 4}, Cells: []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}}
	if _, err := pdb.BuildRaw(context.Background(), huge, nil); err == nil {
		t.Error("BuildRaw of 15 tiles on 16 cells")
	}
	if err := pdb.WriteRaw(io.Discard, zpat, nil); err == nil {
		t.Error("WriteRaw of the zero Pattern")
	}
	if _, err := pdb.Decode(nil, true); err == nil {
		t.Error("Decode of nothing")
	}
	if _, err := pdb.Encode(zpat, nil, pdb.Raw); err == nil {
		t.Error("Encode of the zero Pattern")
	}
	if _, err := pdb.FromExtras(zpat, nil); err == nil {
		t.Error("FromExtras of the zero Pattern")
	}
	var set *pdb.Set
	if set.Has(zpat) || set.HasPlan(pdb.Large) == nil {
		t.Error("the nil Set has a database")
	}
	if _, err := set.Get(zpat); err == nil {
		t.Error("the nil Set gave a database")
	}
	if _, err := (&pdb.Set{}).Get(zpat); err == nil {
		t.Error("the zero Set gave a database")
	}
	if len((pdb.Plan{}).Of()) != 0 {
		t.Error("the zero Plan has patterns")
	}
}

// FuzzSearch builds bounds of 3x3 boards from patterns and partitions of
// any make, through any symmetry, and searches with those it accepts:
// nothing panics, and every path found is the table's, the
// lexicographically smallest of the shortest, so no bound it accepts is
// ever too high.
func FuzzSearch(f *testing.F) {
	f.Add([]byte{0, 1, 255, 2, 3, 255, 4, 5, 6, 7, 254, 0, 3, 255, 1, 4, 7, 255, 2, 5, 6}, uint8(8), uint8(0), []byte{1, 2, 3, 4, 5, 6, 0, 7, 8})
	f.Add([]byte{0, 1, 2, 3, 254, 4, 5, 6, 7}, uint8(0), uint8(3), []byte{0, 2, 3, 1, 4, 5, 6, 7, 8})
	f.Add([]byte{7, 7, 255, 9}, uint8(4), uint8(9), []byte{})
	dbs := map[string]*pdb.DB{}
	f.Fuzz(func(t *testing.T, spec []byte, blank, sym uint8, cells []byte) {
		s := board.Shape3x3
		b := int(blank) % 12 // some blanks off the board
		maps := search.Maps(s, s)
		m := maps[int(sym)%len(maps)]
		// spec: cells of a pattern, 255 between patterns, 254 between
		// partitions.
		var partitions [][]search.Part
		var parts []search.Part
		var pat []int
		flush := func() {
			if len(pat) == 0 {
				return
			}
			p := pdb.Pattern{Shape: s, Cells: pat, Blank: m.Apply(max(0, min(b, 8)))}
			pat = nil
			key := p.String()
			db, ok := dbs[key]
			if !ok {
				if extras, err := pdb.Build(context.Background(), p, nil); err == nil {
					db, _ = pdb.FromExtras(p, extras)
				}
				dbs[key] = db
			}
			if db == nil {
				db = &pdb.DB{Pattern: p} // no extras: NewHeuristic must refuse it
			}
			parts = append(parts, search.Part{DB: db, Map: m})
		}
		for _, c := range spec {
			switch c {
			case 255:
				flush()
			case 254:
				flush()
				partitions = append(partitions, parts)
				parts = nil
			default:
				pat = append(pat, int(c)%10)
			}
		}
		flush()
		if len(parts) > 0 {
			partitions = append(partitions, parts)
		}
		h, err := search.NewHeuristic(s, b, partitions)
		if err != nil {
			return
		}
		goal := s.Goal(b)
		p, err := search.NewProblem(h, goal)
		if err != nil {
			t.Fatalf("a bound of %v and the goal %v: %v", s, goal, err)
		}
		start, err := board.New(s, cells)
		if err != nil {
			start = goal
			for i, c := range cells {
				start.Move(board.Move((int(c) + i) % board.NumMoves))
			}
		}
		got, ok, _, err := p.Solve(context.Background(), nil, start)
		want, wantOK, werr := embedded.Solver().AppendPath(nil, start, goal)
		if err != nil || werr != nil || ok != wantOK || string(got) != string(want) {
			t.Fatalf("%v to %v with %v: %q %v %v; the table says %q", start, goal, h, got, ok, err, want)
		}
	})
}
