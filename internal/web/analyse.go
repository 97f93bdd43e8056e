package web

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strings"
	"time"

	"github.com/slidingpuzzle/solver/analyse"
	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/engine"
	"github.com/slidingpuzzle/solver/internal/format"
	"github.com/slidingpuzzle/solver/notation"
)

// boards reads the board, shape, goal and notation of a request's form
// (its query, and a body parseBody parsed): the board in any written form
// (board=23415x768, rows separated by slashes or lines), its shape its
// own unless shape=RxC says (prefer=RxC, the shape a page has chosen, is
// taken for a board written on one line with as many cells), the goal a
// board or a name every shape has, blank-last by default. A fault in the
// board is said at its row and column of the board (boardError).
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
	} else if shape, err = board.Infer(text); q.Get("prefer") != "" {
		prefer, perr := board.ParseShape(q.Get("prefer"))
		if perr != nil {
			return bad("prefer: " + perr.Error())
		}
		if preferred(text, shape, err, prefer) {
			shape, err = prefer, nil
		}
	}
	var se *board.ShapeError
	if errors.As(err, &se) {
		err = se.Give("shape=")
	}
	if err != nil {
		return bad("board: " + err.Error())
	}
	if start, err = board.Parse(shape, text); err != nil {
		return board.Board{}, board.Board{}, 0, boardError(shape, text, err)
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

// preferred reports whether a board written as text, whose shape Infer
// found to be inferred or not (err), is to be read as a board of prefer:
// it is written on one line (rows give their own shape) and has as many
// cells.
func preferred(text string, inferred board.Shape, err error, prefer board.Shape) bool {
	if strings.ContainsAny(strings.TrimSpace(text), "\n/") {
		return false
	}
	var se *board.ShapeError
	if errors.As(err, &se) {
		return se.Cells == prefer.Cells()
	}
	return err == nil && inferred.Cells() == prefer.Cells()
}

// boardError is the 400 of err, the fault board.Parse found in text, a
// board of shape: at the row and column of the board of the cell it is
// in ("board: row 2, column 1: tile 1 repeated"), with that place and
// the line and character of the text in the body, for a page to point at.
func boardError(shape board.Shape, text string, err error) error {
	var se *board.SyntaxError
	if !errors.As(err, &se) || se.Col == 0 {
		return fail(http.StatusBadRequest, "board: "+format.Positionless(text, err).Error())
	}
	cell := cellAt(shape, text, se.Line, se.Col)
	if cell < 0 {
		return fail(http.StatusBadRequest, "board: "+format.Positionless(text, err).Error())
	}
	row, col := cell/shape.Cols+1, cell%shape.Cols+1
	msg := firstAt.ReplaceAllStringFunc(se.Msg, func(m string) string {
		var line, char int
		fmt.Sscanf(m, "(first at %d:%d)", &line, &char)
		if c := cellAt(shape, text, line, char); c >= 0 {
			return fmt.Sprintf("(first at row %d, column %d)", c/shape.Cols+1, c%shape.Cols+1)
		}
		return m
	})
	return &apiError{status: http.StatusBadRequest, body: errorBody{
		Error: fmt.Sprintf("board: row %d, column %d: %s", row, col, msg),
		Row:   row, Column: col, Line: se.Line, Char: se.Col,
	}}
}

// firstAt is where a message of board.Parse says a repeated tile was
// first written: "(first at 1:1)".
var firstAt = regexp.MustCompile(`\(first at \d+:\d+\)`)

// cellAt returns the cell of a board of shape written as text (counted
// from 0, row by row) whose writing holds line:col, or -1 for none.
func cellAt(shape board.Shape, text string, line, col int) int {
	k, at := 0, -1
	var cells []board.Cell
	for i, l := range strings.Split(text, "\n") {
		cells, _ = shape.AppendCells(cells[:0], []byte(l), i+1)
		if i+1 == line {
			for j, c := range cells {
				if int(c.Col) <= col {
					at = k + j
				}
			}
			return at
		}
		k += len(cells)
	}
	return -1
}

// goalFor returns the engine's Goal of goal, or answers why there is none.
func (s *Server) goalFor(goal board.Board) (*engine.Goal, error) {
	g, err := s.solver.For(goal)
	if errors.Is(err, engine.ErrShape) {
		return nil, fail(http.StatusBadRequest, err.Error())
	}
	return g, err
}

// perMove is the time a board's limit grows by for each move its path
// may have, about a cell times its rows and columns: a 300x300 board's
// path of some 55M moves took 8.8 s on two loaded cores, its limit is
// 5 s + 13.5 s.
const perMove = 250 * time.Nanosecond

// limitFor returns the time limit of a search of a board of shape: the
// Server's Timeout, and more for a large board in proportion to the
// moves of its path (to a tenth of a second), up to MaxTimeout.
func (s *Server) limitFor(shape board.Shape) time.Duration {
	moves := time.Duration(shape.Cells()) * time.Duration(shape.Rows+shape.Cols)
	return min(s.opts.Timeout+(moves*perMove).Round(100*time.Millisecond), s.opts.MaxTimeout)
}

// limit returns the time limit of r's search of a board of shape: limit=
// where r asks (up to MaxTimeout), else limitFor's.
func (s *Server) limit(r *http.Request, shape board.Shape) (time.Duration, error) {
	text := r.Form.Get("limit")
	if text == "" {
		return s.limitFor(shape), nil
	}
	d, err := time.ParseDuration(text)
	if err != nil || d <= 0 || d > s.opts.MaxTimeout {
		return 0, fail(http.StatusBadRequest, fmt.Sprintf("limit %q: want a time of at most %v, such as limit=30s", text, s.opts.MaxTimeout))
	}
	return d, nil
}

// searchSlot readies a search of a board of shape for r: a slot of the
// Server's searches (none for a shape looked up in tables) and a context
// bounded by its time limit (limit), with done to give both back. When
// no slot comes free in time the error says that the Server is busy.
func (s *Server) searchSlot(r *http.Request, shape board.Shape) (ctx context.Context, limit time.Duration, done func(), err error) {
	if limit, err = s.limit(r, shape); err != nil {
		return nil, 0, nil, err
	}
	release := func() {}
	if !s.solver.Instant(shape) {
		if !s.acquire(r.Context()) {
			return nil, 0, nil, s.busy()
		}
		release = s.release
	}
	ctx, cancel := context.WithTimeout(r.Context(), limit)
	return ctx, limit, func() { cancel(); release() }, nil
}

// searchError is the error to answer for a search of a board of shape
// that ended in err: past its time limit a 504 that says the limit and
// how long a limit= may ask for.
func (s *Server) searchError(shape board.Shape, limit time.Duration, err error) error {
	if !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	more := ""
	if limit < s.opts.MaxTimeout {
		more = fmt.Sprintf("; limit= asks for up to %v", s.opts.MaxTimeout)
	}
	return &apiError{status: http.StatusGatewayTimeout, body: errorBody{
		Error:       fmt.Sprintf("the answer ran past its limit of %v: a %v board takes longer%s (solve answers it on the command line)", limit, shape, more),
		LimitMillis: limit.Milliseconds(), MaxMillis: s.opts.MaxTimeout.Milliseconds(),
	}}
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
	// than 16 cells, not proven shortest, and Path that path, in
	// Notation, for a board of up to 10,000 cells: a page whose player
	// follows it has the next board's distance without asking.
	Ours        int     `json:"ours,omitempty"`
	Path        string  `json:"path,omitempty"`
	Notation    string  `json:"notation"`
	Millis      float64 `json:"ms"`
	LimitMillis int64   `json:"limit_ms"` // the time limit of the search
}

// distance answers GET /api/distance?board=...[&goal=][&shape=][&notation=][&limit=]:
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
	ctx, limit, done, err := s.searchSlot(r, shape)
	if err != nil {
		return err
	}
	defer done()
	d.LimitMillis = limit.Milliseconds()
	t0 := time.Now()
	if shape.Small() && g.Optimal() {
		best, dist, err := analyse.Best(ctx, g, start)
		if err != nil {
			return s.searchError(shape, limit, err)
		}
		d.Exact, d.Distance = true, dist
		for _, m := range best {
			d.Best += string(nt.Append(nil, []byte{m.Letter()}))
		}
	} else {
		d.Ours, d.Path, err = ours(ctx, g, start, nt)
		if err != nil {
			return s.searchError(shape, limit, err)
		}
	}
	d.Millis = float64(time.Since(t0).Microseconds()) / 1000
	return s.respond(w, http.StatusOK, d)
}

