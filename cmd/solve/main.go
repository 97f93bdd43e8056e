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
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/slidingpuzzle/solver/batch"
	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/embedded"
	"github.com/slidingpuzzle/solver/format"
)

// Exit statuses.
const (
	exitOK    = 0 // every case was read and answered
	exitBad   = 1 // some case could not be read; the others were answered
	exitFatal = 2 // bad flags, a missing or corrupt table, an I/O error
)

func main() {
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
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	formatName := fs.String("format", format.Presets[0].Name, "read and write the judge format `NAME` (listed below), e.g. -format uva652")
	goalText := fs.String("goal", "", "solve for the goal `BOARD` instead of the format's, e.g. -goal 123804765 or -goal \"1 2 3 8 x 4 7 6 5\"")
	show := fs.Bool("show", false, "draw each board's solution, board by board, instead of printing it, e.g. -show 23415x768")
	width := fs.Int("width", terminalWidth(), "draw -show pictures `COLUMNS` wide, e.g. -width 120; $COLUMNS sets the default")
	fs.Usage = func() { usage(stderr, fs) }
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitFatal
	}
	p, ok := format.Lookup(*formatName)
	if !ok {
		fmt.Fprintf(stderr, "solve: unknown format %q; want one of %s\n", *formatName, strings.Join(format.Names(), ", "))
		return exitFatal
	}
	job := &batch.Job{
		Set:    embedded.Set(),
		Preset: p,
		Name:   "stdin",
		Report: func(err error) { fmt.Fprintf(stderr, "solve: %v\n", err) },
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
		return showAll(fs.Args(), p, job.Goal, *width, stdout, stderr)
	}
	var in io.Reader = stdin
	if fs.NArg() > 0 {
		// Arguments are boards (in pairs, for a format of pairs), with no
		// count before them.
		in = argsInput(fs.Args())
		job.Preset.Count = false
		job.Report = func(err error) { fmt.Fprintf(stderr, "solve: %v\n", argumentError(err)) }
	}
	res, err := job.Run(in, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "solve: %v\n", err)
		return exitFatal
	}
	if res.Bad > 0 {
		return exitBad
	}
	return exitOK
}

// argsInput lays the boards given as arguments out as the input of p:
// one argument a line, so that a message's line is its argument's number.
func argsInput(args []string) io.Reader {
	var sb strings.Builder
	for _, a := range args {
		sb.WriteString(strings.ReplaceAll(a, "\n", " "))
		sb.WriteByte('\n')
	}
	return strings.NewReader(sb.String())
}

// argumentError turns "argument:2:5: msg" into "argument 2, column 5: msg".
func argumentError(err error) error {
	var se *board.SyntaxError
	if !errors.As(err, &se) {
		return err
	}
	if se.Col > 0 {
		return fmt.Errorf("argument %d, column %d: %s", se.Line, se.Col, se.Msg)
	}
	return fmt.Errorf("argument %d: %s", se.Line, se.Msg)
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
		path, ok, err := embedded.Set().AppendPath(nil, start, goal)
		if err != nil {
			fmt.Fprintf(stderr, "solve: %v\n", err)
			return exitFatal
		}
		if !ok {
			fmt.Fprintf(stdout, "%v cannot reach %v: the two have different parity.\n", start, goal)
			continue
		}
		fmt.Fprintf(stdout, "%v to %v: %d moves, %s\n\n", start, goal, len(path), path)
		if err := picture(stdout, start, path, width); err != nil {
			return exitFatal
		}
	}
	return code
}
