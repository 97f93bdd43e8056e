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
// a board or a name every shape has, blank-last by default.
func (s *Server) boards(r *http.Request) (start, goal board.Board, nt notation.Notation, err error) {
	bad := func(msg string) (board.Board, board.Board, notation.Notation, error) {
		return board.Board{}, board.Board{}, 0, fail(http.StatusBadRequest, msg)
	}
	if err := r.ParseForm(); err != nil {
		return bad("query: " + err.Error())
	}
	q := r.Form
	text := q.Get("board")
	if strings.TrimSpace(text) == "" {
		return bad("board: want a board, such as board=23415x768 or board=1 2 3/4 5 6/7 8 0")
	}
	var shape board.Shape
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
		return bad("board: " + err.Error())
	}
	if start, err = board.Parse(shape, text); err != nil {
		return bad("board: " + format.Positionless(text, err).Error())
	}
	var g board.Goal // blank-last
	if gt := q.Get("goal"); gt != "" {
		if g, err = board.ParseGoal(shape, gt); err != nil {
			return bad("goal: " + format.Positionless(gt, err).Error())
		}
	}
	if goal, err = g.For(shape); err != nil {
		return bad("goal: " + err.Error())
	}
	if name := q.Get("notation"); name != "" {
		if nt, err = notation.Lookup(name); err != nil {
			return bad(err.Error())
		}
	}
	return start, goal, nt, nil
}

// goalFor returns the engine's Goal of goal, or answers why there is none.
func (s *Server) goalFor(goal board.Board) (*engine.Goal, error) {
	g, err := s.solver.For(goal)
	if errors.Is(err, engine.ErrShape) {
		return nil, fail(http.StatusBadRequest, err.Error())
	}
	return g, err
}

// searchSlot readies a search of a board of shape for r: a slot of the
// Server's searches (none for a shape looked up in tables) and a context
// bounded by its time limit, with done to give both back. When no slot
// comes free in time the error says that the Server is busy.
func (s *Server) searchSlot(r *http.Request, shape board.Shape) (ctx context.Context, done func(), err error) {
	release := func() {}
	if !s.solver.Instant(shape) {
		if !s.acquire(r.Context()) {
			return nil, nil, s.busy()
		}
		release = s.release
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.opts.Timeout)
	return ctx, func() { cancel(); release() }, nil
}

// searchError is the error to answer for a search of a board of shape
// that ended in err: past its time limit a 504.
func (s *Server) searchError(shape board.Shape, err error) error {
	if errors.Is(err, context.DeadlineExceeded) {
		return fail(http.StatusGatewayTimeout, fmt.Sprintf("the answer ran past its limit of %v: a %v board takes longer (solve answers it on the command line)", s.opts.Timeout, shape))
	}
	return err
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
func (s *Server) distance(w http.ResponseWriter, r *http.Request) error {
	start, goal, nt, err := s.boards(r)
	if err != nil {
		return err
	}
	shape := start.Shape()
	g, err := s.goalFor(goal)
	if err != nil {
		return err
	}
	d := Distance{Shape: shape.String(), Text: string(start.AppendRows(nil)), Bound: engine.Manhattan(start, goal), Notation: nt.String()}
	if !board.Solvable(start, goal) {
		d.Reason = reason(start, goal)
		return s.respond(w, http.StatusOK, d)
	}
	d.Solvable = true
	ctx, done, err := s.searchSlot(r, shape)
	if err != nil {
		return err
	}
	defer done()
	t0 := time.Now()
	if shape.Small() && g.Optimal() {
		best, dist, err := analyse.Best(ctx, g, start)
		if err != nil {
			return s.searchError(shape, err)
		}
		d.Exact, d.Distance = true, dist
		for _, m := range best {
			d.Best += string(nt.Append(nil, []byte{m.Letter()}))
		}
	} else {
		n, _, _, err := g.WritePath(ctx, io.Discard, start, nil)
		if err != nil {
			return s.searchError(shape, err)
		}
		d.Ours = int(n)
	}
	d.Millis = float64(time.Since(t0).Microseconds()) / 1000
	return s.respond(w, http.StatusOK, d)
}

// maxAnalysed is the longest path /api/analyse reads.
const maxAnalysed = 100_000

// analysePost answers POST /api/analyse, a form as GET's query, for a
// path too long for a URL.
func (s *Server) analysePost(w http.ResponseWriter, r *http.Request) error {
	if err := s.parseBody(w, r); err != nil {
		return err
	}
	return s.analyseOne(w, r)
}

// analyseOne answers GET /api/analyse?board=...&path=...[&goal=][&shape=]
// [&notation=]: the report of analyse.Analyse on the path played from the
// board, as analyse.JSON.
func (s *Server) analyseOne(w http.ResponseWriter, r *http.Request) error {
	start, goal, nt, err := s.boards(r)
	if err != nil {
		return err
	}
	shape := start.Shape()
	path, err := notation.Read(r.Form.Get("path"), nt, maxAnalysed)
	if err != nil {
		return fail(http.StatusBadRequest, "path: "+err.Error())
	}
	if _, err := s.goalFor(goal); err != nil {
		return err
	}
	if !board.Solvable(start, goal) {
		return fail(http.StatusBadRequest, reason(start, goal))
	}
	ctx, done, err := s.searchSlot(r, shape)
	if err != nil {
		return err
	}
	defer done()
	rep, err := analyse.Analyse(ctx, s.solver, start, goal, path)
	if errors.Is(err, analyse.ErrMove) {
		return fail(http.StatusBadRequest, "path: "+strings.TrimPrefix(err.Error(), "analyse: "))
	}
	if err != nil {
		return s.searchError(shape, err)
	}
	return s.respond(w, http.StatusOK, rep.JSON(nt))
}
