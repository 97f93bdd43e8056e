// Package engine is the one way in: a Solver answers a board of any shape
// it supports, for any goal, with the lexicographically smallest shortest
// path (d < l < r < u), and chooses inside, from the shape, which engine
// answers, the way regexp chooses its matcher behind one Regexp. Callers
// (batch, judge, the commands) hold a Solver and never ask which.
//
// Shapes of at most nine cells are answered from full tables of optimal
// moves (package table): a lookup, no search.
package engine

import (
	"errors"
	"fmt"
	"strings"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/table"
)

// Solver answers boards of every shape it has an engine for. It is safe
// for use by several goroutines.
type Solver struct {
	tables *table.Set
}

// New returns a Solver that answers from tables, the full tables of
// optimal moves of the shapes they hold.
func New(tables *table.Set) *Solver { return &Solver{tables: tables} }

// Name names the engine that answers boards of a shape.
type Name string

// The engines.
const (
	Table Name = "table" // a full table of optimal moves: a lookup, no search
)

// Engine returns the engine that answers boards of shape s, or an error
// that names the shapes that are supported.
func (v *Solver) Engine(s board.Shape) (Name, error) {
	if v == nil || v.tables == nil {
		return "", errors.New("engine: the Solver has no engines (make it with New)")
	}
	if !s.Valid() {
		return "", &shapeError{fmt.Sprintf("%v is not a board shape; want R x C with R, C >= 2 and at most %d cells", s, board.MaxCells)}
	}
	shapes, err := v.tables.Shapes()
	if err != nil {
		return "", err
	}
	for _, t := range shapes {
		if t == s {
			return Table, nil
		}
	}
	return "", &shapeError{fmt.Sprintf("%v boards are not supported; the supported shapes are %s", s, list(shapes))}
}

// ErrShape is the error, matched with errors.Is, for a board of a shape
// no engine answers: a fault of the board, not of the Solver.
var ErrShape = errors.New("engine: shape not supported")

type shapeError struct{ msg string }

func (e *shapeError) Error() string        { return e.msg }
func (e *shapeError) Is(target error) bool { return target == ErrShape }

// Shapes returns the shapes v answers, smallest first.
func (v *Solver) Shapes() ([]board.Shape, error) {
	if v == nil || v.tables == nil {
		return nil, errors.New("engine: the Solver has no engines (make it with New)")
	}
	return v.tables.Shapes()
}

func list(shapes []board.Shape) string {
	var names []string
	for _, s := range shapes {
		names = append(names, s.String())
	}
	return strings.Join(names, ", ")
}

// For returns the answers for one goal: a Goal does the work that
// depends only on the goal once, for many boards.
func (v *Solver) For(goal board.Board) (*Goal, error) {
	if !goal.Valid() {
		return nil, errors.New("engine: the goal is not a valid board")
	}
	if _, err := v.Engine(goal.Shape()); err != nil {
		return nil, err
	}
	t, err := v.tables.Solver(goal)
	if err != nil {
		return nil, err
	}
	return &Goal{goal: goal, t: t}, nil
}

// AppendPath appends to dst the letters of the lexicographically smallest
// shortest path from start to goal (d < l < r < u) and reports true, or
// returns dst and false when goal cannot be reached from start. The error
// is for a shape that is not supported, or a missing or corrupt table.
func (v *Solver) AppendPath(dst []byte, start, goal board.Board) ([]byte, bool, error) {
	g, err := v.For(goal)
	if err != nil {
		return dst, false, err
	}
	return g.AppendPath(dst, start)
}

// Distance returns the number of moves of a shortest path from start to
// goal, or false when there is none; the error is as for AppendPath.
func (v *Solver) Distance(start, goal board.Board) (int, bool, error) {
	g, err := v.For(goal)
	if err != nil {
		return 0, false, err
	}
	return g.Distance(start)
}

// Table returns the full table for the standard goal of shape s with the
// blank in cell blank, for work that needs every position (test data of
// chosen depths), or an error for a shape answered without one.
func (v *Solver) Table(s board.Shape, blank int) (*table.Table, error) {
	name, err := v.Engine(s)
	if err != nil {
		return nil, err
	}
	if name != Table {
		return nil, fmt.Errorf("engine: %v boards have no full table", s)
	}
	return v.tables.Table(s, blank)
}

// Goal answers boards for one goal.
type Goal struct {
	goal board.Board
	t    *table.Solver
}

// Goal returns the goal g answers for.
func (g *Goal) Goal() board.Board { return g.goal }

// Engine returns the engine that answers for g.
func (g *Goal) Engine() Name { return Table }

// Fast returns the table lookups behind g, which a batch uses to look up
// many boards at once (table.Solver.Key and Gather), or nil when g's
// engine has none.
func (g *Goal) Fast() *table.Solver { return g.t }

// AppendPath appends the letters of the lexicographically smallest
// shortest path from start to g's goal and reports true, or false when
// there is none. The error is for a corrupt table.
func (g *Goal) AppendPath(dst []byte, start board.Board) ([]byte, bool, error) {
	if g == nil || g.t == nil {
		return dst, false, errZeroGoal
	}
	return g.t.AppendPath(dst, start)
}

// Distance returns the number of moves of a shortest path from start to
// g's goal, or false when there is none.
func (g *Goal) Distance(start board.Board) (int, bool, error) {
	if g == nil || g.t == nil {
		return 0, false, errZeroGoal
	}
	return g.t.Distance(start)
}

var errZeroGoal = errors.New("engine: the Goal has no engine (Solver.For makes Goals)")
