package engine

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/internal/cachefile"
	"github.com/slidingpuzzle/solver/pdb"
	"github.com/slidingpuzzle/solver/search"
)

// searcher answers shapes of 10 to 16 cells by IDA* over pattern
// databases: those of the Solver's sets where a plan's image fits the
// goal's blank cell, else ones built the first time a blank cell needs
// them, kept for the life of the Solver (and in the cache folder); a
// shape of pdb.Built has no databases in the sets, and its plan is built
// the first time.
type searcher struct {
	sets  []*pdb.Set          // in order of preference
	cache string              // where databases built on first use are kept, or ""
	note  func(p pdb.Pattern) // called before a database is built, when not nil
	mu    sync.Mutex
	heurs map[heurKey]func() (*search.Heuristic, error)
	built map[string]func() (*pdb.DB, error)
	done  map[string]bool // the databases of built that are made
}

type heurKey struct {
	shape board.Shape
	blank int
}

// heuristic returns the bound for goals of shape s with the blank in cell
// blank, making it on first use.
func (e *searcher) heuristic(s board.Shape, blank int) (*search.Heuristic, error) {
	k := heurKey{s, blank}
	e.mu.Lock()
	if e.heurs == nil {
		e.heurs = make(map[heurKey]func() (*search.Heuristic, error))
		e.built = make(map[string]func() (*pdb.DB, error))
		e.done = make(map[string]bool)
	}
	f, ok := e.heurs[k]
	if !ok {
		f = sync.OnceValues(func() (*search.Heuristic, error) { return e.make(s, blank) })
		e.heurs[k] = f
	}
	e.mu.Unlock()
	return f()
}

// large returns the search for a goal of more than board.MaxSmall cells,
// and which databases bound it: those of a large plan (pdb.LargePlans) in
// one of the sets, or failing that the small plan of the shape for the
// goal's kind of blank cell (pdb.Small5s), built on first use and kept
// in the cache folder, read through the symmetries of the board that
// take the plan's blank to the goal's (two at most: for a goal whose
// blank is in a corner, the plan and its mirror); none (dbNone) where
// the shape has no plan, and the search has the Manhattan distance and
// linear conflicts alone.
func (e *searcher) large(goal board.Board) (*search.Large, dbTier, error) {
	s := goal.Shape()
sets:
	for _, set := range e.sets {
		for _, pl := range pdb.LargePlans {
			if pl.Shape != s || set.HasPlan(pl) != nil {
				continue
			}
			parts, err := largeParts(goal, pl, set.Get)
			if err != nil {
				return nil, dbNone, err // a corrupt database: never a weaker search
			}
			if parts == nil {
				break sets // the goal's blank is not the plan's, through any symmetry
			}
			l, err := search.NewLargeWith(goal, parts)
			return l, dbLarge, err
		}
	}
	for _, pl := range pdb.Small5s {
		if pl.Shape != s {
			continue
		}
		parts, err := largeParts(goal, pl, e.build)
		if err != nil {
			return nil, dbNone, err
		}
		if parts != nil {
			l, err := search.NewLargeWith(goal, parts)
			return l, dbSmall, err
		}
	}
	l, err := search.NewLarge(goal)
	return l, dbNone, err
}

// largeReady reports whether the search for goal, of more than
// board.MaxSmall cells, has its databases there to read without building
// one: a large plan's in a set, or the small plan's (pdb.Small5s) built
// before by this searcher or kept in the cache folder; or no databases
// to wait for.
func (e *searcher) largeReady(goal board.Board) bool {
	s := goal.Shape()
	fits := func(pl pdb.Plan) bool {
		for _, m := range search.Symmetries(s) {
			if m[pl.Blank] == goal.Blank() {
				return true
			}
		}
		return false
	}
	for _, set := range e.sets {
		for _, pl := range pdb.LargePlans {
			if pl.Shape == s && set.HasPlan(pl) == nil && fits(pl) {
				return true
			}
		}
	}
	for _, pl := range pdb.Small5s {
		if pl.Shape == s && fits(pl) {
			for _, p := range pl.Of() {
				if !e.have(p) {
					return false
				}
			}
			return true
		}
	}
	return true
}

// smallTier reports whether the search for goal, of more than
// board.MaxSmall cells, is bounded by the databases of pdb.Small5s, built
// on first use: no large plan of a set fits its blank, and its shape has
// a small plan.
func (e *searcher) smallTier(goal board.Board) bool {
	s := goal.Shape()
	for _, set := range e.sets {
		for _, pl := range pdb.LargePlans {
			if pl.Shape == s && set.HasPlan(pl) == nil {
				for _, m := range search.Symmetries(s) {
					if m[pl.Blank] == goal.Blank() {
						return false
					}
				}
			}
		}
	}
	for _, pl := range pdb.Small5s {
		if pl.Shape == s {
			return true
		}
	}
	return false
}

// maxPartitions is the most partitions largeParts reads a plan through.
const maxPartitions = 2

// dbTier says which databases bound a search of a large board.
type dbTier uint8

