package web

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/slidingpuzzle/solver/analyse"
	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/embedded"
	"github.com/slidingpuzzle/solver/engine"
	"github.com/slidingpuzzle/solver/internal/testcache"
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

// page is the page in a headless browser, with helpers that fail the
// test on an error.
type page struct {
	t   *testing.T
	ctx context.Context
	url string
}

// openPage serves the page over solver (the tests' shared cache when
// nil) with opts and opens a browser on it, a screen of width x height;
// it skips the test where no browser is installed (.ci/run installs
// Debian's chromium).
func openPage(t *testing.T, width, height int, solver *engine.Solver, opts Options) *page {
	exe := browser()
	if exe == "" {
		t.Skip("no Chromium or Chrome installed: the page is not driven (apt-get install chromium)")
	}
	if solver == nil {
		// The databases built on first use (the 5x5 snail goal's, which a
		// 10x10 board ends on) are shared with the other packages' tests.
		solver = testcache.Solver()
	}
	srv := httptest.NewServer(New(solver, opts))
	t.Cleanup(srv.Close)
	flags := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("hide-scrollbars", false),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(width, height),
	)
	actx, cancel := chromedp.NewExecAllocator(context.Background(), flags...)
	t.Cleanup(cancel)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(cancel)
	ctx, cancel = context.WithTimeout(ctx, 3*time.Minute)
	t.Cleanup(cancel)
	p := &page{t: t, ctx: ctx, url: srv.URL}
	p.do(chromedp.EmulateViewport(int64(width), int64(height)))
	return p
}

func (p *page) do(steps ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, steps...); err != nil {
		p.t.Fatal(err)
	}
}

func (p *page) text(sel string) string {
	p.t.Helper()
	return p.eval(`document.querySelector(` + strconv.Quote(sel) + `).textContent`)
}

func (p *page) eval(expr string) string {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](expr))
	if err != nil {
		p.t.Fatalf("%s: %v", expr, err)
	}
	return v
}

func (p *page) poll(expr string) {
	p.t.Helper()
	if _, err := chromedp.Run(p.ctx, chromedp.Poll[bool](expr, chromedp.WithPollingTimeout(60*time.Second))); err != nil {
		p.t.Fatalf("waiting for %s: %v (distance: %q, say: %q, cover: %q)", expr, err, p.eval(`document.querySelector('#distance').textContent`),
			p.eval(`document.querySelector('#say').textContent`), p.eval(`document.querySelector('#cover').hidden ? '' : document.querySelector('#cover').textContent`))
	}
}

// open opens the page at the address's hash, and waits for its board.
func (p *page) open(hash string) {
	p.t.Helper()
	p.do(chromedp.Navigate("about:blank"), chromedp.Navigate(p.url+"/"+hash))
	p.poll(`document.body.dataset.ready === 'true' && (document.querySelector('#grid .tile') !== null || !document.querySelector('#cover').hidden)`)
}

// press clicks the control of id by script, wherever it is (the panel's
// controls are out of view until it is opened).
func (p *page) press(id string) {
	p.t.Helper()
	p.eval(`document.getElementById(` + strconv.Quote(id) + `).click(), ''`)
}

// choose sets a select of the page as a player does: its value, then a
// change.
func (p *page) choose(id, value string) {
	p.t.Helper()
	p.eval(`(() => { const s = document.getElementById(` + strconv.Quote(id) + `); s.value = ` + strconv.Quote(value) + `; s.dispatchEvent(new Event('change')); return ''; })()`)
}

// typeBoard writes text in the board's box as a paste does, and waits
// for the page to have read it.
func (p *page) typeBoard(text string) {
	p.t.Helper()
	p.eval(`(() => { const b = document.getElementById('board'); b.value = ` + strconv.Quote(text) + `; b.dispatchEvent(new Event('input')); return ''; })()`)
	p.poll(`document.querySelector('#cover').dataset.kind !== 'reading'`)
}

// loaded does what loads a board, and waits for the board.
func (p *page) loaded(do func()) {
	p.t.Helper()
	n := p.eval(`document.body.dataset.loads || '0'`)
	do()
	p.poll(`(document.body.dataset.loads || '0') !== '` + n + `'`)
}

// answered waits for the solver's answer, expr: on a loaded machine
// (the whole suite on two cores) a large board's answer may run past its
// limit, and the page offers to keep trying, which this takes.
func (p *page) answered(expr string) {
	p.t.Helper()
	for {
		p.poll(expr + ` || document.querySelector('#more-solve') !== null`)
		if p.eval(`String(`+expr+`)`) == "true" {
			return
		}
		p.press("more-solve")
	}
}

