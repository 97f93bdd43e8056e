package pdb

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/slidingpuzzle/solver/internal/mapped"
)

// DefaultDir returns the folder where gentable -pdb default writes the
// large databases and where solve looks for them by itself: slidingpuzzle
// in the user's cache directory.
func DefaultDir() (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("pdb: %w", err)
	}
	return filepath.Join(dir, "slidingpuzzle"), nil
}

// BuiltDir returns the folder under DefaultDir where the commands keep
// what they build on first use (engine.Solver.WithCache).
func BuiltDir() (string, error) {
	dir, err := DefaultDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "built"), nil
}

// OpenDir returns the Set of the database files in dir, each mapped into
// memory in place when first used (and its checksum verified then), so
// that a program that uses a few hundred megabytes of them starts as fast
// as one that uses none. A missing dir is an error.
func OpenDir(dir string) (*Set, error) {
	st, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("pdb: %w", err)
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("pdb: %s is not a folder", dir)
	}
	var mu sync.Mutex
	files := map[string][]byte{}
	open := func(name string) ([]byte, error) {
		mu.Lock()
		defer mu.Unlock()
		if data, ok := files[name]; ok {
			return data, nil
		}
		data, err := mapped.File(filepath.Join(dir, name))
		if err != nil {
			return nil, err
		}
		files[name] = data
		return data, nil
	}
	return NewMappedSet(open, true), nil
}

// HasPlan reports whether s holds every database of pl, and if not, why.
func (s *Set) HasPlan(pl Plan) error {
	for _, p := range pl.Of() {
		if !s.Has(p) {
			return missing(nil, "pdb: no database for %v (%s)", p, FileName(p))
		}
	}
	return nil
}
