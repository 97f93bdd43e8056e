package web

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/engine"
	"github.com/slidingpuzzle/solver/internal/format"
	"github.com/slidingpuzzle/solver/notation"
)

// This file holds what a page asks before and between searches, so that
// it keeps no copy of what the server knows: a board read as the solver
// reads it, a goal, a board drawn at random, a path written in a
// notation, and how far the databases being built have come.

// Position is the body of GET /api/board, /api/goal and /api/random: a
// board, its goal, and what a page shows of it before it asks anything
// else.
type Position struct {
	Shape string `json:"shape"`
	Rows  int    `json:"rows"`
	Cols  int    `json:"cols"`
	Board []int  `json:"board"` // row by row, 0 for the blank
	Goal  []int  `json:"goal"`
	Text  string `json:"text"` // the board as rows separated by slashes: "1 2 3/4 5 6/7 8 0"
	// GoalText is the goal as rows separated by slashes.
	GoalText string `json:"goal_text"`
	Bound    int    `json:"bound"` // a lower bound on the moves: the tiles' Manhattan distance
	Solvable bool   `json:"solvable"`
	Reason   string `json:"reason,omitempty"` // why not, when not
	// Optimal says that the board's paths and distances are proven
	// shortest (boards of up to 16 cells).
	Optimal bool `json:"optimal"`
	// LimitMillis is the time limit of a search of the board, and
	// MaxMillis the longest a request may ask for with limit=.
	LimitMillis int64 `json:"limit_ms"`
	MaxMillis   int64 `json:"max_ms"`
}

// position returns the Position of start, whose goal is goal.
func (s *Server) position(start, goal board.Board) (Position, error) {
	shape := start.Shape()
	g, err := s.goalFor(goal)
	if err != nil {
		return Position{}, err
	}
	p := Position{Shape: shape.String(), Rows: shape.Rows, Cols: shape.Cols, Board: ints(start), Goal: ints(goal),
		Text: string(start.AppendRows(nil)), GoalText: string(goal.AppendRows(nil)), Bound: engine.Manhattan(start, goal),
		Solvable: board.Solvable(start, goal), Optimal: g.Optimal(),
		LimitMillis: s.limitFor(shape).Milliseconds(), MaxMillis: s.opts.MaxTimeout.Milliseconds()}
	if !p.Solvable {
		p.Reason = reason(start, goal)
	}
	return p, nil
}

// readBoard answers GET /api/board?board=...[&prefer=RxC][&shape=RxC][&goal=]:
// the board as the solver reads it (boards), its shape found from the
// text, a fault said at its row and column of the board.
func (s *Server) readBoard(w http.ResponseWriter, r *http.Request) error {
	start, goal, _, err := s.boards(r)
	if err != nil {
		return err
	}
	p, err := s.position(start, goal)
	if err != nil {
		return err
	}
	return s.respond(w, http.StatusOK, p)
}

// readBoardPost answers POST /api/board, a form as GET's query, for a
// board too large for a URL.
func (s *Server) readBoardPost(w http.ResponseWriter, r *http.Request) error {
	if err := s.parseBody(w, r); err != nil {
		return err
	}
	return s.readBoard(w, r)
}

// shapeGoal reads shape=RxC and goal= (a name every shape has, or a
// board; blank-last by default) of r's query, with errors worded for it.
func shapeGoal(r *http.Request) (board.Shape, board.Board, error) {
	q := r.URL.Query()
	if q.Get("shape") == "" {
		return board.Shape{}, board.Board{}, fail(http.StatusBadRequest, "shape: want a shape, such as shape=4x4")
	}
	p, err := format.Presets[0].Setup(q.Get("shape"), q.Get("goal"), false, format.QueryWording)
	if err != nil {
		return board.Shape{}, board.Board{}, fail(http.StatusBadRequest, err.Error())
	}
	goal, err := p.Goal.For(p.Shape)
	if err != nil {
		return board.Shape{}, board.Board{}, fail(http.StatusBadRequest, "goal: "+err.Error())
	}
	return p.Shape, goal, nil
}

// goal answers GET /api/goal?shape=RxC[&goal=NAME]: the goal board.
func (s *Server) goal(w http.ResponseWriter, r *http.Request) error {
	_, goal, err := shapeGoal(r)
	if err != nil {
		return err
	}
	p, err := s.position(goal, goal)
	if err != nil {
		return err
	}
	return s.respond(w, http.StatusOK, p)
}

// random answers GET /api/random?shape=RxC[&goal=][&seed=N]: a board
// drawn uniformly from those that reach the goal, other than the goal
// itself; the same seed gives the same board.
func (s *Server) random(w http.ResponseWriter, r *http.Request) error {
	_, goal, err := shapeGoal(r)
	if err != nil {
		return err
	}
	seed := rand.Uint64()
	if text := r.URL.Query().Get("seed"); text != "" {
		if seed, err = strconv.ParseUint(text, 10, 64); err != nil {
			return fail(http.StatusBadRequest, fmt.Sprintf("seed %q: want a number, such as seed=7", text))
		}
	}
	if _, err := s.goalFor(goal); err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(seed, 41))
	var b board.Board
	for b = goal; board.Equal(b, goal); {
		b = board.Random(rng, goal)
	}
	p, err := s.position(b, goal)
	if err != nil {
		return err
	}
	return s.respond(w, http.StatusOK, p)
}

