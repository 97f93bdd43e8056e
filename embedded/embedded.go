// Package embedded answers boards from the tables compiled into the
// program (package generated): it wires them into a table.Set and an
// engine.Solver, and does nothing else. Tables are decoded on first use,
// each once.
//
// Importing it increases the size of a program by the tables' size,
// generated.Size bytes (about 330 KB).
package embedded

import (
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
