package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/embedded"
	"github.com/slidingpuzzle/solver/internal/format"
	"github.com/slidingpuzzle/solver/internal/golden"
	"github.com/slidingpuzzle/solver/internal/slow"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// bin is the solve command, built once for the tests that run it whole.
var bin string

func TestMain(m *testing.M) {
	flag.Parse()
	dir, err := os.MkdirTemp("", "solve-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	bin = filepath.Join(dir, "solve")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building solve: %v\n%s", err, out)
		os.Exit(1)
	}
	// What the command keeps for the next run goes to a folder of the
	// tests' own, not the user's cache (after the build, whose own cache
	// is there too).
	os.Setenv("XDG_CACHE_HOME", filepath.Join(dir, "cache"))
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// runBin runs the built command and returns its output and exit status.
func runBin(t *testing.T, stdin io.Reader, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Stdin = stdin
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return o.String(), e.String(), code
}

// runIn runs the command in this process, as main does.
func runIn(stdin io.Reader, args ...string) (stdout, stderr string, code int) {
	var o, e bytes.Buffer
	code = run(args, stdin, &o, &e)
	return o.String(), e.String(), code
}

func checkGolden(t *testing.T, path, got string) {
	t.Helper()
	golden.Check(t, path, got, *update)
}

// TestGolden runs the command on each testdata/NAME[-what].in with
// -format NAME: its standard output must be NAME[-what].out, its standard
// error NAME[-what].err, and its exit status 1 exactly when there is one.
func TestGolden(t *testing.T) {
	ins, _ := filepath.Glob("testdata/*.in")
	if len(ins) < len(format.Presets) {
		t.Fatalf("%d sample files, want one for each of %d presets at least", len(ins), len(format.Presets))
	}
	covered := map[string]bool{}
	for _, in := range ins {
		base := strings.TrimSuffix(in, ".in")
		name, _, _ := strings.Cut(filepath.Base(base), "-")
		covered[name] = true
		t.Run(filepath.Base(base), func(t *testing.T) {
			f, err := os.Open(in)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			stdout, stderr, code := runBin(t, f, "-format", name)
			checkGolden(t, base+".out", stdout)
			checkGolden(t, base+".err", stderr)
			if want := map[bool]int{true: 1, false: 0}[stderr != ""]; code != want {
				t.Errorf("exit status %d, want %d", code, want)
			}
		})
	}
	for _, p := range format.Presets {
		if !covered[p.Name] {
			t.Errorf("no sample for preset %s", p.Name)
		}
	}
}

