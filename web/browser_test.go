package web

import (
	"context"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/embedded"
)

// browser returns the path of a Chromium or Chrome on this machine, or "".
func browser() string {
	if p := os.Getenv("CHROME"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// TestPage drives the real page in a headless browser: it types a board,
// presses Solve, reads the path and the drawn board back, steps through
// the answer, checks what an unsolvable and a bad board say, and saves a
// screenshot. It is skipped where no browser is installed (.ci/run
// installs Debian's chromium).
func TestPage(t *testing.T) {
	exe := browser()
	if exe == "" {
		t.Skip("no Chromium or Chrome installed: the page is not driven (apt-get install chromium)")
	}
	srv := httptest.NewServer(New(embedded.Solver(), Options{}))
	defer srv.Close()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(420, 900), // a phone-sized screen
	)
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	ctx, cancel = context.WithTimeout(ctx, 60*time.Second)
	defer cancel()

	do := func(steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, steps...); err != nil {
			t.Fatal(err)
		}
	}
	text := func(sel string) string {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Text(sel))
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	eval := func(expr string) string {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[string](expr))
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	poll := func(expr string) {
		t.Helper()
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](expr, chromedp.WithPollingTimeout(20*time.Second))); err != nil {
			t.Fatalf("waiting for %s: %v", expr, err)
		}
	}
	tiles := `Array.from(document.querySelectorAll('#grid .tile')).map(d => d.textContent || 'x').join(' ')`
	path := `document.querySelector('#path').dataset.path || ''`

	do(chromedp.Navigate(srv.URL), chromedp.WaitVisible(`#grid .tile`))
	shapes := eval(`String(document.querySelectorAll('#shape option').length)`)
	do(chromedp.SetValue(`#board`, "2 3 4\n1 5 x\n7 6 8"), chromedp.Click(`#solve`), chromedp.WaitVisible(`#moves`))
	moves, got, drawn := text(`#moves`), eval(path), eval(tiles)
	do(chromedp.Click(`#step`))
	afterStep, position := eval(tiles), text(`#position`)
	if shapes != "25" {
		t.Errorf("%s shapes offered, want every one the solver answers with shortest paths, 19, and 5x5 to 10x10", shapes)
	}
	if moves != "19" || got != "dlurullddrurdllurdr" {
		t.Errorf("solved: %s moves, path %q; want 19, dlurullddrurdllurdr", moves, got)
	}
	if drawn != "2 3 4 1 5 x 7 6 8" || afterStep != "2 3 4 1 5 8 7 6 x" || position != "1 / 19" {
		t.Errorf("drawn %q, after a step %q at %q", drawn, afterStep, position)
	}
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	shot := filepath.Join(os.TempDir(), "solve-page.png")
	if err := os.WriteFile(shot, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", shot)

	// Back, play to the end, an unsolvable board, a bad one, a 4x4 one.
	do(chromedp.Click(`#back`), chromedp.Click(`#play`))
	poll(`document.querySelector('#position').textContent === '19 / 19'`)
	if end := eval(tiles); end != "1 2 3 4 5 6 7 8 x" {
		t.Errorf("played to the end: %q, want the goal", end)
	}
	do(chromedp.SetValue(`#board`, "21345678x"), chromedp.Click(`#solve`))
	poll(`document.querySelector('#result').textContent === 'Unsolvable.'`)
	if msg := text(`#message`); !strings.Contains(msg, "different parity") {
		t.Errorf("unsolvable: %q", msg)
	}
	do(chromedp.SetValue(`#board`, "12345678q"), chromedp.Click(`#solve`))
	poll(`document.querySelector('#message').textContent.includes('unexpected')`)
	if msg := text(`#message`); !strings.Contains(msg, "unexpected 'q'") {
		t.Errorf("bad board: %q, want the parser's message", msg)
	}
	do(chromedp.SetValue(`#shape`, "4x4"))
	eval(`document.querySelector('#shape').dispatchEvent(new Event('change')), ''`)
	do(chromedp.SetValue(`#board`, "1 2 3 4\n5 6 7 8\n9 10 11 12\n13 x 14 15"), chromedp.Click(`#solve`), chromedp.WaitVisible(`#moves`))
	if big := eval(path); big != "rr" {
		t.Errorf("4x4: path %q, want rr", big)
	}

	// Click the tile right of the blank: it slides, and the text follows.
	do(chromedp.Click(`#grid .tile[data-i="14"]`))
	if got, text := eval(tiles), eval(`document.querySelector('#board').value`); got != "1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15" || text != "1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 x 15" {
		t.Errorf("after a click: %q, text %q", got, text)
	}
	// Shuffle gives a board that can reach the goal (on 3x3, whose answers
	// are lookups: a random 4x4 board may need seconds of search).
	do(chromedp.SetValue(`#shape`, "3x3"))
	eval(`document.querySelector('#shape').dispatchEvent(new Event('change')), ''`)
	for range 5 {
		do(chromedp.Click(`#shuffle`), chromedp.Click(`#solve`), chromedp.WaitVisible(`#moves`))
		if msg := text(`#message`); msg != "" {
			t.Errorf("a shuffled board: %q", msg)
		}
	}

	// 10x10 for the snail goal: drawn whole on the phone's screen, its
	// numbers inside their tiles, shuffled, solved (not proven shortest),
	// and the path played from the start ends at the goal.
	do(chromedp.SetValue(`#goal`, "snail"))
	eval(`document.querySelector('#goal').dispatchEvent(new Event('change')), ''`)
	do(chromedp.SetValue(`#shape`, "10x10"))
	eval(`document.querySelector('#shape').dispatchEvent(new Event('change')), ''`)
	if n := eval(`String(document.querySelectorAll('#grid .tile').length)`); n != "100" {
		t.Errorf("10x10: %s tiles drawn", n)
	}
	if snail := eval(`Array.from(document.querySelectorAll('#grid .tile')).slice(0, 12).map(d => d.textContent || 'x').join(' ')`); snail != "1 2 3 4 5 6 7 8 9 10 36 37" {
		t.Errorf("10x10 snail goal: starts %q", snail)
	}
	if fits := eval(`String(document.querySelector('#grid').getBoundingClientRect().right <= window.innerWidth && Array.from(document.querySelectorAll('#grid .tile')).every(d => d.scrollWidth <= d.clientWidth))`); fits != "true" {
		t.Errorf("10x10 on a %s px wide screen: the grid or a number does not fit", eval(`String(window.innerWidth)`))
	}
	do(chromedp.Click(`#shuffle`), chromedp.Click(`#solve`), chromedp.WaitVisible(`#moves`))
	if r := text(`#result`); !strings.Contains(r, "reduce") || !strings.Contains(r, "not proven shortest") {
		t.Errorf("10x10: %q, want the engine and that the path is not proven shortest", r)
	}
	if end := eval(`(() => { const c = start.slice(); for (const m of path) apply(c, m); return String(c.join(' ') === goalCells().join(' ')); })()`); end != "true" {
		t.Errorf("10x10: the path played from the start does not end at the goal")
	}
	do(chromedp.Click(`#step`), chromedp.Click(`#step`))
	if pos := text(`#position`); !strings.HasPrefix(pos, "2 / ") {
		t.Errorf("10x10: after two steps at %q", pos)
	}

	// A 12x12 board, more than the page draws, typed a row a line: sent in
	// a form, answered as text.
	big := board.Shape{Rows: 12, Cols: 12}
	goal, _ := big.Named(board.Snail)
	b := goal
	b.Apply(walk12)
	var rowsText []string
	for r := range big.Rows {
		var row []string
		for c := range big.Cols {
			row = append(row, strconv.Itoa(b.Cell(r*big.Cols+c)))
		}
		rowsText = append(rowsText, strings.Join(row, " "))
	}
	do(chromedp.SetValue(`#board`, strings.Join(rowsText, "\n")), chromedp.Click(`#solve`))
	poll(`document.querySelector('#text').textContent !== ''`)
	if r, hidden := text(`#result`), eval(`String(document.querySelector('#grid').hidden)`); !strings.Contains(r, "on a 12x12 board") || hidden != "true" {
		t.Errorf("12x12: %q, grid hidden %s", r, hidden)
	}
	p, err := board.ParsePath(eval(`document.querySelector('#text').dataset.path`))
	if err != nil || b.Apply(p) != len(p) || !board.Equal(b, goal) {
		t.Errorf("12x12: the path does not reach the goal (%v)", err)
	}
}

// walk12 is a walk of the blank on a 12x12 board from the snail goal,
// whose blank is in row 6, column 5: around and back in.
var walk12 = []board.Move{board.Up, board.Up, board.Left, board.Left, board.Down, board.Down, board.Down, board.Right, board.Right, board.Right, board.Up, board.Left, board.Up, board.Right, board.Up}
