package engine

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/internal/cachefile"
	"github.com/slidingpuzzle/solver/pdb"
	"github.com/slidingpuzzle/solver/search"
)

// databases is the Solver's one cache of pattern databases: those of its
// sets, read on first use, and those built on first use (the plans of
// pdb.Built, pdb.Small5s and the partitions adapted for a blank cell no
// stored plan fits), kept for the life of the Solver and in the cache
// folder. It is made in one place (newDatabases), and shared by every
// Solver made from its Solver but one with another cache folder
// (WithCache). A build runs in the background, on its own: a caller that
// stops waiting for it (its context ended) leaves it to finish, for the
// next caller.
type databases struct {
	sets  []*pdb.Set // in order of preference
	cache string     // where databases built on first use are kept, or ""

	mu sync.Mutex
	// bounds holds the bound of each goal of 10 to 16 cells by its
	// shape and blank cell, made in the background once.
	bounds map[boundKey]*pending[*search.Heuristic]
	// built holds each database built on first use, by file name, made
	// once; done says which of them are made, running how far those
	// under way have come.
	built   map[string]func() (*pdb.DB, error)
	done    map[string]bool
	running map[string]*buildState
}

// newDatabases returns the cache of the databases of sets, with the
// databases built on first use kept in the folder cache ("" for none).
func newDatabases(sets []*pdb.Set, cache string) *databases {
	return &databases{
		sets:    sets,
		cache:   cache,
		bounds:  make(map[boundKey]*pending[*search.Heuristic]),
		built:   make(map[string]func() (*pdb.DB, error)),
		done:    make(map[string]bool),
		running: make(map[string]*buildState),
	}
}

type boundKey struct {
	shape board.Shape
	blank int
}

// heuristic returns the bound for goals of shape s with the blank in
// cell blank, made once, in the background (reading the sets' databases
// and building those it needs), waiting for it while ctx allows and
// telling progress, when not nil, how the builds go.
func (e *databases) heuristic(ctx context.Context, s board.Shape, blank int, progress func(BuildProgress)) (*search.Heuristic, error) {
	k := boundKey{s, blank}
	e.mu.Lock()
	p, ok := e.bounds[k]
	if !ok {
		p = newPending(func() (*search.Heuristic, error) { return e.make(s, blank) })
		e.bounds[k] = p
	}
	e.mu.Unlock()
	return wait(ctx, e, p, progress)
}

// A largeChoice is the databases that bound the search of a goal of more
// than board.MaxSmall cells: which tier, the plan, and where its
// databases come from.
type largeChoice struct {
	tier dbTier
	plan pdb.Plan
	get  func(pdb.Pattern) (*pdb.DB, error)
}

// largePlan chooses the databases of the search of goal, a board of
// more than board.MaxSmall cells, the one place that does: a large plan
// (pdb.LargePlans) of the first set that holds one for its shape, where a
// symmetry of the board takes the plan's blank to the goal's (dbLarge);
// failing that, the small plan of the shape for the goal's kind of blank
// cell (pdb.Small5s), built on first use and kept in the cache folder
// (dbSmall); failing that, none (dbNone): the Manhattan distance and
// linear conflicts alone.
func (e *databases) largePlan(goal board.Board) largeChoice {
	s := goal.Shape()
	fits := func(pl pdb.Plan) bool {
		for _, m := range search.Symmetries(s) {
			if m[pl.Blank] == goal.Blank() {
				return true
			}
		}
		return false
	}
sets:
	for _, set := range e.sets {
		for _, pl := range pdb.LargePlans {
			if pl.Shape != s || set.HasPlan(pl) != nil {
				continue
			}
			if !fits(pl) {
				break sets // the goal's blank is not the plan's, through any symmetry
			}
			return largeChoice{dbLarge, pl, set.Get}
		}
	}
	for _, pl := range pdb.Small5s {
		if pl.Shape == s && fits(pl) {
			return largeChoice{dbSmall, pl, e.build}
		}
	}
	return largeChoice{tier: dbNone}
}

// ready reports whether the databases of c are there to read without
// building one: in a set, built before, or kept in the cache folder.
func (e *databases) largeReady(c largeChoice) bool {
	if c.tier != dbSmall {
		return true
	}
	for _, p := range c.plan.Of() {
		if !e.have(p) {
			return false
		}
	}
	return true
}

