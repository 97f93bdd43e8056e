// Package reduce answers boards of any size with a short path, not
// promised to be shortest: it places the outer rows and columns of the
// board, shrinking it, and hands the last part (5x5, or one of at most
// 16 cells on a board narrower than five, or a larger one that
// Options.Hand names) to an Endgame, the engine, which searches it. Its path is written as it is made, so that a board
// of a million cells, whose path runs to billions of moves, is answered
// in memory that grows with its cells alone.
//
// While the part left has more than 144 cells, its lines are
// placed tile by tile, by the usual means of the constructive solvers
// (Parberry's real-time algorithm): the blank is brought in front of the
// tile and the tile steps into it, diagonally where it must go both ways
// (three moves a step) and straight where it need not (five). The
// blank's ways, to the tile and around it, are chosen by what they do to
// the other tiles of the unsolved part (route.go): a way may be longer
// than the shortest where the tiles it moves come nearer their goals,
// those whose lines come soon counting most, which is where this solver
// gains on the plain one (a path about 2.3 times the tiles' Manhattan
// distance rather than 4). The last two tiles of a line
// are placed together by a breadth-first search over their cells and the
// blank's in a window of a few cells, which is exact and needs no special
// cases. From there on, each line is placed by a beam search over the
// part's whole arrangement (beam.go), which places its tiles together
// and in about two thirds of the moves.
package reduce

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/slidingpuzzle/solver/board"
)

// Endgame answers the small boards left at the end (the engine's
// searches answer them): it appends to dst a path from start to goal, or
// reports false when there is none, and stops with ctx's error when ctx
// ends first. Boards given to it are of the shapes Endgames lists, or
// of those Options.Hand reports.
type Endgame func(ctx context.Context, dst []byte, start, goal board.Board) ([]byte, bool, error)

// EndgameCells is the most cells of the part of a board handed to the
// Endgame: a 5x5 board.
const EndgameCells = 25

// Endgames are the shapes of the parts handed to the Endgame: the part
// left of a board of R x C cells is 5x5 where R, C >= 5, and otherwise
// 4x4, 3x5 or 2x7 (or their transposes), or a smaller one where the
// board itself is one of those (never the whole board, unless it has
// nine cells or fewer). All but 5x5 have shortest paths found in milliseconds; a
// 5x5 one a path not proven shortest, by a search over databases built
// on first use.
var Endgames = []board.Shape{{Rows: 5, Cols: 5}, {Rows: 4, Cols: 4}, {Rows: 3, Cols: 5}, {Rows: 5, Cols: 3}, {Rows: 2, Cols: 7}, {Rows: 7, Cols: 2}}

// isEndgame reports whether a part of h x w cells is handed to the
// Endgame.
func isEndgame(h, w int32) bool {
	switch {
	case h == 5 && w == 5:
		return true
	case min(h, w) == 2:
		return max(h, w) <= 7
	}
	return h*w <= 16
}

// handed reports whether a part of h x w cells is handed to the
// Endgame: one of Endgames, or one Options.Hand reports.
func (s *solver) handed(h, w int32) bool {
	return isEndgame(h, w) || s.opt.Hand != nil && s.opt.Hand(board.Shape{Rows: int(h), Cols: int(w)})
}

// Progress is called now and then with the tiles placed so far and the
// tiles to place in all, and the moves written so far.
type Progress func(placed, tiles int, moves int64)

// Options are the settings of a Solve.
type Options struct {
	// Progress, when not nil, is called after each line placed.
	Progress Progress
	// Cache is a folder where the beam search's tables are kept for
	// the next process, and read from (a 20x20 board's last parts take
	// about 70 MB of them, 2 s of two cores to make); "" for none. A
	// process makes each table once either way.
	Cache string
	// TileByTile places every line tile by tile, with no beam search and
	// none of its tables: a longer path (on a random 5x5 board about half
	// as long again), found in under a millisecond where the beam search
	// takes tens, for an answer that must come at once.
	TileByTile bool
	// Hand, when not nil, reports whether a part of the board, shrunk to
	// the shape part and smaller than the board, is handed to the
	// Endgame whole rather than shrunk further, as the parts Endgames
	// lists always are. The Endgame must answer boards of every shape
	// it reports. (The engine hands an 8x8 board's 7x7 part to its beam
	// search over a whole board.)
	Hand func(part board.Shape) bool
	// Width is how many states of each depth the beam search that places
	// a line keeps: 0 for 1,000. Wider is shorter and slower.
	Width int
}