func TestArgs(t *testing.T) {
	for _, c := range []struct {
		args           []string
		stdout, stderr string
		code           int
	}{
		{[]string{"23415x768"}, "dlurullddrurdllurdr\n", "", 0},
		{[]string{"2 3 4 1 5 x 7 6 8", "12345678x", "21345678x"}, "dlurullddrurdllurdr\n\nunsolvable\n", "", 0},
		{[]string{"123\n4#5\n786"}, "rd\n", "", 0},
		{[]string{"1234", "12345678x"}, "error\n\n", "solve: argument 1, column 4: tile 4 out of range 1..3 for a 2x2 board\n", 1},
		{[]string{"-format", "hdu1043", "1234", "12345678x"}, "error\n\n", "solve: argument 1: too few cells: 4, want 9\n", 1},
		{[]string{"12345678q"}, "error\n", "solve: argument 1, column 9: unexpected 'q'; want a tile 1..8 or a blank (x X 0 #) for a 3x3 board\n", 1},
		{[]string{"-format", "hdu3567", "12X453786", "12345678X", "564178X23", "7568X4123"}, "Case 1: 2\ndd\nCase 2: 8\nurrulldr\n", "", 0},
		{[]string{"-format", "luogu1379", "283104765"}, "4\n", "", 0},
		{[]string{"-goal", "123804765", "-format", "acwing845", "283104765"}, "4\n", "", 0},
		{[]string{"-goal", "7568X4123", "564178X23"}, "urrulldr\n", "", 0},
		// The speedsolvers' notation, and boards as rows between slashes.
		{[]string{"-notation", "tile", "23415x768", "1 2 3/4 5 6/7 0 8"}, "U R D L D R2 U2 L D L U R2 D L U L\nL\n", "", 0},
		{[]string{"-notation", "tile", "-format", "hdu3567", "12X453786", "12345678X"}, "Case 1: 2\nU2\n", "", 0},
		{[]string{"-notation", "chess", "23415x768"}, "", "solve: -notation: notation \"chess\": want blank (the judges' letters, where the blank goes: ddrru) or tile (the speedsolvers', where the tile goes: U2 L2 D)\n", 2},
		{[]string{"1 2 3/4 5/6 7 8 0"}, "error\n", "solve: argument 1, column 7: row 2 has 2 cells, want 3 for a 3x3 board\n", 1},
		// Every argument is a case, an empty one too.
		{[]string{"12345678x", "", "21345678x", " "}, "\nerror\nunsolvable\nerror\n", "solve: argument 2: empty board; want its cells\nsolve: argument 4: empty board; want its cells\n", 1},
		{[]string{"-shape", "3x3", "12345678x", ""}, "\nerror\n", "solve: argument 2: empty board; want 9 cells\n", 1},
		// Flags after boards, as GNU tools take them; -- ends the flags.
		{[]string{"23415x768", "-format", "acwing845"}, "19\n", "", 0},
		{[]string{"-format", "acwing845", "--", "23415x768"}, "19\n", "", 0},
		{[]string{"-nope", "23415x768"}, "", "flag provided but not defined: -nope\nrun solve -h for help\n", 2},
		{[]string{"-format", "lightoj1139", "123456780", "123456708"}, "Case 1: 0\nCase 2: 1\n", "", 0},
		{[]string{"-format", "nosuch", "1"}, "", "solve: unknown format \"nosuch\"; want one of " + strings.Join(format.Names(), ", ") + "\n", 2},
		{[]string{"-goal", "1234", "1"}, "", "solve: -goal \"1234\": column 4: tile 4 out of range 1..3 for a 2x2 board\n", 2},
		{[]string{"-format", "hdu1043", "-goal", "1234", "1"}, "", "solve: -goal \"1234\": too few cells: 4, want 9\n", 2},
		// Every shape: from -shape, or from the board.
		{[]string{"1 2 3\n4 0 5"}, "r\n", "", 0},
		{[]string{"-shape", "2x3", "12345x", "1x2345", "21345x"}, "\nrdllurdrulldrr\nunsolvable\n", "", 0},
		{[]string{"-shape", "3x2", "1234x5"}, "r\n", "", 0},
		{[]string{"1x32", "12\n34\n56\n7x", "12\n34\n56\n78"}, "d\n\nerror\n", "solve: argument 3, column 11: tile 8 out of range 1..7 for a 4x2 board\n", 1},
		{[]string{"12345x"}, "error\n", "solve: argument 1: 6 cells: give -shape 2x3 or 3x2\n", 1},
		{[]string{"-shape", "2x3", "1234567"}, "error\n", "solve: argument 1, column 6: tile 6 out of range 1..5 for a 2x3 board\n", 1},
		{[]string{"-shape", "2x9", "1"}, "error\n", "solve: argument 1: too few cells: 1, want 18\n", 1},
		{[]string{"-goal", "1 2 3\n4 5 0", "12354x", "1234x5"}, "unsolvable\nr\n", "", 0},
		// The 15-puzzle, and a -pdb that is not there.
		{[]string{"-goal", "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15", "-pdb", "none", "14 7 1 9 12 3 6 15 8 11 2 5 10 0 4 13", "-format", "aoj13c"}, "52\n", "", 0},
		{[]string{"-pdb", "/no/such/dir", "1"}, "", "solve: -pdb /no/such/dir: pdb: stat /no/such/dir: no such file or directory\n", 2},
		{[]string{"-pdb", ".", "1"}, "", "solve: -pdb .: pdb: no database for 4x4 1,2,3,4,5,6,7 blank 0 (4x4-b0-1.2.3.4.5.6.7.pdb); gentable -pdb . builds them (and gentable -pdb . -shape 5x5 the 5x5 ones)\n", 2},
		{[]string{"-format", "hdu3567", "-goal", "12345678x", "1"}, "", "solve: -goal does not go with -format hdu3567, which reads a goal with every case\n", 2},
		// A flag that would be ignored is an error.
		{[]string{"-http", "127.0.0.1:0", "-format", "uva652"}, "", "solve: -format does not apply with -http (the page and the API choose boards, goals and formats), which takes only -http, -pdb, -timeout; run solve -h for help\n", 2},
		{[]string{"-http", "127.0.0.1:0", "-v", "-show"}, "", "solve: -show, -v do not apply with -http (the page and the API choose boards, goals and formats), which takes only -http, -pdb, -timeout; run solve -h for help\n", 2},
		{[]string{"-http", "127.0.0.1:0", "12345678x"}, "", "solve: -http serves the page and takes no boards; \"12345678x\" is one; run solve -h for help\n", 2},
		{[]string{"-width", "40", "12345678x"}, "", "solve: -width sets the width of -show's pictures and does not apply without -show; run solve -h for help\n", 2},
		{[]string{"-http", "127.0.0.1:0", "-optimal"}, "", "solve: -optimal does not apply with -http (the page and the API choose boards, goals and formats), which takes only -http, -pdb, -timeout; run solve -h for help\n", 2},
		// -optimal: the shortest path of a large board, said to take long;
		// nothing changes for a small one.
		{[]string{"-optimal", "-goal", "snail", "1 2 3 4 5 16 17 18 19 6 15 24 20 0 7 14 23 22 21 8 13 12 11 10 9"}, "l\n", optimalNote, 0},
		{[]string{"-optimal", "-shape", "2x9", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0 16 17"}, "rr\n", optimalNote, 0},
		{[]string{"-optimal", "23415x768"}, "dlurullddrurdllurdr\n", "", 0},
	} {
		stdout, stderr, code := runIn(strings.NewReader(""), c.args...)
		if stdout != c.stdout || stderr != c.stderr || code != c.code {
			t.Errorf("solve %q:\ngot  %q, %q, %d\nwant %q, %q, %d", c.args, stdout, stderr, code, c.stdout, c.stderr, c.code)
		}
	}
}

// optimalNote is what solve -optimal says of a board of more than 16
// cells.
const optimalNote = "solve: -optimal: a board of 17 to 64 cells is searched for its shortest path, which may take very long (a random 5x5 board: minutes to hours with the databases of gentable -pdb DIR -shape 5x5, years without); Ctrl-C stops it\n"

// TestOptimal answers large boards a random walk from the goal with
// -optimal, as a judge file of the 42 school's format: the paths of a
// plain IDA* with the Manhattan distance, and -v says they are searched.
func TestOptimal(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 6))
	var in, want strings.Builder
	for _, n := range []int{5, 4, 6} {
		goal := board.Shape{Rows: n, Cols: n}.Goal(n*n - 1)
		g := slow.Grid{Rows: n, Cols: n}
		var cells []byte
		for i := range n * n {
			cells = append(cells, byte(goal.Cell(i)))
		}
		g.Cells = string(cells)
		start := slow.Walk(g, 30+rng.IntN(6), rng.IntN)
		fmt.Fprintf(&in, "%d\n", n)
		for r := range n {
			for c := range n {
				fmt.Fprintf(&in, "%d ", start.Cells[r*n+c])
			}
			in.WriteString("\n")
		}
		want.WriteString(slow.IDAStar(start, g) + "\n")
	}
	stdout, stderr, code := runIn(strings.NewReader(in.String()), "-optimal", "-v", "-format", "npuzzle", "-goal", "blank-last")
	if code != 0 || stdout != want.String() || !strings.Contains(stderr, "search,") || strings.Contains(stderr, "not proven") {
		t.Errorf("solve -optimal: %q, %q, exit %d; want %q, searched", stdout, stderr, code, want.String())
	}
}

