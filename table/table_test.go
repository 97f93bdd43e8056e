package table_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/generated"
	"github.com/slidingpuzzle/solver/internal/gen"
	goldenfile "github.com/slidingpuzzle/solver/internal/golden"
	"github.com/slidingpuzzle/solver/internal/slow"
	"github.com/slidingpuzzle/solver/table"
)

var update = flag.Bool("update", false, "rewrite the golden files")

var s3 = board.Shape3x3

func TestIndexRoundTrip(t *testing.T) {
	for _, s := range []board.Shape{s3, {Rows: 2, Cols: 3}, {Rows: 2, Cols: 4}, {Rows: 3, Cols: 2}} {
		for par := range 2 {
			seen := make([]bool, table.Size(s))
			for i := range table.Size(s) {
				b := table.Position(s, par, i)
				if b.Parity() != par {
					t.Fatalf("%v: Position(%d, %d) = %v has parity %d", s, par, i, b, b.Parity())
				}
				if got := table.Index(b); got != i {
					t.Fatalf("%v: Index(Position(%d)) = %d", s, i, got)
				}
				seen[i] = true
			}
		}
	}
}

// TestIndexDense checks, on every arrangement of the 3x3 board, that
// Index maps each solvability class one to one onto 0..Size-1.
func TestIndexDense(t *testing.T) {
	var seen [2][]bool
	seen[0] = make([]bool, table.Size(s3))
	seen[1] = make([]bool, table.Size(s3))
	n := 0
	allArrangements(func(a slow.Board) {
		b, err := board.New(s3, a[:])
		if err != nil {
			t.Fatal(err)
		}
		i := table.Index(b)
		if i < 0 || i >= table.Size(s3) || seen[b.Parity()][i] {
			t.Fatalf("Index(%v) = %d: out of range or taken twice", b, i)
		}
		seen[b.Parity()][i] = true
		n++
	})
	if n != 362880 {
		t.Fatalf("walked %d arrangements, want 9! = 362880", n)
	}
}

// checkAll answers every arrangement against goal with set and checks each
// answer against the slow reference search: unsolvable exactly when the
// reference never reaches it; otherwise exactly the reference's path, the
// lexicographically smallest shortest one, which must also be legal and
// end at the goal.
func checkAll(t *testing.T, set *table.Set, goal board.Board) {
	t.Helper()
	g := toSlow(goal)
	ref := slow.Distances(g)
	var buf []byte
	n := 0
	slow.All(func(a slow.Board) {
		n++
		b, _ := board.New(s3, a[:])
		var ok bool
		var err error
		buf, ok, err = set.AppendPath(buf[:0], b, goal)
		if err != nil {
			t.Fatal(err)
		}
		want, reachable := slow.Path(ref, a)
		if ok != reachable {
			t.Fatalf("%v to %v: solvable %v, want %v", b, goal, ok, reachable)
		}
		if string(buf) != want {
			t.Fatalf("%v to %v: %q, want %q", b, goal, buf, want)
		}
		if end, legal := slow.Apply(a, string(buf)); ok && (!legal || end != g) {
			t.Fatalf("%v to %v: %q ends at %v (legal %v)", b, goal, buf, end, legal)
		}
	})
	if n != 362880 {
		t.Fatalf("walked %d arrangements, want 362880", n)
	}
}

func toSlow(b board.Board) slow.Board {
	var a slow.Board
	for i, c := range b.Cells() {
		a[i] = uint8(c)
	}
	return a
}

// allArrangements calls f with every arrangement of the 3x3 board.
func allArrangements(f func(slow.Board)) { slow.All(f) }

func TestAllBoardsDefaultGoal(t *testing.T) {
	t.Parallel()
	checkAll(t, table.NewSet(generated.FS), s3.Goal(8))
}

// TestAllGoals checks every table, through the standard goal of each cell
// of the blank, and a goal that must be relabelled, like the default one.
func TestAllGoals(t *testing.T) {
	set := table.NewSet(generated.FS)
	goals := []board.Board{board.MustParse(s3, "7568x4123"), board.MustParse(s3, "123804765")}
	for blank := range 8 {
		goals = append(goals, s3.Goal(blank))
	}
	for _, g := range goals {
		t.Run(g.String(), func(t *testing.T) {
			t.Parallel()
			checkAll(t, set, g)
		})
	}
}