// ErrEndgame wraps an error of the Endgame.
var ErrEndgame = errors.New("reduce: the endgame failed")

// Solve writes to w the letters of a path from start to goal (d l r u, as
// the blank moves) and returns its length, or reports false when goal
// cannot be reached from start. The path is valid but not promised to be
// shortest. A nil w counts the moves and writes none. It stops with ctx's
// error when ctx is done first; what it wrote before is a prefix of the
// path. Boards of every size work; a board of at most nine cells the
// Endgame answers alone, and of any other board it answers a smaller
// part (Endgames), never the whole: Solve answers what the Endgame's own
// search gave up on.
func Solve(ctx context.Context, w io.Writer, start, goal board.Board, end Endgame, opt Options) (int64, bool, error) {
	if !start.Valid() || !goal.Valid() || start.Shape() != goal.Shape() {
		return 0, false, errors.New("reduce: start and goal are not boards of one shape")
	}
	if !board.Solvable(start, goal) {
		return 0, false, nil
	}
	if end == nil {
		return 0, false, errors.New("reduce: no Endgame")
	}
	if ctx == nil {
		ctx = context.Background()
	}
	s := newSolver(start, goal, w)
	s.ctx, s.end, s.opt = ctx, end, opt
	err := s.run()
	if s.beamRoom != nil {
		s.beamRoom.release()
	}
	if ferr := s.flush(); err == nil {
		err = ferr
	}
	return s.moves, err == nil, err
}

// solver holds the board as it is changed, its tiles named by their goal
// cells: cell[i] is the goal cell of the tile in cell i (for the blank,
// the blank's goal cell), and pos[g] the cell of the tile whose goal is
// g.
type solver struct {
	rows, cols int32
	cell, pos  []int32
	// at[g] is the row and column of cell g, looked up rather than divided
	// out; goalAt[i] is at[cell[i]], the goal of the tile in cell i, kept
	// beside it: the routes ask it of every cell they weigh.
	at, goalAt []rowCol
	// routeArea bounds the box of cells route weighs the ways through.
	routeArea int32
	blankGoal int32
	fixed     []bool // cells placed for good, which no move may touch
	// The part not yet placed: rows top..bottom-1, columns left..right-1.
	top, bottom, left, right int32

	w     io.Writer
	out   []byte
	moves int64
	err   error

	ctx    context.Context
	end    Endgame
	opt    Options
	placed int

	// Room reused by the searches.
	seen  []int32 // a mark for each cell, by search
	mark  int32
	queue []int32
	from  []int8
	bfs   bfsRoom

	// route's: its dynamic program's rows and ways, and the weights.
	wayIn, wayBest, wayFrom, wayLeft []int32
	waySeg, waySeg2                  []int32
	wayPath                          []int8
	rowRank, colRank, weightOf       []int32

	beamRoom *beamer // the beam search's, from line to line

	trial   bool   // moves are tried and may be taken back: none is flushed
	floor   int    // no move that undoes the one before it drops a letter below it
	gainSum int64  // what the moves so far did to the tiles' distances
	mode    int8   // moveTile's way (diagonalFirst, straightFirst)
	best    []byte // room for the moves of the best way tried
}

