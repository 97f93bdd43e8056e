package web

import (
	"fmt"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/embedded"
)

// TestReadBoard: /api/board reads a board as the solver does, finds its
// shape from the text (the page's chosen shape only where the text
// leaves it open), and says a fault at the board's row and column.
func TestReadBoard(t *testing.T) {
	s := New(embedded.Solver(), Options{})
	four := "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15"
	for _, c := range []struct {
		board, prefer string
		status        int
		want          string // the shape, or the error
	}{
		{four, "3x3", 200, "4x4"}, // a 4x4 board pasted while 3x3 is chosen
		{four, "2x8", 200, "2x8"}, // a line of 16 cells, 2x8 chosen
		{strings.ReplaceAll("1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15", "/", "\n"), "2x8", 200, "4x4"}, // rows say 4x4
		{"1 2 3 4 5 6 7 8 9 10 11 0", "3x4", 200, "3x4"},
		{"1 2 3 4 5 6 7 8 9 10 11 0", "2x6", 200, "2x6"},
		{"1 2 3 4 5 6 7 8 9 10 11 0", "", 400, "board: 12 cells: give shape=2x6, 3x4, 4x3 or 6x2"},
		{"1 2 3 4 5 6 7 8 9 10 11 0", "3x3", 400, "board: 12 cells: give shape=2x6, 3x4, 4x3 or 6x2"},
		{"23415x768", "4x4", 200, "3x3"},
		{bigBoard(30), "3x3", 200, "30x30"},
		{"1 2 3/1 5 6/7 8 0", "3x3", 400, "board: row 2, column 1: tile 1 repeated (first at row 1, column 1); want each of 1..8 once"},
		{"2 3 4\n1 5 x\n7 6 q", "", 400, "board: row 3, column 3: unexpected 'q'; want a tile 1..8 or a blank (x X 0 #) for a 3x3 board"},
		{"1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 zz", "", 400, "board: row 4, column 4: unexpected 'z'; want a tile 1..15 or a blank (x X 0 #) for a 4x4 board"},
		{"1 2 3 4 5 6 7 8", "", 400, "board: 8 cells: give shape=2x4 or 4x2"},
		{"12345678", "3x3", 400, "board: 8 cells: give shape=2x4 or 4x2"},
		{"1234567x", "2x4", 200, "2x4"},
		{"23415x768", "9", 400, `prefer: shape "9": want RxC, such as 2x3 or 4x4`},
	} {
		code, body := get(t, s, apiURL("/api/board", "board", c.board, "prefer", c.prefer))
		got := fmt.Sprint(body["shape"])
		if code != 200 {
			got = fmt.Sprint(body["error"])
		}
		if code != c.status || got != c.want {
			t.Errorf("board %.40q, prefer %q: %d %q; want %d %q", c.board, c.prefer, code, got, c.status, c.want)
		}
	}
	// The place of a fault, for the page to point at.
	_, body := get(t, s, apiURL("/api/board", "board", "1 2 3/1 5 6/7 8 0"))
	if body["row"] != 2.0 || body["column"] != 1.0 || body["line"] != 1.0 || body["char"] != 7.0 {
		t.Errorf("the place of a repeated tile: %v; want row 2, column 1, line 1, char 7", body)
	}
	// A board and what the page shows before it asks anything else.
	_, body = get(t, s, apiURL("/api/board", "board", "21345678x"))
	if body["solvable"] != false || !strings.Contains(fmt.Sprint(body["reason"]), "parity") || body["text"] != "2 1 3/4 5 6/7 8 0" || body["optimal"] != true {
		t.Errorf("an unsolvable 3x3 board: %v", body)
	}
}

// TestGoalRandom: /api/goal gives every named goal of a shape, and
// /api/random a board uniform over those that reach it, never the goal.
func TestGoalRandom(t *testing.T) {
	s := New(embedded.Solver(), Options{})
	for _, c := range []struct {
		query  string
		status int
		want   string // the goal's text, or the error
	}{
		{"shape=3x3", 200, "1 2 3/4 5 6/7 8 0"},
		{"shape=3x3&goal=snail", 200, "1 2 3/8 0 4/7 6 5"},
		{"shape=2x3&goal=blank-first", 200, "0 1 2/3 4 5"},
		{"shape=2x3&goal=" + url.QueryEscape("1 2 3/4 0 5"), 200, "1 2 3/4 0 5"},
		{"", 400, "shape: want a shape, such as shape=4x4"},
		{"shape=5000x5000", 400, "shape: shape 5000x5000: want R x C with R, C >= 2 and at most 1000000 cells"},
		{"shape=3x3&goal=zz", 400, `goal "zz": column 1: unexpected 'z'; want a tile 1..8 or a blank (x X 0 #) for a 3x3 board`},
	} {
		code, body := get(t, s, "/api/goal?"+c.query)
		got := fmt.Sprint(body["text"])
		if code != 200 {
			got = fmt.Sprint(body["error"])
		}
		if code != c.status || got != c.want {
			t.Errorf("/api/goal?%s: %d %q; want %d %q", c.query, code, got, c.status, c.want)
		}
	}
	// The same seed, the same board; over 1100 seeds every one of the 11
	// 2x2 boards that reach the goal and are not it, about as often.
	_, a := get(t, s, "/api/random?shape=4x4&seed=7")
	_, b := get(t, s, "/api/random?shape=4x4&seed=7")
	if a["text"] != b["text"] || a["solvable"] != true {
		t.Errorf("seed 7 twice: %v and %v", a["text"], b["text"])
	}
	seen := map[string]int{}
	for seed := range 1100 {
		_, body := get(t, s, "/api/random?shape=2x2&seed="+strconv.Itoa(seed))
		if body["solvable"] != true || body["text"] == "1 2/3 0" {
			t.Fatalf("seed %d: %v, want a board that reaches the goal, not the goal", seed, body)
		}
		seen[fmt.Sprint(body["text"])]++
	}
	if len(seen) != 11 {
		t.Errorf("%d boards drawn, want 11: %v", len(seen), seen)
	}
	for text, n := range seen {
		if n < 60 || n > 140 {
			t.Errorf("%s drawn %d times in 1100, want about 100", text, n)
		}
	}
	if code, body := get(t, s, "/api/random?shape=3x3&seed=x"); code != 400 || body["error"] != `seed "x": want a number, such as seed=7` {
		t.Errorf("seed=x: %d %v", code, body)
	}
}

