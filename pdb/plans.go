package pdb

import "github.com/slidingpuzzle/solver/board"

// A Plan is a partition of a shape's tiles into patterns, for goals with
// the blank in one cell: the databases a search adds up. Plans are given
// for one orientation of each shape (rows <= columns); the engine reads
// them for the other through a transposing map, and for goals with the
// blank in another corner through a symmetry.
type Plan struct {
	Shape    board.Shape // the shape whose tiles the plan partitions
	Blank    int         // the goal's blank cell
	Patterns [][]int     // each pattern's goal cells, ascending (Pattern.Cells)
	Zero     bool        // its databases are zero-aware (Pattern.Zero)
	// Blanks, when not nil, gives each pattern's database a blank cell
	// of its own in place of Blank, in the same free region as Blank
	// (SameRegion): an additive database serves every goal whose blank
	// is in that region, so plans for goals of several blank cells
	// share it, one file.
	Blanks []int
}

// Of returns the patterns of pl.
func (pl Plan) Of() []Pattern {
	var out []Pattern
	for i, cells := range pl.Patterns {
		b := pl.Blank
		if pl.Blanks != nil {
			b = pl.Blanks[i]
		}
		out = append(out, Pattern{Shape: pl.Shape, Cells: cells, Blank: b, Zero: pl.Zero})
	}
	return out
}

// Embedded are the plans whose databases are compiled into the program
// (package generated): for the 4x4 board the 6-6-3 split of
// hkociemba/FifteenPuzzle (rows by twos, with the blank in the corner),
// elsewhere blocks of columns, which keep each pattern's tiles together.
var Embedded = []Plan{
	{Shape: board.Shape{Rows: 4, Cols: 4}, Blank: 0, Patterns: [][]int{{1, 2, 3, 4, 5, 6}, {7, 8, 9}, {10, 11, 12, 13, 14, 15}}},
	{Shape: board.Shape{Rows: 3, Cols: 5}, Blank: 14, Patterns: [][]int{{0, 1, 5, 6, 10, 11}, {2, 3, 7, 8, 12, 13}, {4, 9}}},
	{Shape: board.Shape{Rows: 2, Cols: 7}, Blank: 13, Patterns: [][]int{{0, 1, 2, 7, 8, 9}, {3, 4, 5, 10, 11, 12}, {6}}},
	{Shape: board.Shape{Rows: 3, Cols: 4}, Blank: 11, Patterns: [][]int{{0, 1, 4, 5, 8, 9}, {2, 3, 6, 7, 10}}},
	{Shape: board.Shape{Rows: 2, Cols: 6}, Blank: 11, Patterns: [][]int{{0, 1, 2, 6, 7, 8}, {3, 4, 5, 9, 10}}},
	{Shape: board.Shape{Rows: 2, Cols: 5}, Blank: 9, Patterns: [][]int{{0, 1, 2, 5, 6, 7}, {3, 4, 8}}},
}

// Built are the plans whose databases a program builds on first use, in
// a few seconds, and keeps in its cache folder, for shapes too rare to
// embed theirs: the 2x8 board's 6-6-3 split (3.4 s on 2 cores), whose
// two 6-tile databases would take 2 MB of the program.
var Built = []Plan{
	{Shape: board.Shape{Rows: 2, Cols: 8}, Blank: 15, Patterns: [][]int{{0, 1, 2, 8, 9, 10}, {3, 4, 5, 11, 12, 13}, {6, 7, 14}}},
}

// Large is the plan that gentable -pdb builds for the 4x4 board: the 7-8
// split, 57,657,600 and 518,918,400 placements, additive. Zero-aware (a
// search.Heuristic that read them, tried and not kept), it took Korf's
// 100 from 27,379 nodes an instance to 21,340 in the same time (the
// 80-move positions 1.00x and 1.02x, their nodes 0.85x), with twice the
// memory (565 MiB) and files (548 MB), and the reads it needed made the
// embedded tier's search 1-2% slower: not worth it here, as it is on the
// 5x5 board (Large5).
var Large = Plan{Shape: board.Shape{Rows: 4, Cols: 4}, Blank: 0, Patterns: [][]int{{1, 2, 3, 4, 5, 6, 7}, {8, 9, 10, 11, 12, 13, 14, 15}}}

