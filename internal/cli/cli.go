// Package cli holds what the commands share in reading their flags: flags
// and operands in any order, as GNU tools take them, help on standard
// output, and a short message for a flag gone wrong.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"slices"
	"strings"
	"sync"

	"github.com/slidingpuzzle/solver/engine"
)

// Parse parses args with fs, taking flags wherever they stand among the
// operands ("solve 23415x768 -format acwing845"), until "--", after which
// everything is an operand. An operand never starts with "-" unless it is
// "-" itself (standard input). It returns the operands.
//
// On -h or -help, Parse writes help (fs's Usage) to stdout and returns
// flag.ErrHelp. On a bad flag it writes two lines to stderr, what was
// wrong and "run NAME -h for help", and returns the error. Either way the
// caller exits; with status 0 for ErrHelp (see Exit).
func Parse(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) ([]string, error) {
	usage := fs.Usage
	fs.Usage = func() {} // flag prints its own line for a bad flag
	fs.SetOutput(stderr)
	defer func() { fs.Usage = usage }()
	var operands []string
	for {
		err := fs.Parse(args)
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(stdout)
			usage()
			return nil, err
		}
		if err != nil {
			fmt.Fprintf(stderr, "run %s -h for help\n", fs.Name())
			return nil, err
		}
		rest := fs.Args()
		// flag stops at the first operand, or after "--".
		if len(rest) == 0 {
			return operands, nil
		}
		if len(args) > len(rest) && args[len(args)-len(rest)-1] == "--" {
			return append(operands, rest...), nil
		}
		k := 0
		for k < len(rest) && (rest[k] == "-" || !strings.HasPrefix(rest[k], "-")) {
			k++
		}
		operands = append(operands, rest[:k]...)
		args = rest[k:]
		if len(args) == 0 {
			return operands, nil
		}
	}
}

// Only returns an error for the first flag given on the command line
// (fs.Visit) that is not among those that apply when, a mode of the
// command such as "with -http", and nil when every one is: a flag that
// would be ignored is an error, never silence.
func Only(fs *flag.FlagSet, when string, apply ...string) error {
	var bad []string
	fs.Visit(func(f *flag.Flag) {
		if !slices.Contains(apply, f.Name) {
			bad = append(bad, "-"+f.Name)
		}
	})
	if len(bad) == 0 {
		return nil
	}
	takes := make([]string, 0, len(apply))
	for _, a := range apply {
		takes = append(takes, "-"+a)
	}
	what := "does not apply"
	if len(bad) > 1 {
		what = "do not apply"
	}
	return fmt.Errorf("%s %s %s, which takes only %s", strings.Join(bad, ", "), what, when, strings.Join(takes, ", "))
}

// Exit returns the exit status for an error of Parse: 0 for help, 2 for a
// bad flag.
func Exit(err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	return 2
}

// LimitMemory sets a soft memory limit of 28 MiB unless GOMEMLIMIT says
// otherwise: a large file answered at speed, or a file of bad lines with a
// message each, makes garbage, and the limit makes the collector keep the
// process under 32 MiB there; it costs nothing where the heap stays small.
func LimitMemory() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(28 << 20)
	}
}

// BuildLine returns the progress of the pattern databases an
// engine.Solver builds on first use, for the command called name: a note
// on w the first time, and, where w is a terminal, how far the builds
// have come, on a line of its own that is cleared when they are done.
func BuildLine(w io.Writer, name string, terminal bool) func(engine.BuildProgress) {
	var mu sync.Mutex // cases are answered on every core
	noted, shown := false, false
	return func(p engine.BuildProgress) {
		mu.Lock()
		defer mu.Unlock()
		if p.Databases == 0 {
			if shown {
				fmt.Fprint(w, "\r\033[K")
				shown = false
			}
			return
		}
		if !noted {
			noted = true
			fmt.Fprintf(w, "%s: building the pattern databases of %v boards, once (seconds; they are kept in the user cache folder)\n", name, p.Shape)
		}
		if terminal {
			shown = true
			fmt.Fprintf(w, "\r\033[K%s: building %d database(s): %d%%", name, p.Databases, 100*p.Done/max(p.Total, 1))
		}
	}
}
