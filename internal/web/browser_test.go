package web

import (
	"context"
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

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/slidingpuzzle/solver/analyse"
	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/embedded"
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

// openPage serves the page and opens a browser on it, a phone's size; it
// skips the test where no browser is installed (.ci/run installs Debian's
// chromium).
func openPage(t *testing.T) *page {
	exe := browser()
	if exe == "" {
		t.Skip("no Chromium or Chrome installed: the page is not driven (apt-get install chromium)")
	}
	// The databases built on first use (the 5x5 snail goal's, which a
	// 10x10 board ends on) are shared with the other packages' tests.
	srv := httptest.NewServer(New(testcache.Solver(), Options{}))
	t.Cleanup(srv.Close)
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
	t.Cleanup(cancel)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(cancel)
	ctx, cancel = context.WithTimeout(ctx, 3*time.Minute)
	t.Cleanup(cancel)
	return &page{t: t, ctx: ctx, url: srv.URL}
}

func (p *page) do(steps ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, steps...); err != nil {
		p.t.Fatal(err)
	}
}

func (p *page) text(sel string) string {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Text(sel))
	if err != nil {
		p.t.Fatal(err)
	}
	return v
}

func (p *page) eval(expr string) string {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](expr))
	if err != nil {
		p.t.Fatal(err)
	}
	return v
}

func (p *page) poll(expr string) {
	p.t.Helper()
	if _, err := chromedp.Run(p.ctx, chromedp.Poll[bool](expr, chromedp.WithPollingTimeout(45*time.Second))); err != nil {
		p.t.Fatalf("waiting for %s: %v (distance: %q)", expr, err, p.eval(`document.querySelector('#distance').textContent`))
	}
}

// TestPage drives the real page in a headless browser: it types a board,
// presses Solve, reads the path and the drawn board back, steps through
// the answer, checks what an unsolvable and a bad board say, and saves a
// screenshot.
func TestPage(t *testing.T) {
	pg := openPage(t)
	ctx, do, text, eval, poll := pg.ctx, pg.do, pg.text, pg.eval, pg.poll
	srv := struct{ URL string }{pg.url}
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
	if note := text(`#link`); !strings.Contains(note, "12x12 board is too large for a link") {
		t.Errorf("12x12: the link's note is %q", note)
	}
	p, err := board.ParsePath(eval(`document.querySelector('#text').dataset.path`))
	if err != nil || b.Apply(p) != len(p) || !board.Equal(b, goal) {
		t.Errorf("12x12: the path does not reach the goal (%v)", err)
	}
}

// walk12 is a walk of the blank on a 12x12 board from the snail goal,
// whose blank is in row 6, column 5: around and back in.
var walk12 = []board.Move{board.Up, board.Up, board.Left, board.Left, board.Down, board.Down, board.Down, board.Right, board.Right, board.Right, board.Up, board.Left, board.Up, board.Right, board.Up}

