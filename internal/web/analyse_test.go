package web

import (
	"math/rand/v2"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/embedded"
	"github.com/slidingpuzzle/solver/internal/slow"
	"github.com/slidingpuzzle/solver/notation"
)

func apiURL(path string, kv ...string) string {
	q := url.Values{}
	for i := 0; i+1 < len(kv); i += 2 {
		q.Set(kv[i], kv[i+1])
	}
	return path + "?" + q.Encode()
}

// TestDistance checks /api/distance on random 3x3 boards against a
// breadth-first search over every board: the distance and the moves that
// keep a shortest path.
func TestDistance(t *testing.T) {
	s := New(embedded.Solver(), Options{})
	goal := slow.Goal(3, 3)
	dist := slow.GridDistances(goal)
	rng := rand.New(rand.NewPCG(34, 1))
	for range 50 {
		g := slow.Walk(goal, rng.IntN(40), rng.IntN)
		code, body := get(t, s, apiURL("/api/distance", "board", g.Text()))
		if code != 200 {
			t.Fatalf("%s: %d %v", g.Text(), code, body)
		}
		want := dist[g.Cells]
		var best strings.Builder
		nb, ok := g.Next()
		for k := range nb {
			if ok[k] && dist[nb[k].Cells] == want-1 {
				best.WriteByte("dlru"[k])
			}
		}
		gotBest, _ := body["best"].(string) // left out when none
		if body["exact"] != true || body["distance"] != float64(want) || gotBest != best.String() {
			t.Fatalf("%s: %v; want distance %d, best %q", g.Text(), body, want, best.String())
		}
	}
	// A 4x4 board: the distance is the length of the solver's path; a
	// 6x6 one gets a bound and the solver's path and its length, not
	// exact.
	code, body := get(t, s, apiURL("/api/distance", "board", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15", "notation", "tile"))
	if code != 200 || body["distance"] != 1.0 || body["best"] != "L" {
		t.Errorf("4x4: %d %v", code, body)
	}
	six := board.Shape{Rows: 6, Cols: 6}.Goal(35)
	six.Move(3)
	six.Move(1)
	code, body = get(t, s, apiURL("/api/distance", "board", string(six.AppendRows(nil))))
	if code != 200 || body["exact"] != false || body["bound"] != 2.0 || body["ours"] != 2.0 || body["path"] != "rd" {
		t.Errorf("6x6: %d %v", code, body)
	}
}

// TestAnalyseAPI checks /api/analyse's report of a path with a detour, in
// both notations, and its faults.
func TestAnalyseAPI(t *testing.T) {
	s := New(embedded.Solver(), Options{})
	_, body := get(t, s, solveURL("23415x768"))
	short := body["path"].(string)
	detour := "ud" + short
	for _, nt := range []notation.Notation{notation.Blank, notation.Tile} {
		path := string(nt.Append(nil, []byte(detour)))
		code, body := get(t, s, apiURL("/api/analyse", "board", "2 3 4/1 5 x/7 6 8", "path", path, "notation", nt.String()))
		if code != 200 || body["solved"] != true || body["over"] != 2.0 || body["moves"] != float64(len(detour)) || body["path"] != path {
			t.Fatalf("%s: %d %v", nt, code, body)
		}
		lost := body["lost"].([]any)
		if len(lost) != 1 {
			t.Fatalf("%s: lost %v", nt, lost)
		}
	}
	for _, c := range []struct{ path, want string }{
		{"dd", "path: move 2, d: a move off the board (the blank is at row 3, column 3 of 3x3)"},
		{"dq", "path: column 2: unexpected 'q'; want a move, where the blank goes (d l r u), with an optional count: ddrru or d2 r2 u"},
	} {
		code, body := get(t, s, apiURL("/api/analyse", "board", "23415x768", "path", c.path))
		if code != 400 || body["error"] != c.want {
			t.Errorf("path %q: %d %v, want %q", c.path, code, body, c.want)
		}
	}
	if code, body := get(t, s, apiURL("/api/analyse", "board", "21345678x", "path", "")); code != 400 || !strings.Contains(body["error"].(string), "parity") {
		t.Errorf("unsolvable: %d %v", code, body)
	}
}

// TestAnalyseLimits checks the statuses of a search cut by the time
// limit (504) and of a body too large (413).
func TestAnalyseLimits(t *testing.T) {
	s := New(embedded.Solver(), Options{Timeout: time.Microsecond, MaxBody: 1 << 10})
	hard := "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3" // Korf's first, 57 moves from blank-first
	for _, api := range []string{"/api/distance", "/api/analyse"} {
		code, body := get(t, s, apiURL(api, "board", hard, "goal", "blank-first", "path", "d"))
		if code != 504 {
			t.Errorf("%s past its limit: %d %v, want 504", api, code, body)
		}
	}
	rec := httptest.NewRecorder()
	req := httptest.NewRequest("POST", "/api/analyse", strings.NewReader("board=23415x768&path="+strings.Repeat("d", 2000)))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	s.ServeHTTP(rec, req)
	if rec.Code != 413 {
		t.Errorf("a body over the limit: %d %s, want 413", rec.Code, rec.Body.String())
	}
}

// TestSolveNotation checks that notation=tile writes the path the judges'
// letters write, in the speedsolvers', and that the board comes back in
// rows separated by slashes.
func TestSolveNotation(t *testing.T) {
	s := New(embedded.Solver(), Options{})
	for _, b := range []string{"23415x768", "1 2 3/4 5 6/7 0 8", "5 1 2 3/9 6 7 4/13 10 11 8/0 14 15 12"} {
		_, blank := get(t, s, solveURL(b))
		_, tile := get(t, s, solveURL(b, "notation", "tile"))
		want := string(notation.Tile.Append(nil, []byte(blank["path"].(string))))
		if tile["path"] != want || tile["notation"] != "tile" || blank["notation"] != "blank" {
			t.Errorf("%s: %v in tile, want %q", b, tile["path"], want)
		}
		if want, _ := board.Infer(b); tile["shape"] != want.String() || !strings.Contains(tile["text"].(string), "/") {
			t.Errorf("%s: shape %v, text %v", b, tile["shape"], tile["text"])
		}
	}
	if code, body := get(t, s, solveURL("23415x768", "notation", "chess")); code != 400 || !strings.Contains(body["error"].(string), "want blank") {
		t.Errorf("notation=chess: %d %v", code, body)
	}
}
