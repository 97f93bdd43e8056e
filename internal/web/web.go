// Package web serves the solver over HTTP: a page to play a board on,
// which solves it and plays the answer back (embedded: static/index.html,
// its style and its scripts, which ask the API for everything the solver
// knows: boards read, goals, notations, distances, paths), and a JSON API. It is safe to leave running: request
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
	Timeout time.Duration // the longest a search may run, but for a large board's (limitFor): 5 s
	// MaxTimeout is the longest limit a request may ask for (limit=) and
	// a large board's search may be given: 2 minutes, or Timeout if more.
	MaxTimeout time.Duration
	MaxBody    int64         // the largest request body, in bytes: 8 MiB
	Searches   int           // searches at once: one for each core
	Wait       time.Duration // how long a request waits for a search to end before it is told the server is busy: 1 s
	Logger     *slog.Logger  // where requests are logged: nowhere
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
	if opts.MaxTimeout <= 0 {
		opts.MaxTimeout = 2 * time.Minute
	}
	opts.MaxTimeout = max(opts.MaxTimeout, opts.Timeout)
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
	s.handle("GET /{$}", s.page)
	s.mux.Handle("GET /static/", s.files())
	s.handle("GET /api/solve", s.solveOne)
	s.handle("POST /api/solve", s.solvePost)
	s.handle("GET /api/shapes", s.shapes)
	s.handle("GET /api/distance", s.distance)
	s.handle("GET /api/analyse", s.analyseOne)
	s.handle("POST /api/analyse", s.analysePost)
	s.handle("GET /api/board", s.readBoard)
	s.handle("POST /api/board", s.readBoardPost)
	s.handle("GET /api/goal", s.goal)
	s.handle("GET /api/random", s.random)
	s.handle("GET /api/path", s.path)
	s.handle("POST /api/path", s.pathPost)
	s.handle("GET /api/building", s.building)
	return s
}

// A handler answers a request, or returns why it could not: an
// *apiError for the client, a *sentError where the answer was begun, any
// other error a 500.
type handler func(w http.ResponseWriter, r *http.Request) error

// handle serves pattern with h, answering the error h returns: an
// *apiError as its status and JSON body, a request stopped by its client
// and a *sentError in the log only (the answer was begun, or there is no
// one to read it), any other error as a 500.
func (s *Server) handle(pattern string, h handler) {
	s.mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
		err := h(w, r)
		if err == nil {
			return
		}
		var ae *apiError
		var sent *sentError
		switch {
		case errors.As(err, &sent):
			s.opts.Logger.Warn("answer cut", "method", r.Method, "path", r.URL.Path, "error", sent.err)
			return
		case errors.Is(err, context.Canceled) && r.Context().Err() != nil:
			s.opts.Logger.Info("client gone", "method", r.Method, "path", r.URL.Path)
			return
		case !errors.As(err, &ae):
			s.opts.Logger.Error("failed", "method", r.Method, "path", r.URL.Path, "error", err)
			ae = &apiError{status: http.StatusInternalServerError, body: errorBody{Error: err.Error()}}
		default:
			s.opts.Logger.Info("refused", "method", r.Method, "path", r.URL.Path, "status", ae.status, "error", ae.body.Error)
		}
		if ae.status == http.StatusServiceUnavailable {
			w.Header().Set("Retry-After", "1")
		}
		if err := s.respond(w, ae.status, ae.body); err != nil {
			s.opts.Logger.Warn("answer cut", "method", r.Method, "path", r.URL.Path, "error", err)
		}
	})
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
		WriteTimeout:      s.opts.MaxTimeout + 60*time.Second,
		IdleTimeout:       60 * time.Second,
		MaxHeaderBytes:    16 << 10,
		ErrorLog:          slog.NewLogLogger(s.opts.Logger.Handler(), slog.LevelWarn),
	}
}