func newSolver(start, goal board.Board, w io.Writer) *solver {
	sh := start.Shape()
	n := sh.Cells()
	s := &solver{
		rows: int32(sh.Rows), cols: int32(sh.Cols),
		cell: make([]int32, n), pos: make([]int32, n),
		blankGoal: int32(goal.Blank()),
		fixed:     make([]bool, n),
		bottom:    int32(sh.Rows), right: int32(sh.Cols),
		w: w,
	}
	s.at = make([]rowCol, n)
	for g := range int32(n) {
		s.at[g] = rowCol{g / s.cols, g % s.cols}
	}
	s.routeArea = maxRouteArea
	if n > bigBoard {
		s.routeArea = maxRouteArea / 4
	}
	home := make([]int32, n) // home[t]: the goal cell of tile t
	for i := range n {
		home[goal.Cell(i)] = int32(i)
	}
	for i := range n {
		g := home[start.Cell(i)]
		s.cell[i], s.pos[g] = g, int32(i)
	}
	s.goalAt = make([]rowCol, n)
	for i := range n {
		s.goalAt[i] = s.at[s.cell[i]]
	}
	s.out = make([]byte, 0, 64<<10)
	return s
}

// The moves of the blank, as board.Move numbers them.
const (
	down  = int8(board.Down)
	left  = int8(board.Left)
	right = int8(board.Right)
	up    = int8(board.Up)
)

// delta returns the change of the blank's cell for move m.
func (s *solver) delta(m int8) int32 {
	switch m {
	case down:
		return s.cols
	case up:
		return -s.cols
	case left:
		return -1
	}
	return 1
}

// blank returns the blank's cell.
func (s *solver) blank() int32 { return s.pos[s.blankGoal] }

// step moves the blank into its neighbour to, with letter m.
func (s *solver) step(to int32, m int8) {
	b := s.pos[s.blankGoal]
	s.gainSum += int64(s.gain(to, b))
	g := s.cell[to]

	s.cell[b], s.pos[g] = g, b
	s.cell[to], s.pos[s.blankGoal] = s.blankGoal, to
	s.goalAt[b], s.goalAt[to] = s.goalAt[to], s.goalAt[b]
	// A move that undoes the one before it is no move: both go.
	if n := len(s.out); n > s.floor && s.out[n-1] == board.Letters[3-m] {
		s.out = s.out[:n-1]
		s.moves--
		return
	}
	s.moves++
	s.out = append(s.out, board.Letters[m])
	if len(s.out) >= cap(s.out) && !s.trial {
		s.flush()
	}
}

// flush writes the letters held (to nothing, when the moves are only
// counted: the same letters are held either way, so that a count and a
// path agree).
func (s *solver) flush() error {
	if s.w != nil && len(s.out) > 0 && s.err == nil {
		_, s.err = s.w.Write(s.out)
	}
	s.out = s.out[:0]
	return s.err
}

// dist is the Manhattan distance between cells a and b.
func (s *solver) dist(a, b int32) int32 {
	return abs(a/s.cols-b/s.cols) + abs(a%s.cols-b%s.cols)
}

func abs(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}

// gain is what moving the tile in cell from to its neighbour to does to
// its distance from its goal: 1 when it comes nearer, -1 when it goes
// away.
func (s *solver) gain(from, to int32) int32 {
	g := s.cell[from]
	switch to - from {
	case 1:
		return sign(s.at[g].c - s.at[from].c)
	case -1:
		return sign(s.at[from].c - s.at[g].c)
	case s.cols:
		return sign(s.at[g].r - s.at[from].r)
	}
	return sign(s.at[from].r - s.at[g].r)
}

// rowCol is a cell's row and column.
type rowCol struct{ r, c int32 }

// sign is 1 for x > 0 and -1 otherwise.
func sign(x int32) int32 { return (x-1)>>31 | 1 }

// free reports whether cell c is on the board and not placed for good.
func (s *solver) free(c int32) bool {
	return c >= 0 && c < int32(len(s.cell)) && !s.fixed[c]
}