// TestPlay plays the page as a player does: keys and a swipe move tiles,
// a click slides a line of them, undo and redo, the live distance after
// moves equals the solver's on random 3x3 and 4x4 boards with the best
// tiles marked, a hint lowers it by one, a link restores the view, the
// analysis of a pasted path, and the board fits a phone and is labelled
// for a screen reader.
func TestPlay(t *testing.T) {
	pg := openPage(t)
	do, eval, poll, text := pg.do, pg.eval, pg.poll, pg.text
	tiles := `Array.from(document.querySelectorAll('#grid .tile')).map(d => d.textContent || 'x').join(' ')`
	exact := `document.querySelector('#distance').dataset.exact`
	solver := embedded.Solver()
	do(chromedp.Navigate(pg.url), chromedp.WaitVisible(`#grid .tile`))

	// Keys on the 3x3 goal: the tile moves the arrow's way.
	do(chromedp.Click(`#reset`))
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
	if c := text(`#count`); !strings.HasPrefix(c, "2 moves made") {
		t.Errorf("the move counter: %q", c)
	}
	if s := text(`#status`); !strings.Contains(s, "Tile 5 moved right") {
		t.Errorf("the status a screen reader announces: %q", s)
	}
	do(chromedp.KeyEvent("z", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	if got := eval(tiles); got != "1 2 3 4 5 x 7 8 6" {
		t.Errorf("Ctrl+Z: %q", got)
	}
	do(chromedp.Click(`#step`))
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
			do(chromedp.Navigate(pg.url + "/#shape=4x4&goal=blank-last&board=" + url.QueryEscape(string(b.AppendRows(nil)))))
			do(chromedp.Reload(), chromedp.WaitVisible(`#grid .tile`))
		} else {
			do(chromedp.SetValue(`#shape`, "3x3"), chromedp.Click(`#shuffle`))
		}
		for range 7 {
			do(chromedp.KeyEvent(keys[rng.IntN(len(keys))]))
		}
		poll(exact + ` !== undefined`)
		cells := eval(`cells.join(' ')`)
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
			do(chromedp.Click(`#hint`))
			poll(exact + ` === '` + strconv.Itoa(d-1) + `'`)
		}
	}

	// A click on a tile in the blank's row slides every tile between.
	do(chromedp.SetValue(`#shape`, "4x4"))
	poll(exact + ` === '0'`)
	do(chromedp.Click(`#grid .tile[data-i="12"]`))
	if got := eval(tiles); got != "1 2 3 4 5 6 7 8 9 10 11 12 x 13 14 15" {
		t.Errorf("a click three cells from the blank: %q", got)
	}
	if c := text(`#count`); !strings.HasPrefix(c, "3 moves made, 1 counting") {
		t.Errorf("after sliding a line: %q", c)
	}
	if fits := eval(`String(document.documentElement.scrollWidth <= window.innerWidth && document.querySelector('#grid').getBoundingClientRect().right <= window.innerWidth)`); fits != "true" {
		t.Errorf("4x4: the page is wider than the %s px screen", eval(`String(window.innerWidth)`))
	}
	if a11y := eval(`[document.querySelector('#grid').tabIndex, document.querySelector('#grid .tile').getAttribute('aria-label'), document.querySelector('#status').getAttribute('aria-live')].join('|')`); a11y != "0|tile 1, row 1, column 1|polite" {
		t.Errorf("the grid's focus and labels: %q", a11y)
	}

	// A link restores the view: a solution part played, in the tile
	// notation.
	do(chromedp.SetValue(`#shape`, "3x3"), chromedp.SetValue(`#board`, "2 3 4\n1 5 x\n7 6 8"), chromedp.Click(`#solve`), chromedp.WaitVisible(`#moves`))
	do(chromedp.Click(`#step`), chromedp.Click(`#step`), chromedp.Click(`#step`), chromedp.SetValue(`#notation`, "tile"))
	link, view := eval(`location.href`), eval(tiles)
	do(chromedp.Navigate("about:blank"), chromedp.Navigate(link), chromedp.WaitVisible(`#grid .tile`))
	if got, pos, p, nt := eval(tiles), text(`#position`), eval(`document.querySelector('#path').dataset.path`), eval(`document.querySelector('#notation').value`); got != view || pos != "3 / 19" || p != "dlurullddrurdllurdr" || nt != "tile" {
		t.Errorf("the link %s restores %q at %q, path %q, notation %s; want %q at 3 / 19", link, got, pos, p, nt, view)
	}
	if letters := eval(`document.querySelector('#path').textContent.slice(0, 4)`); letters != "URDL" {
		t.Errorf("the path in the tile notation starts %q, want URDL", letters)
	}

	// A hint asked for at once, before the distance has come, plays one
	// best move when it comes.
	do(chromedp.SetValue(`#shape`, "4x4"), chromedp.Navigate(pg.url+"/#shape=4x4&goal=blank-last&board=5+1+2+3/9+6+7+4/13+10+11+8/0+14+15+12"), chromedp.Reload(), chromedp.WaitVisible(`#grid .tile`), chromedp.Click(`#hint`))
	poll(exact + ` === '8'`) // 9 moves from the goal: uuurrrddd

	// Links that are not the page's: too large a shape, a goal that is
	// not one, junk: the page still works, on the default board or the
	// default goal.
	for _, hash := range []string{"#shape=100000x100000&goal=zz", "#shape=0x5", "#shape=3x3&goal=1+1+1&board=%ff&path=%00&step=-9", "#shape=3x3&board=1+2+3/4+5+6/7+8+0&path=uuuuuuu&step=99"} {
		do(chromedp.Navigate("about:blank"), chromedp.Navigate(pg.url+"/"+hash), chromedp.WaitVisible(`#grid .tile`))
		n := eval(`String(document.querySelectorAll('#grid .tile').length)`)
		blanks := eval(`String(document.querySelectorAll('#grid .tile.blank').length)`)
		if n != "9" || blanks != "1" {
			t.Errorf("the link %s: %s tiles, %s blanks", hash, n, blanks)
		}
	}
	if p := eval(`document.querySelector('#path').dataset.path`); p != "uu" {
		t.Errorf("a link whose path leaves the board: the path kept is %q, want uu", p)
	}

	// A path typed in one notation, then the notation changed: written
	// again in the other, the same moves.
	do(chromedp.SetValue(`#notation`, "blank"), chromedp.SetValue(`#apath`, "ddrr u"), chromedp.SetValue(`#notation`, "tile"))
	if got := eval(`document.querySelector('#apath').value`); got != "U2 L2 D" {
		t.Errorf("ddrru in the tile notation: %q, want U2 L2 D", got)
	}
	do(chromedp.SetValue(`#notation`, "blank"))

	// A path pasted, with a detour, analysed from the board drawn.
	do(chromedp.Click(`#reset`), chromedp.SetValue(`#notation`, "blank"), chromedp.SetValue(`#board`, "2 3 4\n1 5 x\n7 6 8"))
	do(chromedp.SetValue(`#apath`, "lr dlurullddrurdllurdr"), chromedp.Click(`#analyse`))
	poll(`(document.querySelector('#summary') || {}).textContent !== undefined`)
	if sum := text(`#summary`); !strings.Contains(sum, "21 moves") || !strings.Contains(sum, "makes 2 more") || !strings.Contains(sum, "1 move lost ground") {
		t.Errorf("the analysis: %q", sum)
	}
	if n := eval(`String(document.querySelectorAll('#report tr.lost').length)`); n != "1" {
		t.Errorf("%s moves marked lost, want 1", n)
	}
}