// TestAnalyse checks -analyse's reports, text and JSON, in both
// notations, and what it says of a bad path.
func TestAnalyse(t *testing.T) {
	stdout, stderr, code := runIn(nil, "-analyse", "lrdlurullddrurdllurdr", "23415x768")
	for _, want := range []string{"path: 21 moves, 18 counting", "shortest: 19 moves; this path makes 2 more", "moves that lost ground: 1", "     2  r    18 -> 19  lost ground; keeps a shortest path: d\n"} {
		if code != 0 || !strings.Contains(stdout, want) {
			t.Errorf("-analyse: status %d, stderr %q, no %q in\n%s", code, stderr, want, stdout)
		}
	}
	stdout, _, code = runIn(nil, "-analyse", "R L D", "-notation", "tile", "-json", "2 3 4/1 5 x/7 6 8")
	var rep struct {
		Path      string
		Distances []int
		Lost      []struct {
			Move   int
			Better string
		}
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil || code != 0 {
		t.Fatalf("-json: %v, status %d:\n%s", err, code, stdout)
	}
	if rep.Path != "R L D" || len(rep.Distances) != 4 || len(rep.Lost) != 1 || rep.Lost[0].Move != 2 || rep.Lost[0].Better != "U" {
		t.Errorf("-json: %+v", rep)
	}
	for _, c := range []struct {
		args   []string
		stderr string
		code   int
	}{
		{[]string{"-analyse", "dd", "23415x768"}, "solve: -analyse \"dd\": move 2, d: a move off the board (the blank is at row 3, column 3 of 3x3)\n", 1},
		{[]string{"-analyse", "d0", "23415x768"}, "solve: -analyse \"d0\": column 2: a count of 0; want 1 or more\n", 1},
		{[]string{"-analyse", "d", "23415x768", "12345678x"}, "solve: -analyse wants one board as an argument (a start and a goal for -format hdu1043), e.g. solve -analyse ddrru 23415x768; got 2\n", 2},
		{[]string{"-json", "23415x768"}, "solve: -json writes -analyse's report and does not apply without -analyse; run solve -h for help\n", 2},
	} {
		_, stderr, code := runIn(nil, c.args...)
		if stderr != c.stderr || code != c.code {
			t.Errorf("%q: status %d, stderr %q; want %d, %q", c.args, code, stderr, c.code, c.stderr)
		}
	}
}

func TestHelp(t *testing.T) {
	stdout, stderr, code := runBin(t, nil, "-h")
	if code != 0 || stderr != "" {
		t.Errorf("solve -h: status %d, stderr %q", code, stderr)
	}
	for _, want := range append(format.Names(), "-format", "-goal", "-notation", "-analyse", "-json", "e.g.", "Exit status", "solve 23415x768") {
		if !strings.Contains(stdout, want) {
			t.Errorf("solve -h does not mention %q", want)
		}
	}
}

// TestAllBoards answers all 9! arrangements as one judge file through the
// command's own path, and checks every answer against the slow search.
func TestAllBoards(t *testing.T) {
	var in bytes.Buffer
	var boards []slow.Board
	slow.All(func(b slow.Board) {
		boards = append(boards, b)
		in.WriteString(b.String())
		in.WriteByte('\n')
	})
	stdout, stderr, code := runIn(&in)
	if code != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q", code, stderr)
	}
	goal := slow.Parse("12345678x")
	ref := slow.Distances(goal)
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	if len(lines) != len(boards) {
		t.Fatalf("%d answers for %d boards", len(lines), len(boards))
	}
	for i, b := range boards {
		want, ok := slow.Path(ref, b)
		if !ok {
			want = "unsolvable"
		}
		if lines[i] != want {
			t.Fatalf("%v: got %q, want %q", b, lines[i], want)
		}
	}
}