// neighbour returns the cell next to c in direction m, or -1 off the
// board.
func (s *solver) neighbour(c int32, m int8) int32 {
	r, col := c/s.cols, c%s.cols
	switch m {
	case down:
		if r+1 >= s.rows {
			return -1
		}
		return c + s.cols
	case up:
		if r == 0 {
			return -1
		}
		return c - s.cols
	case left:
		if col == 0 {
			return -1
		}
		return c - 1
	}
	if col+1 >= s.cols {
		return -1
	}
	return c + 1
}

// run places the lines of the board until the part left is one of
// Endgames, then hands it to the endgame.
func (s *solver) run() error {
	for {
		h, w := s.bottom-s.top, s.right-s.left
		if s.handed(h, w) && (h*w < int32(len(s.cell)) || h*w <= 9) {
			// A part smaller than the board: the Endgame hands a board
			// it gave up on (a search cut short) to Solve, which must
			// not hand it back whole. A board of nine cells or fewer is
			// looked up.
			return s.endgame()
		}
		if err := s.ctx.Err(); err != nil {
			return err
		}
		br, bc := s.blankGoal/s.cols, s.blankGoal%s.cols
		rows := h > 2 && (h >= w || w == 2)
		top, left := br != s.top, bc != s.left
		var ln line
		switch {
		case rows:
			// A row: the top one, unless the goal's blank is there.
			if top {
				ln = line{base: s.top*s.cols + s.left, along: 1, in: s.cols, n: w, depth: h}
				s.top++
			} else {
				ln = line{base: (s.bottom-1)*s.cols + s.left, along: 1, in: -s.cols, n: w, depth: h}
				s.bottom--
			}
		default:
			if left {
				ln = line{base: s.top*s.cols + s.left, along: s.cols, in: 1, n: h, depth: w}
				s.left++
			} else {
				ln = line{base: s.top*s.cols + s.right - 1, along: s.cols, in: -1, n: h, depth: w}
				s.right--
			}
		}
		place := s.placeLine
		if h*w <= beamCells && max(h, w) <= beamLength && !s.opt.TileByTile {
			place = s.placeLineBeam
		}
		if err := place(ln); err != nil {
			return err
		}
		if s.err != nil {
			return s.err
		}
		if s.opt.Progress != nil {
			s.opt.Progress(s.placed, len(s.cell)-1, s.moves)
		}
	}
}

// line is a row or a column at the edge of the unsolved part: its cell i
// (0..n-1), k cells in (0..depth-1), is base + i*along + k*in.
type line struct {
	base, along, in int32
	n, depth        int32
}

func (l *line) at(i, k int32) int32 { return l.base + i*l.along + k*l.in }

// placeLine brings the tiles of line l home: all but the last two one at
// a time, then those two together.
func (s *solver) placeLine(l line) error {
	s.weights()
	for i := int32(0); i < l.n-2; i++ {
		if err := s.ctx.Err(); err != nil {
			return err // a line of a large board takes a tenth of a second
		}
		if s.err != nil {
			return s.err // a write failed: no more moves to make
		}
		c := l.at(i, 0)
		if err := s.moveTileBest(c, c); err != nil {
			return err
		}
		s.fixed[c] = true
		s.placed++
	}
	return s.placePair(l)
}

// placePair places the last two tiles of line l: each is first brought
// into a window of a few cells at the line's end, and then a search over
// the three cells of the two tiles and the blank in the window finds the
// fewest moves that put both home.
func (s *solver) placePair(l line) error {
	a, b := l.at(l.n-2, 0), l.at(l.n-1, 0)
	if s.pos[a] == a && s.pos[b] == b {
		s.fixed[a], s.fixed[b] = true, true
		s.placed += 2
		return nil
	}
	// The window: the last three cells of the line (the first of them is
	// placed already when the line is longer than two) and as many in;
	// a line of two has three and more in.
	from, deep := max(l.n-3, 0), int32(3)
	if l.n == 2 {
		deep = 5
	}
	for try := 0; ; try++ {
		deep = min(deep, l.depth)
		var win []int32
		for k := int32(0); k < deep; k++ {
			for i := from; i < l.n; i++ {
				if c := l.at(i, k); !s.fixed[c] {
					win = append(win, c)
				}
			}
		}
		if s.bringInto(a, win, nil) && s.bringInto(b, win, []int32{s.pos[a]}) && s.blankInto(win, []int32{s.pos[a], s.pos[b]}) {
			if s.search([]int32{a, b}, []int32{a, b}, win) {
				break
			}
		}
		if try == 3 || (from == 0 && deep == l.depth) {
			return fmt.Errorf("reduce: cannot place the last two tiles of a line at cell %d", b)
		}
		from, deep = max(from-1, 0), deep+1
	}
	s.fixed[a], s.fixed[b] = true, true
	s.placed += 2
	return nil
}

