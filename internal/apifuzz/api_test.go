package apifuzz

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/embedded"
	"github.com/slidingpuzzle/solver/engine"
	"github.com/slidingpuzzle/solver/internal/batch"
	"github.com/slidingpuzzle/solver/internal/format"
	"github.com/slidingpuzzle/solver/internal/judge"
	"github.com/slidingpuzzle/solver/table"
)

// TestZeroValues calls what takes a zero value: each returns an error or
// false, and none panics.
func TestZeroValues(t *testing.T) {
	var z board.Board
	var zs board.Shape
	if board.Solvable(z, z) || z.Parity() != 0 || z.Valid() || zs.Valid() {
		t.Error("the zero Board or Shape passes for a board")
	}
	if m := z; m.Move(board.Down) || m.Apply([]board.Move{board.Up}) != 0 {
		t.Error("a move on the zero Board")
	}
	if board.Relabel(z, z).Valid() || board.Rename(z, z, z).Valid() || zs.Goal(0).Valid() {
		t.Error("renaming the zero Board made a board")
	}
	if _, err := board.New[int](zs, nil); err == nil {
		t.Error("New on the zero Shape")
	}
	if _, err := board.Parse(zs, "1"); err == nil {
		t.Error("Parse on the zero Shape")
	}
	if _, err := zs.FromCells(nil, 1); err == nil {
		t.Error("FromCells on the zero Shape")
	}
	zs.ScanCells(nil, 10, []byte("1 2 3 x"), 1)
	if _, ok := board.ParseLine(zs, []byte("12")); ok {
		t.Error("ParseLine on the zero Shape")
	}
	if table.Index(z) != -1 || table.Position(zs, 0, 0).Valid() || table.Size(zs) != 0 {
		t.Error("table's index takes the zero Board")
	}
	if table.Position(board.Shape3x3, 2, 0).Valid() || table.Position(board.Shape3x3, 0, -1).Valid() || table.Position(board.Shape3x3, 0, 181440).Valid() {
		t.Error("Position outside its range made a board")
	}
	var set table.Set
	if _, err := set.Table(board.Shape3x3, 8); err == nil {
		t.Error("the zero Set has a table")
	}
	if _, _, err := set.AppendPath(nil, board.Shape3x3.Goal(8), board.Shape3x3.Goal(8)); err == nil {
		t.Error("the zero Set answered")
	}
	var tb table.Table
	if _, err := tb.AppendPath(nil, board.Shape3x3.Goal(8)); err == nil {
		t.Error("the zero Table answered")
	}
	if _, err := tb.Distance(z); err == nil || tb.Prepare() == nil {
		t.Error("the zero Table answered")
	}
	tb.Expect(1 << 30) // nothing to make
	if _, err := tb.AppendPath(nil, board.Shape3x3.Goal(8)); err == nil {
		t.Error("the zero Table answered after Expect")
	}
	var sv table.Goal
	if _, _, err := sv.AppendPath(nil, z); err == nil {
		t.Error("the zero Solver answered")
	}
	if _, _, err := sv.Distance(z); err == nil || sv.Gather([]table.Key{0}, make([]table.Packed, 1)) == nil {
		t.Error("the zero Solver answered")
	}
	if _, ok := sv.Key(z); ok {
		t.Error("the zero Solver gave a key")
	}
	if _, err := table.Encode(z, nil, 0); err == nil {
		t.Error("Encode of the zero goal")
	}
	if _, err := table.Pack(z, nil); err == nil {
		t.Error("Pack of the zero goal")
	}
	if _, err := table.Decode(nil); err == nil {
		t.Error("Decode of nothing")
	}
	var p format.Preset
	if p.Check() == nil {
		t.Error("the zero Preset passes Check")
	}
	if _, ok := p.DefaultGoal(); ok {
		t.Error("the zero Preset has a goal")
	}
	rd := format.NewReader(strings.NewReader("1 2 3\n"), "in", p)
	var c format.Case
	for rd.Next(&c) {
		if c.Err == nil {
			t.Error("the zero Preset read a case")
		}
	}
	var blk format.Block
	for r := blk.Reader(nil); r.Next(&c); {
		t.Error("the zero Block has a case")
	}
	if blk.Len() != 0 || blk.Cases() != 0 {
		t.Error("the zero Block holds input")
	}
	if pl := blk.PairLines(); blk.Pairs() || pl.Num() != 0 {
		t.Error("the zero Block has pairs")
	} else if _, _, ok := pl.Next(); ok {
		t.Error("the zero PairLines has a case")
	} else if pl.Reader(nil).Next(&c) {
		t.Error("the zero PairLines has a case")
	}
	var pairs table.Pairs
	if _, _, _, ok := pairs.Key([]byte("12345678x"), []byte("12345678x")); ok {
		t.Error("the zero Pairs gave a key")
	}
	if ts := pairs.Tables(); len(ts) != 0 {
		t.Errorf("the zero Pairs has %d tables", len(ts))
	}
	// Eight at a time: zero values and nil pointers key nothing.
	eightLines := []byte(strings.Repeat("2 3 4 1 5 x 7 6 8\n", 20))
	var offs [8]int64
	for i := range offs {
		offs[i] = int64(36 * i)
	}
	var keys [8]table.Key
	var vs [8]*table.Goal
	if n, _ := pairs.KeyEight(eightLines, &offs, &offs, table.FormSpaced, &keys, &vs); n != 0 {
		t.Error("the zero Pairs keyed pairs")
	}
	if n, _ := sv.KeyBoards(eightLines, &offs, table.FormSpaced, &keys); n != 0 {
		t.Error("the zero Solver keyed boards")
	}
	var zf table.Form
	if zf.Size() != 0 {
		t.Error("the zero Form has a size")
	}
	if n, _ := sv.KeyRun(eightLines, nil, &keys); n != 0 {
		t.Error("a nil Form keyed boards")
	}
	if v, err := embedded.Set().For(board.Shape3x3.Goal(8)); err == nil {
		if n, _ := v.KeyBoards(eightLines, &offs, &zf, &keys); n != 0 {
			t.Error("the zero Form keyed boards")
		}
		if n, _ := v.KeyBoards(eightLines, nil, table.FormSpaced, nil); n != 0 {
			t.Error("nil offsets keyed boards")
		}
		if n, _ := v.KeyBoards(nil, &offs, table.FormSpaced, &keys); n != 0 {
			t.Error("no bytes keyed boards")
		}
	}
	var zr format.Reader
	if _, ok := zr.Count(); ok {
		t.Error("the zero Reader has a count")
	}
	zr.ResetSlowLine([]byte("hello"), 3)
	for zr.Next(&c) {
		if c.Err == nil {
			t.Error("the zero Reader read a case")
		}
	}
	if b, ok := p.AppendLineFault(nil, "in", 1, []byte("1 2 3")); ok || len(b) != 0 {
		t.Errorf("the zero Preset said a fault: %q", b)
	}
	for _, s := range []board.Shape{{}, {Rows: -3, Cols: 7}, {Rows: 1 << 32, Cols: 1 << 32}} {
		if _, _, col, msg := s.ScanFault(nil, 10, []byte("9 x ' é"), 1); col == 0 || msg == "" {
			t.Errorf("%v: ScanFault found no fault", s)
		}
		if msg, _, _, bad := s.AppendCellsFault(nil, []board.Cell{{Value: 200}}, 1); !bad || len(msg) == 0 {
			t.Errorf("%v: AppendCellsFault found no fault", s)
		}
	}
	if _, err := table.NewPairs(nil, nil); err == nil {
		t.Error("NewPairs of nothing")
	}
	var aw format.AnswerWriter
	if got := string(aw.End(aw.Begin(nil, 1, 2), 0)); got != "\n" {
		t.Errorf("the zero AnswerWriter wrote %q, want the zero Preset's %q", got, "\n")
	}
	ar := format.NewAnswerReader(strings.NewReader("x\n"), "ans", p)
	var a format.Answer
	for n := 1; ar.Next(n, &a); n++ {
	}
	if _, err := (&batch.Job{}).Run(strings.NewReader("12345678x\n"), io.Discard); err == nil {
		t.Error("the zero Job ran")
	}
	if _, err := (&batch.Job{}).RunArgs([]string{"12345678x"}, io.Discard); err == nil {
		t.Error("the zero Job ran")
	}
	if _, err := (&judge.Checker{}).Check(strings.NewReader(""), strings.NewReader(""), io.Discard); err == nil {
		t.Error("the zero Checker checked")
	}
	if err := (&judge.Generator{}).Write(io.Discard); err == nil {
		t.Error("the zero Generator wrote")
	}
	bad, _ := format.Lookup("hdu1043")
	bad.Goal = board.GoalOf(board.Shape{Rows: 2, Cols: 2}.Goal(3)) // not of the preset's shape
	if _, err := (&batch.Job{Solver: embedded.Solver(), Preset: bad}).Run(strings.NewReader("12345678x\n"), io.Discard); err == nil {
		t.Error("a preset with a bad goal ran")
	}
}

