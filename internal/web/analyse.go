package web

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/slidingpuzzle/solver/analyse"
	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/engine"
	"github.com/slidingpuzzle/solver/internal/format"
	"github.com/slidingpuzzle/solver/notation"
)

// boards reads the board, shape, goal and notation of a request's form
// (its query, and a body parseBody parsed): the board in any written form (board=23415x768, rows separated
// by slashes or lines), its shape its own unless shape=RxC says, the goal
// a board or a name every shape has, blank-last by default. A fault is
// answered, and ok is false.
func (s *Server) boards(w http.ResponseWriter, r *http.Request) (start, goal board.Board, nt notation.Notation, ok bool) {
	if err := r.ParseForm(); err != nil {
		s.fail(w, r, http.StatusBadRequest, "query: "+err.Error())
		return
	}
	q := r.Form
	text := q.Get("board")
	if strings.TrimSpace(text) == "" {
		s.fail(w, r, http.StatusBadRequest, "board: want a board, such as board=23415x768 or board=1 2 3/4 5 6/7 8 0")
		return
	}
	var shape board.Shape
	var err error
	if st := q.Get("shape"); st != "" {
		shape, err = board.ParseShape(st)
	} else {
		shape, err = board.Infer(text)
		var se *board.ShapeError
		if errors.As(err, &se) {
			err = se.Give("shape=")
		}
	}
	if err != nil {
		s.fail(w, r, http.StatusBadRequest, "board: "+err.Error())
		return
	}
	if start, err = board.Parse(shape, text); err != nil {
		s.fail(w, r, http.StatusBadRequest, "board: "+format.Positionless(text, err).Error())
		return
	}
	var g board.Goal // blank-last
	if gt := q.Get("goal"); gt != "" {
		if g, err = board.ParseGoal(shape, gt); err != nil {
			s.fail(w, r, http.StatusBadRequest, "goal: "+format.Positionless(gt, err).Error())
			return
		}
	}
	if goal, err = g.For(shape); err != nil {
		s.fail(w, r, http.StatusBadRequest, "goal: "+err.Error())
		return
	}
	if name := q.Get("notation"); name != "" {
		if nt, err = notation.Lookup(name); err != nil {
			s.fail(w, r, http.StatusBadRequest, err.Error())
			return
		}
	}
	return start, goal, nt, true
}

// goalFor returns the engine's Goal of goal, or answers why there is none.
func (s *Server) goalFor(w http.ResponseWriter, r *http.Request, goal board.Board) (*engine.Goal, bool) {
	g, err := s.solver.For(goal)
	switch {
	case errors.Is(err, engine.ErrShape):
		s.fail(w, r, http.StatusBadRequest, err.Error())
		return nil, false
	case err != nil:
		s.fail(w, r, http.StatusInternalServerError, err.Error())
		return nil, false
	}
	return g, true
}

// searchSlot readies a search of a board of shape for r: a slot of the
// Server's searches (none for a shape looked up in tables) and a context
// bounded by its time limit, with done to give both back. When no slot
// comes free in time it answers that the Server is busy, and ok is false.
func (s *Server) searchSlot(w http.ResponseWriter, r *http.Request, shape board.Shape) (ctx context.Context, done func(), ok bool) {
	release := func() {}
	if !s.solver.Instant(shape) {
		if !s.acquire(r.Context()) {
			s.busy(w, r)
			return nil, nil, false
		}
		release = s.release
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.opts.Timeout)
	return ctx, func() { cancel(); release() }, true
}

// searchFailed answers a search that ended in err, and reports whether
// there was one.
func (s *Server) searchFailed(w http.ResponseWriter, r *http.Request, shape board.Shape, err error) bool {
	switch {
	case err == nil:
		return false
	case errors.Is(err, context.DeadlineExceeded):
		s.fail(w, r, http.StatusGatewayTimeout, fmt.Sprintf("the answer ran past its limit of %v: a %v board takes longer (solve answers it on the command line)", s.opts.Timeout, shape))
	case errors.Is(err, context.Canceled):
		s.opts.Logger.Info("client gone", "path", r.URL.Path, "shape", shape.String())
	default:
		s.fail(w, r, http.StatusInternalServerError, err.Error())
	}
	return true
}