// shot saves a screenshot of the screen, for a person to look at, and
// logs where.
func (p *page) shot(name string) {
	p.t.Helper()
	png, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Fatal(err)
	}
	path := filepath.Join(os.TempDir(), name)
	if err := os.WriteFile(path, png, 0o644); err != nil {
		p.t.Fatal(err)
	}
	p.t.Logf("screenshot: %s", path)
}

const (
	tiles    = `Array.from(document.querySelectorAll('#grid .tile')).map(d => d.textContent || 'x').join(' ')`
	exact    = `document.querySelector('#distance').dataset.exact`
	linePath = `(document.querySelector('#path').dataset.path || '')`
	coverIs  = `(document.querySelector('#cover').hidden ? '' : document.querySelector('#cover').dataset.kind)`
)

// reaches reports whether path, the blank's letters, takes the board
// written as rows between slashes to the goal of shape named goal.
func reaches(t *testing.T, shape board.Shape, start, goal, path string) bool {
	t.Helper()
	b, err := board.Parse(shape, start)
	if err != nil {
		t.Fatalf("the board %.60q: %v", start, err)
	}
	g, err := board.ParseGoal(shape, goal)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := g.For(shape)
	p, err := board.ParsePath(path)
	return err == nil && b.Apply(p) == len(p) && board.Equal(b, want)
}

