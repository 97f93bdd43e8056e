package cli

import (
	"bytes"
	"flag"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	for _, c := range []struct {
		args     []string
		operands string
		format   string
		show     bool
	}{
		{[]string{"a", "b"}, "a b", "", false},
		{[]string{"a", "-format", "x", "b", "-show"}, "a b", "x", true},
		{[]string{"-show", "a", "--", "-format", "b"}, "a -format b", "", true},
		{[]string{"a", "-", "-format=y"}, "a -", "y", false},
		{[]string{"--", "-x"}, "-x", "", false},
		{nil, "", "", false},
	} {
		fs := flag.NewFlagSet("solve", flag.ContinueOnError)
		f := fs.String("format", "", "")
		s := fs.Bool("show", false, "")
		var o, e bytes.Buffer
		ops, err := Parse(fs, c.args, &o, &e)
		if err != nil {
			t.Errorf("%q: %v", c.args, err)
			continue
		}
		if got := strings.Join(ops, " "); got != c.operands || *f != c.format || *s != c.show {
			t.Errorf("%q: operands %q format %q show %v, want %q %q %v", c.args, got, *f, *s, c.operands, c.format, c.show)
		}
	}
}

func TestHelpAndBadFlag(t *testing.T) {
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	fs.Usage = func() { fs.Output().Write([]byte("the help\n")) }
	var o, e bytes.Buffer
	_, err := Parse(fs, []string{"a", "-h"}, &o, &e)
	if Exit(err) != 0 || o.String() != "the help\n" || e.Len() != 0 {
		t.Errorf("-h: exit %d, stdout %q, stderr %q", Exit(err), o.String(), e.String())
	}
	o.Reset()
	_, err = Parse(fs, []string{"-nope"}, &o, &e)
	if want := "flag provided but not defined: -nope\nrun solve -h for help\n"; Exit(err) != 2 || o.Len() != 0 || e.String() != want {
		t.Errorf("-nope: exit %d, stdout %q, stderr %q, want %q", Exit(err), o.String(), e.String(), want)
	}
}

// TestOnly holds that a flag given outside the ones a mode takes is an
// error that names it, the mode and what the mode takes.
func TestOnly(t *testing.T) {
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	fs.String("a", "", "")
	fs.String("b", "", "")
	fs.Bool("c", false, "")
	if err := fs.Parse([]string{"-a", "1", "-c"}); err != nil {
		t.Fatal(err)
	}
	if err := Only(fs, "with -a", "a", "c"); err != nil {
		t.Errorf("flags that apply: %v", err)
	}
	err := Only(fs, "with -a", "a")
	if err == nil || err.Error() != "-c does not apply with -a, which takes only -a" {
		t.Errorf("got %v", err)
	}
	if err := Only(fs, "here", "b"); err == nil || !strings.HasPrefix(err.Error(), "-a, -c do not apply here") {
		t.Errorf("got %v", err)
	}
}
