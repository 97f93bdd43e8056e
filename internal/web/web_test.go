package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/embedded"
	"github.com/slidingpuzzle/solver/internal/slow"
)

func get(t *testing.T, h http.Handler, target string) (int, map[string]any) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", target, nil))
	var body map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
		t.Fatalf("GET %s: %d, body %q is not JSON", target, rec.Code, rec.Body.String())
	}
	return rec.Code, body
}

func solveURL(board string, extra ...string) string {
	q := url.Values{"board": {board}}
	for i := 0; i+1 < len(extra); i += 2 {
		q.Set(extra[i], extra[i+1])
	}
	return "/api/solve?" + q.Encode()
}

// TestStatuses asks for every status the API gives.
func TestStatuses(t *testing.T) {
	s := New(embedded.Solver(), Options{})
	for _, c := range []struct {
		target string
		status int
		field  string
		want   string
	}{
		{solveURL("23415x768"), 200, "path", "dlurullddrurdllurdr"},
		{solveURL("1 2 3\n4 0 5"), 200, "path", "r"},
		{solveURL("1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15"), 200, "engine", "search"},
		{solveURL("283104765", "goal", "123804765"), 200, "moves", "4"},
		{solveURL("12345x", "shape", "3x2"), 200, "shape", "3x2"},
		{solveURL("21345678x"), 200, "reason", "the board and the goal have different parity: the number of tile pairs out of order, is odd for the board and even for the goal, and no move changes it"},
		{solveURL("12345678q"), 400, "error", "board: row 3, column 3: unexpected 'q'; want a tile 1..8 or a blank (x X 0 #) for a 3x3 board"},
		{solveURL("12345x"), 400, "error", "board: 6 cells: give shape=2x3 or 3x2"},
		{solveURL("12345678x", "goal", "123"), 400, "error", "goal: too few cells: 3, want 9"},
		{solveURL("12345678x", "shape", "9x9"), 400, "error", "board: row 1, column 1: unexpected 'x'; want a tile 1..80 or a blank (x X 0 #) for a 9x9 board"},
		{"/api/solve", 400, "error", "board: want a board, such as board=23415x768 or board=1 2 3/4 5 6/7 8 0"},
	} {
		code, body := get(t, s, c.target)
		if got := fmt.Sprint(body[c.field]); code != c.status || got != c.want {
			t.Errorf("GET %s: %d, %s %q; want %d, %q", c.target, code, c.field, got, c.status, c.want)
		}
	}
	// 405, and the page.
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest("DELETE", "/api/solve", nil))
	if rec.Code != 405 {
		t.Errorf("DELETE: %d, want 405", rec.Code)
	}
	rec = httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), "<title>Sliding puzzle solver</title>") {
		t.Errorf("GET /: %d", rec.Code)
	}
}