// Path is the body of GET and POST /api/path: a path read, and written
// again in a notation.
type Path struct {
	Moves    string  `json:"moves"`    // the blank's letters, d l r u, a move each
	Notation string  `json:"notation"` // the notation of Text and Tokens: blank or tile
	Text     string  `json:"text"`     // the path written in Notation
	Tokens   []Token `json:"tokens"`   // Text cut into its words
}

// A Token is a word of a path in a notation, with the moves it stands
// for: a move in the blank notation (d), a run of one letter in the
// tile notation (U2).
type Token struct {
	Text   string `json:"text"`   // as written: "d", "U2"
	Letter string `json:"letter"` // one move of it: "d", "U"
	Move   int    `json:"move"`   // its first move, counted from 0
	Count  int    `json:"count"`  // its moves
}

// tokens cuts path, the blank's letters, into the words nt writes it in.
func tokens(path []byte, nt notation.Notation) []Token {
	out := []Token{}
	for i := 0; i < len(path); {
		j := i + 1
		if nt == notation.Tile {
			for j < len(path) && path[j] == path[i] {
				j++
			}
		}
		out = append(out, Token{Text: string(nt.Append(nil, path[i:j])), Letter: string(nt.Append(nil, path[i:i+1])), Move: i, Count: j - i})
		i = j
	}
	return out
}

// readPath reads text, a path in notation nt, to be played from start:
// a fault is said in the player's words, the column of what they wrote,
// or the move that leaves the board with the letter they wrote for it.
func readPath(text string, nt notation.Notation, start board.Board) ([]board.Move, error) {
	path, err := notation.Read(text, nt, maxAnalysed)
	if err != nil {
		return nil, fail(http.StatusBadRequest, "path: "+err.Error())
	}
	if !start.Valid() {
		return path, nil
	}
	m := board.NewMover(start)
	shape := start.Shape()
	for i, mv := range path {
		blank := m.Blank()
		if !m.Move(mv) {
			return nil, fail(http.StatusBadRequest, fmt.Sprintf("path: move %d, %s: a move off the board (the blank is at row %d, column %d of %v)",
				i+1, nt.Append(nil, []byte{mv.Letter()}), blank/shape.Cols+1, blank%shape.Cols+1, shape))
		}
	}
	return path, nil
}

// path answers GET /api/path?path=...[&notation=][&to=][&board=...[&shape=][&goal=]]:
// path, written in notation (blank by default), read and written again
// in to (notation by default), cut into its words; with a board, checked
// to stay on it.
func (s *Server) path(w http.ResponseWriter, r *http.Request) error {
	if err := r.ParseForm(); err != nil {
		return fail(http.StatusBadRequest, "query: "+err.Error())
	}
	var start board.Board
	var nt notation.Notation
	var err error
	if strings.TrimSpace(r.Form.Get("board")) != "" {
		if start, _, nt, err = s.boards(r); err != nil {
			return err
		}
	} else if name := r.Form.Get("notation"); name != "" {
		if nt, err = notation.Lookup(name); err != nil {
			return fail(http.StatusBadRequest, err.Error())
		}
	}
	to := nt
	if name := r.Form.Get("to"); name != "" {
		if to, err = notation.Lookup(name); err != nil {
			return fail(http.StatusBadRequest, "to: "+err.Error())
		}
	}
	path, err := readPath(r.Form.Get("path"), nt, start)
	if err != nil {
		return err
	}
	letters := board.AppendPath(nil, path)
	return s.respond(w, http.StatusOK, Path{Moves: string(letters), Notation: to.String(), Text: string(to.Append(nil, letters)), Tokens: tokens(letters, to)})
}

// pathPost answers POST /api/path, a form as GET's query, for a long path.
func (s *Server) pathPost(w http.ResponseWriter, r *http.Request) error {
	if err := s.parseBody(w, r); err != nil {
		return err
	}
	return s.path(w, r)
}

// Building is the body of GET /api/building: how far the pattern
// databases being built on first use have come, for a page to say why an
// answer waits.
type Building struct {
	Building  bool   `json:"building"`        // some are being built
	Shape     string `json:"shape,omitempty"` // the shape of the boards they are for
	Databases int    `json:"databases"`       // how many
	Done      int64  `json:"done"`            // the placements of their tiles reached so far
	Total     int64  `json:"total"`           // of all
}

// building answers GET /api/building.
func (s *Server) building(w http.ResponseWriter, r *http.Request) error {
	var b Building
	if p, ok := s.solver.Building(); ok {
		b = Building{Building: true, Shape: p.Shape.String(), Databases: p.Databases, Done: p.Done, Total: p.Total}
	}
	return s.respond(w, http.StatusOK, b)
}
