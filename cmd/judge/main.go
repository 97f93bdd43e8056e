// Command judge is a special judge and a test-data maker for sliding-puzzle
// problems of every shape, in the formats of cmd/solve.
//
// Usage:
//
//	judge check [-format NAME] [-goal BOARD] [-shortest] INPUT ANSWERS
//	judge gen [-format NAME] [-shape RxC] [-goal BOARD] [-n N] [-seed S] [-depth A-B | -walk N] [-unsolvable P] [-all]
//
// Run judge -h, judge check -h or judge gen -h for the details.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/embedded"
	"github.com/slidingpuzzle/solver/engine"
	"github.com/slidingpuzzle/solver/internal/cli"
	"github.com/slidingpuzzle/solver/internal/format"
	"github.com/slidingpuzzle/solver/internal/judge"
	"github.com/slidingpuzzle/solver/pdb"
)

const (
	exitOK    = 0 // every case passed; test data written
	exitFail  = 1 // some case failed
	exitFatal = 2 // bad flags or files, a missing or corrupt table
)

// cachedSolver returns the embedded Solver, keeping the fast lookups it
// builds for the next run (pdb.BuiltDir).
func cachedSolver() *engine.Solver {
	s := embedded.Solver()
	if d, err := pdb.BuiltDir(); err == nil {
		s = s.WithCache(d)
	}
	return s
}

func main() {
	cli.LimitMemory()
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

const topUsage = `Usage:
	judge check [flags] INPUT ANSWERS   judge answers to a judge file
	judge gen [flags]                   write a judge file of boards

Run judge check -h or judge gen -h for their flags. Formats:
`

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, topUsage)
		listFormats(stderr)
		return exitFatal
	}
	if args[0] == "-h" || args[0] == "-help" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprint(stdout, topUsage)
		listFormats(stdout)
		return exitOK
	}
	switch args[0] {
	case "check":
		return check(args[1:], stdin, stdout, stderr)
	case "gen":
		return gen(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "judge: unknown command %q; want check or gen (judge -h)\n", args[0])
	return exitFatal
}

func listFormats(w io.Writer) {
	for _, p := range format.Presets {
		fmt.Fprintf(w, "  %-12s %s\n", p.Name, p.Problems)
	}
}

// common are the flags of both commands.
type common struct {
	format, goal, shape string
}

func (c *common) register(fs *flag.FlagSet) {
	fs.StringVar(&c.format, "format", format.Presets[0].Name, "the judge format `NAME`, as in solve -h, e.g. -format hdu3567")
	fs.StringVar(&c.goal, "goal", "", "the goal `BOARD` of every case instead of the format's, e.g. -goal 123804765")
	fs.StringVar(&c.shape, "shape", "", "boards of `RxC` cells instead of the format's, e.g. -shape 2x3; the goal is then the tiles in order, the blank last")
}

// preset returns the chosen preset, with the goal of -goal, and for a
// preset whose cases give their size, the -shape of the boards gen
// writes (the zero Shape if none was given), or prints why not.
func (c *common) preset(stderr io.Writer) (format.Preset, board.Shape, bool) {
	p, ok := format.Lookup(c.format)
	if !ok {
		fmt.Fprintf(stderr, "judge: unknown format %q; want one of %s\n", c.format, strings.Join(format.Names(), ", "))
		return p, board.Shape{}, false
	}
	shapeText, sized := c.shape, board.Shape{}
	var err error
	if p.Size != format.NoSize && shapeText != "" {
		sized, err = board.ParseShape(shapeText)
		if err != nil {
			err = fmt.Errorf("-shape: %w", err)
		}
		shapeText = ""
	}
	if err == nil {
		p, err = p.Setup(shapeText, c.goal, false, format.FlagWording)
	}
	if err == nil && p.Size == format.NoSize {
		_, err = embedded.Solver().Engine(p.Shape)
	}
	if err != nil {
		fmt.Fprintf(stderr, "judge: %v\n", err)
		return p, board.Shape{}, false
	}
	return p, sized, true
}

// parse parses the flags of a command, wherever they stand, and returns
// its operands, or false and the exit status.
func parse(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) ([]string, int, bool) {
	operands, err := cli.Parse(fs, args, stdout, stderr)
	if err != nil {
		return nil, cli.Exit(err), false
	}
	return operands, 0, true
}

