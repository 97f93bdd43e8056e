// Package testcache is the cache folder the tests of every package share,
// so that the pattern databases the engine builds on first use (seconds
// each: the 5x5 ones that every board of more than 16 cells ends on) are
// built once on a machine, not once in each test binary. It is for tests
// only.
package testcache

import (
	"os"
	"path/filepath"
	"sync"

	"github.com/slidingpuzzle/solver/embedded"
	"github.com/slidingpuzzle/solver/engine"
)

// XDG returns the folder to give the commands as XDG_CACHE_HOME for them
// to keep what they build in Dir.
func XDG() string {
	return filepath.Join(os.TempDir(), "slidingpuzzle-test-cache")
}

// Dir returns the shared cache folder: XDG's slidingpuzzle/built, where
// the commands keep what they build (pdb.BuiltDir).
func Dir() string {
	return filepath.Join(XDG(), "slidingpuzzle", "built")
}

// Solver returns the embedded Solver with Dir as its cache. Every call
// returns the same Solver.
func Solver() *engine.Solver { return solver() }

var solver = sync.OnceValue(func() *engine.Solver {
	os.MkdirAll(Dir(), 0o755)
	return embedded.Solver().WithCache(Dir())
})
