// Command solve answers sliding puzzles of every shape: boards of up to 16
// cells with shortest paths (from tables compiled into it for boards of at
// most nine cells, by a search over pattern databases for larger ones),
// and boards of up to 1,000,000 cells with short paths that are not
// proven shortest.
//
// Usage:
//
//	solve [flags] [board ...]
//
// Boards given as arguments are answered one a line. With no arguments,
// solve reads a judge file on standard input and writes one answer for each
// case, in the judge's form (-format). With -http it serves a page and a
// JSON API. Run solve -h for the flags.
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/embedded"
	"github.com/slidingpuzzle/solver/engine"
	"github.com/slidingpuzzle/solver/internal/batch"
	"github.com/slidingpuzzle/solver/internal/cli"
	"github.com/slidingpuzzle/solver/internal/format"
	"github.com/slidingpuzzle/solver/internal/web"
	"github.com/slidingpuzzle/solver/notation"
	"github.com/slidingpuzzle/solver/pdb"
	"github.com/slidingpuzzle/solver/search"
	"golang.org/x/term"
)

// Exit statuses.
const (
	exitOK    = 0 // every case was read and answered
	exitBad   = 1 // some case could not be read; the others were answered
	exitFatal = 2 // bad flags, a missing or corrupt table, an I/O error

	exitInterrupted = 130 // stopped by Ctrl-C, as shells report SIGINT
)

// serve serves the page and the API on addr until Ctrl-C.
func serve(addr string, solver *engine.Solver, timeout time.Duration, stderr io.Writer) int {
	logger := slog.New(slog.NewTextHandler(stderr, nil))
	srv := web.New(solver, web.Options{Timeout: timeout, Logger: logger}).HTTPServer(addr)
	ln, err := net.Listen("tcp", srv.Addr)
	if err != nil {
		fmt.Fprintf(stderr, "solve: -http %s: %v\n", addr, err)
		return exitFatal
	}
	logger.Info("serving", "url", "http://"+ln.Addr().String()+"/", "timeout", timeout)
	// The 5x5 databases built on first use (seconds, once a cache folder)
	// are made now, in the background, rather than in the time limit of
	// the first request for a 5x5 board, which reduce would answer then.
	go solver.For(board.Shape{Rows: 5, Cols: 5}.Goal(24))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		srv.Shutdown(shut)
	}()
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintf(stderr, "solve: %v\n", err)
		return exitFatal
	}
	return exitOK
}

// solverFor returns the Solver of the embedded tables and databases, with
// the large 4x4 databases of dir, or, with no dir, of the user cache
// directory when all of them are there. A dir that is missing or does not
// hold them is an error; a corrupt file is one when it is first used.
func solverFor(dir string) (*engine.Solver, error) {
	s, err := embedded.Open(dir)
	if err != nil {
		return nil, fmt.Errorf("-pdb %s: %w", dir, err)
	}
	// Databases built for goals no stored plan fits, and the fast
	// lookups of tables, are kept for the next run.
	if d, err := pdb.BuiltDir(); err == nil {
		s = s.WithCache(d)
	}
	return s, nil
}

// lookupsOnly reports whether every board of args, of preset p, is
// answered from a table: of the preset's shape, or of its own. A board
// whose shape cannot be told is a bad case, not a search.
func lookupsOnly(solver *engine.Solver, p format.Preset, args []string) bool {
	if p.Shape.Valid() {
		return solver.Instant(p.Shape)
	}
	for _, a := range args {
		s, err := board.Infer(a)
		if err != nil {
			continue
		}
		if !solver.Instant(s) {
			return false
		}
	}
	return true
}