// TestSlowAndFastAgree checks that following the table move by move and
// the prepared lookups give the same answer for every position.
func TestSlowAndFastAgree(t *testing.T) {
	t.Parallel()
	set := table.NewSet(generated.FS)
	for blank := range 9 {
		tb, err := set.Table(s3, blank)
		if err != nil {
			t.Fatal(err)
		}
		if err := tb.Prepare(); err != nil {
			t.Fatal(err)
		}
		var fast, slow []byte
		for i := range table.Size(s3) {
			b := table.Position(s3, 0, i)
			fast, _ = tb.AppendPath(fast[:0], b)
			slow, err = tb.SlowAppendPath(slow[:0], b)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(fast, slow) {
				t.Fatalf("blank %d: %v: fast %q, slow %q", blank, b, fast, slow)
			}
			if d, _ := tb.Distance(b); d != len(slow) {
				t.Fatalf("blank %d: Distance(%v) = %d, want %d", blank, b, d, len(slow))
			}
		}
	}
}

func TestHardest(t *testing.T) {
	set := table.NewSet(generated.FS)
	goal := s3.Goal(8)
	var got []string
	allArrangements(func(a slow.Board) {
		b, _ := board.New(s3, a[:])
		if d, ok, _ := set.Distance(b, goal); ok && d == 31 {
			got = append(got, b.String())
		}
	})
	want := "64785x321 8672543x1"
	if strings.Join(got, " ") != want && strings.Join(reverse(got), " ") != want {
		t.Errorf("positions 31 moves away: %v, want %s", got, want)
	}
}

func reverse(s []string) []string {
	out := make([]string, len(s))
	for i, v := range s {
		out[len(s)-1-i] = v
	}
	return out
}

// TestDepths compares the number of positions at each distance from the
// default goal with a golden file.
func TestDepths(t *testing.T) {
	set := table.NewSet(generated.FS)
	goal := s3.Goal(8)
	counts := make([]int, 32)
	allArrangements(func(a slow.Board) {
		b, _ := board.New(s3, a[:])
		if d, ok, _ := set.Distance(b, goal); ok {
			counts[d]++
		}
	})
	var sb strings.Builder
	total := 0
	for d, n := range counts {
		fmt.Fprintf(&sb, "%d %d\n", d, n)
		total += n
	}
	fmt.Fprintf(&sb, "total %d\n", total)
	golden(t, "depths.golden", sb.String())
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	goldenfile.Check(t, filepath.Join("testdata", name), got, *update)
}

func TestGoldenPaths(t *testing.T) {
	set := table.NewSet(generated.FS)
	for _, c := range []struct{ start, goal, want string }{
		{"23415x768", "12345678x", "dlurullddrurdllurdr"},
		{"12X453786", "12345678X", "dd"},
		{"564178X23", "7568X4123", "urrulldr"},
		{"12345678x", "12345678x", ""},
	} {
		start := board.MustParse(s3, c.start)
		goal := board.MustParse(s3, c.goal)
		got, ok, err := set.AppendPath(nil, start, goal)
		if err != nil || !ok || string(got) != c.want {
			t.Errorf("AppendPath(%s, %s) = %q, %v, %v; want %q", c.start, c.goal, got, ok, err, c.want)
		}
	}
}

