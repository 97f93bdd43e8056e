// Package analyse reports on a path of a sliding puzzle as a player made
// it: the distance from the goal before and after each move, the moves
// that lost ground, and the whole against the shortest path. On boards of
// up to 16 cells the distances are exact, from the engine's tables and
// searches; on larger ones they are the tiles' Manhattan distance, a lower
// bound, beside the length of the path the solver would give.
package analyse

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/engine"
	"github.com/slidingpuzzle/solver/search"
)

// Report is what Analyse finds of a path.
type Report struct {
	Start, Goal board.Board  // the board the path starts from and the goal it is to reach
	Path        []board.Move // as the blank makes them
	// Exact says that Distances are the shortest paths' lengths; else they
	// are the tiles' Manhattan distances from their goals, lower bounds.
	Exact bool
	// Distances holds the distance before each move and, last, after the
	// path: len(Path)+1 numbers.
	Distances []int
	// Lost holds the moves (counted from 0) after which the distance is
	// not one less than before: exactly, a move away from every shortest
	// path; by the lower bound, a move that took its tile away from home.
	Lost []int
	// Better holds, for each move of Lost, the moves from the same board
	// that keep a shortest path (Exact only).
	Better [][]board.Move
	// Shortest is the length of a shortest path from Start when Exact;
	// else Ours is the length of the path the solver gives, not proven
	// shortest, and Shortest is 0.
	Shortest, Ours int
	// Solved says that the path ends on the goal.
	Solved bool
	// Lines counts the path's moves with a run of moves in one direction,
	// which slides a line of tiles at once, as one (the line metric);
	// len(Path) counts them one tile at a time.
	Lines int
}

// Over returns how many moves the path makes more than a shortest path,
// when it ends on the goal and the report is Exact: len(Path) - Shortest.
func (r *Report) Over() int { return len(r.Path) - r.Shortest }

// Lines counts the runs of one direction in path: its length in the line
// metric, where sliding several tiles of a line is one move.
func Lines(path []board.Move) int {
	n := 0
	for i, m := range path {
		if i == 0 || m != path[i-1] {
			n++
		}
	}
	return n
}

// ErrMove is the error of a path with a move off the board.
var ErrMove = errors.New("a move off the board")

// Analyse reports on path, made from start towards goal, with the
// distances solver gives. ctx bounds the searches of boards of 10 to 16
// cells, one for each board the path passes through and four for each
// move that lost ground; it is an error for one of them to run past it.
func Analyse(ctx context.Context, solver *engine.Solver, start, goal board.Board, path []board.Move) (*Report, error) {
	if solver == nil {
		return nil, errors.New("analyse: no solver")
	}
	if !start.Valid() || !goal.Valid() || start.Shape() != goal.Shape() {
		return nil, fmt.Errorf("analyse: the board and the goal must be boards of one shape")
	}
	if !board.Solvable(start, goal) {
		return nil, errors.New("analyse: the board cannot reach the goal: the two have different parity")
	}
	s := start.Shape()
	r := &Report{Start: start, Goal: goal, Path: path, Lines: Lines(path)}
	// Every board of the path, checked as it is played.
	mv := board.NewMover(start)
	for i, m := range path {
		if b := mv.Blank(); !mv.Move(m) {
			return nil, fmt.Errorf("analyse: move %d, %c: %w (the blank is at row %d, column %d of %v)", i+1, m.Letter(), ErrMove, b/s.Cols+1, b%s.Cols+1, s)
		}
	}
	r.Solved = mv.Is(goal)
	g, err := solver.For(goal)
	if err != nil {
		return nil, err
	}
	r.Exact = s.Small() && g.Optimal()
	if !r.Exact {
		return r, r.bounds(ctx, g)
	}
	r.Distances = make([]int, len(path)+1)
	b := start
	for i := 0; ; i++ {
		d, err := distance(ctx, g, b)
		if err != nil {
			return nil, fmt.Errorf("analyse: the board after move %d: %w", i, err)
		}
		r.Distances[i] = d
		if i == len(path) {
			break
		}
		b.Move(path[i])
	}
	r.Shortest = r.Distances[0]
	b = start
	for i, m := range path {
		if r.Distances[i+1] != r.Distances[i]-1 {
			better, _, err := Best(ctx, g, b)
			if err != nil {
				return nil, fmt.Errorf("analyse: the board before move %d: %w", i+1, err)
			}
			r.Lost = append(r.Lost, i)
			r.Better = append(r.Better, better)
		}
		b.Move(m)
	}
	return r, nil
}

// bounds fills r for a board whose distances no engine knows: the
// Manhattan distance before and after each move, made move by move, and
// the length of the solver's own path.
func (r *Report) bounds(ctx context.Context, g *engine.Goal) error {
	s := r.Start.Shape()
	n := s.Cells()
	home := make([]int32, n)
	for i := range n {
		home[r.Goal.Cell(i)] = int32(i)
	}
	dist := func(t, at int) int {
		h := int(home[t])
		return abs(h/s.Cols-at/s.Cols) + abs(h%s.Cols-at%s.Cols)
	}
	d := engine.Manhattan(r.Start, r.Goal)
	r.Distances = make([]int, len(r.Path)+1)
	r.Distances[0] = d
	mv := board.NewMover(r.Start)
	for i, m := range r.Path {
		blank := mv.Blank()
		to, _ := s.Step(blank, m)
		t := mv.Cell(to)
		d += dist(t, blank) - dist(t, to)
		mv.Move(m)
		r.Distances[i+1] = d
		if d != r.Distances[i]-1 {
			r.Lost = append(r.Lost, i)
		}
	}
	n64, ok, _, err := g.WritePath(ctx, io.Discard, r.Start, nil)
	if err != nil {
		return fmt.Errorf("analyse: %w", err)
	}
	if !ok {
		return errors.New("analyse: the board cannot reach the goal")
	}
	r.Ours = int(n64)
	return nil
}

// distance returns the length of a shortest path from b to g's goal.
func distance(ctx context.Context, g *engine.Goal, b board.Board) (int, error) {
	var buf [search.MaxPath]byte
	path, ok, st, err := g.Solve(ctx, buf[:0], b)
	if err != nil {
		return 0, err
	}
	if !ok {
		return 0, fmt.Errorf("%v cannot reach the goal", b)
	}
	if !st.Optimal {
		if err := ctx.Err(); err != nil {
			return 0, err // the search was cut by ctx: its error, as a search's
		}
		return 0, fmt.Errorf("the search for the shortest path from %v ran past its time", b)
	}
	return len(path), nil
}

// Best returns the moves from b, a board of up to 16 cells, that keep a
// shortest path to g's goal, in the order d l r u (none when b is the
// goal), and the length of that path.
func Best(ctx context.Context, g *engine.Goal, b board.Board) ([]board.Move, int, error) {
	d, err := distance(ctx, g, b)
	if err != nil || d == 0 {
		return nil, d, err
	}
	var best []board.Move
	for m := board.Move(0); m < 4; m++ {
		nb := b
		if !nb.Move(m) {
			continue
		}
		dn, err := distance(ctx, g, nb)
		if err != nil {
			return nil, 0, err
		}
		if dn == d-1 {
			best = append(best, m)
		}
	}
	return best, d, nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