// TestPage drives the page through a tour: the first board shuffled, a
// board typed and solved, the answer stepped and played, an unsolvable
// board and a bad one (the board drawn covered while the text is not a
// board), the shape of a pasted 4x4 board found while 3x3 is chosen, a
// click that slides, shuffles, a 30x30 paste that leaves no 3x3 board and
// is solved as text, and a 10x10 board.
func TestPage(t *testing.T) {
	pg := openPage(t, 420, 800, nil, Options{})
	do, text, eval, poll := pg.do, pg.text, pg.eval, pg.poll
	pg.open("")

	// The first board is shuffled: not the goal, and its distance comes.
	poll(exact + ` !== undefined`)
	if got, d := eval(tiles), eval(exact); got == "1 2 3 4 5 6 7 8 x" || d == "0" {
		t.Errorf("the first board %q, %s moves from the goal: want a shuffled one", got, d)
	}
	if n := eval(`String(document.querySelectorAll('#shape option').length)`); n != "25" {
		t.Errorf("%s shapes offered, want every one the solver answers with shortest paths, 19, and 5x5 to 10x10", n)
	}

	// A board typed in the panel, solved, stepped, played to the end.
	pg.typeBoard("2 3 4\n1 5 x\n7 6 8")
	pg.press("solve")
	poll(`document.querySelector('#say').dataset.moves === '19'`)
	got, drawn := eval(linePath), eval(tiles)
	pg.press("redo")
	afterStep, position := eval(tiles), text(`#position`)
	if got != "dlurullddrurdllurdr" || !strings.Contains(text(`#say`), "19 moves, the shortest") {
		t.Errorf("solved: path %q, %q; want dlurullddrurdllurdr, 19 moves, the shortest", got, text(`#say`))
	}
	if drawn != "2 3 4 1 5 x 7 6 8" || afterStep != "2 3 4 1 5 8 7 6 x" || !strings.HasPrefix(position, "1 / 19") {
		t.Errorf("drawn %q, after a step %q at %q", drawn, afterStep, position)
	}
	pg.press("first")
	pg.choose("speed", "500")
	pg.press("play")
	poll(`document.querySelector('#position').textContent.startsWith('19 / 19')`)
	if end := eval(tiles); end != "1 2 3 4 5 6 7 8 x" {
		t.Errorf("played to the end: %q, want the goal", end)
	}
	if m := text(`#moves`); m != "0" {
		t.Errorf("the solver's path played counts %s moves of the player's, want 0", m)
	}

	// An unsolvable board; a bad one, which covers the board drawn until
	// it is mended or the board kept.
	pg.typeBoard("21345678x")
	poll(`document.querySelector('#distance').textContent.includes('cannot reach')`)
	pg.press("solve")
	poll(`document.querySelector('#say').textContent.includes('parity')`)
	before := eval(tiles)
	pg.typeBoard("12345678q")
	if msg := eval(`document.querySelector('#board-say').firstChild.textContent`); msg != "board: row 3, column 3: unexpected 'q'; want a tile 1..8 or a blank (x X 0 #) for a 3x3 board" {
		t.Errorf("a bad board: %q, want the row and column of the board", msg)
	}
	do(chromedp.KeyEvent(kb.ArrowDown))
	do(chromedp.Click(`#grid .tile[data-i="4"]`))
	if c, now := eval(coverIs), eval(tiles); c != "bad" || now != before {
		t.Errorf("a key and a click while the text is not a board: cover %q, board %q; want it covered and unchanged, %q", c, now, before)
	}
	pg.press("keep")
	if c, box := eval(coverIs), eval(`document.querySelector('#board').value`); c != "" || box != "2 1 3\n4 5 6\n7 8 0" {
		t.Errorf("the board kept: cover %q, text %q", c, box)
	}

	// A 4x4 board pasted while 3x3 is chosen: its shape from the text.
	pg.typeBoard("1 2 3 4 5 6 7 8 9 10 11 12 13 x 14 15")
	if s, n := eval(`document.querySelector('#shape').value`), eval(`String(document.querySelectorAll('#grid .tile').length)`); s != "4x4" || n != "16" {
		t.Errorf("a 4x4 board pasted on 3x3: shape %s, %s tiles", s, n)
	}
	pg.press("solve")
	poll(linePath + ` === 'rr'`)

	// Click the tile right of the blank: it slides, and the text follows.
	do(chromedp.Click(`#grid .tile[data-i="14"]`))
	if got, box := eval(tiles), eval(`document.querySelector('#board').value`); got != "1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15" || box != "1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 0 15" {
		t.Errorf("after a click: %q, text %q", got, box)
	}

	// Shuffled boards reach the goal (3x3: lookups).
	pg.choose("shape", "3x3")
	for range 5 {
		pg.loaded(func() { pg.press("shuffle") })
		poll(exact + ` !== undefined`)
		pg.press("solve")
		poll(`document.querySelector('#say').dataset.moves === document.querySelector('#distance').dataset.exact`)
	}

	// A 30x30 board pasted: no 3x3 board is left to click, the text
	// stays as pasted, and its answer is text over where the board was.
	big := bigBoard(30)
	pg.typeBoard(big)
	if n, hidden, c := eval(`String(document.querySelectorAll('.tile').length)`), eval(`String(document.querySelector('#grid').hidden)`), eval(coverIs); n != "0" || hidden != "true" || c != "big" {
		t.Errorf("a 30x30 board pasted: %s tiles left, grid hidden %s, cover %q; want none, hidden, big", n, hidden, c)
	}
	if msg := text(`#cover-text`); !strings.Contains(msg, "30x30 board: too large to draw") {
		t.Errorf("a 30x30 board: %q", msg)
	}
	do(chromedp.KeyEvent(kb.ArrowDown))
	pg.press("hint")
	if box := eval(`document.querySelector('#board').value`); box != big {
		t.Errorf("after a key and a hint, the 30x30 board's text is %.60q..., want it as pasted", box)
	}
	if note := text(`#link`); !strings.Contains(note, "30x30 board is too large for a link") {
		t.Errorf("30x30: the link's note is %q", note)
	}
	pg.press("solve-big")
	pg.answered(`document.querySelector('#cover').dataset.moves !== undefined`)
	if !reaches(t, board.Shape{Rows: 30, Cols: 30}, big, "blank-last", eval(`document.querySelector('#cover').dataset.path`)) {
		t.Errorf("30x30: the path does not reach the goal")
	}

	// 10x10 for the snail goal: drawn whole on the phone's screen, its
	// numbers inside their tiles, shuffled, solved (not proven shortest),
	// the path from the board drawn ending at the goal.
	pg.loaded(func() { pg.choose("goal", "snail") })
	pg.loaded(func() { pg.choose("shape", "10x10") })
	pg.loaded(func() { pg.press("reset") })
	poll(exact + ` === '0'`)
	if n := eval(`String(document.querySelectorAll('#grid .tile').length)`); n != "100" {
		t.Errorf("10x10: %s tiles drawn", n)
	}
	if snail := eval(`Array.from(document.querySelectorAll('#grid .tile')).slice(0, 12).map(d => d.textContent || 'x').join(' ')`); snail != "1 2 3 4 5 6 7 8 9 10 36 37" {
		t.Errorf("10x10 snail goal: starts %q", snail)
	}
	if fits := eval(`String(document.querySelector('#grid').getBoundingClientRect().right <= window.innerWidth && Array.from(document.querySelectorAll('#grid .tile')).every(d => d.scrollWidth <= d.clientWidth))`); fits != "true" {
		t.Errorf("10x10 on a %s px wide screen: the grid or a number does not fit", eval(`String(window.innerWidth)`))
	}
	pg.loaded(func() { pg.press("shuffle") })
	poll(`document.querySelector('#distance').dataset.ours !== undefined`)
	start := eval(`document.querySelector('#grid').dataset.board`)
	pg.press("solve")
	pg.answered(`document.querySelector('#say').dataset.moves !== undefined && document.querySelector('#say').textContent.includes('not proven shortest')`)
	if !reaches(t, board.Shape{Rows: 10, Cols: 10}, start, "snail", eval(linePath)) {
		t.Errorf("10x10: the path played from the board drawn does not end at the goal")
	}
	pg.press("redo")
	pg.press("redo")
	if pos := text(`#position`); !strings.HasPrefix(pos, "2 / ") {
		t.Errorf("10x10: after two steps at %q", pos)
	}
}