// TestAllShapes answers every arrangement of every shape with tables
// other than 3x3 (TestAllBoards has that one) through the command's own
// path, with -shape, and checks each answer against the slow search:
// exact strings, and unsolvable exactly where the search never reaches.
func TestAllShapes(t *testing.T) {
	type shape struct{ r, c int }
	seen := map[shape]bool{}
	rng := rand.New(rand.NewPCG(9, 773))
	for _, s := range []shape{{2, 2}, {2, 3}, {3, 2}, {2, 4}, {4, 2}, {2, 3}, {2, 4}, {4, 2}} {
		// The standard goal first, then a random one of each shape.
		goal := slow.Goal(s.r, s.c)
		args := []string{"-shape", fmt.Sprintf("%dx%d", s.r, s.c)}
		if seen[s] {
			cells := []byte(goal.Cells)
			rng.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
			goal.Cells = string(cells)
			args = append(args, "-goal", goal.Text())
		}
		seen[s] = true
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			var in, want strings.Builder
			ref := slow.GridDistances(goal)
			slow.AllGrids(s.r, s.c, func(g slow.Grid) {
				in.WriteString(g.Text())
				in.WriteByte('\n')
				if path, ok := slow.GridPath(ref, g); ok {
					want.WriteString(path)
				} else {
					want.WriteString("unsolvable")
				}
				want.WriteByte('\n')
			})
			stdout, stderr, code := runIn(strings.NewReader(in.String()), args...)
			if code != 0 || stderr != "" {
				t.Fatalf("status %d, stderr %q", code, stderr)
			}
			if stdout != want.String() {
				got, wantLines := strings.Split(stdout, "\n"), strings.Split(want.String(), "\n")
				inLines := strings.Split(in.String(), "\n")
				for i := range min(len(got), len(wantLines)) {
					if got[i] != wantLines[i] {
						t.Fatalf("%s: got %q, want %q", inLines[i], got[i], wantLines[i])
					}
				}
				t.Fatalf("%d answers, want %d", len(got), len(wantLines))
			}
		})
	}
}

