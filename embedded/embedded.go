// Package embedded answers boards from the tables compiled into the
// program (package generated): it wires them into a table.Set and an
// engine.Solver, and does nothing else. Tables are decoded on first use,
// each once.
//
// Importing it increases the size of a program by the tables' size,
// generated.Size bytes (about 330 KB).
package embedded

import (
	"fmt"
	"sync"

	"github.com/slidingpuzzle/solver/engine"
	"github.com/slidingpuzzle/solver/generated"
	"github.com/slidingpuzzle/solver/pdb"
	"github.com/slidingpuzzle/solver/table"
)

// Set returns the Set of the embedded tables. Every call returns the same
// Set.
func Set() *table.Set { return set() }

// SolverWith returns a Solver of the embedded tables and databases that
// prefers, where they hold a plan, the databases of large (such as the
// 4x4 ones gentable -pdb builds, from pdb.OpenDir).
func SolverWith(large *pdb.Set) *engine.Solver {
	return engine.New(set(), large, Databases())
}

// Open returns the Solver of the embedded tables and databases with the
// large databases of the folder dir, which gentable -pdb DIR (4x4, 7-8)
// and gentable -pdb DIR -shape 5x5 (6-6-6-6) build: faster 4x4 searches,
// 5x5 paths nearer the shortest. A dir of "" is the user's folder of
// them (pdb.DefaultDir), used where it holds a set and ignored where it
// does not; "none" is the embedded ones alone. A dir that is missing or
// holds no set is an error; a corrupt file is one when it is first used.
func Open(dir string) (*engine.Solver, error) {
	if dir == "none" {
		return Solver(), nil
	}
	if dir == "" {
		d, err := pdb.DefaultDir()
		if err != nil {
			return Solver(), nil
		}
		set, err := pdb.OpenDir(d)
		if err != nil || !holdsLarge(set) {
			return Solver(), nil
		}
		return SolverWith(set), nil
	}
	set, err := pdb.OpenDir(dir)
	if err != nil {
		return nil, err
	}
	if err := set.HasPlan(pdb.Large); err != nil && !holdsLarge(set) {
		return nil, fmt.Errorf("%w; gentable -pdb %s builds them (and gentable -pdb %s -shape 5x5 the 5x5 ones)", err, dir, dir)
	}
	return SolverWith(set), nil
}

// holdsLarge reports whether set holds the 4x4 databases of gentable
// -pdb, or the 5x5 ones, zero-aware or as an earlier gentable wrote them.
func holdsLarge(set *pdb.Set) bool {
	for _, pl := range pdb.LargePlans {
		if set.HasPlan(pl) == nil {
			return true
		}
	}
	return false
}

// Databases returns the Set of the embedded pattern databases. Every call
// returns the same Set.
func Databases() *pdb.Set { return dbs() }

// Solver returns the Solver of the embedded tables: the one way in for
// every shape they answer. Every call returns the same Solver.
func Solver() *engine.Solver { return solver() }

var (
	set    = sync.OnceValue(func() *table.Set { return table.NewSet(generated.FS) })
	solver = sync.OnceValue(func() *engine.Solver { return engine.New(set(), Databases()) })
	dbs    = sync.OnceValue(func() *pdb.Set { return pdb.NewSet(generated.FS) })
)