// pagePolicy is the Content-Security-Policy of the page and its files:
// its own scripts, styles and API only (a path saved is a blob: link).
const pagePolicy = "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// page answers / with the page, whose style and script are files of
// static served by files.
func (s *Server) page(w http.ResponseWriter, r *http.Request) error {
	data, err := static.ReadFile("static/index.html")
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Security-Policy", pagePolicy)
	w.Header().Set("Cache-Control", "no-cache")
	if _, err := w.Write(data); err != nil {
		return &sentError{err}
	}
	return nil
}

// files serves the page's style and scripts, /static/NAME, from static
// (whose paths are the URL's); no listing of the folder.
func (s *Server) files() http.Handler {
	files := http.FileServerFS(static)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/") {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Security-Policy", pagePolicy)
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("Cache-Control", "no-cache")
		files.ServeHTTP(w, r)
	})
}

// errorBody is the body of every error of the API.
type errorBody struct {
	Error string `json:"error"`
	// Row and Column are the place on the board of a fault in a board
	// (from 1), Line and Char where it is written in the text (from 1,
	// Char counting bytes).
	Row    int `json:"row,omitempty"`
	Column int `json:"column,omitempty"`
	Line   int `json:"line,omitempty"`
	Char   int `json:"char,omitempty"`
	// LimitMillis is the time limit a search ran past (504), MaxMillis
	// the longest a request may ask for with limit=.
	LimitMillis int64 `json:"limit_ms,omitempty"`
	MaxMillis   int64 `json:"max_ms,omitempty"`
}

// An apiError is a request the API refuses, or a search it could not end:
// the status and the body to answer.
type apiError struct {
	status int
	body   errorBody
}

func (e *apiError) Error() string { return e.body.Error }

// fail returns the apiError of status saying msg.
func fail(status int, msg string) error {
	return &apiError{status: status, body: errorBody{Error: msg}}
}

// A sentError is an error met once the answer was begun (its header
// sent): there is no status left to give, only the log.
type sentError struct{ err error }

func (e *sentError) Error() string { return e.err.Error() }
func (e *sentError) Unwrap() error { return e.err }

// respond writes v as the JSON answer of status. It encodes v whole
// before it writes anything, so that a value that cannot be encoded is an
// error to answer (a 500), never half an answer; a write that fails (the
// client gone) is a *sentError.
func (s *Server) respond(w http.ResponseWriter, status int, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("web: the answer: %w", err)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	if _, err := w.Write(append(data, '\n')); err != nil {
		return &sentError{err}
	}
	return nil
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
	// LimitMillis is the time limit of the search: the Server's Timeout,
	// more for a large board, or what limit= asked for.
	LimitMillis int64 `json:"limit_ms"`
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

// busy is the error of a request that found every search slot taken.
func (s *Server) busy() error {
	return fail(http.StatusServiceUnavailable, fmt.Sprintf("busy: %d searches under way; try again", cap(s.slots)))
}

// solvePost answers POST /api/solve: a form (board=...&goal=...&shape=...,
// as application/x-www-form-urlencoded) as GET does, for a board too large
// for a URL; any other body as a judge file (solveFile).
func (s *Server) solvePost(w http.ResponseWriter, r *http.Request) error {
	// A form is the page's; a file comes with its format in the URL, as
	// curl --data-binary sends it, whose body is also typed as a form.
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/x-www-form-urlencoded") || r.URL.Query().Has("format") {
		return s.solveFile(w, r)
	}
	if err := s.parseBody(w, r); err != nil {
		return err
	}
	return s.solveOne(w, r)
}

// parseBody parses a form sent as the body of r, within the Server's
// MaxBody.
func (s *Server) parseBody(w http.ResponseWriter, r *http.Request) error {
	r.Body = http.MaxBytesReader(w, r.Body, s.opts.MaxBody)
	if err := r.ParseForm(); err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return fail(http.StatusRequestEntityTooLarge, fmt.Sprintf("the body is over %d bytes", s.opts.MaxBody))
		}
		return fail(http.StatusBadRequest, "form: "+err.Error())
	}
	return nil
}