const (
	dbNone  dbTier = iota // the Manhattan distance and linear conflicts alone
	dbSmall               // pdb.Small5, built on first use
	dbLarge               // pdb.Large5 (or pdb.Large5Additive): of pdb.LargePlans
)

// largeParts returns the partitions of plan pl for goal, one for each
// symmetry of the board that takes pl's blank to the goal's, up to
// maxPartitions, with the databases get gives; none when no symmetry
// does. A corner of a square has two (the plan and its mirror), its
// centre eight, of which a third and more took more time than they saved
// nodes (40 random 5x5 boards, weighted IDA* 3/2 over pdb.Small5s:
// 15.7 ms a board with two, 26 ms with four).
func largeParts(goal board.Board, pl pdb.Plan, get func(pdb.Pattern) (*pdb.DB, error)) ([][]search.LargePart, error) {
	var partitions [][]search.LargePart
	for _, m := range search.Symmetries(goal.Shape()) {
		if m[pl.Blank] != goal.Blank() || len(partitions) == maxPartitions {
			continue
		}
		var parts []search.LargePart
		for _, p := range pl.Of() {
			db, err := get(p)
			if err != nil {
				return nil, err
			}
			parts = append(parts, search.LargePart{DB: db, Map: m})
		}
		partitions = append(partitions, parts)
	}
	return partitions, nil
}

// plans returns the plans of shape s or its transpose, best first, with
// where each one's databases come from: the set that holds them, or for a
// plan of pdb.Built, a build on first use.
func (e *searcher) plans(s board.Shape) (out []pdb.Plan, gets []func(pdb.Pattern) (*pdb.DB, error), built []bool) {
	t := board.Shape{Rows: s.Cols, Cols: s.Rows}
	for _, pl := range append([]pdb.Plan{pdb.Large}, pdb.Embedded...) {
		if pl.Shape != s && pl.Shape != t {
			continue
		}
		for _, set := range e.sets {
			all := true
			for _, p := range pl.Of() {
				all = all && set.Has(p)
			}
			if all {
				out, gets, built = append(out, pl), append(gets, set.Get), append(built, false)
				break
			}
		}
	}
	for _, pl := range pdb.Built {
		if pl.Shape != s && pl.Shape != t {
			continue
		}
		get, build := e.build, true // on first use, unless a set holds them
		for _, set := range e.sets {
			if set.HasPlan(pl) == nil {
				get, build = set.Get, false
				break
			}
		}
		out, gets, built = append(out, pl), append(gets, get), append(built, build)
	}
	return out, gets, built
}

// A spec is a database of a partition, not yet read: its pattern, the
// map that reads it onto the board, where it comes from, and whether
// that is a build on first use (searcher.build).
type spec struct {
	p     pdb.Pattern
	m     search.Map
	get   func(pdb.Pattern) (*pdb.DB, error)
	build bool
}

// make chooses the databases for goals of shape s with the blank in cell
// blank (choose) and reads or builds them.
func (e *searcher) make(s board.Shape, blank int) (*search.Heuristic, error) {
	specs, err := e.choose(s, blank)
	if err != nil {
		return nil, err
	}
	var parts []search.Part
	for _, sp := range specs {
		db, err := sp.get(sp.p)
		if err != nil {
			return nil, err
		}
		parts = append(parts, search.Part{DB: db, Map: sp.m})
	}
	partitions := [][]search.Part{parts}
	if s.Rows == s.Cols {
		for _, t := range search.Maps(s, s)[4:] { // those that transpose
			if t.Apply(blank) != blank {
				continue
			}
			var mirror []search.Part
			for _, p := range parts {
				mirror = append(mirror, search.Part{DB: p.DB, Map: p.Map.Then(t)})
			}
			partitions = append(partitions, mirror)
			break
		}
	}
	return search.NewHeuristic(s, blank, partitions)
}

// choose chooses the databases for goals of shape s with the blank in
// cell blank: a plan read through a map that takes its blank to this one,
// or, where none does, a plan with the pattern that holds the blank's
// cell changed to hold the plan's blank cell instead, built on first use
// (adapt). On a square board make adds a second partition that reads the
// same databases through the board's transposition (or the other
// diagonal's) where it keeps the blank: the bound is the larger of the
// two.
func (e *searcher) choose(s board.Shape, blank int) ([]spec, error) {
	plans, gets, built := e.plans(s)
	if len(plans) == 0 {
		// Say which file is missing from the set of the embedded plans.
		for _, pl := range pdb.Embedded {
			if pl.Shape == s || pl.Shape == (board.Shape{Rows: s.Cols, Cols: s.Rows}) {
				for _, set := range e.sets {
					if err := set.HasPlan(pl); err != nil {
						return nil, fmt.Errorf("%w; run go generate", err)
					}
				}
			}
		}
		return nil, fmt.Errorf("engine: no pattern databases for %v boards (run go generate)", s)
	}
	for i, pl := range plans {
		for _, m := range search.Maps(pl.Shape, s) {
			if m.Apply(pl.Blank) != blank {
				continue
			}
			var specs []spec
			for _, p := range pl.Of() {
				specs = append(specs, spec{p: p, m: m, get: gets[i], build: built[i]})
			}
			return specs, nil
		}
	}
	return e.adapt(plans[0], gets[0], built[0], s, blank), nil
}