// TestFile posts judge files and reads the answers back in the preset's
// form; a body over the limit is 413, an unknown format 400.
func TestFile(t *testing.T) {
	s := New(embedded.Solver(), Options{MaxBody: 1 << 10})
	post := func(target, body string) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest("POST", target, strings.NewReader(body)))
		return rec
	}
	rec := post("/api/solve?format=hdu3567", "2\n12X453786\n12345678X\n564178X23\n7568X4123\n")
	if want := "Case 1: 2\ndd\nCase 2: 8\nurrulldr\n"; rec.Code != 200 || rec.Body.String() != want {
		t.Errorf("hdu3567: %d %q, want %q", rec.Code, rec.Body.String(), want)
	}
	rec = post("/api/solve", "23415x768\n1234\n12345678x\n")
	if want := "dlurullddrurdllurdr\nerror\n\n"; rec.Code != 200 || rec.Body.String() != want || rec.Result().Trailer.Get("Solve-Bad-Cases") != "1" {
		t.Errorf("hdu1043: %d %q, trailer %v; want %q", rec.Code, rec.Body.String(), rec.Result().Trailer, want)
	}
	rec = post("/api/solve?format=uva10181", "1\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 0 15\n")
	if rec.Code != 200 || rec.Body.String() != "R\n" {
		t.Errorf("uva10181: %d %q", rec.Code, rec.Body.String())
	}
	// curl --data-binary types its body as a form; the format in the URL
	// says it is a file.
	req := httptest.NewRequest("POST", "/api/solve?format=hdu3567", strings.NewReader("1\n12X453786\n12345678X\n"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	rec = httptest.NewRecorder()
	if s.ServeHTTP(rec, req); rec.Code != 200 || rec.Body.String() != "Case 1: 2\ndd\n" {
		t.Errorf("a file typed as a form: %d %q", rec.Code, rec.Body.String())
	}
	// A format whose cases give their size, of shapes of their own.
	rec = post("/api/solve?format=npuzzle", "3\n1 2 3\n8 0 4\n7 6 5\n2\n1 2\n3 0\n")
	if rec.Code != 200 || rec.Body.String() != "\nl\n" {
		t.Errorf("npuzzle: %d %q", rec.Code, rec.Body.String())
	}
	if rec := post("/api/solve?format=nosuch", ""); rec.Code != 400 {
		t.Errorf("unknown format: %d", rec.Code)
	}
	big := strings.Repeat("23415x768\n", 200)
	if rec := post("/api/solve", big); rec.Code != 413 {
		t.Errorf("a body over the limit: %d %q", rec.Code, rec.Body.String())
	}
	// A body that does not say its length, over the limit.
	req = httptest.NewRequest("POST", "/api/solve", io.MultiReader(strings.NewReader(big)))
	req.ContentLength = -1
	rec = httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	if rec.Code != 413 {
		t.Errorf("a streamed body over the limit: %d %q", rec.Code, rec.Body.String())
	}
}

const hard = "15 11 8 12 14 10 9 13 2 6 1 4 3 7 5 0" // 80 moves from Korf's goal
const korf = "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"

// TestLimits: a search past its time is still answered, with a path not
// proven shortest; a large board past its time is 504; one with every
// slot taken is 503, and one whose client goes away stops.
func TestLimits(t *testing.T) {
	s := New(embedded.Solver(), Options{Timeout: 50 * time.Millisecond})
	code, body := get(t, s, solveURL(hard, "goal", korf))
	if code != 200 || body["cut"] != true || body["optimal"] != false || body["solvable"] != true {
		t.Errorf("a long search: %d %v, want 200, cut and not optimal", code, body)
	} else {
		b := board.MustParse(board.Shape{Rows: 4, Cols: 4}, hard)
		path, err := board.ParsePath(fmt.Sprint(body["path"]))
		if err != nil || b.Apply(path) != len(path) || b != board.MustParse(board.Shape{Rows: 4, Cols: 4}, korf) || len(path) > 120 {
			t.Errorf("a long search cut: the path %q of %d moves does not reach the goal, or is over 1.5 times 80 moves", body["path"], len(path))
		}
	}
	// A large board's limit grows with its size, up to MaxTimeout.
	tight := New(embedded.Solver(), Options{Timeout: time.Millisecond, MaxTimeout: time.Millisecond})
	if code, body := get(t, tight, solveURL(bigBoard(400), "shape", "400x400")); code != 504 || !strings.Contains(fmt.Sprint(body["error"]), "ran past its limit of 1ms") {
		t.Errorf("a 400x400 board in a millisecond: %d %.200v, want 504", code, body)
	}
	busy := New(embedded.Solver(), Options{Searches: 1, Wait: 20 * time.Millisecond})
	busy.slots <- struct{}{} // every slot taken
	if code, _ := get(t, busy, solveURL(hard, "goal", korf)); code != 503 {
		t.Errorf("with every slot taken: %d, want 503", code)
	}
	if code, body := get(t, busy, solveURL("23415x768")); code != 200 || body["moves"] != 19.0 {
		t.Errorf("a table lookup needs no slot: %d %v", code, body)
	}
	<-busy.slots
	// A client that goes away: the search stops long before its limit.
	long := New(embedded.Solver(), Options{Timeout: time.Minute})
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	rec := httptest.NewRecorder()
	t0 := time.Now()
	long.ServeHTTP(rec, httptest.NewRequest("GET", solveURL(hard, "goal", korf), nil).WithContext(ctx))
	if d := time.Since(t0); d > 10*time.Second {
		t.Errorf("the search went on %v after its client left", d)
	}
	if len(long.slots) != 0 {
		t.Error("a slot was not given back")
	}
}

// TestLoad sends a few thousand mixed good and bad requests over loopback
// from many clients at once, and counts that every good one got its right
// answer and every bad one its 400, and that the server answers after.
func TestLoad(t *testing.T) {
	srv := httptest.NewServer(New(embedded.Solver(), Options{Wait: 5 * time.Second}))
	defer srv.Close()
	n := 3000
	if testing.Short() {
		n = 300
	}
	ref := slow.Distances(slow.Parse("12345678x"))
	var good, bad, wrong atomic.Int64
	var wg sync.WaitGroup
	jobs := make(chan int)
	client := srv.Client()
	for w := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(w), 1))
			for k := range jobs {
				var b slow.Board
				for i, v := range rng.Perm(9) {
					b[i] = byte(v)
				}
				target := srv.URL + solveURL(b.String())
				wantBad := k%3 == 0
				if wantBad {
					target = srv.URL + solveURL(b.String()[:8]+"q")
				}
				resp, err := client.Get(target)
				if err != nil {
					wrong.Add(1)
					continue
				}
				var body Answer
				json.NewDecoder(resp.Body).Decode(&body)
				resp.Body.Close()
				want, ok := slow.Path(ref, b)
				switch {
				case wantBad && resp.StatusCode == 400:
					bad.Add(1)
				case !wantBad && resp.StatusCode == 200 && body.Solvable == ok && body.Path == want:
					good.Add(1)
				default:
					wrong.Add(1)
				}
			}
		}()
	}
	deadline := time.Now().Add(60 * time.Second)
	for k := range n {
		if time.Now().After(deadline) {
			break
		}
		jobs <- k
	}
	close(jobs)
	wg.Wait()
	if wrong.Load() != 0 || good.Load()+bad.Load() != int64(n) {
		t.Errorf("%d good, %d bad, %d wrong of %d", good.Load(), bad.Load(), wrong.Load(), n)
	}
	resp, err := client.Get(srv.URL + solveURL("12X453786"))
	if err != nil || resp.StatusCode != 200 {
		t.Errorf("after the load: %v", err)
	}
	t.Logf("%d good answers, %d bad boards refused", good.Load(), bad.Load())
	_ = board.Shape3x3
	_ = os.Getenv
}

