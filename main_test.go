package solver_test

import (
	"os"
	"testing"

	"github.com/slidingpuzzle/solver/internal/testcache"
)

// TestMain gives the examples and tests the cache folder every package's
// tests share, as XDG_CACHE_HOME (the user cache folder of the zero
// Options), so that the databases built on first use are built once a
// machine.
func TestMain(m *testing.M) {
	os.Setenv("XDG_CACHE_HOME", testcache.XDG())
	os.MkdirAll(testcache.Dir(), 0o755)
	os.Exit(m.Run())
}
