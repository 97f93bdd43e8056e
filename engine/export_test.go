package engine

import (
	"context"
	"errors"
	"sync"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/pdb"
)

// SetCutNodes sets the nodes the search after a cut one may visit, and
// returns what it was.
func SetCutNodes(n int64) int64 {
	old := cutNodes
	cutNodes = n
	return old
}

// SetWeightedNodes sets the nodes the weighted search of a 5x5 board may
// visit, and returns what it was.
func SetWeightedNodes(n int64) int64 {
	old := weightedNodes
	weightedNodes = n
	return old
}

// WithCheapNodes returns a Solver of v's tables and databases whose
// search without databases, of a board whose goal's databases are to be
// built, visits at most n nodes (1: the databases are built for every
// board that is not the goal).
func WithCheapNodes(v *Solver, n int64) *Solver {
	c := v.like()
	c.cheap = n
	return c
}

// A Recorder records, from Record until Stop, the databases made on
// first use: those built, and those made at all (built, or read from the
// cache folder), in order. One Recorder at a time.
type Recorder struct {
	mu          sync.Mutex
	Built, Made []pdb.Pattern // guarded by mu: read them with Builds and Counts
	hold        chan struct{}
	release     sync.Once
	holdsBuilds bool
	abandoned   bool
}

var errAbandoned = errors.New("engine: a test abandoned the build")

// Abandon makes every build held, and every build from now on, fail
// rather than build: for a test whose builds would take seconds.
func (r *Recorder) Abandon() {
	r.mu.Lock()
	r.abandoned = true
	r.mu.Unlock()
	r.Release()
}

// Record starts a Recorder; with hold, every build waits, before it
// begins, until Release.
func Record(hold bool) *Recorder {
	r := &Recorder{hold: make(chan struct{}), holdsBuilds: hold}
	testHooks.Store(&hooks{
		build: func(ctx context.Context, p pdb.Pattern, progress pdb.Progress) ([]uint8, error) {
			r.mu.Lock()
			r.Built = append(r.Built, p)
			r.mu.Unlock()
			if r.holdsBuilds {
				<-r.hold
			}
			r.mu.Lock()
			abandoned := r.abandoned
			r.mu.Unlock()
			if abandoned {
				return nil, errAbandoned
			}
			return pdb.Build(ctx, p, progress)
		},
		made: func(p pdb.Pattern) {
			r.mu.Lock()
			r.Made = append(r.Made, p)
			r.mu.Unlock()
		},
	})
	return r
}

// Release lets the builds held go on.
func (r *Recorder) Release() { r.release.Do(func() { close(r.hold) }) }

// Counts returns how many databases were built and made so far.
func (r *Recorder) Counts() (built, made int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.Built), len(r.Made)
}

// Builds returns the patterns built so far.
func (r *Recorder) Builds() []pdb.Pattern {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]pdb.Pattern(nil), r.Built...)
}

// Stop ends the recording (and releases the builds held).
func (r *Recorder) Stop() {
	r.Release()
	testHooks.Store(nil)
}

// Quick is the path a Solver gives past a deadline when no search ends
// in time: lines placed down to a table's part.
func Quick(v *Solver, start, goal board.Board) ([]byte, error) {
	return v.quick(context.Background(), nil, start, goal)
}

// Handing returns the Hand and Width that handing gives the lines placed
// of boards of shape s.
func Handing(s board.Shape) (func(board.Shape) bool, int) {
	o := handing(s)
	return o.Hand, o.Width
}
