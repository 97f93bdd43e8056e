// Command measure is the timer of the bench script: it runs commands side
// by side, each several times in turn so that the machine's noise falls on
// all of them alike, and prints the median wall time and the peak memory
// of each, with its ratio to the first.
//
// Usage:
//
//	measure -runs N [-in FILE] NAME=COMMAND...
//
// Each COMMAND is split on spaces; its standard input is FILE (or nothing)
// and its standard output is thrown away.
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
		name  string
		argv  []string
		times []time.Duration
		rss   int64 // KiB
	}
	var cmds []*cmd
	for _, a := range flag.Args() {
		name, line, ok := strings.Cut(a, "=")
		if !ok {
			fmt.Fprintf(os.Stderr, "measure: %q: want NAME=COMMAND\n", a)
			os.Exit(2)
		}
		cmds = append(cmds, &cmd{name: name, argv: strings.Fields(line)})
	}
	for range *runs {
		for _, c := range cmds {
			x := exec.Command(c.argv[0], c.argv[1:]...)
			if *in != "" {
				f, err := os.Open(*in)
				if err != nil {
					fmt.Fprintln(os.Stderr, "measure:", err)
					os.Exit(1)
				}
				x.Stdin = f
				defer f.Close()
			}
			x.Stderr = os.Stderr
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
			c.times = append(c.times, d)
			if ru, ok := x.ProcessState.SysUsage().(*syscall.Rusage); ok {
				c.rss = max(c.rss, ru.Maxrss)
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