func main() {
	cli.LimitMemory()
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func usage(w io.Writer, fs *flag.FlagSet) {
	fmt.Fprintf(w, `Usage: solve [flags] [board ...]

Solve answers sliding puzzles of every shape R x C (R, C >= 2) up to
1,000,000 cells. Moves name where the blank goes: u d l r.

Boards of up to 16 cells (3x3, 4x4, 2x8, ...) get a shortest path, and
among shortest paths the lexicographically smallest (d < l < r < u).
Boards of at most 9 cells are looked up in tables compiled into it;
boards of 10 to 16 cells (the 15-puzzle among them) are searched, with
pattern databases compiled into it or, for 4x4, the larger ones gentable
-pdb builds. Larger boards get a path that is NOT proven shortest, and -v
says so for each. A 5x5 board, whatever its goal, gets one at most 4/3
times the shortest with the databases gentable -pdb DIR -shape 5x5
builds (a goal with the blank in a corner), at most 3/2 times without
them (weighted IDA* over pattern databases, built the first time in
about 8 s and kept in the user cache), or twice where that search runs
long; Korf's fifty 24-puzzle instances take 4 s and 10 s, 1.08 and
1.16 times their shortest. Boards of 26 to 49 cells (6x6, 7x7, 5x8, ...)
get a short path by a beam search over the whole board, a second or two
a board (about 1.5 times the tiles' Manhattan distance on 6x6, 1.10 times
the lengths DeepCubeA found, 1.24 on 7x7); 8x8, 7x8, 6x9 and 6x10 boards place
their first lines and hand the part left to that search (1.7 times the Manhattan
distance on 8x8, 2 s). Larger boards (10x10, 100x100, 999x999) get a
short path, written as it is made: the outer rows and columns placed
tile by tile while more than 144 cells are left, then line by line by a
beam search, the last 5x5 part by the search above (1.9 times the
Manhattan distance on 10x10, about 2.3 from 20x20 on). With -optimal, boards
of up to 8x8 are searched for their shortest path instead.

Boards given as arguments are answered one a line. A board is its cells,
the blank as x, X, 0 or #: on a board of up to 10 cells one character a
cell, with or without spaces; on a larger one numbers separated by spaces;
on one line, or a row a line. Its shape is its own (9 cells 3x3, 16 4x4,
25 5x5, rows on lines their rows) unless -shape or -format says otherwise:

	solve 23415x768
	solve "2 3 4 1 5 x 7 6 8" 12345678x
	solve "1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15"
	solve -shape 2x3 1234x5
	solve -goal 123804765 -format luogu1379 283104765
	solve -goal snail "1 2 3 4 5 16 17 18 19 6 15 24 20 0 7 14 23 22 21 8 13 12 11 10 9"

With no arguments solve reads a judge file on standard input and writes one
answer a case, in the judge's form, on every core:

	solve < cases.txt
	solve -format hdu3567 < eight2.txt
	solve -format uva10181 -v < fifteen.txt
	solve -format npuzzle < puzzle.txt     # the 42 school's files, goal snail
	solve -format poj2893 < boards.txt     # YES or NO: can each be solved
	solve -shape 100x100 < big.txt

With -show, solve draws the solution of each board given as an argument,
board by board with the move between them; with -http it serves a page
and a JSON API instead:

	solve -show 23415x768
	solve -http 127.0.0.1:8080

Moves name where the blank goes (d l r u); -notation tile writes them as
speedsolvers do, where the tile goes, a run written once with its count.
-analyse reports on a solution of the one board given: the distance
before and after each move, the moves that lost ground, the total
against the shortest (-json for JSON). Boards may be written as rows
between slashes, as the reports write them:

	solve -notation tile 23415x768             # U R D L D R2 U2 L D L U R2 D L U L
	solve -analyse lrdlurullddrurdllurdr 23415x768
	solve -analyse "R L D" -notation tile -json "2 3 4/1 5 x/7 6 8"

A case that cannot be read is reported on standard error with its line and
column, and answered with the word %q so that answers stay aligned with
their cases. Ctrl-C stops the searches under way and keeps the answers
before them.

Flags:
`, format.Bad)
	fs.PrintDefaults()
	fmt.Fprintf(w, "\nFormats (-format NAME):\n")
	for _, p := range format.Presets {
		fmt.Fprintf(w, "  %-12s %s\n  %-12s   %s\n", p.Name, p.Problems, "", p.Describe())
	}
	fmt.Fprintf(w, `
Exit status: 0 when every case was answered, 1 when some case could not be
read (the others are still answered), 2 for bad flags, a missing or corrupt
table or database, or an error reading or writing, 130 after Ctrl-C.
`)
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	// Messages are many on a bad file: write them in bulk, and at the end.
	errw := bufio.NewWriterSize(stderr, 32<<10)
	defer errw.Flush()
	rawErr := stderr // for a server's log, which must not wait in a buffer
	stderr = errw
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	formatName := fs.String("format", format.Presets[0].Name, "read and write the judge format `NAME` (listed below), e.g. -format uva652")
	goalText := fs.String("goal", "", "solve for the goal `BOARD` instead of the format's: a board, e.g. -goal 123804765 or -goal \"1 2 3 8 x 4 7 6 5\", or a goal every shape has: -goal blank-last (the tiles in order, the blank last), -goal blank-first (Korf's) or -goal snail (the 42 school's spiral)")
	shapeText := fs.String("shape", "", "boards of `RxC` cells, e.g. -shape 2x3, -shape 4x4 or -shape 999x999; by default the format's, or for boards given as arguments each board's own (9 cells are 3x3, 16 are 4x4, 25 are 5x5, rows on lines give their rows)")
	show := fs.Bool("show", false, "draw each board's solution, board by board (boards of up to 400 cells), instead of printing it, e.g. -show 23415x768")
	width := fs.Int("width", 0, "with -show, draw the pictures `COLUMNS` wide, e.g. -show -width 120 23415x768; the default is the terminal's width, or 80")
	pdbDir := fs.String("pdb", "", "search 4x4 boards, and 5x5 ones with -optimal, with the large databases in `DIR`, e.g. -pdb ~/.cache/slidingpuzzle (gentable -pdb DIR builds the 4x4 ones, gentable -pdb DIR -shape 5x5 the 5x5 ones), or -pdb none for the embedded ones only; by default those in the user cache directory, when they are there")
	httpAddr := fs.String("http", "", "serve the page and the JSON API on `ADDR` instead, e.g. -http 127.0.0.1:8080; an address without a host listens on loopback only; it takes -pdb and -timeout, no other flag and no boards")
	optimal := fs.Bool("optimal", false, "search boards of more than 16 cells, up to 8x8, for their shortest path (the lexicographically smallest) instead of answering them at once with a short one that is not proven shortest: IDA* with the 5x5 databases of -pdb for a 5x5 goal with the blank in a corner, else those built on first use (any 5x5 goal), else with the Manhattan distance and linear conflicts, which may take very long (a random 5x5 board: minutes to hours with the databases, years without); Ctrl-C stops it, and on a terminal a line shows the bound and the nodes, e.g. -optimal \"1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 0 24\"; boards of up to 16 cells always get their shortest path")
	timeout := fs.Duration("timeout", 0, "limit each search for a shortest path (boards of 10 to 16 cells, and larger ones with -optimal) to `DURATION`, e.g. -timeout 2s: past it the board is answered at once (within a few tens of milliseconds) with a path said not proven shortest; by default no limit, and 5s with -http")
	notationName := fs.String("notation", "blank", "write paths, and read -analyse's, in `NOTATION`: blank, the judges' letters, where the blank goes (ddrru), or tile, the speedsolvers', where the tile goes, a run of one letter written once with its count (U2 L2 D), e.g. -notation tile 23415x768")
	analysePath := fs.String("analyse", "", "report on `PATH`, a solution played from the one board given (in -notation's letters, counts allowed): the distance to the goal before and after each move (exact up to 16 cells, else a lower bound), the moves that lost ground and what would have kept a shortest path, the total against the shortest, e.g. -analyse ldr 23415x768, or -analyse \"R2 U L\" -notation tile 23415x768")
	asJSON := fs.Bool("json", false, "with -analyse, write the report as JSON, e.g. -analyse ldr -json 23415x768")
	verbose := fs.Bool("v", false, "say on standard error, for each case, its answer's length, the engine, the nodes searched, the time taken, and whether the path is not proven shortest")
	fs.Usage = func() { usage(fs.Output(), fs) }
	operands, err := cli.Parse(fs, args, stdout, stderr)
	if err != nil {
		return cli.Exit(err)
	}
	nt, err := notation.Lookup(*notationName)
	if err != nil {
		fmt.Fprintf(stderr, "solve: -notation: %v\n", err)
		return exitFatal
	}
	p, ok := format.Lookup(*formatName)
	if !ok {
		fmt.Fprintf(stderr, "solve: unknown format %q; want one of %s\n", *formatName, strings.Join(format.Names(), ", "))
		return exitFatal
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	// A flag that would be ignored is an error.
	var only error
	switch {
	case *httpAddr != "":
		only = cli.Only(fs, "with -http (the page and the API choose boards, goals and formats)", "http", "pdb", "timeout")
		if only == nil && len(operands) > 0 {
			only = fmt.Errorf("-http serves the page and takes no boards; %q is one", operands[0])
		}
	case set["width"] && !*show:
		only = errors.New("-width sets the width of -show's pictures and does not apply without -show")
	case set["json"] && !set["analyse"]:
		only = errors.New("-json writes -analyse's report and does not apply without -analyse")
	case set["analyse"] && *show:
		only = errors.New("-analyse and -show do not go together")
	}
	if only != nil {
		fmt.Fprintf(stderr, "solve: %v; run solve -h for help\n", only)
		return exitFatal
	}
	// Boards given as arguments, with no format or shape, say their own
	// shape; a judge file on standard input has its format's.
	infer := !set["format"] && !set["shape"] && (len(operands) > 0 || *goalText != "")
	p, err = p.Setup(*shapeText, *goalText, infer, format.FlagWording)
	if err != nil {
		fmt.Fprintf(stderr, "solve: %v\n", err)
		return exitFatal
	}
	solver, err := solverFor(*pdbDir)
	if err != nil {
		fmt.Fprintf(stderr, "solve: %v\n", err)
		return exitFatal
	}
	solver = solver.WithProgress(cli.BuildLine(rawErr, "solve", isTerminal(rawErr)))
	var clearLine func()
	if *optimal {
		var progress search.LargeProgress
		if isTerminal(rawErr) {
			progress, clearLine = searchLine(rawErr)
			defer clearLine()
		}
		solver = solver.WithShortest(progress)
		if anyLarge(p, operands) {
			fmt.Fprintf(stderr, "solve: -optimal: a board of 17 to 64 cells is searched for its shortest path, which may take very long (a random 5x5 board: minutes to hours with the databases of gentable -pdb DIR -shape 5x5, years without); Ctrl-C stops it\n")
			errw.Flush()
		}
	}
	if p.Shape.Valid() {
		if _, err := solver.Engine(p.Shape); err != nil {
			fmt.Fprintf(stderr, "solve: %v\n", err)
			return exitFatal
		}
	}
	if *httpAddr != "" {
		errw.Flush()
		if *timeout <= 0 {
			*timeout = 5 * time.Second
		}
		return serve(*httpAddr, solver, *timeout, rawErr)
	}
	p.Notation = nt // every path written, in every form, is in it
	job := &batch.Job{
		Solver:    solver,
		Preset:    p,
		Name:      "stdin",
		Log:       stderr,
		LogPrefix: "solve: ",
		Verbose:   *verbose,
		Timeout:   *timeout,
	}
	if isTerminal(rawErr) {
		job.Progress = progressBar(rawErr)
	}
	if set["analyse"] {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
		defer stop()
		return analyseOne(ctx, operands, *analysePath, nt, *asJSON, job, stdout, stderr)
	}
	if *show {
		if *width <= 0 {
			*width = terminalWidth(stdout)
		}
		return showAll(operands, job, *width, stdout, stderr)
	}
	// Ctrl-C stops the searches under way; the answers before them are
	// written. Boards given as arguments that are all looked up in tables
	// have nothing to stop, and go without the handler: its threads would
	// cost a run of one board more than the board's answer.
	ctx := context.Background()
	if len(operands) == 0 || !lookupsOnly(solver, p, operands) {
		var stop context.CancelFunc
		ctx, stop = signal.NotifyContext(ctx, os.Interrupt)
		defer stop()
	}
	var res batch.Result
	if len(operands) > 0 {
		// Arguments are boards (in pairs, for a format of pairs), one a
		// case, with no count before them.
		res, err = job.RunArgsContext(ctx, operands, stdout)
	} else {
		if isTerminal(stdin) {
			fmt.Fprintf(stderr, "solve: reading boards from standard input, one a line (Ctrl-D to end; solve -h for help)\n")
			errw.Flush()
		}
		res, err = job.RunContext(ctx, stdin, stdout)
	}
	var cut *batch.CutError
	if errors.As(err, &cut) {
		// A large board's path, streamed, cut short: its line is left
		// with no end, and this says where.
		if errors.Is(err, context.Canceled) {
			fmt.Fprintf(stderr, "solve: case %d: interrupted after %s of its path, whose line is left unfinished, with no line end; the answers before it are written\n", cut.Case, format.Plural(int(cut.Moves), "move"))
			return exitInterrupted
		}
		fmt.Fprintf(stderr, "solve: %v; the answers before it are written\n", err)
		return exitFatal
	}
	if errors.Is(err, context.Canceled) {
		fmt.Fprintf(stderr, "solve: interrupted after %s; the answers before it are written\n", format.Plural(res.Cases, "case"))
		return exitInterrupted
	}
	if err != nil {
		fmt.Fprintf(stderr, "solve: %v\n", err)
		return exitFatal
	}
	if res.Bad > 0 {
		return exitBad
	}
	return exitOK
}

// isTerminal reports whether r (a reader or a writer) is a terminal.
func isTerminal(r any) bool {
	f, ok := r.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// progressBar returns a batch.Job's Progress that shows on the terminal w,
// four times a second at most, how far the answer to a large board has
// come, and clears its line when the board is done.
func progressBar(w io.Writer) func(num, placed, tiles int, moves int64) {
	var mu sync.Mutex // cases are answered on every core
	var last time.Time
	shown := false
	return func(num, placed, tiles int, moves int64) {
		mu.Lock()
		defer mu.Unlock()
		if placed >= tiles {
			if shown {
				fmt.Fprint(w, "\r\033[K")
				shown = false
			}
			return
		}
		if now := time.Now(); now.Sub(last) >= 250*time.Millisecond {
			last, shown = now, true
			fmt.Fprintf(w, "\r\033[Ksolve: case %d: %d%% of %d tiles placed, %d moves written", num, 100*placed/max(tiles, 1), tiles, moves)
		}
	}
}

// searchLine returns a progress for the searches of -optimal that shows,
// on the terminal w, the bound and the nodes, and a func that clears it.
func searchLine(w io.Writer) (search.LargeProgress, func()) {
	var mu sync.Mutex
	shown := false
	var lastNodes int64
	var lastTime time.Time
	progress := func(bound int, nodes int64, done bool) {
		mu.Lock()
		defer mu.Unlock()
		if done {
			// The answer is written next: the line goes first.
			if shown {
				fmt.Fprint(w, "\r\033[K")
				shown = false
			}
			lastTime = time.Time{}
			return
		}
		now := time.Now()
		var rate float64
		if lastTime.IsZero() {
			rate = float64(nodes) / 0.25 // a board's first call, a quarter of a second in
		} else {
			rate = float64(nodes-lastNodes) / max(now.Sub(lastTime).Seconds(), 1e-3)
		}
		lastNodes, lastTime, shown = nodes, now, true
		fmt.Fprintf(w, "\r\033[Ksolve: searching for the shortest path: bound %d moves, %s nodes, %.1fM a second", bound, thousands(nodes), rate/1e6)
	}
	clear := func() {
		mu.Lock()
		defer mu.Unlock()
		if shown {
			fmt.Fprint(w, "\r\033[K")
			shown = false
		}
	}
	return progress, clear
}

// thousands writes n with a comma between each three digits.
func thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// anyLarge reports whether the boards of args, of preset p, or of a
// judge file of p when there are none, may have 17 to 64 cells: those
// -optimal searches for their shortest path.
func anyLarge(p format.Preset, args []string) bool {
	searched := func(s board.Shape) bool { return !s.Small() && s.Cells() <= search.MaxLargeCells }
	if p.Shape.Valid() {
		return searched(p.Shape)
	}
	if len(args) == 0 {
		return true // sizes given case by case
	}
	for _, a := range args {
		if s, err := board.Infer(a); err == nil && searched(s) {
			return true
		}
	}
	return false
}

// showAll draws the solution of each board given as an argument (in
// pairs of start and goal, for a format of pairs), read as the arguments
// of a run without -show are.
func showAll(args []string, job *batch.Job, width int, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "solve: -show wants boards as arguments, e.g. solve -show 23415x768")
		return exitFatal
	}
	p := job.Preset
	if p.Pairs && len(args)%2 != 0 {
		fmt.Fprintf(stderr, "solve: -format %s -show wants boards in pairs of start and goal, got %d\n", p.Name, len(args))
		return exitFatal
	}
	code := exitOK
	r := format.NewArgsReader(args, p)
	var c format.Case
	first := true
	for r.Next(&c) {
		if c.Err != nil {
			fmt.Fprintf(stderr, "solve: %v\n", c.Err)
			code = exitBad
			continue
		}
		if !first {
			fmt.Fprintln(stdout)
		}
		first = false
		path, ok, err := job.Solver.AppendPath(nil, c.Start, c.Goal)
		if errors.Is(err, engine.ErrShape) {
			fmt.Fprintf(stderr, "solve: %v\n", c.Fault(err.Error()))
			code = exitBad
			continue
		}
		if err != nil {
			fmt.Fprintf(stderr, "solve: %v\n", err)
			return exitFatal
		}
		switch {
		case !ok:
			_, err = fmt.Fprintf(stdout, "%v cannot reach %v: the two have different parity.\n", c.Start, c.Goal)
		case len(path) == 0:
			_, err = fmt.Fprintf(stdout, "%v is the goal: 0 moves.\n\n", c.Start)
		default:
			shortest := ""
			if !job.Solver.Optimal(c.Start.Shape()) {
				shortest = " (not proven shortest)"
			}
			_, err = fmt.Fprintf(stdout, "%v to %v: %s%s, %s\n\n", c.Start, c.Goal, format.Plural(len(path), "move"), shortest, job.Preset.Notation.Append(nil, path))
		}
		if n := c.Start.Shape().Cells(); err == nil && ok && len(path) > 0 && n > maxPicture {
			_, err = fmt.Fprintf(stdout, "(no pictures of a board of %d cells: -show draws boards of at most %d)\n", n, maxPicture)
		} else if err == nil && ok {
			err = picture(stdout, c.Start, path, width, job.Preset.Notation)
		}
		if err != nil {
			fmt.Fprintf(stderr, "solve: %v\n", err)
			return exitFatal
		}
	}
	return code
}