func mustFile(t *testing.T, name string) []byte {
	t.Helper()
	data, err := generated.FS.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestCorrupt spoils a table file in each way it can be spoilt: every one
// must be an error that names the package, never a panic or an answer.
func TestCorrupt(t *testing.T) {
	good := mustFile(t, "3x3-8.tbl")
	n := 9
	edit := func(f func(d []byte) []byte) []byte {
		d := bytes.Clone(good)
		return f(d)
	}
	cases := map[string][]byte{
		"empty":          {},
		"magic":          edit(func(d []byte) []byte { d[0] = 'X'; return d }),
		"version":        edit(func(d []byte) []byte { d[4] = 9; return d }),
		"shape":          edit(func(d []byte) []byte { d[5] = 200; return d }),
		"goal":           edit(func(d []byte) []byte { d[7], d[8] = d[8], d[7]; return d }),
		"goal cells":     edit(func(d []byte) []byte { d[7] = d[8]; return d }),
		"positions":      edit(func(d []byte) []byte { d[7+n]++; return d }),
		"raw length":     edit(func(d []byte) []byte { d[12+n]++; return d }),
		"checksum":       edit(func(d []byte) []byte { d[16+n]++; return d }),
		"payload byte":   edit(func(d []byte) []byte { d[len(d)/2] ^= 0x40; return d }),
		"truncated":      good[:len(good)-100],
		"header only":    good[:20+n],
		"short header":   good[:15],
		"trailing bytes": append(bytes.Clone(good), 1, 2, 3),
	}
	for name, data := range cases {
		t.Run(name, func(t *testing.T) {
			set := table.NewSet(fstest.MapFS{"3x3-8.tbl": {Data: data}})
			_, ok, err := set.AppendPath(nil, board.MustParse(s3, "23415x768"), s3.Goal(8))
			if err == nil || ok {
				t.Fatalf("got ok=%v, err=nil; want an error", ok)
			}
			if !strings.HasPrefix(err.Error(), "table: ") {
				t.Errorf("error %q does not name the package", err)
			}
			if !errors.Is(err, table.ErrCorrupt) || errors.Is(err, table.ErrMissing) {
				t.Errorf("error %q is not table.ErrCorrupt alone", err)
			}
		})
	}
}

// TestLayout puts places into raw bytes of every table shape and reads
// them back, each the same, and checks the bytes' length and that the
// places of one position touch one byte.
func TestLayout(t *testing.T) {
	for _, s := range []board.Shape{{Rows: 2, Cols: 2}, {Rows: 2, Cols: 3}, {Rows: 3, Cols: 2}, {Rows: 2, Cols: 4}, {Rows: 4, Cols: 2}, s3, {Rows: 2, Cols: 5}} {
		rng := rand.New(rand.NewPCG(uint64(s.Rows), uint64(s.Cols)))
		n := table.Size(s)
		places := make([]uint8, n)
		raw := make([]byte, table.RawLen(s))
		l := table.NewLayout(s)
		bits := 0.0
		for i := range places {
			moves := l.MovesFrom(i)
			places[i] = uint8(rng.IntN(moves))
			l.Put(raw, i, places[i])
			bits += math.Log2(float64(moves))
		}
		for i, want := range places {
			if got := l.At(raw, i); got != want {
				t.Fatalf("%v: position %d: place %d, want %d", s, i, got, want)
			}
		}
		// Each cell's group wastes less than a byte, and three places in
		// five to a byte waste 0.02 bits each.
		if limit := bits/8*1.02 + float64(s.Cells()); float64(len(raw)) > limit {
			t.Errorf("%v: %d raw bytes, want at most %.0f", s, len(raw), limit)
		}
	}
}

// TestBadMoves encodes tables whose checksums are right but whose moves are
// not: a cycle, a place past the moves the blank can make. Lookups must
// fail, not loop or lie.
func TestBadMoves(t *testing.T) {
	goal := s3.Goal(8)
	r := gen.Tables(s3)[8]
	start := board.MustParse(s3, "23415x768")
	for name, spoil := range map[string]func(m []board.Move) []byte{
		"cycle": func(m []board.Move) []byte {
			// Make the first move of start's path lead straight back.
			b := start
			first := m[table.Index(b)]
			b.Move(first)
			m[table.Index(b)] = first.Reverse()
			raw, err := table.Pack(goal, m)
			if err != nil {
				t.Fatal(err)
			}
			return raw
		},
		"no such move": func(m []board.Move) []byte {
			raw, err := table.Pack(goal, m)
			if err != nil {
				t.Fatal(err)
			}
			// The blank is on an edge: three moves, five places a
			// byte, and 255 holds none.
			raw[table.NewLayout(s3).Byte(table.Index(start))] = 255
			return raw
		},
	} {
		t.Run(name, func(t *testing.T) {
			raw := spoil(append([]board.Move(nil), r.Moves...))
			data, err := table.EncodeRaw(goal, raw, r.MaxDepth())
			if err != nil {
				t.Fatal(err)
			}
			tb, err := table.Decode(data)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := tb.AppendPath(nil, start); err == nil {
				t.Errorf("AppendPath: no error")
			}
			prepareCorrupt(t, data)
		})
	}
	// A table whose header says it is shallower than it is.
	data, err := table.EncodeRaw(goal, mustPack(t, goal, r.Moves), r.MaxDepth()-1)
	if err != nil {
		t.Fatal(err)
	}
	t.Run("shallow", func(t *testing.T) { prepareCorrupt(t, data) })
	// Encode refuses a move off the board.
	moves := append([]board.Move(nil), r.Moves...)
	moves[table.Index(start)] = board.Right // the blank is in the right column
	if _, err := table.Encode(goal, moves, r.MaxDepth()); err == nil {
		t.Errorf("Encode took a move off the board")
	}
}

// prepareCorrupt wants Prepare of the table file data to say that the
// table is corrupt, whether its fast lookups are built by levels (where
// the CPU can) or by walking its tree, on one core or two.
func prepareCorrupt(t *testing.T, data []byte) {
	t.Helper()
	for _, walk := range []bool{false, true} {
		for _, procs := range []int{1, 2} {
			t.Run(fmt.Sprintf("walk=%v/cores=%d", walk, procs), func(t *testing.T) {
				if walk {
					table.WalkOnly(t)
				}
				defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
				tb, err := table.Decode(data)
				if err != nil {
					t.Fatal(err)
				}
				if err := tb.Prepare(); err == nil || !strings.HasPrefix(err.Error(), "table: corrupt") || !errors.Is(err, table.ErrCorrupt) {
					t.Errorf("Prepare: %v, want a corrupt table error", err)
				}
			})
		}
	}
}

func mustPack(t *testing.T, goal board.Board, moves []board.Move) []byte {
	t.Helper()
	raw, err := table.Pack(goal, moves)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

func TestMissing(t *testing.T) {
	set := table.NewSet(fstest.MapFS{})
	_, _, err := set.Path(board.MustParse(s3, "23415x768"), s3.Goal(8))
	if err == nil || !strings.Contains(err.Error(), "table: no table") || !errors.Is(err, table.ErrMissing) || errors.Is(err, table.ErrCorrupt) {
		t.Errorf("got %v, want a missing table error (table.ErrMissing)", err)
	}
}

func TestHeader(t *testing.T) {
	h, _, err := table.ReadHeader(mustFile(t, "3x3-8.tbl"))
	if err != nil {
		t.Fatal(err)
	}
	if h.Goal != s3.Goal(8) || h.MaxDepth != 31 || h.RawLen != 31248 {
		t.Errorf("header %+v", h)
	}
	if got := binary.LittleEndian.Uint32(mustFile(t, "3x3-8.tbl")[7+9:]); got != 181440 {
		t.Errorf("positions %d", got)
	}
}

// TestFastCache keeps the fast lookups of a Set WithCache in a folder: the
// first Prepare writes them, the next Set reads them and answers the same,
// a spoilt file is built and written again, and a folder that cannot be
// written is no fault.
func TestFastCache(t *testing.T) {
	dir := t.TempDir()
	plain, err := table.NewSet(generated.FS).Table(s3, 4)
	if err != nil {
		t.Fatal(err)
	}
	answers := func(tb *table.Table) string {
		var sb strings.Builder
		var buf []byte
		for i := 0; i < table.Size(s3); i += 97 {
			buf, _ = tb.AppendPath(buf[:0], table.Position(s3, tb.Goal().Parity(), i))
			sb.Write(buf)
			sb.WriteByte('\n')
		}
		return sb.String()
	}
	if err := plain.Prepare(); err != nil {
		t.Fatal(err)
	}
	want := answers(plain)
	prepared := func() *table.Table {
		t.Helper()
		tb, err := table.NewSet(generated.FS).WithCache(dir).Table(s3, 4)
		if err != nil {
			t.Fatal(err)
		}
		if err := tb.Prepare(); err != nil {
			t.Fatal(err)
		}
		return tb
	}
	prepared()
	files, _ := filepath.Glob(filepath.Join(dir, "3x3-4.*.fast"))
	if len(files) != 1 {
		t.Fatalf("cache holds %v, want one file", files)
	}
	info, _ := os.Stat(files[0])
	if info.Size() != 16+8*int64(table.Size(s3)) {
		t.Errorf("cache file of %d bytes", info.Size())
	}
	if got := answers(prepared()); got != want {
		t.Errorf("answers from the cache differ")
	}
	// A batch reads kept lookups after a few hundred slow ones, long
	// before it would build them.
	v, err := table.NewSet(generated.FS).WithCache(dir).For(s3.Goal(4))
	if err != nil {
		t.Fatal(err)
	}
	b := table.Position(s3, s3.Goal(4).Parity(), 12345)
	for k := 0; !v.Built(); k++ {
		if k > 1000 {
			t.Fatalf("no fast lookups after %d lookups with a cache", k)
		}
		v.AppendPath(nil, b)
	}
	// Spoil a path: the checksum no longer matches, so the file is not
	// read, and it is written again whole.
	data, _ := os.ReadFile(files[0])
	data[len(data)/2] ^= 0x10
	os.WriteFile(files[0], data, 0o644)
	if got := answers(prepared()); got != want {
		t.Errorf("answers after a spoilt cache differ")
	}
	if again, _ := os.ReadFile(files[0]); bytes.Equal(again, data) {
		t.Errorf("the spoilt cache file was not written again")
	}
	// What a killed write left behind an hour ago is removed by the next
	// write; a write under way (a new file) is not.
	stale, fresh := filepath.Join(dir, ".part-stale"), filepath.Join(dir, ".part-fresh")
	os.WriteFile(stale, []byte("half"), 0o644)
	os.WriteFile(fresh, []byte("half"), 0o644)
	old := time.Now().Add(-2 * time.Hour)
	os.Chtimes(stale, old, old)
	os.Remove(files[0])
	prepared()
	if _, err := os.Stat(stale); err == nil {
		t.Errorf("a stale temporary file was left")
	}
	if _, err := os.Stat(fresh); err != nil {
		t.Errorf("a fresh temporary file was removed")
	}
	// A folder that is a file.
	file := filepath.Join(dir, "file")
	os.WriteFile(file, nil, 0o644)
	tb, _ := table.NewSet(generated.FS).WithCache(file).Table(s3, 4)
	if err := tb.Prepare(); err != nil || answers(tb) != want {
		t.Errorf("with a cache that cannot be written: %v", err)
	}
}

// TestAppendLineOr holds AppendLineOr to the letters of the moves a
// Packed holds, for every length and for values no table holds, and to
// the Line it writes instead.
func TestAppendLineOr(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	spell := func(p uint64) string {
		var sb strings.Builder
		for k := range (bits.Len64(p) - 1) / 2 {
			sb.WriteByte(board.Move(p >> (2 * k) & 3).Letter())
		}
		return sb.String()
	}
	var lines []table.Line
	var texts []string
	for n := 1; n <= 32; n++ {
		text := make([]byte, n)
		for i := range text {
			text[i] = byte('a' + rng.IntN(26))
		}
		text[n-1] = '\n'
		l, ok := table.NewLine(text)
		if !ok {
			t.Fatalf("NewLine(%q): false", text)
		}
		lines, texts = append(lines, l), append(texts, string(text))
	}
	lines, texts = append(lines, table.Line{}), append(texts, "\n")
	for _, bad := range []string{"", "no line end", strings.Repeat("x", 32) + "\n"} {
		if _, ok := table.NewLine([]byte(bad)); ok {
			t.Errorf("NewLine(%q): true", bad)
		}
	}
	for k := range 20000 {
		p := rng.Uint64() >> rng.IntN(64)
		if k < 64 {
			p = 1<<k | rng.Uint64()&(1<<k-1) // every length, the top bit included
		}
		prefix := []byte("case ")[:rng.IntN(6)]
		got := table.Packed(p).AppendLineOr(prefix, true, nil)
		if want := string(prefix) + spell(p) + "\n"; string(got) != want {
			t.Fatalf("Packed(%#x).AppendLineOr(%q, true) = %q, want %q", p, prefix, got, want)
		}
		if want := string(table.Packed(p).AppendTo(prefix)) + "\n"; string(got) != want {
			t.Fatalf("Packed(%#x): AppendLineOr %q, AppendTo %q", p, got, want)
		}
		i := rng.IntN(len(lines))
		if got := table.Packed(p).AppendLineOr(prefix, false, &lines[i]); string(got) != string(prefix)+texts[i] {
			t.Fatalf("Packed(%#x).AppendLineOr(%q, false, %q) = %q", p, prefix, texts[i], got)
		}
	}
	if got := table.Packed(7).AppendLineOr(nil, false, nil); string(got) != "\n" {
		t.Errorf("AppendLineOr with a nil Line = %q, want an empty line", got)
	}
}

// TestNewPairs refuses what would answer pairs wrongly: a missing Solver,
// one of another shape, cells that are not a symmetry of the board, or a
// symmetry that does not take a goal's blank to its Solver's.
func TestNewPairs(t *testing.T) {
	set := table.NewSet(generated.FS)
	var solvers [9]*table.Goal
	var cells [9][9]uint8
	for b := range 9 {
		v, err := set.For(s3.Goal(b))
		if err != nil {
			t.Fatal(err)
		}
		solvers[b] = v
		for i := range 9 {
			cells[b][i] = uint8(i)
		}
	}
	if _, err := table.NewPairs(&solvers, &cells); err != nil {
		t.Fatal(err)
	}
	small, err := set.For(board.Shape{Rows: 2, Cols: 3}.Goal(5))
	if err != nil {
		t.Fatal(err)
	}
	for name, spoil := range map[string]func(s *[9]*table.Goal, c *[9][9]uint8){
		"no Solver":        func(s *[9]*table.Goal, c *[9][9]uint8) { s[4] = nil },
		"a zero Solver":    func(s *[9]*table.Goal, c *[9][9]uint8) { s[4] = &table.Goal{} },
		"a 2x3 Solver":     func(s *[9]*table.Goal, c *[9][9]uint8) { s[5] = small },
		"two cells one":    func(s *[9]*table.Goal, c *[9][9]uint8) { c[2][3] = 4 },
		"a cell off":       func(s *[9]*table.Goal, c *[9][9]uint8) { c[2][3] = 9 },
		"not a symmetry":   func(s *[9]*table.Goal, c *[9][9]uint8) { c[0][0], c[0][1] = 1, 0 },
		"the wrong blank":  func(s *[9]*table.Goal, c *[9][9]uint8) { s[3] = s[5] },
		"a turn, no blank": func(s *[9]*table.Goal, c *[9][9]uint8) { c[1] = [9]uint8{2, 5, 8, 1, 4, 7, 0, 3, 6} },
	} {
		s, c := solvers, cells
		spoil(&s, &c)
		if _, err := table.NewPairs(&s, &c); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if _, err := table.NewPairs(nil, &cells); err == nil {
		t.Error("nil Solvers: no error")
	}
}

// TestExpect checks when Table.Expect makes a table's fast lookups: not
// for a few lookups, in the background for many, read from a cache for a
// few hundred where they are kept; and that a corrupt table so made is
// still an error, never a path.
func TestExpect(t *testing.T) {
	var zero *table.Table
	zero.Expect(1 << 20)
	(&table.Table{}).Expect(1 << 20)
	b := table.Position(s3, s3.Goal(3).Parity(), 4321)
	want, _, _ := table.NewSet(generated.FS).AppendPath(nil, b, s3.Goal(3))
	dir := t.TempDir()
	for _, c := range []struct {
		name string
		set  *table.Set
		n    int
		fast bool
	}{
		{"few", table.NewSet(generated.FS), 500, false},
		{"many", table.NewSet(generated.FS), 20000, true},
		{"kept, build", table.NewSet(generated.FS).WithCache(dir), 20000, true},
		{"kept, read", table.NewSet(generated.FS).WithCache(dir), 500, true},
	} {
		v, err := c.set.For(s3.Goal(3))
		if err != nil {
			t.Fatal(err)
		}
		v.Table().Expect(c.n)
		got, _, err := v.AppendPath(nil, b) // waits for a build under way
		if err != nil || string(got) != string(want) {
			t.Errorf("%s: %q, %v; want %q", c.name, got, err, want)
		}
		if v.Built() != c.fast {
			t.Errorf("%s: Fast %v after Expect(%d), want %v", c.name, v.Built(), c.n, c.fast)
		}
	}
	// A table whose tree is broken: Expect's build fails, and the lookup
	// says so.
	r := gen.Tables(s3)[8]
	moves := append([]board.Move(nil), r.Moves...)
	start := board.MustParse(s3, "23415x768")
	next := start
	first := moves[table.Index(next)]
	next.Move(first)
	moves[table.Index(next)] = first.Reverse()
	raw, err := table.Pack(s3.Goal(8), moves)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := table.EncodeRaw(s3.Goal(8), raw, r.MaxDepth())
	tb, err := table.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	tb.Expect(1 << 20)
	if _, err := tb.AppendPath(nil, start); err == nil || !strings.HasPrefix(err.Error(), "table: corrupt") {
		t.Errorf("corrupt table after Expect: %v, want a corrupt table error", err)
	}
}
