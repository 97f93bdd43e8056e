package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/slidingpuzzle/solver/internal/cachefile"
	"github.com/slidingpuzzle/solver/pdb"
	"golang.org/x/term"
)

// writePlan builds the databases of a large plan (pdb.Large, pdb.Large5)
// on every core and writes them to dir, raw, for solve to map. It shows
// progress on w: a bar redrawn in place when w is a terminal, else a line
// every tenth. Each file is written under a temporary name and renamed
// when whole, so that a build stopped half way leaves no file that could
// pass for a database.
func writePlan(ctx context.Context, dir string, plan pdb.Plan, w io.Writer) error {
	if dir == "default" {
		d, err := pdb.DefaultDir()
		if err != nil {
			return err
		}
		dir = d
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tty := false
	if f, ok := w.(*os.File); ok {
		tty = term.IsTerminal(int(f.Fd()))
	}
	start := time.Now()
	for _, p := range plan.Of() {
		t0 := time.Now()
		bar := newBar(w, tty, fmt.Sprintf("%v (%d placements)", p, p.Size()))
		raw, err := pdb.BuildRaw(ctx, p, bar.update)
		bar.end()
		if err != nil {
			return err
		}
		path := filepath.Join(dir, pdb.FileName(p))
		err = cachefile.Write(path, func(f *os.File) error {
			if err := f.Chmod(0o644); err != nil { // as os.WriteFile made them
				return err
			}
			return pdb.WriteRaw(f, p, raw)
		})
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "gentable: wrote %s (%d MB) in %v\n", path, len(raw)>>20, time.Since(t0).Round(time.Second))
	}
	use := "solve uses them"
	if plan.Shape != pdb.Large.Shape {
		use = fmt.Sprintf("solve uses them for %v boards (their short paths, and -optimal's shortest)", plan.Shape)
	}
	_, err := fmt.Fprintf(w, "gentable: the large %v databases are in %s (%v); %s with -pdb %s%s\n",
		plan.Shape, dir, time.Since(start).Round(time.Second), use, dir, findNote(dir))
	return err
}

// findNote says whether solve finds dir by itself.
func findNote(dir string) string {
	if d, err := pdb.DefaultDir(); err == nil && d == dir {
		return ", and finds them there by itself"
	}
	return ""
}

// bar shows a build's progress.
type bar struct {
	w     io.Writer
	tty   bool
	what  string
	start time.Time
	last  int // the last tenth said, off a terminal
}

func newBar(w io.Writer, tty bool, what string) *bar {
	b := &bar{w: w, tty: tty, what: what, start: time.Now(), last: -1}
	if !tty {
		fmt.Fprintf(w, "gentable: building %s\n", what)
	}
	return b
}

func (b *bar) update(done, total int64) {
	frac := min(float64(done)/float64(total), 1)
	if b.tty {
		const width = 30
		n := int(frac * width)
		fmt.Fprintf(b.w, "\r%s [%s%s] %3.0f%% %v ", b.what, strings.Repeat("#", n), strings.Repeat(".", width-n), 100*frac, time.Since(b.start).Round(time.Second))
		return
	}
	if tenth := int(frac * 10); tenth > b.last {
		b.last = tenth
		fmt.Fprintf(b.w, "gentable: %3d%% after %v\n", tenth*10, time.Since(b.start).Round(time.Second))
	}
}

func (b *bar) end() {
	if b.tty {
		fmt.Fprintln(b.w)
	}
}
