package engine

import (
	"context"
	"fmt"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/search"
	"github.com/slidingpuzzle/solver/table"
)

// Goals answers boards for any goal, as a judge file of pairs has them:
// each goal is renamed onto the standard goal of its shape with the same
// blank cell (board.Relabel), whose Goal is made once, so that a case
// costs a renaming of nine bytes, not a Goal of its own. A Goals is for
// one goroutine; Solver.For is the way for one goal.
type Goals struct {
	v    *Solver
	std  [board.MaxSmall]*Goal
	last board.Shape // the shape of std and canon
	// canon[b], for a shape answered by tables, is the symmetry of the
	// board that takes blank cell b to the first cell of its kind
	// (corners to 0, edges to 1 on 3x3), or nil where b is that cell:
	// distances need one table of each kind.
	canon [board.MaxSmall]*search.Map
	// pulled[b], where canon[b] is set, is the standard goal of canon[b]'s
	// blank cell pulled back through it: the board whose cell i holds what
	// that goal holds in the cell canon[b] takes i to. A start renamed for
	// a goal with blank b onto pulled[b], then turned, is renamed for that
	// standard goal.
	pulled [board.MaxSmall]board.Board
}

// Goals returns a Goals of v.
func (v *Solver) Goals() *Goals { return &Goals{v: v} }

// For returns the Goal that answers boards renamed for goal (see Solve),
// and the renamed start.
func (m *Goals) For(start, goal board.Board) (*Goal, board.Board, error) {
	if !goal.Valid() {
		return nil, start, fmt.Errorf("%w: the goal", ErrInvalid)
	}
	s := goal.Shape()
	if !s.Small() {
		g, err := m.v.For(goal) // no renaming: a large board has its own Goal
		return g, start, err
	}
	if s != m.last {
		m.reset(s)
	}
	b := goal.Blank()
	g, err := m.stdGoal(s, b)
	if err != nil {
		return nil, start, err
	}
	if err := g.check(start); err != nil {
		return nil, start, err
	}
	if goal == g.goal {
		return g, start, nil // the standard goal itself: nothing to rename
	}
	return g, board.Rename(start, goal, g.goal), nil // board.Relabel, with the standard goal at hand
}

// stdGoal returns the Goal of the standard goal of shape s with the blank
// in cell b, made once.
func (m *Goals) stdGoal(s board.Shape, b int) (*Goal, error) {
	if g := m.std[b]; g != nil {
		return g, nil
	}
	g, err := m.v.For(s.Goal(b))
	if err != nil {
		return nil, err
	}
	m.std[b] = g
	return g, nil
}

// reset makes m ready for boards of shape s.
func (m *Goals) reset(s board.Shape) {
	m.std, m.canon, m.pulled, m.last = [board.MaxSmall]*Goal{}, [board.MaxSmall]*search.Map{}, [board.MaxSmall]board.Board{}, s
	if name, err := m.v.Engine(s); err != nil || name != Table {
		return
	}
	maps := search.Maps(s, s)
	n := s.Cells()
	for b := range n {
		for k := range maps {
			if c := maps[k].Apply(b); c < b && (m.canon[b] == nil || c < m.canon[b].Apply(b)) {
				m.canon[b] = &maps[k]
			}
		}
		if y := m.canon[b]; y != nil {
			std := s.Goal(y.Apply(b))
			cells := make([]int, n)
			for i := range cells {
				cells[i] = std.Cell(y.Apply(i))
			}
			p, err := board.New(s, cells)
			if err != nil {
				m.canon[b] = nil // cannot be: a symmetry keeps a board a board
				continue
			}
			m.pulled[b] = p
		}
	}
}

// ForDistance is For for a distance alone: on a shape answered by tables
// it first turns or mirrors both boards so that the goal's blank is in the
// first cell of its kind, which keeps the distance, and so needs a third
// of the tables on 3x3, at the cost of turning two boards: it pays for a
// file of pairs, not for one goal. A path of the Goal it returns is not
// one of the pair's (the smallest path changes with the turn); its
// distances are.
func (m *Goals) ForDistance(start, goal board.Board) (*Goal, board.Board, error) {
	if !goal.Shape().Small() {
		return m.For(start, goal) // no tables: nothing to turn
	}
	if goal.Valid() && goal.Shape() != m.last {
		m.reset(goal.Shape())
	}
	if goal.Valid() && start.Shape() == goal.Shape() {
		b := goal.Blank()
		if y := m.canon[b]; y != nil {
			if turned, ok := y.RenamedBoard(start, goal, m.pulled[b]); ok {
				g, err := m.stdGoal(goal.Shape(), y.Apply(b))
				if err != nil {
					return nil, start, err
				}
				return g, turned, nil
			}
		}
	}
	return m.For(start, goal)
}

// Pairs returns the table.Pairs that answers 3x3 pairs written as lines
// as For does (turn false: the paths are the pair's) or as ForDistance
// does (turn true: a third of the tables, for distances alone), or an
// error when no table answers 3x3 boards.
func (m *Goals) Pairs(turn bool) (*table.Pairs, error) {
	s := board.Shape3x3
	if s != m.last {
		m.reset(s)
	}
	var solvers [9]*table.Goal
	var cells [9][9]uint8
	for b := range 9 {
		to := b
		y := m.canon[b]
		if !turn {
			y = nil
		}
		if y != nil {
			to = y.Apply(b)
		}
		g, err := m.stdGoal(s, to)
		if err != nil {
			return nil, err
		}
		if solvers[b] = g.Lookups(); solvers[b] == nil {
			return nil, fmt.Errorf("engine: no table answers %v boards", s)
		}
		for i := range 9 {
			cells[b][i] = uint8(i)
			if y != nil {
				cells[b][i] = uint8(y.Apply(i))
			}
		}
	}
	return table.NewPairs(&solvers, &cells)
}

// Solve is Goal.Solve for the pair start, goal.
func (m *Goals) Solve(ctx context.Context, dst []byte, start, goal board.Board) ([]byte, bool, Stats, error) {
	g, s, err := m.For(start, goal)
	if err != nil {
		return dst, false, Stats{}, err
	}
	return g.Solve(ctx, dst, s)
}

// Distance is Goal.Distance for the pair start, goal. For a file of many
// goals, ForDistance needs fewer tables.
func (m *Goals) Distance(start, goal board.Board) (int, bool, error) {
	g, s, err := m.For(start, goal)
	if err != nil {
		return 0, false, err
	}
	return g.Distance(s)
}
