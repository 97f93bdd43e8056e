package format

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/slidingpuzzle/solver/board"
)

// Wording is how a caller's users name the settings Setup reads, for
// its messages: the flags of a command, or the parameters of the web
// API.
type Wording struct {
	Shape, Goal, Format string
}

// The names of the commands' flags and of the web API's parameters.
var (
	FlagWording  = Wording{Shape: "-shape", Goal: "-goal", Format: "-format"}
	QueryWording = Wording{Shape: "shape", Goal: "goal", Format: "format"}
)

// Setup applies a shape and a goal, as a user gave them (text "" when not
// given), to p, and returns the preset every case is read with: the goal
// resolved once, here. shapeText sets p's shape and, unless p reads a goal
// with every case, its goal to the standard one of that shape; goalText
// is the goal of every case: a board, or a name of a goal every shape has
// (blank-last, blank-first, snail). When infer is true (neither a format
// nor a shape was given) the shape comes from the goal as written, or,
// with no goal or a named one, from each board (the zero Shape). Its
// errors name the settings as names does.
func (p Preset) Setup(shapeText, goalText string, infer bool, names Wording) (Preset, error) {
	notWith := func(name, why string) error {
		return fmt.Errorf("%s does not go with %s %s, %s", name, names.Format, p.Name, why)
	}
	if shapeText != "" && p.Size != NoSize {
		return p, notWith(names.Shape, "whose cases give their own size")
	}
	if goalText != "" && p.Pairs {
		return p, notWith(names.Goal, "which reads a goal with every case")
	}
	if shapeText != "" {
		s, err := board.ParseShape(shapeText)
		if err != nil {
			return p, fmt.Errorf("%s: %w", names.Shape, err)
		}
		p = p.WithShape(s)
	}
	if goalText == "" {
		if infer && shapeText == "" {
			p = p.WithShape(board.Shape{})
		}
		return p, nil
	}
	if slices.Contains(board.GoalNames, goalText) {
		p.Goal = board.MustParseGoal(board.Shape{}, goalText) // a name, for every shape
		if infer && shapeText == "" {
			p = p.WithShape(board.Shape{})
		}
		return p, nil
	}
	// A board: of the preset's shape, or, where the shape is to be
	// inferred or each case gives its own, of the shape it is written in.
	s := p.Shape
	if p.Size != NoSize || infer && shapeText == "" {
		var err error
		if s, err = InferShape(goalText); err != nil {
			return p, fmt.Errorf("%s %q: %w", names.Goal, goalText, err)
		}
	}
	g, err := board.ParseGoal(s, goalText)
	if err != nil {
		return p, fmt.Errorf("%s %q: %w", names.Goal, goalText, Positionless(goalText, err))
	}
	if p.Size == NoSize {
		p = p.WithShape(s)
	}
	p.Goal = g
	return p, nil
}

// Positionless drops the "1:" of an error in a board written on one line.
func Positionless(text string, err error) error {
	var se *board.SyntaxError
	if errors.As(err, &se) && !strings.Contains(text, "\n") {
		if se.Col > 0 {
			return fmt.Errorf("column %d: %s", se.Col, se.Msg)
		}
		return errors.New(se.Msg)
	}
	return err
}