// solveOne answers GET /api/solve?board=...&goal=...&shape=RxC[&limit=]
// (and the same as a form, POST). The goal is a board, or a name of a
// goal every shape has (blank-last, blank-first, snail).
func (s *Server) solveOne(w http.ResponseWriter, r *http.Request) error {
	start, goal, nt, err := s.boards(r)
	if err != nil {
		return err
	}
	shape := start.Shape()
	g, err := s.goalFor(goal)
	if err != nil {
		return err
	}
	ans := Answer{Shape: shape.String(), Rows: shape.Rows, Cols: shape.Cols, Board: ints(start), Goal: ints(goal),
		Text: string(start.AppendRows(nil)), Bound: engine.Manhattan(start, goal), Notation: nt.String(),
		Engine: string(g.Engine()), Optimal: g.Optimal()}
	if !board.Solvable(start, goal) {
		ans.Reason = reason(start, goal)
		return s.respond(w, http.StatusOK, ans)
	}
	ctx, limit, done, err := s.searchSlot(r, shape)
	if err != nil {
		return err
	}
	defer done()
	ans.LimitMillis = limit.Milliseconds()
	t0 := time.Now()
	path, ok, st, err := g.Solve(ctx, nil, start)
	ans.Millis = float64(time.Since(t0).Microseconds()) / 1000
	if err != nil {
		return s.searchError(shape, limit, err)
	}
	ans.Solvable, ans.Path, ans.Moves, ans.Nodes, ans.Optimal, ans.Cut = ok, string(nt.Append(nil, path)), len(path), st.Nodes, st.Optimal, st.Cut
	s.opts.Logger.Info("solved", "shape", ans.Shape, "moves", ans.Moves, "engine", ans.Engine, "optimal", ans.Optimal, "cut", ans.Cut, "nodes", ans.Nodes, "ms", ans.Millis)
	return s.respond(w, http.StatusOK, ans)
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
func (s *Server) solveFile(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	name := q.Get("format")
	if name == "" {
		name = format.Presets[0].Name
	}
	p, ok := format.Lookup(name)
	if !ok {
		return fail(http.StatusBadRequest, fmt.Sprintf("format %q: want one of %s", name, strings.Join(format.Names(), ", ")))
	}
	p, err := p.Setup(q.Get("shape"), q.Get("goal"), false, format.QueryWording)
	if err == nil && p.Size == format.NoSize {
		_, err = s.solver.Engine(p.Shape) // else each case says its shape
	}
	if err != nil {
		return fail(http.StatusBadRequest, err.Error())
	}
	if r.ContentLength > s.opts.MaxBody {
		return fail(http.StatusRequestEntityTooLarge, fmt.Sprintf("a body of %d bytes; at most %d", r.ContentLength, s.opts.MaxBody))
	}
	if !s.acquire(r.Context()) {
		return s.busy()
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
		return fail(http.StatusRequestEntityTooLarge, fmt.Sprintf("the body is over %d bytes", s.opts.MaxBody))
	case errors.Is(err, context.DeadlineExceeded) && out.n == 0:
		return fail(http.StatusGatewayTimeout, fmt.Sprintf("the answers ran past their limit of %v", s.opts.Timeout))
	case err != nil:
		// The answers stop where the error came: a large board's path
		// cut in its middle is left with no line end (batch.CutError),
		// and the trailer says why and where.
		s.opts.Logger.Warn("file stopped", "format", p.Name, "cases", res.Cases, "error", err)
		w.Header().Set("Solve-Stopped", fmt.Sprintf("after %d cases: %v", res.Cases, err))
	}
	w.Header().Set("Solve-Bad-Cases", strconv.Itoa(res.Bad))
	s.opts.Logger.Info("file", "format", p.Name, "cases", res.Cases, "bad", res.Bad, "ms", time.Since(t0).Milliseconds(), "faults", log.String())
	return nil
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
func (s *Server) shapes(w http.ResponseWriter, r *http.Request) error {
	shapes, err := s.solver.Shapes()
	if err != nil {
		return err
	}
	var names []string
	for _, sh := range shapes {
		names = append(names, sh.String())
	}
	return s.respond(w, http.StatusOK, names)
}