// TestPlay plays the page as a player does: keys and a swipe move tiles,
// a click slides a line of them, undo and redo, the live distance after
// moves equals the solver's on random 3x3 and 4x4 boards with the best
// tiles marked, a hint lowers it by one, a link restores the view, bad
// links say what was wrong, the analysis of a pasted path takes the
// board to a move, and the board is buttons for a screen reader.
func TestPlay(t *testing.T) {
	pg := openPage(t, 420, 800, nil, Options{})
	do, eval, poll, text := pg.do, pg.eval, pg.poll, pg.text
	solver := embedded.Solver()
	pg.open("")

	// Keys on the 3x3 goal: the tile moves the arrow's way.
	pg.loaded(func() { pg.press("reset") })
	poll(exact + ` === '0'`)
	do(chromedp.KeyEvent(kb.ArrowDown))
	if got := eval(tiles); got != "1 2 3 4 5 x 7 8 6" {
		t.Errorf("ArrowDown on the goal: %q", got)
	}
	do(chromedp.KeyEvent("d")) // right, as WASD
	if got := eval(tiles); got != "1 2 3 4 x 5 7 8 6" {
		t.Errorf("d: %q", got)
	}
	poll(exact + ` === '2'`)
	if m, l := text(`#moves`), text(`#lines`); m != "2" || l != "2" {
		t.Errorf("the counters: %s moves, %s lines; want 2, 2", m, l)
	}
	if s := text(`#status`); !strings.Contains(s, "Tile 5 moved right") {
		t.Errorf("the status a screen reader announces: %q", s)
	}
	do(chromedp.KeyEvent("z", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	if got := eval(tiles); got != "1 2 3 4 5 x 7 8 6" {
		t.Errorf("Ctrl+Z: %q", got)
	}
	pg.press("redo")
	if got := eval(tiles); got != "1 2 3 4 x 5 7 8 6" {
		t.Errorf("redo: %q", got)
	}
	// A swipe down on the grid: the tile above the blank comes down.
	eval(`(() => { const g = document.querySelector('#grid'), at = (x, y) => new Touch({identifier: 1, target: g, clientX: x, clientY: y});
		g.dispatchEvent(new TouchEvent('touchstart', {changedTouches: [at(100, 100)], bubbles: true}));
		g.dispatchEvent(new TouchEvent('touchend', {changedTouches: [at(104, 190)], bubbles: true, cancelable: true})); return ''; })()`)
	if got := eval(tiles); got != "1 x 3 4 2 5 7 8 6" {
		t.Errorf("a swipe down: %q", got)
	}

	// The live distance after random moves, against the solver's, on
	// shuffled 3x3 boards and on 4x4 boards a walk from the goal, given by
	// a link; the marked tiles are the moves that keep a shortest path;
	// a hint lowers the distance by one.
	rng := rand.New(rand.NewPCG(34, 6))
	keys := []string{kb.ArrowUp, kb.ArrowDown, kb.ArrowLeft, kb.ArrowRight, "w", "a", "s", "d"}
	for round := range 6 {
		s := board.Shape{Rows: 3, Cols: 3}
		if round%2 == 1 {
			s = board.Shape{Rows: 4, Cols: 4}
			b := s.Goal(15)
			for k := 0; k < 50; k++ {
				b.Move(board.Move(rng.IntN(4)))
			}
			pg.open("#shape=4x4&goal=blank-last&board=" + url.QueryEscape(string(b.AppendRows(nil))))
		} else {
			pg.loaded(func() { pg.choose("shape", "3x3") })
		}
		for range 7 {
			do(chromedp.KeyEvent(keys[rng.IntN(len(keys))]))
		}
		poll(exact + ` !== undefined`)
		cells := eval(`document.querySelector('#grid').dataset.board`)
		b, err := board.Parse(s, cells)
		if err != nil {
			t.Fatalf("the board drawn, %q: %v", cells, err)
		}
		g, err := solver.For(s.Goal(s.Cells() - 1))
		if err != nil {
			t.Fatal(err)
		}
		best, d, err := analyse.Best(context.Background(), g, b)
		if err != nil {
			t.Fatal(err)
		}
		if got := eval(exact); got != strconv.Itoa(d) {
			t.Errorf("%v: the page says %s moves from the goal, the solver %d", b, got, d)
		}
		var want []string
		for _, m := range best {
			c, _ := s.Step(b.Blank(), m)
			want = append(want, strconv.Itoa(c))
		}
		slices.Sort(want)
		if got := eval(`Array.from(document.querySelectorAll('#grid .tile.best')).map(d => d.dataset.i).sort().join(' ')`); got != strings.Join(want, " ") {
			t.Errorf("%v: the tiles marked best are in cells %q, want %q", b, got, strings.Join(want, " "))
		}
		if d > 0 {
			pg.press("hint")
			poll(exact + ` === '` + strconv.Itoa(d-1) + `'`)
			if say := text(`#say`); !strings.Contains(say, "keeps a shortest path") {
				t.Errorf("a hint says %q, want that its move keeps a shortest path", say)
			}
		}
	}

	// A click on a tile in the blank's row slides every tile between.
	pg.loaded(func() { pg.choose("shape", "4x4") })
	pg.loaded(func() { pg.press("reset") })
	poll(exact + ` === '0'`)
	do(chromedp.Click(`#grid .tile[data-i="12"]`))
	if got := eval(tiles); got != "1 2 3 4 5 6 7 8 9 10 11 12 x 13 14 15" {
		t.Errorf("a click three cells from the blank: %q", got)
	}
	if m, l := text(`#moves`), text(`#lines`); m != "3" || l != "1" {
		t.Errorf("after sliding a line: %s moves, %s lines; want 3, 1", m, l)
	}
	if fits := eval(`String(document.documentElement.scrollWidth <= window.innerWidth && document.querySelector('#grid').getBoundingClientRect().right <= window.innerWidth)`); fits != "true" {
		t.Errorf("4x4: the page is wider than the %s px screen", eval(`String(window.innerWidth)`))
	}

	// For a screen reader: the board is a group one Tab reaches, its tiles
	// buttons labelled with their row and column, the moves announced.
	if a11y := eval(`[document.querySelector('#grid').tabIndex, document.querySelector('#grid').getAttribute('role'), document.querySelector('#grid .tile').tagName, document.querySelector('#grid .tile').getAttribute('aria-label'), document.querySelector('#status').getAttribute('aria-live')].join('|')`); a11y != "0|group|BUTTON|tile 1, row 1, column 1|polite" {
		t.Errorf("the grid's focus and labels: %q", a11y)
	}
	// Every control outside the board is reached by Tab: none is taken
	// out of the order.
	if out := eval(`Array.from(document.querySelectorAll('button, select, textarea, [role=slider]')).filter(e => !e.closest('#grid') && e.tabIndex < 0).map(e => e.id || e.textContent).join(' ')`); out != "" {
		t.Errorf("controls out of the Tab order: %s", out)
	}

	// A link restores the view: a solution part played, in the tile
	// notation, its moves written a run at a time.
	pg.loaded(func() { pg.choose("shape", "3x3") })
	pg.typeBoard("2 3 4\n1 5 x\n7 6 8")
	pg.press("solve")
	poll(linePath + ` === 'dlurullddrurdllurdr'`)
	pg.press("redo")
	pg.press("redo")
	pg.press("redo")
	pg.choose("notation", "tile")
	link, view := eval(`location.href`), eval(tiles)
	pg.open(link[len(pg.url)+1:])
	if got, pos, p, nt := eval(tiles), text(`#position`), eval(linePath), eval(`document.querySelector('#notation').value`); got != view || !strings.HasPrefix(pos, "3 / 19") || p != "dlurullddrurdllurdr" || nt != "tile" {
		t.Errorf("the link %s restores %q at %q, path %q, notation %s; want %q at 3 / 19", link, got, pos, p, nt, view)
	}
	poll(`document.querySelector('#path span') !== null`)
	if words := text(`#path`); !strings.HasPrefix(words, "U R D L D R2 U2 L D") {
		t.Errorf("the path in the tile notation: %q, want U R D L D R2 U2 L D...", words)
	}
	// A word of the path takes the board to the move after it.
	do(chromedp.Click(`#path span:nth-of-type(6)`))
	if pos := text(`#position`); !strings.HasPrefix(pos, "7 / 19") {
		t.Errorf("after a click on R2, the sixth word: at %q, want 7 / 19", pos)
	}

	// A hint asked for at once, before the distance has come, plays one
	// best move when it comes.
	pg.open("#shape=4x4&goal=blank-last&board=5+1+2+3/9+6+7+4/13+10+11+8/0+14+15+12")
	pg.press("hint")
	poll(exact + ` === '8'`) // 9 moves from the goal: uuurrrddd

	// Links that are not the page's: the page works, on another board,
	// says what was wrong, and leaves the address as it was until the
	// player changes something.
	for _, c := range []struct{ hash, say string }{
		{"#shape=5000x5000", "shape 5000x5000: want R x C with R, C >= 2 and at most 1000000 cells"},
		{"#shape=3x3&board=zzz", "board: row 1, column 1: unexpected 'z'"},
		{"#shape=100000x100000&goal=zz", "shape 100000x100000"},
		{"#shape=0x5", "shape 0x5"},
		{"#shape=12x12", "larger than the page draws"},
		{"#shape=3x3&goal=1+1+1&board=%ff&path=%00&step=-9", `goal "1 1 1"`},
		{"#shape=3x3&board=1+2+3/4+5+6/7+8+0&path=uuuuuuu&step=99", "leave the board or are not moves (d l r u) at move 3: the first 2 are kept"},
	} {
		pg.open(c.hash)
		n, blanks := eval(`String(document.querySelectorAll('#grid .tile').length)`), eval(`String(document.querySelectorAll('#grid .tile.blank').length)`)
		if n != "9" || blanks != "1" || eval(coverIs) != "link" || !strings.Contains(text(`#cover-more`), c.say) {
			t.Errorf("the link %s: %s tiles, %s blanks, cover %q: %q; want 9, 1 and the link's fault: %q", c.hash, n, blanks, eval(coverIs), text(`#cover-more`), c.say)
		}
		if h := eval(`location.hash`); h != c.hash {
			t.Errorf("the link %s: the address is %s, want it kept", c.hash, h)
		}
	}
	if p := eval(linePath); p != "uu" {
		t.Errorf("a link whose path leaves the board: the path kept is %q, want uu", p)
	}
	pg.press("play-anyway")
	do(chromedp.KeyEvent(kb.ArrowUp))
	if h := eval(`location.hash`); !strings.Contains(h, "path=uud&step=3") {
		t.Errorf("after a move, the address is %s, want the board's", h)
	}
	if h := eval(`location.hash`); strings.Contains(h, "step=99") {
		t.Errorf("after a move, the address still holds the bad link: %s", h)
	}

	// A path typed in one notation, then the notation changed: written
	// again in the other, the same moves.
	pg.choose("notation", "blank")
	eval(`document.querySelector('#apath').value = 'ddrr u', ''`)
	pg.choose("notation", "tile")
	poll(`document.querySelector('#apath').value === 'U2 L2 D'`)
	pg.choose("notation", "blank")

	// A path pasted, with a detour, analysed from the board drawn; a row
	// and the chart take the board to their move.
	pg.loaded(func() { pg.choose("shape", "3x3") })
	pg.typeBoard("2 3 4\n1 5 x\n7 6 8")
	eval(`document.querySelector('#apath').value = 'lr dlurullddrurdllurdr', ''`)
	pg.press("analyse")
	poll(`document.querySelector('#summary') !== null`)
	if sum := text(`#summary`); !strings.Contains(sum, "21 moves") || !strings.Contains(sum, "makes 2 more") || !strings.Contains(sum, "1 move lost ground") {
		t.Errorf("the analysis: %q", sum)
	}
	if n := eval(`String(document.querySelectorAll('#report tr.lost').length)`); n != "1" {
		t.Errorf("%s moves marked lost, want 1", n)
	}
	pg.press("settings")
	do(chromedp.Click(`#report tr[data-move="5"] td:nth-child(3)`))
	if pos, got, mark := text(`#position`), eval(tiles), eval(`document.querySelector('#chart .here').dataset.at`); !strings.HasPrefix(pos, "5 / 21") || got != "2 3 4 1 x 8 7 5 6" || mark != "5" {
		t.Errorf("a click on row 5: at %q, board %q, the chart's mark at %s; want 5 / 21, 2 3 4 1 x 8 7 5 6, 5", pos, got, mark)
	}
	if pts := eval(`document.querySelector('#chart .curve').getAttribute('points').split(' ').length + ''`); pts != "22" {
		t.Errorf("the chart has %s points, want 22", pts)
	}
	do(chromedp.Click(`#chart`)) // the middle: about move 10
	if at := eval(`document.querySelector('#path').dataset.at`); at == "5" {
		t.Errorf("a click on the chart's middle left the board at move %s", at)
	}
	// A move off the board in the tile notation is said in its letters.
	eval(`document.querySelector('#apath').value = '', ''`)
	pg.choose("notation", "tile")
	eval(`document.querySelector('#apath').value = 'L R U R2', ''`)
	pg.press("first")
	pg.press("analyse")
	poll(`document.querySelector('#analyse-say').textContent !== 'Analysing\u2026' && document.querySelector('#analyse-say').textContent !== ''`)
	if msg := text(`#analyse-say`); msg != "path: move 1, L: a move off the board (the blank is at row 2, column 3 of 3x3)" {
		t.Errorf("L R U R2 from a blank in the right column: %q", msg)
	}
}

// bounds is where an element is on the screen.
func (p *page) bounds(sel string) string {
	return p.eval(`(() => { const r = document.querySelector(` + strconv.Quote(sel) + `).getBoundingClientRect(); return [r.left, r.top, r.width, r.height].map(v => v.toFixed(1)).join(' '); })()`)
}

// TestLayout: on a 1280x800 and a 420x800 screen the board, the move
// counter, the clock and the line saying how to move are in view without
// scrolling; the board does not move as moves are made and the lines
// around it change (a distance, a hint, an answer, the clock); a slide is
// animated, and not for a reader who asked for reduced motion. It keeps
// a screenshot of each for a person to look at.
func TestLayout(t *testing.T) {
	for _, size := range [][2]int{{1280, 800}, {420, 800}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			pg := openPage(t, size[0], size[1], nil, Options{})
			do, eval, poll := pg.do, pg.eval, pg.poll
			pg.open("#shape=4x4&goal=blank-last&board=5+1+2+3/9+6+7+4/13+10+11+8/0+14+15+12")
			poll(exact + ` === '9'`)
			for _, sel := range []string{"#grid", "#moves", "#timer", "#how", "#undo", "#redo", "#hint", "#distance"} {
				if in := eval(`(() => { const r = document.querySelector(` + strconv.Quote(sel) + `).getBoundingClientRect(); return String(r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth && r.height > 0); })()`); in != "true" {
					t.Errorf("%s is not in view: %s on a %dx%d screen", sel, pg.bounds(sel), size[0], size[1])
				}
			}
			if how := strings.ToLower(pg.text(`#how`)); !strings.Contains(how, "arrow keys") || !strings.Contains(how, "click") || !strings.Contains(how, "swipe") {
				t.Errorf("the line saying how to move: %q", how)
			}
			if whole := eval(`(() => { const h = document.querySelector('#how'); return String(h.scrollWidth <= h.clientWidth && h.getBoundingClientRect().height < 2 * parseFloat(getComputedStyle(h).lineHeight)); })()`); whole != "true" {
				t.Errorf("the line saying how to move is cut or takes more than a line")
			}
			grid := pg.bounds("#grid")
			same := func(after string) {
				t.Helper()
				if now := pg.bounds("#grid"); now != grid {
					t.Errorf("after %s the board is at %s, was at %s", after, now, grid)
				}
			}
			slides := eval(`document.querySelector('#grid').dataset.slides || '0'`)
			do(chromedp.KeyEvent(kb.ArrowLeft))
			same("a move")
			if now := eval(`document.querySelector('#grid').dataset.slides || '0'`); now == slides {
				t.Errorf("a move was not animated (%s slides before and after)", now)
			}
			do(chromedp.KeyEvent(kb.ArrowRight))
			poll(exact + ` === '9'`)
			same("a move back and its distance")
			pg.press("hint")
			poll(exact + ` === '8'`)
			same("a hint")
			poll(`document.querySelector('#timer').textContent !== '0.0 s'`)
			same("the clock's start")
			pg.press("solve")
			poll(`document.querySelector('#say').dataset.moves === '8'`)
			same("an answer")
			pg.press("settings")
			same("the panel opened")
			if size[0] < 1100 {
				// The panel lies over the game: no key moves the board under it.
				before := eval(tiles)
				eval(`document.querySelector('#grid').focus(), ''`)
				do(chromedp.KeyEvent(kb.ArrowLeft))
				if now := eval(tiles); now != before {
					t.Errorf("a key under the panel moved the board: %q, was %q", now, before)
				}
			}
			pg.typeBoard("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 15")
			same("a bad board typed")
			pg.press("keep")
			pg.press("close-panel")
			same("the panel closed")
			pg.shot(fmt.Sprintf("solve-page-%d.png", size[0]))

			// Reduced motion: no slide is animated.
			if _, err := chromedp.Run(pg.ctx, chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
				_, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}}})
				return err
			})); err != nil {
				t.Fatal(err)
			}
			pg.open("#shape=3x3&board=1+2+3/4+5+6/7+8+0")
			do(chromedp.KeyEvent(kb.ArrowDown))
			if n := eval(`document.querySelector('#grid').dataset.slides || '0'`); n != "0" || eval(tiles) != "1 2 3 4 5 x 7 8 6" {
				t.Errorf("with reduced motion asked for: %s slides animated, board %q", n, eval(tiles))
			}
		})
	}
}