// FuzzSolve sends any board, goal, shape and format: the server answers
// each with a status of the API and JSON or the format's answers, and
// never falls over; so do the distance, the analysis, a board read, a
// path written again and a goal.
func FuzzSolve(f *testing.F) {
	f.Add("23415x768", "", "", "")
	f.Add("1 2 3\n4 0 5", "1 2 3\n4 5 0", "2x3", "hdu3567")
	f.Add("\xff[[1,2]]", "x", "9x9", "leetcode773")
	f.Add("1 2 3/4 5 6/7 0 8", "tile", "", "L2 u3,r")
	s := New(embedded.Solver(), Options{Timeout: 20 * time.Millisecond, MaxBody: 1 << 12})
	f.Fuzz(func(t *testing.T, b, goal, shape, format string) {
		q := url.Values{"board": {b}, "goal": {goal}, "shape": {shape}, "format": {format}}
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest("GET", "/api/solve?"+q.Encode(), nil))
		switch rec.Code {
		case 200, 400, 504:
		default:
			t.Fatalf("GET %v: status %d", q, rec.Code)
		}
		if !json.Valid(rec.Body.Bytes()) {
			t.Fatalf("GET %v: %q is not JSON", q, rec.Body.String())
		}
		rec = httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest("POST", "/api/solve?"+q.Encode(), strings.NewReader(b+"\n"+goal)))
		if rec.Code != 200 && rec.Code != 400 && rec.Code != 413 && rec.Code != 504 {
			t.Fatalf("POST %v: status %d", q, rec.Code)
		}
		// The distance and the analysis, the format's text as a path and
		// as a notation.
		q.Set("path", format)
		q.Set("notation", goal)
		q.Set("prefer", shape)
		q.Set("to", goal)
		for _, api := range []string{"/api/distance", "/api/analyse", "/api/board", "/api/path", "/api/goal"} {
			rec = httptest.NewRecorder()
			s.ServeHTTP(rec, httptest.NewRequest("GET", api+"?"+q.Encode(), nil))
			if rec.Code != 200 && rec.Code != 400 && rec.Code != 504 || !json.Valid(rec.Body.Bytes()) {
				t.Fatalf("GET %s %v: status %d, %q", api, q, rec.Code, rec.Body.String())
			}
		}
	})
}

// bigBoard writes an n x n board far from its goal that can reach it:
// the tiles in reverse order, the blank last, the first two swapped where
// the parity asks.
func bigBoard(n int) string {
	s := board.Shape{Rows: n, Cols: n}
	cells := make([]int, s.Cells())
	for i := range cells[:len(cells)-1] {
		cells[i] = len(cells) - 1 - i
	}
	b, _ := board.New(s, cells)
	if !board.Solvable(b, s.Goal(s.Cells()-1)) {
		cells[0], cells[1] = cells[1], cells[0]
		b, _ = board.New(s, cells)
	}
	return b.String()
}