// TestPathAPI: /api/path writes a path in either notation cut into its
// words, and a move off the board is said with the letter the player
// wrote; /api/analyse says it the same way.
func TestPathAPI(t *testing.T) {
	s := New(embedded.Solver(), Options{})
	code, body := get(t, s, apiURL("/api/path", "path", "ddrru", "to", "tile"))
	if want := "[map[count:2 letter:U move:0 text:U2] map[count:2 letter:L move:2 text:L2] map[count:1 letter:D move:4 text:D]]"; code != 200 || body["moves"] != "ddrru" || body["text"] != "U2 L2 D" || fmt.Sprint(body["tokens"]) != want {
		t.Errorf("ddrru to tile: %d %v", code, body)
	}
	code, body = get(t, s, apiURL("/api/path", "path", "U2 L2 D", "notation", "tile", "to", "blank"))
	if code != 200 || body["moves"] != "ddrru" || body["text"] != "ddrru" || len(body["tokens"].([]any)) != 5 {
		t.Errorf("U2 L2 D to blank: %d %v", code, body)
	}
	for _, c := range []struct{ api, path, nt, want string }{
		{"/api/path", "L R U R2", "tile", "path: move 1, L: a move off the board (the blank is at row 2, column 3 of 3x3)"},
		{"/api/analyse", "L R U R2", "tile", "path: move 1, L: a move off the board (the blank is at row 2, column 3 of 3x3)"},
		{"/api/path", "R U2 L3", "tile", "path: move 3, U: a move off the board (the blank is at row 3, column 2 of 3x3)"},
		{"/api/analyse", "lr r", "blank", "path: move 3, r: a move off the board (the blank is at row 2, column 3 of 3x3)"},
		{"/api/path", "U q", "tile", "path: column 3: unexpected 'q'; want a move, where the tile goes (U D L R), with an optional count: R3 D2 L"},
	} {
		code, body := get(t, s, apiURL(c.api, "board", "2 3 4/1 5 x/7 6 8", "path", c.path, "notation", c.nt))
		if code != 400 || body["error"] != c.want {
			t.Errorf("%s %q in %s: %d %v; want 400 %q", c.api, c.path, c.nt, code, body["error"], c.want)
		}
	}
	if code, body := get(t, s, apiURL("/api/path", "path", "d", "to", "chess")); code != 400 || !strings.HasPrefix(fmt.Sprint(body["error"]), "to: ") {
		t.Errorf("to=chess: %d %v", code, body)
	}
	if code, body := get(t, s, "/api/building"); code != 200 || body["building"] != false {
		t.Errorf("/api/building with nothing being built: %d %v", code, body)
	}
}

// TestLimitsBySize: a large board's time limit grows with its size up
// to MaxTimeout; limit= asks for another, and a search past it says how
// long it may ask for.
func TestLimitsBySize(t *testing.T) {
	s := New(embedded.Solver(), Options{})
	for _, c := range []struct {
		shape board.Shape
		want  time.Duration
	}{
		{board.Shape{Rows: 3, Cols: 3}, 5 * time.Second},
		{board.Shape{Rows: 30, Cols: 30}, 5 * time.Second},
		{board.Shape{Rows: 100, Cols: 100}, 5500 * time.Millisecond},
		{board.Shape{Rows: 300, Cols: 300}, 18500 * time.Millisecond},
		{board.Shape{Rows: 999, Cols: 999}, 2 * time.Minute},
	} {
		if got := s.limitFor(c.shape); got != c.want {
			t.Errorf("%v: a limit of %v, want %v", c.shape, got, c.want)
		}
	}
	code, body := get(t, s, apiURL("/api/distance", "board", hard, "goal", korf, "limit", "10m"))
	if code != 400 || body["error"] != `limit "10m": want a time of at most 2m0s, such as limit=30s` {
		t.Errorf("limit=10m: %d %v", code, body)
	}
	code, body = get(t, s, apiURL("/api/distance", "board", hard, "goal", korf, "limit", "1ms"))
	if code != 504 || body["limit_ms"] != 1.0 || body["max_ms"] != 120000.0 || !strings.Contains(fmt.Sprint(body["error"]), "limit= asks for up to 2m0s") {
		t.Errorf("limit=1ms on a board 80 moves from its goal: %d %v", code, body)
	}
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest("GET", apiURL("/api/board", "board", "23415x768"), nil))
	if !strings.Contains(rec.Body.String(), `"limit_ms":5000,"max_ms":120000`) {
		t.Errorf("/api/board: %s, want the limit and the longest", rec.Body.String())
	}
}
