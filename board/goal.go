package board

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Goal is the arrangement boards are solved to, as people name it: a
// name that every shape has (GoalNames: blank-last, blank-first, snail),
// or a board written out, which is of one shape. A goal is read once,
// wherever it comes from (a flag, a preset, the web API), by ParseGoal,
// and made a board of each shape it is asked for by For. The zero Goal
// is blank-last. A Goal is a value.
type Goal struct {
	name string // one of GoalNames but BlankLast; "" for blank-last or a board
	b    Board  // the goal's own board, or the zero Board for a named goal
	text string // the board as it was written, for String
}

// ErrGoalShape is the error of Goal.For for a goal that is a board of
// another shape than the one asked for, matched with errors.Is.
var ErrGoalShape = errors.New("the goal is a board of another shape")

// ParseGoal reads a goal: a name of GoalNames, or a board in any form
// Parse reads, of shape s, or, for the zero Shape, of the shape its text
// says (Infer). Errors say what was wrong and, for a board, where (a
// *SyntaxError among them); callers say whose goal it is.
func ParseGoal(s Shape, text string) (Goal, error) {
	if slices.Contains(GoalNames, text) {
		if text == BlankLast {
			text = ""
		}
		return Goal{name: text}, nil
	}
	if s == (Shape{}) {
		var err error
		if s, err = Infer(text); err != nil {
			return Goal{}, err
		}
	}
	b, err := Parse(s, text)
	if err != nil {
		return Goal{}, err
	}
	return Goal{b: b, text: strings.TrimSpace(text)}, nil
}

// MustParseGoal is ParseGoal for a goal written in a program: it panics
// where the goal cannot be read.
func MustParseGoal(s Shape, text string) Goal {
	g, err := ParseGoal(s, text)
	if err != nil {
		panic(fmt.Sprintf("board: MustParseGoal(%v, %q): %v", s, text, err))
	}
	return g
}

// GoalOf returns the goal that is b (for the zero Board, the zero Goal).
func GoalOf(b Board) Goal {
	if !b.Valid() {
		return Goal{}
	}
	return Goal{b: b}
}

// Name returns the name of g (GoalNames), or "" for a goal that is a
// board.
func (g Goal) Name() string {
	switch {
	case g.b.Valid():
		return ""
	case g.name == "":
		return BlankLast
	}
	return g.name
}

// Board returns the board g is, and false for a named goal, which is a
// board of every shape.
func (g Goal) Board() (Board, bool) { return g.b, g.b.Valid() }

// For returns the board of shape s that g is: the goal of s that g
// names, or g's own board where it is of shape s. For a board of another
// shape the error is ErrGoalShape; for a shape that is none, another.
func (g Goal) For(s Shape) (Board, error) {
	if g.b.Valid() {
		if g.b.Shape() != s {
			return Board{}, fmt.Errorf("%w: a %v board, not %v", ErrGoalShape, g.b.Shape(), s)
		}
		return g.b, nil
	}
	if b, ok := s.Named(g.Name()); ok {
		return b, nil
	}
	return Board{}, fmt.Errorf("shape %v not supported", s)
}

// String returns g's name, or its board as it was written (as
// Board.String writes it, for a goal GoalOf made).
func (g Goal) String() string {
	switch {
	case g.text != "":
		return g.text
	case g.b.Valid():
		return g.b.String()
	}
	return g.Name()
}
