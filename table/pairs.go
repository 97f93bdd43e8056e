package table

import (
	"encoding/binary"
	"fmt"
	"slices"

	"github.com/slidingpuzzle/solver/board"
)

// Pairs finds the keys of 3x3 start/goal pairs written as lines, in one
// pass with no Board made: the work of renaming the start for a standard
// goal, turning it, and Goal.Key, for the hot path of a judge file of
// pairs. A Pairs is safe for use by several goroutines.
type Pairs struct {
	// by[b] answers a goal whose blank is in cell b; 16 of them, so that
	// a blank cell (at most 8) picks one with no division.
	by [16]pairClass
	// eight is by as KeyEight reads it, where it can.
	eight *pairs9
}

// pairClass is how Pairs answers a pair whose goal has its blank in one
// cell b: the start's tiles are renamed as the goal's turn into to, the
// cells are moved as the symmetry of the board that takes b to v's blank
// cell moves them, and the result is looked up in v.
type pairClass struct {
	v      *Goal
	to     [board.MaxSmall]uint8 // to[i]: the tile the goal's tile in cell i is renamed to
	from   [9]uint8              // cell j of the turned start is the start's cell from[j]
	cell   [16]uint8             // cell i of the start goes to cell[i]
	turned bool                  // cell is not the identity
}

// NewPairs returns the Pairs that answers a pair whose goal has its blank
// in cell b from solvers[b] once the pair is moved by cells[b], a symmetry
// of the 3x3 board (cell i to cells[b][i]) that takes b to the blank cell
// of solvers[b]'s goal: a symmetry keeps moves moves, and so distances.
// With every cells[b] the identity (and each goal's blank in cell b), the
// paths are the pair's too. It is an error for solvers or cells to be any
// other.
func NewPairs(solvers *[9]*Goal, cells *[9][9]uint8) (*Pairs, error) {
	if solvers == nil || cells == nil {
		return nil, fmt.Errorf("table: NewPairs needs nine Goals and nine symmetries")
	}
	p := &Pairs{}
	for b := range 9 {
		v, y := solvers[b], &cells[b]
		if v == nil || v.t == nil || v.n != 9 {
			return nil, fmt.Errorf("table: NewPairs: the Goal for a goal with blank cell %d is not one of a 3x3 table", b)
		}
		if !symmetry9(y) {
			return nil, fmt.Errorf("table: NewPairs: the cells for blank cell %d, %v, are not a symmetry of the 3x3 board", b, *y)
		}
		if int(y[b]) != v.goal.Blank() {
			return nil, fmt.Errorf("table: NewPairs: the symmetry for blank cell %d takes it to cell %d, not to the blank of %v", b, y[b], v.goal)
		}
		c := &p.by[b]
		c.v = v
		copy(c.cell[:], y[:])
		for i := range 9 {
			// The goal of v's table pulled back through the symmetry:
			// renamed onto it and turned, a goal with blank b is that
			// goal, whose index the keys of v are.
			c.to[i] = uint8(v.t.goal.Cell(int(y[i])))
			c.from[y[i]] = uint8(i)
			c.turned = c.turned || y[i] != uint8(i)
		}
	}
	if haveLines9 {
		p.eight = newPairs9(p)
	}
	return p, nil
}

// Tables returns the tables p answers from, each once.
func (p *Pairs) Tables() []*Table {
	if p == nil {
		return nil
	}
	var ts []*Table
	for _, c := range p.by[:9] {
		if c.v != nil && !slices.Contains(ts, c.v.t) {
			ts = append(ts, c.v.t)
		}
	}
	return ts
}

// symmetry9 reports whether y maps the cells of the 3x3 board one to one
// onto themselves, neighbours onto neighbours.
func symmetry9(y *[9]uint8) bool {
	var seen uint16
	for _, c := range y {
		if c >= 9 || seen&(1<<c) != 0 {
			return false
		}
		seen |= 1 << c
	}
	near := func(a, b int) bool { // a move of the blank takes a to b
		for m := range board.Move(board.NumMoves) {
			if c, ok := board.Shape3x3.Step(a, m); ok && c == b {
				return true
			}
		}
		return false
	}
	for a := range 9 {
		for b := range 9 {
			if near(a, b) != near(int(y[a]), int(y[b])) {
				return false
			}
		}
	}
	return true
}

// Key returns the Goal and the key that answer the pair of start and
// goal, each a line in one of the two forms board.NineWords reads, and
// whether the goal can be reached from the start; ok is false when either
// line is not a board so written (for the caller to read the general way),
// or for a nil Pairs.
func (p *Pairs) Key(start, goal []byte) (v *Goal, key Key, solvable, ok bool) {
	if p == nil {
		return nil, 0, false, false
	}
	glo, ghi, gb, gok := board.NineWords(goal)
	slo, shi, sb, sok := board.NineWords(start)
	if !gok || !sok {
		return nil, 0, false, false
	}
	c := &p.by[gb&15]
	if c.v == nil {
		return nil, 0, false, false // the zero Pairs
	}
	// name[t] is what the start's tile t becomes: the tile of c.to in the
	// cell where the goal holds t. Stores and loads of single bytes,
	// which a shift by a variable would each take three steps to do.
	to := &c.to
	var name [16]uint8
	name[glo&15] = to[0]
	name[glo>>8&15] = to[1]
	name[glo>>16&15] = to[2]
	name[glo>>24&15] = to[3]
	name[glo>>32&15] = to[4]
	name[glo>>40&15] = to[5]
	name[glo>>48&15] = to[6]
	name[glo>>56&15] = to[7]
	name[ghi&15] = to[8]
	var w uint64
	if c.turned {
		// Cell j of the turned start holds the start's cell from[j].
		var cells [16]uint8
		binary.LittleEndian.PutUint64(cells[:], slo)
		cells[8] = uint8(shi)
		f := &c.from
		tile := func(j int) uint64 { return uint64(name[cells[f[j]&15]&15]) }
		w = tile(0) | tile(1)<<4 | tile(2)<<8 | tile(3)<<12 | tile(4)<<16 |
			tile(5)<<20 | tile(6)<<24 | tile(7)<<28 | tile(8)<<32
	} else {
		tile := func(k uint) uint64 { return uint64(name[slo>>(8*k)&15]) }
		w = tile(0) | tile(1)<<4 | tile(2)<<8 | tile(3)<<12 | tile(4)<<16 |
			tile(5)<<20 | tile(6)<<24 | tile(7)<<28 | uint64(name[shi&15])<<32
	}
	blank := int(c.cell[sb&15])
	i, parity := rank9(tiles9(w, blank), blank)
	return c.v, Key(i), parity == c.v.class, true
}