// followedCells is the most cells of a board whose path /api/distance
// gives (a 100x100 board's, about 2M moves); a larger board's path is
// only counted.
const followedCells = 100 * 100

// ours returns the length of the path g gives start and, for a board of
// up to followedCells cells, the path, in nt.
func ours(ctx context.Context, g *engine.Goal, start board.Board, nt notation.Notation) (int, string, error) {
	if start.Shape().Cells() > followedCells {
		n, _, _, err := g.WritePath(ctx, io.Discard, start, nil)
		return int(n), "", err
	}
	path, _, _, err := g.Solve(ctx, nil, start)
	return len(path), string(nt.Append(nil, path)), err
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
	path, err := readPath(r.Form.Get("path"), nt, start)
	if err != nil {
		return err
	}
	if _, err := s.goalFor(goal); err != nil {
		return err
	}
	if !board.Solvable(start, goal) {
		return fail(http.StatusBadRequest, reason(start, goal))
	}
	ctx, limit, done, err := s.searchSlot(r, shape)
	if err != nil {
		return err
	}
	defer done()
	rep, err := analyse.Analyse(ctx, s.solver, start, goal, path)
	if err != nil {
		return s.searchError(shape, limit, err)
	}
	return s.respond(w, http.StatusOK, rep.JSON(nt))
}