// ready reports whether the bound for goals of shape s with the blank in
// cell blank is there to read without building a database: every one it
// needs is in a set, was built before by this searcher, or is in the
// cache folder (a spoilt file there is built again all the same).
func (e *searcher) ready(s board.Shape, blank int) bool {
	specs, err := e.choose(s, blank)
	if err != nil {
		return true // nothing to wait for: make says what is wrong
	}
	for _, sp := range specs {
		if sp.build && !e.have(sp.p) {
			return false
		}
	}
	return true
}

// have reports whether the database of p, built on first use, is built
// already or kept in the cache folder.
func (e *searcher) have(p pdb.Pattern) bool {
	name := pdb.FileName(p)
	e.mu.Lock()
	done := e.done[name]
	e.mu.Unlock()
	if done {
		return true
	}
	if e.cache == "" {
		return false
	}
	_, err := os.Stat(filepath.Join(e.cache, name))
	return err == nil
}

// adapt makes a partition for a blank cell no map of pl reaches: pl read
// through a map onto s, with the pattern that holds the blank's cell
// given the plan's blank cell in its place. That pattern's database, and
// any other whose goal would have the blank in another free region, is
// built on first use.
func (e *searcher) adapt(pl pdb.Plan, get func(pdb.Pattern) (*pdb.DB, error), built bool, s board.Shape, blank int) []spec {
	m := search.Maps(pl.Shape, s)[0]
	old := m.Apply(pl.Blank)
	id := search.Maps(s, s)[0]
	var specs []spec
	for _, p := range pl.Of() {
		cells := make([]int, 0, len(p.Cells))
		has := false
		for _, c := range p.Cells {
			if m.Apply(c) == blank {
				has = true
				cells = append(cells, old)
			} else {
				cells = append(cells, m.Apply(c))
			}
		}
		slices.Sort(cells)
		bp := pdb.Pattern{Shape: s, Cells: cells, Blank: blank}
		if !has && pdb.SameRegion(bp, old) {
			specs = append(specs, spec{p: p, m: m, get: get, build: built})
			continue
		}
		specs = append(specs, spec{p: bp, m: id, get: e.build, build: true})
	}
	return specs
}

// build builds the database of p, once for the life of the Solver.
func (e *searcher) build(p pdb.Pattern) (*pdb.DB, error) {
	name := pdb.FileName(p)
	e.mu.Lock()
	if e.built == nil {
		e.built = make(map[string]func() (*pdb.DB, error))
		e.done = make(map[string]bool)
	}
	f, ok := e.built[name]
	if !ok {
		f = sync.OnceValues(func() (*pdb.DB, error) {
			db := e.cached(p)
			if db == nil && e.cache != "" {
				// Another process may be building it: wait, and read
				// what it wrote.
				unlock := cachefile.Lock(filepath.Join(e.cache, name))
				defer unlock()
				db = e.cached(p)
			}
			if db != nil {
				e.mu.Lock()
				e.done[name] = true
				e.mu.Unlock()
				return db, nil
			}
			if e.note != nil {
				e.note(p)
			}
			vals, err := pdb.Build(context.Background(), p, nil)
			if err != nil {
				return nil, err
			}
			db, err = pdb.FromExtras(p, vals)
			if err == nil {
				e.keep(db)
				e.mu.Lock()
				e.done[name] = true
				e.mu.Unlock()
			}
			return db, err
		})
		e.built[name] = f
	}
	e.mu.Unlock()
	return f()
}

// cached returns the database of p from the cache folder, or nil when it
// is not there or not sound: a file that fails its checksum, or holds
// another pattern, is built again, never used.
func (e *searcher) cached(p pdb.Pattern) *pdb.DB {
	if e.cache == "" {
		return nil
	}
	data, err := os.ReadFile(filepath.Join(e.cache, pdb.FileName(p)))
	if err != nil {
		return nil
	}
	db, err := pdb.Decode(data, true)
	if err != nil || pdb.FileName(db.Pattern) != pdb.FileName(p) {
		return nil
	}
	return db
}

// keep writes db to the cache folder, whole or not at all
// (internal/cachefile); a cache that cannot be written is no fault, only
// slower next time. The file is raw (pdb.EncodeRaw): it is read back with
// no decompression, and solve links no zstd encoder.
func (e *searcher) keep(db *pdb.DB) {
	if e.cache == "" {
		return
	}
	data, err := pdb.EncodeRaw(db.Pattern, db.Raw())
	if err != nil {
		return
	}
	cachefile.Write(filepath.Join(e.cache, pdb.FileName(db.Pattern)), func(f *os.File) error {
		_, err := f.Write(data)
		return err
	})
}