// TestCelebrate solves a shuffled 3x3 board by clicks on the tiles the
// page marks as keeping a shortest path: the goal is celebrated with the
// game's figures, and kept as a personal best; a game with a hint is
// celebrated but not kept.
func TestCelebrate(t *testing.T) {
	pg := openPage(t, 420, 800, nil, Options{})
	eval, poll := pg.eval, pg.poll
	pg.open("")
	solveByMarks := func() int {
		t.Helper()
		n := 0
		for {
			poll(exact + ` !== undefined`)
			if eval(exact) == "0" {
				return n
			}
			pg.do(chromedp.Click(`#grid .tile.best`))
			n++
			if n > 40 {
				t.Fatal("more than 40 moves by the marks")
			}
		}
	}
	pg.loaded(func() { pg.choose("shape", "3x3") })
	clicks := solveByMarks()
	poll(coverIs + ` === 'solved'`)
	path, err := board.ParsePath(eval(linePath))
	if err != nil {
		t.Fatal(err)
	}
	c := func(k string) string { return eval(`document.querySelector('#cover').dataset.` + k) }
	if c("moves") != strconv.Itoa(len(path)) || c("moves") != strconv.Itoa(clicks) || c("lines") != strconv.Itoa(analyse.Lines(path)) || c("hints") != "0" || c("ms") == "0" {
		t.Errorf("the celebration's figures: %s moves, %s lines, %s hints, %s ms; want %d moves (the clicks), %d lines, 0 hints, some time", c("moves"), c("lines"), c("hints"), c("ms"), clicks, analyse.Lines(path))
	}
	if say := pg.text(`#cover`); !strings.Contains(say, "Solved!") || !strings.Contains(say, fmt.Sprintf("%d moves", clicks)) || !strings.Contains(say, "0 hints") {
		t.Errorf("the celebration says %q", say)
	}
	if best := eval(`localStorage.getItem('slidingpuzzle.bests') || ''`); !strings.Contains(best, `"3x3 blank-last":{"ms":`) || !strings.Contains(best, fmt.Sprintf(`"moves":%d`, clicks)) {
		t.Errorf("the bests kept: %s", best)
	}
	pg.loaded(func() { pg.press("again") })
	poll(exact + ` !== undefined`)
	d := eval(exact)
	pg.press("hint")
	poll(exact + ` !== '` + d + `' && ` + exact + ` !== undefined`)
	solveByMarks()
	poll(coverIs + ` === 'solved'`)
	if say := pg.text(`#cover`); !strings.Contains(say, "1 hint") || !strings.Contains(say, "not counted for your bests") {
		t.Errorf("a game with a hint: %q", say)
	}
}