// TestRandomPairs checks random starts against random goals, with exact
// hdu3567 answers from the slow search between the two boards.
func TestRandomPairs(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	random := func() slow.Board {
		var b slow.Board
		for i, v := range rng.Perm(9) {
			b[i] = byte(v)
		}
		return b
	}
	var in, want strings.Builder
	const goals, starts = 4, 60
	fmt.Fprintf(&in, "%d\n", goals*starts)
	k := 0
	for range goals {
		g := random()
		ref := slow.Distances(g)
		for range starts {
			s := random()
			k++
			fmt.Fprintf(&in, "%s\n%s\n", s, g)
			if path, ok := slow.Path(ref, s); ok {
				fmt.Fprintf(&want, "Case %d: %d\n%s\n", k, len(path), path)
			} else {
				fmt.Fprintf(&want, "Case %d: unsolvable\n\n", k)
			}
		}
	}
	stdout, stderr, code := runIn(strings.NewReader(in.String()), "-format", "hdu3567")
	if code != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q", code, stderr)
	}
	if stdout != want.String() {
		t.Errorf("answers differ from the slow search")
	}
}

// lines is an input of n lines made as it is read, so that a test can
// feed more than it could hold.
type lines struct {
	n, i int
	line string
	buf  []byte
}

func (l *lines) Read(p []byte) (int, error) {
	for len(l.buf) < len(p) && l.i < l.n {
		l.buf = append(l.buf, l.line...)
		l.i++
	}
	if len(l.buf) == 0 {
		return 0, io.EOF
	}
	n := copy(p, l.buf)
	l.buf = l.buf[:copy(l.buf, l.buf[n:])]
	return n, nil
}

// TestFlatMemory answers a million lines and checks that the memory
// allocated does not grow with them: no allocation for each line.
func TestFlatMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("a million lines")
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	const n = 1 << 20
	code := run(nil, &lines{n: n, line: "2 3 4 1 5 x 7 6 8\n"}, io.Discard, io.Discard)
	runtime.ReadMemStats(&after)
	if code != 0 {
		t.Fatalf("status %d", code)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 16<<20 {
		t.Errorf("%d lines allocated %d bytes in all, want a fixed amount under 16 MiB", n, alloc)
	}
}

// TestLongLine puts a line of a megabyte between good ones.
func TestLongLine(t *testing.T) {
	in := "23415x768\n" + strings.Repeat("1", 1<<20) + "\n12345678x\n" + strings.Repeat(" ", 1<<20) + "\n21345678x"
	stdout, stderr, code := runIn(strings.NewReader(in))
	if want := "dlurullddrurdllurdr\nerror\n\nerror\nunsolvable\n"; stdout != want {
		t.Errorf("stdout %q, want %q", stdout, want)
	}
	if want := "solve: stdin:2: line of 1048576 bytes is too long; want at most 65536 bytes\nsolve: stdin:4: line of 1048576 bytes is too long; want at most 65536 bytes\n"; stderr != want {
		t.Errorf("stderr %q, want %q", stderr, want)
	}
	if code != 1 {
		t.Errorf("status %d, want 1", code)
	}
}