// Large5 is the plan that gentable -pdb -shape 5x5 builds for the 5x5
// board, with the blank in the first cell as in Korf's goal: Korf and
// Felner's 6-6-6-6 split, 127,512,000 placements each, read a second time
// through the board's transposition (the mirror partition), zero-aware (a
// byte a placement, 122 MB a database): Korf's 24-puzzle #25 #32 #38 #40
// #44 take 0.81 times the nodes of the additive databases.
var Large5 = Plan{Shape: board.Shape{Rows: 5, Cols: 5}, Blank: 0, Patterns: [][]int{{1, 2, 5, 6, 7, 12}, {3, 4, 8, 9, 13, 14}, {10, 11, 15, 16, 20, 21}, {17, 18, 19, 22, 23, 24}}, Zero: true}

// Small5 is the plan for 5x5 boards whose databases a program builds on
// first use, where there are no others, and keeps in its cache folder: a
// 5-5-5-5-4 split, 6,375,600 placements in each of the larger four, 7.5 s
// on 2 cores for all five.
var Small5 = Plan{Shape: board.Shape{Rows: 5, Cols: 5}, Blank: 0, Patterns: [][]int{{1, 2, 5, 6, 7}, {3, 4, 8, 9, 14}, {10, 11, 15, 16, 20}, {12, 13, 17, 18, 19}, {21, 22, 23, 24}}}

// Small5s are Small5 and the plans like it for 5x5 goals whose blank no
// symmetry of the board takes to a corner: one for each other kind of
// cell (1, 2, 6, 7 and the centre, 12), each Small5 with the pattern
// that holds its blank's cell changed. The patterns they share with
// Small5 are its files (their blank, cell 0, is in the goal blank's
// region), so a goal of another kind of cell costs one database more
// (the centre's, and cell 6's and 7's, a second or two), not five.
// Measured on 40 random boards for the centre, weighted IDA* 3/2 with
// the plan and its mirror: 1.52 times the Manhattan distance, as Small5
// gives for a corner (1.52), and as a pinwheel of five new patterns did.
var Small5s = []Plan{
	Small5,
	small5(1, []int{0, 2, 5, 6, 7}, 0, 1),
	small5(2, []int{0, 1, 5, 6, 7}, 0, 2),
	small5(6, []int{0, 1, 2, 5, 7}, 0, 3),
	small5(7, []int{0, 1, 2, 5, 6}, 0, 3),
	func() Plan { // cell 7's first pattern, and the cell 7 in Small5's fourth
		pl := small5(12, []int{0, 1, 2, 5, 6}, 0, 3)
		pl.Patterns[3], pl.Blanks[3] = []int{7, 13, 17, 18, 19}, 3
		return pl
	}(),
}

// small5 returns Small5 for goals with the blank in cell blank, its
// pattern k given the cells of cells, whose database has the blank in
// cell own.
func small5(blank int, cells []int, k, own int) Plan {
	pl := Small5
	pl.Blank = blank
	pl.Patterns = append([][]int(nil), Small5.Patterns...)
	pl.Patterns[k] = cells
	pl.Blanks = make([]int, len(pl.Patterns))
	pl.Blanks[k] = own
	return pl
}

// Large5Additive is Large5 with additive databases, as gentable -pdb
// -shape 5x5 built them before they were zero-aware (.pdb files): a
// program still reads them where it finds no others.
var Large5Additive = func() Plan { pl := Large5; pl.Zero = false; return pl }()

// LargePlans are the plans of the large databases a program reads from a
// folder, for each shape best first: those gentable -pdb builds (LargePlan),
// then those an earlier gentable built.
var LargePlans = []Plan{Large, Large5, Large5Additive}

// LargePlan returns the plan gentable -pdb builds for shape s, Large or
// Large5, or false for a shape that has none.
func LargePlan(s board.Shape) (Plan, bool) {
	for _, pl := range []Plan{Large, Large5} {
		if pl.Shape == s {
			return pl, true
		}
	}
	return Plan{}, false
}
