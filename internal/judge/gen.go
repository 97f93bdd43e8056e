package judge

import (
	"errors"
	"fmt"
	"io"
	"math/bits"
	"math/rand/v2"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/engine"
	"github.com/slidingpuzzle/solver/internal/format"
	"github.com/slidingpuzzle/solver/internal/perm"
	"github.com/slidingpuzzle/solver/table"
)

// Generator writes judge files of boards: random ones, uniform over the
// solvable positions unless asked otherwise, or every arrangement. The
// same settings and seed give the same file on every machine.
type Generator struct {
	Solver *engine.Solver
	Preset format.Preset
	// Shape is the shape of every board of a preset whose cases give
	// their size (format.Preset.Size); the zero Shape means 3x3.
	Shape board.Shape
	N     int    // the number of cases
	Seed  uint64 // the seed of the random boards
	// MinDepth and MaxDepth keep only boards that many moves from their
	// goal; MaxDepth < 0 keeps every depth.
	MinDepth, MaxDepth int
	// Unsolvable is the share of boards, 0..1, that cannot reach their
	// goal.
	Unsolvable float64
	// All writes every arrangement once, in lexicographic order, instead
	// of N random ones.
	All bool
	// Walk, when more than 0, makes each solvable board by a random walk
	// of that many moves of the blank from the goal, never straight back:
	// at most that many moves from it, for test data of a chosen
	// difficulty on boards without tables.
	Walk int
}

// rng draws numbers that depend only on the seed: PCG, and unbiased
// bounded numbers by Lemire's method, written here so that no library
// change can alter a generated file.
type rng struct{ src *rand.PCG }

func (r rng) intn(n int) int {
	un := uint64(n)
	thresh := -un % un
	for {
		hi, lo := bits.Mul64(r.src.Uint64(), un)
		if lo >= thresh {
			return int(hi)
		}
	}
}

// chance returns true with probability p.
func (r rng) chance(p float64) bool {
	return float64(r.src.Uint64()>>11)/(1<<53) < p
}

// arrangement returns a uniformly random arrangement of shape s.
func (r rng) arrangement(s board.Shape) board.Board {
	cells := make([]int32, s.Cells())
	for i := range cells {
		cells[i] = int32(i)
	}
	for i := len(cells) - 1; i > 0; i-- {
		j := r.intn(i + 1)
		cells[i], cells[j] = cells[j], cells[i]
	}
	b, _ := board.New(s, cells)
	return b
}

// Check reports what the settings of g cannot honour, naming the flags of
// cmd/judge that set them.
func (g *Generator) Check() error {
	p := g.preset()
	if err := p.Check(); err != nil {
		return err
	}
	switch {
	case !p.Shape.Valid():
		return fmt.Errorf("shape %v not supported", p.Shape)
	case g.Preset.Size == format.Side && p.Shape.Rows != p.Shape.Cols:
		return fmt.Errorf("-shape %v: %s gives one side, N for N x N: want a square board", p.Shape, g.Preset.Name)
	case g.N < 0:
		return fmt.Errorf("-n %d: want a number of cases, 0 or more", g.N)
	case !(g.Unsolvable >= 0 && g.Unsolvable <= 1): // NaN too
		return fmt.Errorf("-unsolvable %v: want a share from 0 to 1", g.Unsolvable)
	case g.All && p.Shape.Cells() > 10:
		return fmt.Errorf("-all on a %v board would write %d! cases; it is for boards of at most 10 cells", p.Shape, p.Shape.Cells())
	case g.All && g.MaxDepth >= 0:
		return errors.New("-all writes every arrangement and cannot keep only some depths (-depth)")
	case g.All && g.Unsolvable > 0:
		return errors.New("-all writes every arrangement, the unsolvable ones among them; it cannot take -unsolvable")
	case g.Walk < 0:
		return fmt.Errorf("-walk %d: want a number of moves, 0 or more", g.Walk)
	case g.Walk > 0 && (g.All || g.MaxDepth >= 0):
		return errors.New("-walk goes with neither -all nor -depth")
	case g.MaxDepth >= 0 && g.Unsolvable == 1:
		return errors.New("-depth with -unsolvable 1: unsolvable boards have no depth")
	case g.MaxDepth >= 0 && (g.MinDepth < 0 || g.MinDepth > g.MaxDepth):
		return fmt.Errorf("-depth %d-%d: want A-B with 0 <= A <= B", g.MinDepth, g.MaxDepth)
	case g.MaxDepth >= 0 && g.Solver == nil:
		return errors.New("-depth needs the tables: the Generator has no Solver")
	}
	if g.MaxDepth >= 0 {
		// The deepest position of any goal the cases may have.
		deepest := 0
		s := p.Shape
		goal, _ := p.DefaultGoal() // the zero Board for pairs: a random goal a case
		for blank := range s.Cells() {
			if goal.Valid() && goal.Blank() != blank {
				continue
			}
			t, err := g.Solver.Table(s, blank)
			if err != nil {
				return fmt.Errorf("-depth needs a full table of every position: %w", err)
			}
			deepest = max(deepest, t.MaxDepth())
		}
		if g.MinDepth > deepest {
			return fmt.Errorf("-depth %d-%d: no position of a %v board lies %d or more moves from its goal; the deepest lie %d", g.MinDepth, g.MaxDepth, s, g.MinDepth, deepest)
		}
	}
	return nil
}

