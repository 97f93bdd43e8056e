// Package cli holds what the commands share in reading their flags: flags
// and operands in any order, as GNU tools take them, help on standard
// output, and a short message for a flag gone wrong.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
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

// Exit returns the exit status for an error of Parse: 0 for help, 2 for a
// bad flag.
func Exit(err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	return 2
}
