// Package web serves the solver over HTTP: a page that draws a board,
// solves it and plays the answer back (embedded, plain HTML, CSS and a
// little JavaScript), and a JSON API. It is safe to leave running: request
// bodies, header sizes and times are bounded, a search stops when its
// client goes away or its time runs out, and concurrent searches are
// capped at the number of cores.
package web

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/engine"
	"github.com/slidingpuzzle/solver/internal/batch"
	"github.com/slidingpuzzle/solver/internal/format"
)

//go:embed static
var static embed.FS

// Options bound a Server; the zero value of each field means its default.
type Options struct {
	Timeout  time.Duration // the longest a search may run: 5 s
	MaxBody  int64         // the largest request body, in bytes: 8 MiB
	Searches int           // searches at once: one for each core
	Wait     time.Duration // how long a request waits for a search to end before it is told the server is busy: 1 s
	Logger   *slog.Logger  // where requests are logged: nowhere
}

// Server is the page and the API over a Solver.
type Server struct {
	solver *engine.Solver
	opts   Options
	slots  chan struct{}
	mux    *http.ServeMux
}

// New returns a Server of solver.
func New(solver *engine.Solver, opts Options) *Server {
	if opts.Timeout <= 0 {
		opts.Timeout = 5 * time.Second
	}
	if opts.MaxBody <= 0 {
		opts.MaxBody = 8 << 20
	}
	if opts.Searches <= 0 {
		opts.Searches = runtime.GOMAXPROCS(0)
	}
	if opts.Wait <= 0 {
		opts.Wait = time.Second
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	s := &Server{solver: solver, opts: opts, slots: make(chan struct{}, opts.Searches), mux: http.NewServeMux()}
	s.mux.HandleFunc("GET /{$}", s.page)
	s.mux.HandleFunc("GET /api/solve", s.solveOne)
	s.mux.HandleFunc("POST /api/solve", s.solvePost)
	s.mux.HandleFunc("GET /api/shapes", s.shapes)
	s.mux.HandleFunc("GET /api/distance", s.distance)
	s.mux.HandleFunc("GET /api/analyse", s.analyseOne)
	s.mux.HandleFunc("POST /api/analyse", s.analysePost)
	return s
}

// ServeHTTP serves the page at / and the API under /api/.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }

// HTTPServer returns an http.Server of s on addr with its times and
// header sizes bounded. An addr without a host listens on loopback only:
// ":8080" is 127.0.0.1:8080; give 0.0.0.0:8080 to listen on every
// interface.
func (s *Server) HTTPServer(addr string) *http.Server {
	if host, port, err := net.SplitHostPort(addr); err == nil && host == "" {
		addr = net.JoinHostPort("127.0.0.1", port)
	}
	return &http.Server{
		Addr:              addr,
		Handler:           s,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      s.opts.Timeout + 60*time.Second,
		IdleTimeout:       60 * time.Second,
		MaxHeaderBytes:    16 << 10,
		ErrorLog:          slog.NewLogLogger(s.opts.Logger.Handler(), slog.LevelWarn),
	}
}

func (s *Server) page(w http.ResponseWriter, r *http.Request) {
	data, err := static.ReadFile("static/index.html")
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Security-Policy", "default-src 'self'; style-src 'self' 'unsafe-inline'; script-src 'self' 'unsafe-inline'")
	w.Write(data)
}

// apiError is the body of every error of the API.
type apiError struct {
	Error string `json:"error"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

func (s *Server) fail(w http.ResponseWriter, r *http.Request, status int, msg string) {
	s.opts.Logger.Info("refused", "method", r.Method, "path", r.URL.Path, "status", status, "error", msg)
	writeJSON(w, status, apiError{Error: msg})
}

// Answer is the body of GET /api/solve.
type Answer struct {
	Shape    string  `json:"shape"`
	Rows     int     `json:"rows"`
	Cols     int     `json:"cols"`
	Board    []int   `json:"board"` // the start, row by row, 0 for the blank
	Goal     []int   `json:"goal"`
	Text     string  `json:"text"`  // the start written as rows separated by slashes: "1 2 3/4 5 6/7 8 0"
	Bound    int     `json:"bound"` // a lower bound on the moves: the tiles' Manhattan distance
	Solvable bool    `json:"solvable"`
	Reason   string  `json:"reason,omitempty"` // why not, when not
	Path     string  `json:"path"`             // the moves, in Notation
	Notation string  `json:"notation"`         // blank: where the blank goes (d l r u); tile: where the tile goes, runs counted (U2 L D)
	Moves    int     `json:"moves"`
	Optimal  bool    `json:"optimal"`       // the path is proven shortest (boards of up to 16 cells, within the time limit)
	Cut      bool    `json:"cut,omitempty"` // the time limit cut the search for the shortest path: the path was found after it
	Engine   string  `json:"engine"`        // table, search or reduce
	Nodes    int64   `json:"nodes"`         // searched, for the search engine
	Millis   float64 `json:"ms"`            // the time the answer took
}

// acquire waits for a search slot, up to the Server's Wait, and reports
// whether it got one.
func (s *Server) acquire(ctx context.Context) bool {
	t := time.NewTimer(s.opts.Wait)
	defer t.Stop()
	select {
	case s.slots <- struct{}{}:
		return true
	case <-t.C:
		return false
	case <-ctx.Done():
		return false
	}
}

func (s *Server) release() { <-s.slots }

func (s *Server) busy(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Retry-After", "1")
	s.fail(w, r, http.StatusServiceUnavailable, fmt.Sprintf("busy: %d searches under way; try again", cap(s.slots)))
}

// solvePost answers POST /api/solve: a form (board=...&goal=...&shape=...,
// as application/x-www-form-urlencoded) as GET does, for a board too large
// for a URL; any other body as a judge file (solveFile).
func (s *Server) solvePost(w http.ResponseWriter, r *http.Request) {
	// A form is the page's; a file comes with its format in the URL, as
	// curl --data-binary sends it, whose body is also typed as a form.
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/x-www-form-urlencoded") || r.URL.Query().Has("format") {
		s.solveFile(w, r)
		return
	}
	if s.parseBody(w, r) {
		s.solveOne(w, r)
	}
}

// parseBody parses a form sent as the body of r, within the Server's
// MaxBody, and reports whether it could; if not, it has answered why.
func (s *Server) parseBody(w http.ResponseWriter, r *http.Request) bool {
	r.Body = http.MaxBytesReader(w, r.Body, s.opts.MaxBody)
	if err := r.ParseForm(); err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			s.fail(w, r, http.StatusRequestEntityTooLarge, fmt.Sprintf("the body is over %d bytes", s.opts.MaxBody))
			return false
		}
		s.fail(w, r, http.StatusBadRequest, "form: "+err.Error())
		return false
	}
	return true
}

// solveOne answers GET /api/solve?board=...&goal=...&shape=RxC (and the
// same as a form, POST). The goal is a board, or a name of a goal every
// shape has (blank-last, blank-first, snail).
func (s *Server) solveOne(w http.ResponseWriter, r *http.Request) {
	start, goal, nt, ok := s.boards(w, r)
	if !ok {
		return
	}
	shape := start.Shape()
	g, ok := s.goalFor(w, r, goal)
	if !ok {
		return
	}
	ans := Answer{Shape: shape.String(), Rows: shape.Rows, Cols: shape.Cols, Board: ints(start), Goal: ints(goal),
		Text: string(start.AppendRows(nil)), Bound: engine.Manhattan(start, goal), Notation: nt.String(),
		Engine: string(g.Engine()), Optimal: g.Optimal()}
	if !board.Solvable(start, goal) {
		ans.Reason = reason(start, goal)
		writeJSON(w, http.StatusOK, ans)
		return
	}
	ctx, done, ok := s.searchSlot(w, r, shape)
	if !ok {
		return
	}
	defer done()
	t0 := time.Now()
	path, ok, st, err := g.Solve(ctx, nil, start)
	ans.Millis = float64(time.Since(t0).Microseconds()) / 1000
	if s.searchFailed(w, r, shape, err) {
		return
	}
	ans.Solvable, ans.Path, ans.Moves, ans.Nodes, ans.Optimal, ans.Cut = ok, string(nt.Append(nil, path)), len(path), st.Nodes, st.Optimal, st.Cut
	s.opts.Logger.Info("solved", "shape", ans.Shape, "moves", ans.Moves, "engine", ans.Engine, "optimal", ans.Optimal, "cut", ans.Cut, "nodes", ans.Nodes, "ms", ans.Millis)
	writeJSON(w, http.StatusOK, ans)
}

// reason says why goal cannot be reached from start.
func reason(start, goal board.Board) string {
	even := ""
	if start.Shape().Cols%2 == 0 {
		even = ", with the blank's row, on a board of even width"
	}
	return fmt.Sprintf("the board and the goal have different parity: the number of tile pairs out of order%s, is %s for the board and %s for the goal, and no move changes it",
		even, parityWord(start.Parity()), parityWord(goal.Parity()))
}

func parityWord(p int) string {
	if p == 0 {
		return "even"
	}
	return "odd"
}

func ints(b board.Board) []int {
	out := make([]int, b.Shape().Cells())
	for i := range out {
		out[i] = int(b.Cell(i))
	}
	return out
}

// countingWriter counts what is written through it.
type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// solveFile answers POST /api/solve?format=NAME[&shape=RxC][&goal=...]:
// the body is a judge file of the format, and the answers stream back in
// its form. Bad cases are answered as the command answers them, and their
// number is sent in the trailer Solve-Bad-Cases; answers stopped before
// the end (the time limit) say why and where in the trailer
// Solve-Stopped, a path cut in its middle left with no line end.
func (s *Server) solveFile(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	name := q.Get("format")
	if name == "" {
		name = format.Presets[0].Name
	}
	p, ok := format.Lookup(name)
	if !ok {
		s.fail(w, r, http.StatusBadRequest, fmt.Sprintf("format %q: want one of %s", name, strings.Join(format.Names(), ", ")))
		return
	}
	p, err := p.Setup(q.Get("shape"), q.Get("goal"), false, format.QueryWording)
	if err == nil && p.Size == format.NoSize {
		_, err = s.solver.Engine(p.Shape) // else each case says its shape
	}
	if err != nil {
		s.fail(w, r, http.StatusBadRequest, err.Error())
		return
	}
	if r.ContentLength > s.opts.MaxBody {
		s.fail(w, r, http.StatusRequestEntityTooLarge, fmt.Sprintf("a body of %d bytes; at most %d", r.ContentLength, s.opts.MaxBody))
		return
	}
	if !s.acquire(r.Context()) {
		s.busy(w, r)
		return
	}
	defer s.release()
	body := http.MaxBytesReader(w, r.Body, s.opts.MaxBody)
	ctx, cancel := context.WithTimeout(r.Context(), s.opts.Timeout)
	defer cancel()
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Trailer", "Solve-Bad-Cases, Solve-Stopped")
	var log strings.Builder
	job := &batch.Job{Solver: s.solver, Preset: p, Name: "body", Log: &limitedLog{b: &log}, Workers: 1}
	out := &countingWriter{w: w}
	t0 := time.Now()
	res, err := job.RunContext(ctx, body, out)
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge) && out.n == 0:
		s.fail(w, r, http.StatusRequestEntityTooLarge, fmt.Sprintf("the body is over %d bytes", s.opts.MaxBody))
		return
	case errors.Is(err, context.DeadlineExceeded) && out.n == 0:
		s.fail(w, r, http.StatusGatewayTimeout, fmt.Sprintf("the answers ran past their limit of %v", s.opts.Timeout))
		return
	case err != nil:
		// The answers stop where the error came: a large board's path
		// cut in its middle is left with no line end (batch.CutError),
		// and the trailer says why and where.
		s.opts.Logger.Warn("file stopped", "format", p.Name, "cases", res.Cases, "error", err)
		w.Header().Set("Solve-Stopped", fmt.Sprintf("after %d cases: %v", res.Cases, err))
	}
	w.Header().Set("Solve-Bad-Cases", strconv.Itoa(res.Bad))
	s.opts.Logger.Info("file", "format", p.Name, "cases", res.Cases, "bad", res.Bad, "ms", time.Since(t0).Milliseconds(), "faults", log.String())
}

// limitedLog keeps the first few kilobytes of a job's messages, for the
// server's log.
type limitedLog struct{ b *strings.Builder }

func (l *limitedLog) Write(p []byte) (int, error) {
	if room := 4096 - l.b.Len(); room > 0 {
		l.b.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

// shapes answers GET /api/shapes: the shapes the solver answers.
func (s *Server) shapes(w http.ResponseWriter, r *http.Request) {
	shapes, err := s.solver.Shapes()
	if err != nil {
		s.fail(w, r, http.StatusInternalServerError, err.Error())
		return
	}
	var names []string
	for _, sh := range shapes {
		names = append(names, sh.String())
	}
	writeJSON(w, http.StatusOK, names)
}