// TestFileCut: a judge file whose large board's path runs past the time
// limit stops in the middle of that path, which is left with no line
// end, and the trailer Solve-Stopped says which case was cut and where.
func TestFileCut(t *testing.T) {
	n := 200
	s := board.Shape{Rows: n, Cols: n}
	b, _ := board.New(s, rand.New(rand.NewPCG(8, 8)).Perm(n*n))
	if snail, _ := s.Named(board.Snail); !board.Solvable(b, snail) {
		b = board.Flip(b)
	}
	var in strings.Builder
	fmt.Fprintf(&in, "%d\n", n)
	for i, c := range b.Cells() {
		in.WriteString(strconv.Itoa(c))
		if (i+1)%n == 0 {
			in.WriteByte('\n')
		} else {
			in.WriteByte(' ')
		}
	}
	srv := New(embedded.Solver(), Options{Timeout: 300 * time.Millisecond})
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, httptest.NewRequest("POST", "/api/solve?format=npuzzle", strings.NewReader(in.String())))
	body := rec.Body.String()
	stopped := rec.Result().Trailer.Get("Solve-Stopped")
	if rec.Code != 200 || len(body) == 0 || strings.Contains(body, "\n") {
		t.Errorf("status %d, %d bytes, %d line ends; want 200 and a path with no line end", rec.Code, len(body), strings.Count(body, "\n"))
	}
	if !regexp.MustCompile(`^after 0 cases: case 1: its path was cut after \d+ moves, its line left with no end: context deadline exceeded$`).MatchString(stopped) {
		t.Errorf("trailer Solve-Stopped %q", stopped)
	}
}

// failingWriter is a ResponseWriter whose body cannot be written: a
// client gone.
type failingWriter struct{ *httptest.ResponseRecorder }

func (failingWriter) Write([]byte) (int, error) { return 0, io.ErrClosedPipe }

// TestRespond: an answer that cannot be encoded is a 500 with a JSON
// error, never half an answer; a write that fails is an error the
// handler returns (for the log), not one dropped.
func TestRespond(t *testing.T) {
	var logged strings.Builder
	s := New(embedded.Solver(), Options{Logger: slog.New(slog.NewTextHandler(&logged, nil))})
	s.handle("GET /test/nan", func(w http.ResponseWriter, r *http.Request) error { return s.respond(w, http.StatusOK, math.NaN()) })
	code, body := get(t, s, "/test/nan")
	if code != 500 || !strings.Contains(fmt.Sprint(body["error"]), "unsupported value: NaN") {
		t.Errorf("an answer that cannot be encoded: %d %v, want 500 and the encoder's error", code, body)
	}
	w := failingWriter{httptest.NewRecorder()}
	s.ServeHTTP(w, httptest.NewRequest("GET", "/api/shapes", nil))
	if err := s.respond(w, http.StatusOK, "x"); !errors.Is(err, io.ErrClosedPipe) {
		t.Errorf("a write that fails: %v, want io.ErrClosedPipe", err)
	}
	if !strings.Contains(logged.String(), "answer cut") || !strings.Contains(logged.String(), "closed pipe") {
		t.Errorf("a write that fails is not logged: %q", logged.String())
	}
}

// TestFiles: the page's style and scripts are served from the embedded
// files with their types and the page's policy; the folder is not
// listed.
func TestFiles(t *testing.T) {
	s := New(embedded.Solver(), Options{})
	for _, c := range []struct {
		path   string
		status int
		ctype  string
	}{
		{"/", 200, "text/html; charset=utf-8"},
		{"/static/page.js", 200, "text/javascript; charset=utf-8"},
		{"/static/board.js", 200, "text/javascript; charset=utf-8"},
		{"/static/page.css", 200, "text/css; charset=utf-8"},
		{"/static/", 404, ""},
		{"/static/nothing.js", 404, ""},
	} {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest("GET", c.path, nil))
		if rec.Code != c.status || c.ctype != "" && (rec.Header().Get("Content-Type") != c.ctype || rec.Header().Get("Content-Security-Policy") != pagePolicy) {
			t.Errorf("GET %s: %d %q, policy %q; want %d %q", c.path, rec.Code, rec.Header().Get("Content-Type"), rec.Header().Get("Content-Security-Policy"), c.status, c.ctype)
		}
	}
}
