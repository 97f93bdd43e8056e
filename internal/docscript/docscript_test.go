package docscript

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/slidingpuzzle/solver/internal/testcache"
)

var update = flag.Bool("update", false, "write the scripts again from the README and docs/*.md")

// root is the repository's root, where the commands run.
var root = func() string {
	dir, _ := filepath.Abs("../..")
	return dir
}()

// bin is the folder of the commands the test built.
var bin string

func TestMain(m *testing.M) {
	flag.Parse()
	dir, err := os.MkdirTemp("", "docscript")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	bin = filepath.Join(dir, "bin")
	build := exec.Command("go", "build", "-o", bin+string(filepath.Separator), "./cmd/solve", "./cmd/judge", "./cmd/gentable")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building the commands: %v\n%s", err, out)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// A command is a command a document shows, with what it prints.
type command struct {
	text string // the command, for sh -c
	want []string
}

// commands returns the commands of the console blocks of a Markdown
// document.
func commands(doc string) ([]command, error) {
	var out []command
	var cur *command
	in := false
	sc := bufio.NewScanner(strings.NewReader(doc))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case !in && strings.TrimSpace(line) == "```console":
			in = true
		case in && strings.TrimSpace(line) == "```":
			in, cur = false, nil
		case in && strings.HasPrefix(line, "$ "):
			out = append(out, command{text: line[2:]})
			cur = &out[len(out)-1]
		case in && cur == nil:
			return nil, fmt.Errorf("line %d: a console block's output before any \"$ \" command", n)
		case in:
			cur.want = append(cur.want, line)
		}
	}
	if in {
		return nil, fmt.Errorf("a console block is not closed")
	}
	return out, sc.Err()
}

// script returns the testscript of a document's commands.
func script(name string, cmds []command) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "# The commands of %s, written by go test ./internal/docscript -update: do not edit.\n", name)
	for _, c := range cmds {
		fmt.Fprintf(&sb, "\n# %s: $ %s\n", name, c.text)
		run := "{ " + c.text + "; } 2>&1; s=$?; [ $s -eq 0 ] || echo \"(exit status $s)\""
		fmt.Fprintf(&sb, "exec sh -c %s\n", quote(run))
		fmt.Fprintf(&sb, "stdout %s\n", quote(pattern(c.want)))
	}
	return sb.String()
}

// pattern returns the regular expression of output want: its lines
// exactly, a line "..." any lines, and "..." in a line any text there (a
// time, a count of nodes).
func pattern(want []string) string {
	var sb strings.Builder
	sb.WriteString(`(?s)\A`)
	for _, w := range want {
		if w == "..." {
			sb.WriteString(`.*`)
			continue
		}
		parts := strings.Split(w, "...")
		for i, part := range parts {
			if i > 0 {
				sb.WriteString(`[^\n]*`)
			}
			sb.WriteString(regexp.QuoteMeta(part))
		}
		sb.WriteString(`\n`)
	}
	sb.WriteString(`\z`)
	return sb.String()
}

// quote quotes s for a testscript line.
func quote(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

// documents returns the README and the manual's pages, by name.
func documents(t *testing.T) []string {
	docs, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"README.md"}
	for _, d := range docs {
		names = append(names, filepath.Join("docs", filepath.Base(d)))
	}
	return names
}

// scriptName is the testscript file of the document name.
func scriptName(name string) string {
	return filepath.Join("testdata", "script", strings.ReplaceAll(strings.TrimSuffix(name, ".md"), string(filepath.Separator), "-")+".txtar")
}

// TestScriptsFresh: each document's commands are its script's, and no
// script is left of a document gone.
func TestScriptsFresh(t *testing.T) {
	kept := map[string]bool{}
	for _, name := range documents(t) {
		data, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			t.Fatal(err)
		}
		cmds, err := commands(string(data))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if len(cmds) == 0 {
			continue
		}
		file := scriptName(name)
		kept[file] = true
		want := script(name, cmds)
		if *update {
			if err := os.WriteFile(file, []byte(want), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(file)
		if err != nil || string(got) != want {
			t.Errorf("%s is stale or missing for %s; run go test ./internal/docscript -update", file, name)
		}
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "script", "*.txtar"))
	for _, f := range files {
		if !kept[f] {
			if *update {
				os.Remove(f)
				continue
			}
			t.Errorf("%s is the script of no document; run go test ./internal/docscript -update", f)
		}
	}
}

// TestDocs runs every document's commands and holds them to what the
// document says they print.
func TestDocs(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir: filepath.Join("testdata", "script"),
		Setup: func(env *testscript.Env) error {
			env.Cd = root
			env.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
			env.Setenv("HOME", os.Getenv("HOME"))
			// Databases built on first use go to the folder every
			// package's tests share.
			env.Setenv("XDG_CACHE_HOME", testcache.XDG())
			return nil
		},
	})
}