// bringInto moves the tile whose goal is g into one of the cells of win,
// unless it is there, without moving the tiles in the cells of keep. It
// reports whether it could.
func (s *solver) bringInto(g int32, win, keep []int32) bool {
	c, there := s.nearest(s.pos[g], win, keep)
	return there || c >= 0 && s.moveTile(g, c, keep) == nil
}

// blankInto brings the blank into one of the cells of win without moving
// the tiles in the cells of keep.
func (s *solver) blankInto(win, keep []int32) bool {
	c, there := s.nearest(s.blank(), win, keep)
	return there || c >= 0 && s.goBlank(c, keep)
}

// nearest returns the cell of win nearest p and not in keep, or -1 for
// none, or true when p is in win.
func (s *solver) nearest(p int32, win, keep []int32) (int32, bool) {
	best, bd := int32(-1), int32(1<<30)
	for _, c := range win {
		if c == p {
			return c, true
		}
		if contains(keep, c) {
			continue
		}
		if d := s.dist(p, c); d < bd {
			best, bd = c, d
		}
	}
	return best, false
}

func contains(cells []int32, c int32) bool {
	for _, x := range cells {
		if x == c {
			return true
		}
	}
	return false
}

// endgame hands the unsolved part to the Endgame and makes its moves.
func (s *solver) endgame() error {
	h, w := s.bottom-s.top, s.right-s.left
	n := h * w
	// The part's cells in reading order; a tile is named by the place of
	// its goal cell among them, the blank's goal cell being that of the
	// small board's standard goal.
	index := func(c int32) int32 { return (c/s.cols-s.top)*w + c%s.cols - s.left }
	kb := index(s.blankGoal)
	cells := make([]int, n)
	for r := s.top; r < s.bottom; r++ {
		for c := s.left; c < s.right; c++ {
			g := s.cell[r*s.cols+c]
			k := index(g)
			switch {
			case g == s.blankGoal:
				k = 0
			case k < kb:
				k++
			}
			cells[index(r*s.cols+c)] = int(k)
		}
	}
	sh := board.Shape{Rows: int(h), Cols: int(w)}
	start, err := board.New(sh, cells)
	if err != nil {
		return fmt.Errorf("reduce: the part left is no board: %w", err)
	}
	path, ok, err := s.end(s.ctx, nil, start, sh.Goal(int(kb)))
	if err != nil && s.ctx.Err() != nil {
		return s.ctx.Err()
	}
	if err != nil {
		return fmt.Errorf("%w: %w", ErrEndgame, err)
	}
	if !ok {
		return fmt.Errorf("reduce: the part left, %v, cannot reach its goal", start)
	}
	for _, c := range path {
		m, ok := board.ParseMove(c)
		if !ok {
			return fmt.Errorf("%w: its path has the letter %q", ErrEndgame, c)
		}
		to := s.neighbour(s.blank(), int8(m))
		if to < 0 {
			return fmt.Errorf("%w: its path leaves the board", ErrEndgame)
		}
		s.step(to, int8(m))
	}
	for r := s.top; r < s.bottom; r++ {
		for c := s.left; c < s.right; c++ {
			if i := r*s.cols + c; s.cell[i] != i {
				return fmt.Errorf("%w: its path leaves %v short of its goal", ErrEndgame, start)
			}
		}
	}
	s.placed = len(s.cell) - 1
	return s.err
}
