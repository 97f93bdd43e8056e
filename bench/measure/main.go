// Command measure is the timer of the bench script: it runs commands side
// by side, each several times in turn so that the machine's noise falls on
// all of them alike, and prints the median wall time and the peak memory
// of each, with its ratio to the first.
//
// Usage:
//
//	measure -runs N [-in FILE] NAME=COMMAND...
//
// Each COMMAND is split on spaces: words of the form KEY=VALUE before the
// program are set in its environment, a word <PATH names its standard
// input and a word 2>PATH its standard error, as a shell would take them,
// with no shell started (a shell costs milliseconds, which would fall on
// every command timed). Its standard input is otherwise FILE (or nothing),
// its standard error this one's, and its standard output is thrown away.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"syscall"
	"time"
)

func main() {
	runs := flag.Int("runs", 5, "run each command `N` times")
	in := flag.String("in", "", "the standard input of every command, a `FILE`")
	flag.Parse()
	type cmd struct {
		name   string
		env    []string // KEY=VALUE, added to the environment
		stdin  string   // a file, or ""
		stderr string   // a file, or "" for measure's own
		argv   []string
		times  []time.Duration
		rss    int64 // KiB
	}
	var cmds []*cmd
	for _, a := range flag.Args() {
		name, line, ok := strings.Cut(a, "=")
		if !ok {
			fmt.Fprintf(os.Stderr, "measure: %q: want NAME=COMMAND\n", a)
			os.Exit(2)
		}
		c := &cmd{name: name, stdin: *in}
		for _, w := range strings.Fields(line) {
			switch {
			case strings.HasPrefix(w, "<"):
				c.stdin = w[1:]
			case strings.HasPrefix(w, "2>"):
				c.stderr = w[2:]
			case len(c.argv) == 0 && strings.Contains(w, "="):
				c.env = append(c.env, w)
			default:
				c.argv = append(c.argv, w)
			}
		}
		if len(c.argv) == 0 {
			fmt.Fprintf(os.Stderr, "measure: %q: no command\n", a)
			os.Exit(2)
		}
		cmds = append(cmds, c)
	}
	for range *runs {
		for _, c := range cmds {
			x := exec.Command(c.argv[0], c.argv[1:]...)
			if len(c.env) > 0 {
				x.Env = append(os.Environ(), c.env...)
			}
			if c.stdin != "" {
				f, err := os.Open(c.stdin)
				if err != nil {
					fmt.Fprintln(os.Stderr, "measure:", err)
					os.Exit(1)
				}
				x.Stdin = f
			}
			x.Stderr = os.Stderr
			if c.stderr != "" {
				f, err := os.OpenFile(c.stderr, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
				if err != nil {
					fmt.Fprintln(os.Stderr, "measure:", err)
					os.Exit(1)
				}
				x.Stderr = f
			}
			start := time.Now()
			err := x.Run()
			d := time.Since(start)
			if err != nil {
				if _, ok := err.(*exec.ExitError); !ok {
					fmt.Fprintf(os.Stderr, "measure: %s: %v\n", c.name, err)
					os.Exit(1)
				}
			}
			if f, ok := x.Stdin.(*os.File); ok {
				f.Close()
			}
			if f, ok := x.Stderr.(*os.File); ok && f != os.Stderr {
				f.Close()
			}
			c.times = append(c.times, d)
			if ru, ok := x.ProcessState.SysUsage().(*syscall.Rusage); ok {
				c.rss = max(c.rss, int64(ru.Maxrss)) // int32 on 386
			}
		}
	}
	base := median(cmds[0].times)
	fmt.Printf("%-22s %12s %10s %12s\n", "command", "median", "ratio", "peak memory")
	for _, c := range cmds {
		m := median(c.times)
		fmt.Printf("%-22s %12s %9.2fx %9.1f MiB\n", c.name, m.Round(10*time.Microsecond), float64(m)/float64(base), float64(c.rss)/1024)
	}
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}