// TestInterrupt sends Ctrl-C (SIGINT) to a run of hard 15-puzzles: the
// searches stop, the answers before them are written whole and in order,
// and the exit status is 130.
func TestInterrupt(t *testing.T) {
	var in strings.Builder
	for range 8 {
		in.WriteString("15 11 8 12 14 10 9 13 2 6 1 4 3 7 5 0\n") // 80 moves from Korf's goal
	}
	cmd := exec.Command(bin, "-shape", "4x4", "-pdb", "none", "-goal", "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15")
	cmd.Stdin = strings.NewReader("14 7 1 9 12 3 6 15 8 11 2 5 10 0 4 13\n" + in.String())
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	pipe, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// The first board takes milliseconds, the others minutes each: once
	// its answer is out, the rest are being searched.
	out := bufio.NewReader(pipe)
	first, err := out.ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	cmd.Process.Signal(os.Interrupt)
	rest, _ := io.ReadAll(out)
	err = cmd.Wait()
	ee, ok := err.(*exec.ExitError)
	if !ok || ee.ExitCode() != 130 {
		t.Fatalf("exit %v, want status 130", err)
	}
	if len(first) != 53 || len(rest) != 0 {
		t.Errorf("stdout %q then %q, want the first answer, 52 moves, alone", first, rest)
	}
	if !strings.Contains(stderr.String(), "solve: interrupted after 1 case") {
		t.Errorf("stderr %q", stderr.String())
	}
}

// TestInterruptArgs sends Ctrl-C to a hard 15-puzzle given as an
// argument: boards that need a search are stopped as on standard input.
func TestInterruptArgs(t *testing.T) {
	cmd := exec.Command(bin, "-pdb", "none", "-goal", "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15", "15 11 8 12 14 10 9 13 2 6 1 4 3 7 5 0")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(time.Second) // the search takes minutes
	cmd.Process.Signal(os.Interrupt)
	err := cmd.Wait()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 130 {
		t.Fatalf("exit %v, want status 130; stderr %q", err, stderr.String())
	}
	if stdout.Len() != 0 || !strings.Contains(stderr.String(), "solve: interrupted after 0 cases") {
		t.Errorf("stdout %q, stderr %q", stdout.String(), stderr.String())
	}
}