// TestBuildProgress opens a 4x4 board for a goal whose databases no
// stored plan fits, on a fresh cache: the page says they are being built,
// with their progress, and then gives the exact distance.
func TestBuildProgress(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 4x4 database: seconds")
	}
	pg := openPage(t, 420, 800, embedded.Solver().WithCache(t.TempDir()), Options{})
	goal := "1 2 3 4/5 0 6 7/8 9 10 11/12 13 14 15"
	b := "1 12 3 5/6 4 14 11/2 13 8 15/7 9 10 0" // 50 moves from the goal: more than a search without the databases takes
	pg.open("#shape=4x4&goal=" + url.QueryEscape(goal) + "&board=" + url.QueryEscape(b))
	pg.poll(`document.querySelector('#distance').dataset.building !== undefined`)
	if msg := pg.text(`#distance`); !strings.Contains(msg, "Building the 4x4 databases") || !strings.Contains(msg, "%") {
		t.Errorf("while the databases are built: %q", msg)
	}
	for {
		pg.poll(exact + ` !== undefined || document.querySelector('#more-distance') !== null`)
		if pg.eval(exact+` || ''`) != "" {
			break
		}
		pg.press("more-distance") // the search after the build ran past 5 s on a loaded machine
	}
	if d := pg.eval(exact); d != "50" {
		t.Errorf("the distance after the build: %s, want 50", d)
	}
}