// large returns the search of goal, a board of more than board.MaxSmall
// cells, over the databases of c, read through the symmetries of the
// board that take the plan's blank to the goal's (two at most: for a
// goal whose blank is in a corner, the plan and its mirror), building
// those to build; with none (dbNone), the Manhattan distance and linear
// conflicts alone.
func (e *databases) large(goal board.Board, c largeChoice) (*search.Large, error) {
	if c.tier == dbNone {
		return search.NewLarge(goal)
	}
	parts, err := largeParts(goal, c.plan, c.get)
	if err != nil {
		return nil, err // a corrupt database: never a weaker search
	}
	return search.NewLargeWith(goal, parts)
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
func (e *databases) plans(s board.Shape) (out []pdb.Plan, gets []func(pdb.Pattern) (*pdb.DB, error), built []bool) {
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
func (e *databases) make(s board.Shape, blank int) (*search.Heuristic, error) {
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
func (e *databases) choose(s board.Shape, blank int) ([]spec, error) {
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
func (e *databases) ready(s board.Shape, blank int) bool {
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
func (e *databases) have(p pdb.Pattern) bool {
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
func (e *databases) adapt(pl pdb.Plan, get func(pdb.Pattern) (*pdb.DB, error), built bool, s board.Shape, blank int) []spec {
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

// hooks are a test's stand-ins: build, when not nil, builds a
// database's values in place of pdb.Build; made, when not nil, is told of
// each database databases.build makes, read or built.
type hooks struct {
	build func(ctx context.Context, p pdb.Pattern, progress pdb.Progress) ([]uint8, error)
	made  func(p pdb.Pattern)
}

var testHooks atomic.Pointer[hooks]

// buildDB builds a database's values: pdb.Build, or a test's stand-in.
func buildDB(ctx context.Context, p pdb.Pattern, progress pdb.Progress) ([]uint8, error) {
	if h := testHooks.Load(); h != nil && h.build != nil {
		return h.build(ctx, p, progress)
	}
	return pdb.Build(ctx, p, progress)
}

// build returns the database of p, built on first use: read from the
// cache folder where a sound copy is there (or, where another process
// is building it, once that one has written it), else built, once for
// the life of e, and kept there. It blocks until the database is made:
// callers wait for it through a pending value, which their context can
// leave.
func (e *databases) build(p pdb.Pattern) (*pdb.DB, error) {
	name := pdb.FileName(p)
	e.mu.Lock()
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
			if db == nil {
				st := &buildState{shape: p.Shape}
				st.total.Store(int64(p.Size()))
				e.mu.Lock()
				e.running[name] = st
				e.mu.Unlock()
				vals, err := buildDB(context.Background(), p, func(done, total int64) {
					st.done.Store(done)
					st.total.Store(total)
				})
				e.mu.Lock()
				delete(e.running, name)
				e.mu.Unlock()
				if err != nil {
					return nil, err
				}
				if db, err = pdb.FromExtras(p, vals); err != nil {
					return nil, err
				}
				e.keep(db)
			}
			e.mu.Lock()
			e.done[name] = true
			e.mu.Unlock()
			if h := testHooks.Load(); h != nil && h.made != nil {
				h.made(p)
			}
			return db, nil
		})
		e.built[name] = f
	}
	e.mu.Unlock()
	return f()
}

// buildState is how far a build under way has come.
type buildState struct {
	shape       board.Shape
	done, total atomic.Int64
}

// BuildProgress is how far the pattern databases built on first use
// have come, over the builds under way: for a command's progress bar, or
// a page that says why an answer waits.
type BuildProgress struct {
	Shape     board.Shape // the shape of the boards they are for
	Databases int         // the databases being built
	Done      int64       // the placements of their tiles reached so far
	Total     int64       // the placements of their tiles in all
}

// progress returns how far the builds under way have come, and false
// when none is.
func (e *databases) progress() (BuildProgress, bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	var p BuildProgress
	for _, st := range e.running {
		p.Shape = st.shape
		p.Databases++
		p.Done += st.done.Load()
		p.Total += st.total.Load()
	}
	return p, p.Databases > 0
}

// A pending is a value made once, in the background: the first get
// starts it, and every get waits for it while its context allows. A
// caller that stops waiting leaves the work to finish for the next.
type pending[T any] struct {
	once sync.Once
	done chan struct{}
	make func() (T, error)
	val  T
	err  error
}

func newPending[T any](f func() (T, error)) *pending[T] {
	return &pending[T]{done: make(chan struct{}), make: f}
}

// start starts making p's value, once.
func (p *pending[T]) start() {
	p.once.Do(func() {
		go func() {
			p.val, p.err = p.make()
			close(p.done)
		}()
	})
}

// ready reports whether p's value is made.
func (p *pending[T]) ready() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// progressEvery is how often a caller waiting for a build is told how far
// it has come.
const progressEvery = 250 * time.Millisecond

// wait returns p's value, started now where it was not, or ctx's error
// when ctx ends first; progress, when not nil, is told how the builds of
// e go while it waits, and once more when they end.
func wait[T any](ctx context.Context, e *databases, p *pending[T], progress func(BuildProgress)) (T, error) {
	p.start()
	if p.ready() {
		return p.val, p.err
	}
	var tick <-chan time.Time
	if progress != nil {
		t := time.NewTicker(progressEvery)
		defer t.Stop()
		tick = t.C
	}
	told := false
	if progress != nil {
		if bp, ok := e.progress(); ok {
			progress(bp)
			told = true
		}
	}
	for {
		select {
		case <-p.done:
			if told {
				progress(BuildProgress{})
			}
			return p.val, p.err
		case <-ctx.Done():
			var zero T
			return zero, ctx.Err()
		case <-tick:
			if bp, ok := e.progress(); ok {
				progress(bp)
				told = true
			}
		}
	}
}

// cached returns the database of p from the cache folder, or nil when it
// is not there or not sound: a file that fails its checksum, or holds
// another pattern, is built again, never used.
func (e *databases) cached(p pdb.Pattern) *pdb.DB {
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
func (e *databases) keep(db *pdb.DB) {
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