// TestLookupsOnly: boards given as arguments go without a Ctrl-C handler
// only when every one is looked up in a table.
func TestLookupsOnly(t *testing.T) {
	solver := embedded.Solver()
	p, _ := format.Lookup("hdu1043")
	any := p
	any.Shape = board.Shape{}
	fifteen := any
	fifteen.Shape = board.Shape{Rows: 4, Cols: 4}
	for _, c := range []struct {
		p    format.Preset
		args []string
		want bool
	}{
		{p, []string{"23415x768"}, true},
		{any, []string{"23415x768", "1234x5", "1 2\n3 x"}, true},
		{any, []string{"23415x768", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15"}, false},
		{any, []string{"1 2 3 4 5\n6 7 8 9 x"}, false}, // 2x5: a search
		{any, []string{"not a board at all"}, true},
		{fifteen, []string{"23415x768"}, false},
	} {
		if got := lookupsOnly(solver, c.p, c.args); got != c.want {
			t.Errorf("lookupsOnly(%v, %q) = %v, want %v", c.p.Shape, c.args, got, c.want)
		}
	}
}

// TestClosedPipe reads one answer of many and closes the pipe: the
// command must end quietly, as `solve < big | head -1` would.
func TestClosedPipe(t *testing.T) {
	cmd := exec.Command(bin)
	cmd.Stdin = &lines{n: 1 << 20, line: "2 3 4 1 5 x 7 6 8\n"}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	first, err := bufio.NewReader(out).ReadString('\n')
	if err != nil || first != "dlurullddrurdllurdr\n" {
		t.Errorf("first line %q, %v", first, err)
	}
	out.Close()
	cmd.Wait() // killed by SIGPIPE or exits: either is quiet
	if stderr.Len() > 0 {
		t.Errorf("stderr %q, want nothing", stderr.String())
	}
}

// TestShapeMessages gives boards and flags of every shape that is not
// supported or cannot be told, and compares the messages with a golden
// file.
func TestShapeMessages(t *testing.T) {
	var out strings.Builder
	for _, args := range [][]string{
		{"1 2 3 4 5 6 7 8 9 10 11 0"},
		{"12345x"},
		{"1234x67"},
		{"1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15"},
		{"-shape", "3x4", "1"},
		{"-shape", "3x6", "1"},
		{"-shape", "1x8", "1"},
		{"-shape", "three", "1"},
		{"-shape", "2x3", "1 2 3 4 5 6 7"},
		{"-shape", "3x3", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15"},
		{"-goal", "1 2 3 4 5 6 7 8 9 10 11 0", "1"},
		{"-format", "leetcode773", "[[1,2,3],[4,5,6],[7,8,0]]"},
	} {
		stdout, stderr, code := runIn(nil, args...)
		fmt.Fprintf(&out, "$ solve %q\n%s%sexit %d\n\n", args, stdout, stderr, code)
	}
	checkGolden(t, "testdata/shapes.golden", out.String())
}

// TestExactLimit holds that a line of exactly format.MaxLine bytes is
// answered, and one byte more is a bad case, in a small file (case by
// case) and a large one (blocks on every core) alike.
func TestExactLimit(t *testing.T) {
	fill := strings.Repeat("2 3 4 1 5 x 7 6 8\n", 30000) // over one block
	for _, n := range []int{format.MaxLine, format.MaxLine + 1} {
		long := "12345678x" + strings.Repeat(" ", n-9) + "\n"
		want := "\n"
		if n > format.MaxLine {
			want = "error\n"
		}
		for _, in := range []string{long, fill + long} {
			stdout, _, _ := runIn(strings.NewReader(in))
			if got := stdout[len(stdout)-len(want):]; got != want || strings.Count(stdout, "\n") != strings.Count(in, "\n") {
				t.Errorf("a line of %d bytes in %d bytes of input: answered %q, want %q", n, len(in), got, want)
			}
		}
	}
}

// TestShow draws solutions as pictures, compared with a golden file.
func TestShow(t *testing.T) {
	stdout, stderr, code := runIn(nil, "-show", "-width", "80", "23415x768", "21345678x", "12X453786")
	if code != 0 || stderr != "" {
		t.Errorf("status %d, stderr %q", code, stderr)
	}
	checkGolden(t, "testdata/show.golden", stdout)
	stdout, _, _ = runIn(nil, "-show", "-width", "30", "-format", "hdu3567", "564178X23", "7568X4123")
	checkGolden(t, "testdata/show-narrow.golden", stdout)
	stdout, stderr, code = runIn(nil, "-show", "-width", "80", "[[4,1,2],[5,0,3]]", "-format", "leetcode773")
	if code != 0 || stderr != "" {
		t.Errorf("2x3: status %d, stderr %q", code, stderr)
	}
	checkGolden(t, "testdata/show-2x3.golden", stdout)
	stdout, stderr, code = runIn(nil, "-show", "-width", "80", "1 2 3 4 5 6 7 8 9 10 11 12 13 x 14 15")
	if code != 0 || stderr != "" {
		t.Errorf("4x4: status %d, stderr %q", code, stderr)
	}
	checkGolden(t, "testdata/show-4x4.golden", stdout)
	// A large board's path is not proven shortest, and says so; a very
	// large one is drawn no more.
	near := func(n int) string { // one move from the goal
		var sb strings.Builder
		for i := 1; i < n-1; i++ {
			fmt.Fprint(&sb, i, " ")
		}
		fmt.Fprint(&sb, "x ", n-1)
		return sb.String()
	}
	stdout, _, code = runIn(nil, "-show", "-width", "80", near(25))
	if code != 0 || !strings.Contains(stdout, ": 1 move (not proven shortest), r\n") || !strings.Contains(stdout, "r->") {
		t.Errorf("5x5: status %d, %q", code, stdout)
	}
	stdout, _, code = runIn(nil, "-show", near(441))
	if code != 0 || !strings.HasSuffix(stdout, "(no pictures of a board of 441 cells: -show draws boards of at most 400)\n") {
		t.Errorf("21x21: status %d, %q", code, stdout[max(len(stdout)-200, 0):])
	}
	if _, stderr, code := runIn(nil, "-show"); code != 2 || !strings.Contains(stderr, "-show wants boards") {
		t.Errorf("-show alone: status %d, %q", code, stderr)
	}
	if _, stderr, code := runIn(nil, "-show", "-shape", "3x3", "123"); code != 1 || stderr != "solve: argument 1: too few cells: 3, want 9\n" {
		t.Errorf("-show 123: status %d, %q", code, stderr)
	}
}

// TestTimeout: a search for a shortest path cut by -timeout still
// answers, with a path not proven shortest that reaches the goal, and
// says so on standard error; -v says which engine gave it.
func TestTimeout(t *testing.T) {
	const hard = "15 11 8 12 14 10 9 13 2 6 1 4 3 7 5 0" // 80 moves from Korf's goal
	s4 := board.Shape{Rows: 4, Cols: 4}
	for _, v := range []bool{false, true} {
		args := []string{"-timeout", "1ms", "-goal", "blank-first", "-pdb", "none", hard}
		if v {
			args = append([]string{"-v"}, args...)
		}
		stdout, stderr, code := runBin(t, nil, args...)
		path, err := board.ParsePath(strings.TrimSpace(stdout))
		b := board.MustParse(s4, hard)
		if code != 0 || err != nil || b.Apply(path) != len(path) || b != s4.Goal(0) || len(path) > 120 {
			t.Errorf("-v %v: %q, exit %d: not a path to the goal of at most 1.5 x 80 moves", v, stdout, code)
		}
		want := "the time limit cut the search for the shortest path"
		if v {
			want = "cut by the time limit, not proven shortest"
		}
		if !strings.Contains(stderr, want) {
			t.Errorf("-v %v: stderr %q, want %q", v, stderr, want)
		}
	}
}

// bigBoard returns a random board of n x n cells that reaches the snail,
// written as the npuzzle format (the 42 school's) writes it.
func bigBoard(n int, seed uint64) string {
	s := board.Shape{Rows: n, Cols: n}
	b, _ := board.New(s, rand.New(rand.NewPCG(seed, 2)).Perm(n*n))
	if snail, _ := s.Named(board.Snail); !board.Solvable(b, snail) {
		b = board.Flip(b)
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "%d\n", n)
	for i, c := range b.Cells() {
		sb.WriteString(strconv.Itoa(c))
		if (i+1)%n == 0 {
			sb.WriteByte('\n')
		} else {
			sb.WriteByte(' ')
		}
	}
	return sb.String()
}

// TestInterruptStream sends Ctrl-C while a large board's path is being
// written: the line of the path is left with no end (what was written
// never reads as a whole answer), standard error says which case was cut
// after how many moves, and the exit status is 130.
func TestInterruptStream(t *testing.T) {
	cmd := exec.Command(bin, "-format", "npuzzle")
	cmd.Stdin = strings.NewReader(bigBoard(200, 1))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	pipe, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var out []byte
	buf := make([]byte, 64<<10)
	for len(out) < 100_000 { // the first moves are out: the path is being written
		n, err := pipe.Read(buf)
		out = append(out, buf[:n]...)
		if err != nil {
			t.Fatalf("stdout ended after %d bytes: %v", len(out), err)
		}
	}
	cmd.Process.Signal(os.Interrupt)
	rest, _ := io.ReadAll(pipe)
	out = append(out, rest...)
	err = cmd.Wait()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 130 {
		t.Fatalf("exit %v, want status 130; stderr %q", err, stderr.String())
	}
	if bytes.Contains(out, []byte{'\n'}) {
		t.Errorf("stdout of %d bytes has a line end at %d: a cut path must not end its line", len(out), bytes.IndexByte(out, '\n'))
	}
	want := regexp.MustCompile(`^solve: case 1: interrupted after (\d+) moves of its path, whose line is left unfinished, with no line end`)
	if m := want.FindStringSubmatch(stderr.String()); m == nil {
		t.Errorf("stderr %q, want %v", stderr.String(), want)
	} else if n, _ := strconv.Atoi(m[1]); n < len(out) {
		t.Errorf("stderr says %d moves, stdout has %d", n, len(out))
	}
}

// TestFullDisk writes a large board's path to a device that is full: the
// error names the case and says its line is left with no end, and the
// exit status is 2.
func TestFullDisk(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skipf("no /dev/full here: %v", err)
	}
	defer full.Close()
	cmd := exec.Command(bin, "-format", "npuzzle")
	cmd.Stdin = strings.NewReader(bigBoard(200, 2))
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = full, &stderr
	err = cmd.Run()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 {
		t.Fatalf("exit %v, want status 2; stderr %q", err, stderr.String())
	}
	if want := "solve: case 1: its path could not be written (write /dev/stdout: no space left on device), its line left with no end"; !strings.HasPrefix(stderr.String(), want) {
		t.Errorf("stderr %q, want %q", stderr.String(), want)
	}
}