func check(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("judge check", flag.ContinueOnError)
	var c common
	c.register(fs)
	shortest := fs.Bool("shortest", false, "require move strings to be shortest paths, not only legal ones that reach the goal")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), `Usage: judge check [flags] INPUT ANSWERS

Check judges the answers to each case of the judge file INPUT, as the
format prints them: move strings must be legal paths that end at the goal
(shortest ones with -shortest), and say the format's word for unsolvable
only for boards that are; counts must be exact; HDU 3567 paths must be the
exact lexicographically smallest shortest path. Either file may be - for
standard input. One line is printed for each wrong case, then
"N passed, M failed". The exit status is 0 when every case passed, 1 when
any failed, 2 for bad flags or files.

	solve < cases.txt > mine.txt && judge check cases.txt mine.txt
	judge check -format hdu3567 -shortest eight2.txt answers.txt

Flags:
`)
		fs.PrintDefaults()
	}
	files, code, ok := parse(fs, args, stdout, stderr)
	if !ok {
		return code
	}
	if len(files) != 2 {
		fmt.Fprintf(stderr, "judge check: want INPUT and ANSWERS, got %d arguments (judge check -h)\n", len(files))
		return exitFatal
	}
	p, _, ok := c.preset(stderr)
	if !ok {
		return exitFatal
	}
	var readers [2]io.Reader
	for i, name := range files {
		if name == "-" {
			if stdin == nil {
				fmt.Fprintln(stderr, "judge check: only one file can be -")
				return exitFatal
			}
			readers[i], stdin = stdin, nil
			continue
		}
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintf(stderr, "judge check: %v\n", err)
			return exitFatal
		}
		defer f.Close()
		readers[i] = f
	}
	out := bufio.NewWriter(stdout)
	ch := &judge.Checker{
		Solver: cachedSolver().WithProgress(cli.BuildLine(stderr, "judge", false)), Preset: p, Shortest: *shortest,
		InputName: files[0], AnswersName: files[1],
	}
	v, err := ch.Check(readers[0], readers[1], out)
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	if err != nil {
		fmt.Fprintf(stderr, "judge check: %v\n", err)
		return exitFatal
	}
	if !v.OK() {
		return exitFail
	}
	return exitOK
}

func gen(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("judge gen", flag.ContinueOnError)
	var c common
	c.register(fs)
	n := fs.Int("n", 10, "write `N` cases, e.g. -n 1000000")
	seed := fs.Uint64("seed", 1, "the `SEED` of the random boards; the same seed gives the same file on every machine")
	depth := fs.String("depth", "", "keep only boards `A-B` moves from the goal, e.g. -depth 20-25, or -depth 31 for the hardest")
	unsolvable := fs.Float64("unsolvable", 0, "make a share `P` (0..1) of the boards unsolvable, e.g. -unsolvable 0.5")
	walk := fs.Int("walk", 0, "make each board by a random walk of `N` moves from the goal, for test data of at most N moves on any shape, e.g. -walk 30")
	all := fs.Bool("all", false, "write every arrangement once (n! cases: 9! = 362880 on a 3x3 board; at most 10 cells) instead of -n random ones")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), `Usage: judge gen [flags] > cases.txt

Gen writes a judge file in the input format of -format: -n boards, uniform
over the positions that can reach the goal, or every arrangement with -all.
For formats that read a goal with every case, each goal is random too.

	judge gen -n 1000000 -seed 7 > big.txt
	judge gen -n 100 -depth 31 > hardest.txt
	judge gen -format hdu3567 -n 50 -unsolvable 0.2 > pairs.txt

Flags:
`)
		fs.PrintDefaults()
	}
	operands, code, ok := parse(fs, args, stdout, stderr)
	if !ok {
		return code
	}
	if len(operands) > 0 {
		fmt.Fprintf(stderr, "judge gen: unexpected argument %q (judge gen -h)\n", operands[0])
		return exitFatal
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	p, sized, ok := c.preset(stderr)
	if !ok {
		return exitFatal
	}
	g := &judge.Generator{Solver: embedded.Solver(), Preset: p, Shape: sized, N: *n, Seed: *seed, MaxDepth: -1, Unsolvable: *unsolvable, All: *all, Walk: *walk}
	if *all && (set["n"] || set["seed"]) {
		fmt.Fprintf(stderr, "judge gen: -all writes every arrangement, in order, and cannot take -n or -seed\n")
		return exitFatal
	}
	if *depth != "" {
		lo, hi, ok := parseRange(*depth)
		if !ok {
			fmt.Fprintf(stderr, "judge gen: -depth %q: want A-B or A, numbers of moves such as 20-25\n", *depth)
			return exitFatal
		}
		g.MinDepth, g.MaxDepth = lo, hi
	}
	if err := g.Check(); err != nil {
		fmt.Fprintf(stderr, "judge gen: %v\n", err)
		return exitFatal
	}
	out := bufio.NewWriterSize(stdout, 64<<10)
	err := g.Write(out)
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	if err != nil {
		fmt.Fprintf(stderr, "judge gen: %v\n", err)
		return exitFatal
	}
	return exitOK
}

// parseRange reads "A-B" or "A".
func parseRange(s string) (lo, hi int, ok bool) {
	a, b, found := strings.Cut(s, "-")
	if !found {
		b = a
	}
	lo, err1 := strconv.Atoi(strings.TrimSpace(a))
	hi, err2 := strconv.Atoi(strings.TrimSpace(b))
	if err1 != nil || err2 != nil || lo < 0 || hi < lo {
		return 0, 0, false
	}
	return lo, hi, true
}
