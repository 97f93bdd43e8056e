// Command solve answers 8-puzzle boards with shortest paths, from tables
// compiled into it: no search, time proportional to the answer.
//
// Usage:
//
//	solve [flags] [board ...]
//
// Boards given as arguments are answered one a line. With no arguments,
// solve reads a judge file on standard input and writes one answer for each
// case, in the judge's form (-format). Run solve -h for the flags.
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/slidingpuzzle/solver/batch"
	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/embedded"
	"github.com/slidingpuzzle/solver/format"
	"github.com/slidingpuzzle/solver/internal/cli"
	"golang.org/x/term"
)

// Exit statuses.
const (
	exitOK    = 0 // every case was read and answered
	exitBad   = 1 // some case could not be read; the others were answered
	exitFatal = 2 // bad flags, a missing or corrupt table, an I/O error
)

func main() {
	if os.Getenv("GOMEMLIMIT") == "" {
		// A file of bad lines makes a message of each, and garbage with
		// it: a soft limit makes the collector keep memory under 32 MiB
		// there, and costs nothing where the heap stays small.
		debug.SetMemoryLimit(28 << 20)
	}
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func usage(w io.Writer, fs *flag.FlagSet) {
	fmt.Fprintf(w, `Usage: solve [flags] [board ...]

Solve answers 8-puzzle boards with a shortest path, from tables compiled
into it. Moves name where the blank goes: u d l r. Among shortest paths it
gives the lexicographically smallest (d < l < r < u).

Boards given as arguments are answered one a line. A board is nine cells,
the blank as x, X, 0 or #, with or without spaces, on one line or three:

	solve 23415x768
	solve "2 3 4 1 5 x 7 6 8" 12345678x
	solve -goal 123804765 -format luogu1379 283104765

With no arguments solve reads a judge file on standard input and writes one
answer a case, in the judge's form:

	solve < cases.txt
	solve -format hdu3567 < eight2.txt

With -show, solve draws the solution of each board given as an argument,
board by board with the move between them:

	solve -show 23415x768

A case that cannot be read is reported on standard error with its line and
column, and answered with the word %q so that answers stay aligned with
their cases.

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
table, or an error reading or writing.
`)
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	// Messages are many on a bad file: write them in bulk, and at the end.
	errw := bufio.NewWriterSize(stderr, 32<<10)
	defer errw.Flush()
	stderr = errw
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	formatName := fs.String("format", format.Presets[0].Name, "read and write the judge format `NAME` (listed below), e.g. -format uva652")
	goalText := fs.String("goal", "", "solve for the goal `BOARD` instead of the format's, e.g. -goal 123804765 or -goal \"1 2 3 8 x 4 7 6 5\"")
	show := fs.Bool("show", false, "draw each board's solution, board by board, instead of printing it, e.g. -show 23415x768")
	width := fs.Int("width", 0, "draw -show pictures `COLUMNS` wide, e.g. -width 120; the default is the terminal's width, or 80")
	fs.Usage = func() { usage(fs.Output(), fs) }
	operands, err := cli.Parse(fs, args, stdout, stderr)
	if err != nil {
		return cli.Exit(err)
	}
	p, ok := format.Lookup(*formatName)
	if !ok {
		fmt.Fprintf(stderr, "solve: unknown format %q; want one of %s\n", *formatName, strings.Join(format.Names(), ", "))
		return exitFatal
	}
	job := &batch.Job{
		Solver:    embedded.Solver(),
		Preset:    p,
		Name:      "stdin",
		Log:       stderr,
		LogPrefix: "solve: ",
	}
	if *goalText != "" {
		if p.Pairs {
			fmt.Fprintf(stderr, "solve: -goal does not go with -format %s, which reads a goal with every case\n", p.Name)
			return exitFatal
		}
		g, err := board.Parse(p.Shape, *goalText)
		if err != nil {
			fmt.Fprintf(stderr, "solve: -goal %q: %v\n", *goalText, positionless(*goalText, err))
			return exitFatal
		}
		job.Goal = g
	}
	if *show {
		if *width <= 0 {
			*width = terminalWidth(stdout)
		}
		return showAll(operands, p, job.Goal, *width, stdout, stderr)
	}
	var res batch.Result
	if len(operands) > 0 {
		// Arguments are boards (in pairs, for a format of pairs), one a
		// case, with no count before them.
		res, err = job.RunArgs(operands, stdout)
	} else {
		if isTerminal(stdin) {
			fmt.Fprintf(stderr, "solve: reading boards from standard input, one a line (Ctrl-D to end; solve -h for help)\n")
			errw.Flush()
		}
		res, err = job.Run(stdin, stdout)
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

// isTerminal reports whether r is a terminal.
func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// positionless drops the "1:" of an error in a one-line board.
func positionless(text string, err error) error {
	var se *board.SyntaxError
	if errors.As(err, &se) && !strings.Contains(text, "\n") {
		if se.Col > 0 {
			return fmt.Errorf("column %d: %s", se.Col, se.Msg)
		}
		return errors.New(se.Msg)
	}
	return err
}

// showAll draws the solution of each board in args (in pairs of start and
// goal, for a format of pairs).
func showAll(args []string, p format.Preset, goal board.Board, width int, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "solve: -show wants boards as arguments, e.g. solve -show 23415x768")
		return exitFatal
	}
	goal = p.GoalOr(goal)
	step := 1
	if p.Pairs {
		step = 2
		if len(args)%2 != 0 {
			fmt.Fprintf(stderr, "solve: -format %s -show wants boards in pairs of start and goal, got %d\n", p.Name, len(args))
			return exitFatal
		}
	}
	code := exitOK
	for i := 0; i < len(args); i += step {
		start, err := board.Parse(p.Shape, args[i])
		if err == nil && p.Pairs {
			goal, err = board.Parse(p.Shape, args[i+1])
			if err != nil {
				i++
			}
		}
		if err != nil {
			fmt.Fprintf(stderr, "solve: argument %d: %v\n", i+1, positionless(args[i], err))
			code = exitBad
			continue
		}
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		path, ok, err := embedded.Solver().AppendPath(nil, start, goal)
		if err != nil {
			fmt.Fprintf(stderr, "solve: %v\n", err)
			return exitFatal
		}
		if !ok {
			if _, err := fmt.Fprintf(stdout, "%v cannot reach %v: the two have different parity.\n", start, goal); err != nil {
				fmt.Fprintf(stderr, "solve: %v\n", err)
				return exitFatal
			}
			continue
		}
		if len(path) == 0 {
			fmt.Fprintf(stdout, "%v is the goal: 0 moves.\n\n", start)
		} else {
			fmt.Fprintf(stdout, "%v to %v: %s, %s\n\n", start, goal, plural(len(path), "move"), path)
		}
		if err := picture(stdout, start, path, width); err != nil {
			fmt.Fprintf(stderr, "solve: %v\n", err)
			return exitFatal
		}
	}
	return code
}

// plural writes "1 move" or "2 moves".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
