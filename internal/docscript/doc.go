// Package docscript holds the test that runs every command the README
// and the manual (docs/*.md) show, as a user would, and compares what it
// prints with what they say it prints.
//
// A command is shown in a fenced block of the language "console": a line
// "$ COMMAND" and, after it, what the command prints, its standard output
// and its standard error as a terminal shows them, and, where it exits
// with a status other than 0, a last line "(exit status N)". A line
// "..." stands for any lines, and "..." in a line for any text there (a
// time, say). The blocks of each file are kept as a
// testscript file (github.com/rogpeppe/go-internal/testscript) under
// testdata/script, written again by `go test ./internal/docscript
// -update`; the test fails where a file's blocks and its script differ,
// and where a command prints other than its block says. The commands run
// in the repository's root, with solve, judge and gentable, built by the
// test, first on PATH.
package docscript