// TestLongWait: where the exact distance runs past its limit (a board 80
// moves from Korf's goal, on a server whose limit is 300 ms), the page
// says so and offers to keep searching; a hint then offers a move of a
// path not proven shortest, and says it is one when it plays it.
func TestLongWait(t *testing.T) {
	pg := openPage(t, 420, 800, nil, Options{Timeout: 300 * time.Millisecond})
	pg.open("#shape=4x4&goal=blank-first&board=" + url.QueryEscape(hard))
	pg.poll(`document.querySelector('#more-distance') !== null`)
	if msg := pg.text(`#distance`); !strings.Contains(msg, "The exact distance takes over 0.3 s") {
		t.Errorf("past the limit: %q", msg)
	}
	pg.press("hint")
	pg.poll(`document.querySelector('#quick-hint') !== null`)
	if msg := pg.text(`#say`); !strings.Contains(msg, "No best move known yet") || pg.eval(`String(document.querySelector('#more-hint') !== null)`) != "true" {
		t.Errorf("a hint past the limit: %q, want no move, the offer to search longer and to take a move not proven shortest", msg)
	}
	before := pg.eval(tiles)
	pg.press("quick-hint")
	pg.poll(`document.querySelector('#say').textContent.startsWith('Hint:')`)
	if msg, now := pg.text(`#say`), pg.eval(tiles); !strings.Contains(msg, "not proven shortest") || now == before || pg.text(`#hints`) != "1" {
		t.Errorf("the hint taken: %q, board %q (was %q), %s hints; want a move said to be of a path not proven shortest", msg, now, before, pg.text(`#hints`))
	}
}