// FuzzAPI builds boards of any shape, valid or not, and asks every way
// in for their answers: nothing panics, and every path given leads from
// the start to the goal and is as short as the table's distance.
func FuzzAPI(f *testing.F) {
	f.Add(int8(3), int8(3), []byte{1, 2, 3, 4, 5, 6, 7, 8, 0}, []byte{0, 1, 2, 3, 4, 5, 6, 7, 8}, uint8(0))
	f.Add(int8(2), int8(3), []byte{1, 2, 3, 4, 0, 5}, []byte{1, 2, 3, 4, 5, 0}, uint8(1))
	f.Add(int8(4), int8(4), []byte{}, []byte{1}, uint8(2))
	f.Add(int8(-1), int8(9), []byte{0}, []byte{0}, uint8(3))
	f.Add(int8(3), int8(3), []byte("2 3 4 1 5 x 7 6 8"), []byte{1, 2, 3, 4, 5, 6, 7, 8, 0}, uint8(9))
	f.Add(int8(3), int8(3), []byte("23415x768"), []byte{1, 2, 3, 8, 0, 4, 7, 6, 5}, uint8(0))
	f.Add(int8(5), int8(5), []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 0, 24}, []byte{}, uint8(49)) // the goal's blank in cell 24
	f.Fuzz(func(t *testing.T, rows, cols int8, a, b []byte, mode uint8) {
		s := board.Shape{Rows: int(rows), Cols: int(cols)}
		start, errA := board.New(s, a)
		goal, errB := board.New(s, b)
		if mode&1 != 0 {
			goal = s.Goal(int(mode >> 1))
		}
		if errA == nil && !start.Valid() || errB == nil && mode&1 == 0 && !goal.Valid() {
			t.Fatal("New gave an invalid board without an error")
		}
		set := embedded.Set()
		path, ok, err := set.AppendPath(nil, start, goal)
		d, okd, errd := set.Distance(start, goal)
		if ok != okd || (err == nil) != (errd == nil) {
			t.Fatalf("AppendPath says %v, %v; Distance %v, %v", ok, err, okd, errd)
		}
		if ok != (err == nil && board.Solvable(start, goal)) {
			t.Fatalf("AppendPath ok %v, err %v, for boards that are solvable: %v", ok, err, board.Solvable(start, goal))
		}
		if ok {
			moves, perr := board.ParsePath(string(path))
			end := start
			if perr != nil || end.Apply(moves) != len(moves) || end != goal || len(moves) != d {
				t.Fatalf("path %q from %v does not reach %v in %d moves", path, start, goal, d)
			}
		}
		if start.Valid() {
			// These must not panic; what they return is checked elsewhere.
			_, _, _ = start.Parity(), board.Relabel(start, goal), table.Index(start)
			_ = start.String()
			if tb, err := set.Table(start.Shape(), int(mode)%16); err == nil {
				if p, err := tb.AppendPath(nil, start); err == nil {
					moves, _ := board.ParsePath(string(p))
					end := start
					if end.Apply(moves) != len(moves) || end != tb.Goal() {
						t.Fatalf("Table.AppendPath gave %q, which does not lead %v to %v", p, start, tb.Goal())
					}
				} else if board.Solvable(start, tb.Goal()) {
					t.Fatalf("Table.AppendPath refused a solvable board: %v", err)
				}
			}
		}
		// KeyLine agrees with ParseLine and Key on any line, for any goal.
		if goal.Valid() {
			if v, err := set.For(goal); err == nil {
				key, solvable, ok := v.KeyLine(a)
				if ok {
					bd, pok := board.ParseLine(s, a)
					k2, s2 := v.Key(bd)
					if !pok || k2 != key || s2 != solvable {
						t.Fatalf("KeyLine(%q) = %d, %v; ParseLine %v, Key %d, %v", a, key, solvable, pok, k2, s2)
					}
				}
			}
		}
		_, _, _, _ = board.NineWords(a)
		// Goals, the way in of files of pairs, on any pair of a shape
		// answered without pattern databases (which load for seconds).
		if name, _ := embedded.Solver().Engine(s); name == engine.Table || name == engine.Reduce {
			m := embedded.Solver().Goals()
			for range 2 { // again, with the shape's state set up
				if g, turned, err := m.ForDistance(start, goal); err == nil && g != nil && g.Lookups() != nil {
					if d2, ok, err := g.Distance(turned); err == nil && ok && errd == nil && okd && d2 != d {
						t.Fatalf("ForDistance: %d moves, want %d", d2, d)
					}
				}
				m.For(start, goal)
			}
		}
		// A preset of this shape and goal, through a whole job.
		pg, _ := board.ParseGoal(s, string(b)) // blank-last where b is none
		p := format.Preset{Name: "fuzz", Shape: s, OneLine: true, Goal: pg, Blank: 'x', Print: format.Print(mode % 4)}
		var out bytes.Buffer
		job := &batch.Job{Solver: embedded.Solver(), Preset: p}
		job.Run(bytes.NewReader(a), &out)
		job.RunArgs([]string{string(a), string(b)}, &out)
		(&judge.Checker{Solver: embedded.Solver(), Preset: p}).Check(bytes.NewReader(a), bytes.NewReader(b), io.Discard)
		(&judge.Generator{Solver: embedded.Solver(), Preset: p, N: int(mode), Unsolvable: float64(mode) / 100, MaxDepth: int(rows), MinDepth: int(cols)}).Write(io.Discard)
	})
}