// Distance is the body of GET /api/distance.
type Distance struct {
	Shape    string `json:"shape"`
	Text     string `json:"text"` // the board as rows separated by slashes
	Solvable bool   `json:"solvable"`
	Reason   string `json:"reason,omitempty"`
	Bound    int    `json:"bound"` // a lower bound: the tiles' Manhattan distance
	// Exact says that Distance is the length of a shortest path (boards
	// of up to 16 cells) and Best the moves that keep one.
	Exact    bool   `json:"exact"`
	Distance int    `json:"distance"`       // when Exact
	Best     string `json:"best,omitempty"` // in Notation, one letter a move: d l r u, or U D L R for tile
	// Ours is the length of the path the solver gives a board of more
	// than 16 cells, not proven shortest.
	Ours     int     `json:"ours,omitempty"`
	Notation string  `json:"notation"`
	Millis   float64 `json:"ms"`
}

// distance answers GET /api/distance?board=...[&goal=][&shape=][&notation=]:
// how far the board is from its goal, and the moves that keep a shortest
// path, for a page that shows them after every move.
func (s *Server) distance(w http.ResponseWriter, r *http.Request) {
	start, goal, nt, ok := s.boards(w, r)
	if !ok {
		return
	}
	shape := start.Shape()
	g, ok := s.goalFor(w, r, goal)
	if !ok {
		return
	}
	d := Distance{Shape: shape.String(), Text: string(start.AppendRows(nil)), Bound: engine.Manhattan(start, goal), Notation: nt.String()}
	if !board.Solvable(start, goal) {
		d.Reason = reason(start, goal)
		writeJSON(w, http.StatusOK, d)
		return
	}
	d.Solvable = true
	ctx, done, ok := s.searchSlot(w, r, shape)
	if !ok {
		return
	}
	defer done()
	t0 := time.Now()
	if shape.Small() && g.Optimal() {
		best, dist, err := analyse.Best(ctx, g, start)
		if s.searchFailed(w, r, shape, err) {
			return
		}
		d.Exact, d.Distance = true, dist
		for _, m := range best {
			d.Best += string(nt.Append(nil, []byte{m.Letter()}))
		}
	} else {
		n, _, _, err := g.WritePath(ctx, io.Discard, start, nil)
		if s.searchFailed(w, r, shape, err) {
			return
		}
		d.Ours = int(n)
	}
	d.Millis = float64(time.Since(t0).Microseconds()) / 1000
	writeJSON(w, http.StatusOK, d)
}

// maxAnalysed is the longest path /api/analyse reads.
const maxAnalysed = 100_000

// analysePost answers POST /api/analyse, a form as GET's query, for a
// path too long for a URL.
func (s *Server) analysePost(w http.ResponseWriter, r *http.Request) {
	if s.parseBody(w, r) {
		s.analyseOne(w, r)
	}
}

// analyseOne answers GET /api/analyse?board=...&path=...[&goal=][&shape=]
// [&notation=]: the report of analyse.Analyse on the path played from the
// board, as analyse.JSON.
func (s *Server) analyseOne(w http.ResponseWriter, r *http.Request) {
	start, goal, nt, ok := s.boards(w, r)
	if !ok {
		return
	}
	shape := start.Shape()
	path, err := notation.Read(r.Form.Get("path"), nt, maxAnalysed)
	if err != nil {
		s.fail(w, r, http.StatusBadRequest, "path: "+err.Error())
		return
	}
	if _, ok := s.goalFor(w, r, goal); !ok {
		return
	}
	if !board.Solvable(start, goal) {
		s.fail(w, r, http.StatusBadRequest, reason(start, goal))
		return
	}
	ctx, done, ok := s.searchSlot(w, r, shape)
	if !ok {
		return
	}
	defer done()
	rep, err := analyse.Analyse(ctx, s.solver, start, goal, path)
	if errors.Is(err, analyse.ErrMove) {
		s.fail(w, r, http.StatusBadRequest, "path: "+strings.TrimPrefix(err.Error(), "analyse: "))
		return
	}
	if s.searchFailed(w, r, shape, err) {
		return
	}
	writeJSON(w, http.StatusOK, rep.JSON(nt))
}