// preset returns g's preset with the shape of its boards: for a preset
// whose cases give their size, g's Shape (3x3 by default), whose goal it
// names.
func (g *Generator) preset() format.Preset {
	p := g.Preset
	if p.Size != format.NoSize {
		s := g.Shape
		if s == (board.Shape{}) {
			s = board.Shape3x3
		}
		p.Size, p.Shape = format.NoSize, s
	}
	return p
}

// Write writes the judge file. Settings it cannot honour are an error,
// before anything is written.
func (g *Generator) Write(w io.Writer) error {
	if err := g.Check(); err != nil {
		return fmt.Errorf("judge: %w", err)
	}
	p := g.preset()
	s := p.Shape
	out := g.Preset            // writes the cases, with their sizes
	goal, _ := p.DefaultGoal() // the zero Board for pairs: a random goal a case
	if p.Pairs && g.All {
		goal = s.Goal(s.Cells() - 1)
	}
	var buf []byte
	flush := func(force bool) error {
		if len(buf) >= 64<<10 || (force && len(buf) > 0) {
			_, err := w.Write(buf)
			buf = buf[:0]
			return err
		}
		return nil
	}
	if g.All {
		n := int(perm.Factorial(s.Cells()))
		buf = p.AppendCount(buf, n)
		cells := make([]uint8, s.Cells())
		for r := range uint64(n) {
			perm.Unrank(cells, r)
			b, _ := board.New(s, cells)
			buf = out.AppendCase(buf, b, goal)
			if err := flush(false); err != nil {
				return err
			}
		}
		buf = out.AppendEnd(buf)
		return flush(true)
	}
	r := rng{rand.NewPCG(g.Seed, 0x9e3779b97f4a7c15)}
	depths := depthPicker{solver: g.Solver, shape: s, min: g.MinDepth, max: g.MaxDepth}
	buf = p.AppendCount(buf, g.N)
	for range g.N {
		caseGoal := goal
		for caseGoal == (board.Board{}) {
			caseGoal = r.arrangement(s)
			if g.MaxDepth >= 0 {
				// Goals whose blank cell has positions at those depths:
				// the deepest differ from cell to cell.
				list, err := depths.list(caseGoal.Blank())
				if err != nil {
					return err
				}
				if len(list) == 0 {
					caseGoal = board.Board{}
				}
			}
		}
		var start board.Board
		switch {
		case r.chance(g.Unsolvable):
			start = r.arrangement(s)
			if board.Solvable(start, caseGoal) {
				start = board.Flip(start)
			}
		case g.MaxDepth >= 0:
			var err error
			if start, err = depths.pick(r, caseGoal); err != nil {
				return err
			}
		case g.Walk > 0:
			start = walk(r, caseGoal, g.Walk)
		default:
			start = r.arrangement(s)
			if !board.Solvable(start, caseGoal) {
				start = board.Flip(start)
			}
		}
		buf = out.AppendCase(buf, start, caseGoal)
		if err := flush(false); err != nil {
			return err
		}
	}
	buf = out.AppendEnd(buf)
	return flush(true)
}

// depthPicker draws boards at chosen distances from a goal, uniformly:
// for each cell of the blank it lists once the positions of the standard
// goal at those depths, and renames a drawn one for the goal at hand.
type depthPicker struct {
	solver   *engine.Solver
	shape    board.Shape
	min, max int
	lists    map[int][]int32
}

func (d *depthPicker) pick(r rng, goal board.Board) (board.Board, error) {
	blank := goal.Blank()
	std := d.shape.Goal(blank)
	list, err := d.list(blank)
	if err != nil {
		return board.Board{}, err
	}
	if len(list) == 0 {
		t, _ := d.solver.Table(d.shape, blank)
		return board.Board{}, fmt.Errorf("no position lies %d to %d moves from %v (%d at most)", d.min, d.max, goal, t.MaxDepth())
	}
	b := table.Position(d.shape, std.Parity(), int(list[r.intn(len(list))]))
	return board.Rename(b, std, goal), nil
}

// list returns the indices of the positions at the picker's depths from
// the standard goal with the blank in cell blank, listing them once.
func (d *depthPicker) list(blank int) ([]int32, error) {
	std := d.shape.Goal(blank)
	list, ok := d.lists[blank]
	if !ok {
		t, err := d.solver.Table(d.shape, blank)
		if err != nil {
			return nil, err
		}
		if err := t.Prepare(); err != nil {
			return nil, err
		}
		for i := range table.Size(d.shape) {
			b := table.Position(d.shape, std.Parity(), i)
			if dist, _ := t.Distance(b); dist >= d.min && dist <= d.max {
				list = append(list, int32(i))
			}
		}
		if d.lists == nil {
			d.lists = make(map[int][]int32)
		}
		d.lists[blank] = list
	}
	return list, nil
}

// walk returns the board n random moves of the blank from b, never
// straight back.
func walk(r rng, b board.Board, n int) board.Board {
	prev := board.Move(0xff)
	s, blank := b.Shape(), b.Blank()
	path := make([]board.Move, 0, n)
	for range n {
		var moves [board.NumMoves]board.Move
		k := 0
		for m := range board.Move(board.NumMoves) {
			if _, ok := s.Step(blank, m); ok && m != prev.Reverse() {
				moves[k] = m
				k++
			}
		}
		m := moves[r.intn(k)]
		blank, _ = s.Step(blank, m)
		path = append(path, m)
		prev = m
	}
	b.Apply(path) // one copy of a large board's cells, not one a move
	return b
}
