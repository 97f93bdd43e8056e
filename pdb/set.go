package pdb

import (
	"errors"
	"fmt"
	"io/fs"
	"sync"
)

// Set is the database files of one folder, decoded lazily, each once. A
// Set is safe for use by several goroutines.
type Set struct {
	fsys fs.FS
	// open, when not nil, reads a file in place of fs.ReadFile: a mapping
	// of a large file, checked once.
	open  func(name string) ([]byte, error)
	check bool
	mu    sync.Mutex
	dbs   map[string]func() (*DB, error)
}

// NewSet returns the Set of the files at the root of fsys (see FileName).
// Nothing is read until a database is needed.
func NewSet(fsys fs.FS) *Set { return &Set{fsys: fsys} }

// NewMappedSet returns a Set whose files are read by open, a mapping of
// the file in place; check says whether to verify each file's checksum
// as it is first used.
func NewMappedSet(open func(name string) ([]byte, error), check bool) *Set {
	return &Set{open: open, check: check}
}

// Has reports whether the Set holds the database of p.
func (s *Set) Has(p Pattern) bool {
	if s == nil {
		return false
	}
	if s.open != nil {
		_, err := s.open(FileName(p))
		return err == nil
	}
	if s.fsys == nil {
		return false
	}
	_, err := fs.Stat(s.fsys, FileName(p))
	return err == nil
}

// Get returns the database of p, reading and decoding it on first use.
func (s *Set) Get(p Pattern) (*DB, error) {
	if s == nil || (s.fsys == nil && s.open == nil) {
		return nil, errors.New("pdb: the Set has no databases (make it with NewSet)")
	}
	name := FileName(p)
	s.mu.Lock()
	if s.dbs == nil {
		s.dbs = make(map[string]func() (*DB, error))
	}
	load, ok := s.dbs[name]
	if !ok {
		load = sync.OnceValues(func() (*DB, error) { return s.load(name, p) })
		s.dbs[name] = load
	}
	s.mu.Unlock()
	return load()
}

func (s *Set) load(name string, p Pattern) (*DB, error) {
	var data []byte
	var err error
	check := true
	if s.open != nil {
		data, err = s.open(name)
		check = s.check
	} else {
		data, err = fs.ReadFile(s.fsys, name)
	}
	if errors.Is(err, fs.ErrNotExist) {
		return nil, missing(err, "pdb: no database for %v (%s is missing; run go generate, or gentable -pdb)", p, name)
	}
	if err != nil {
		return nil, fmt.Errorf("pdb: %w", err)
	}
	db, err := Decode(data, check)
	if err != nil {
		return nil, fmt.Errorf("%w (in %s)", err, name)
	}
	if !same(db.Pattern, p) {
		return nil, corrupt(nil, "pdb: %s holds the database of %v, want %v", name, db.Pattern, p)
	}
	return db, nil
}

func same(a, b Pattern) bool {
	if a.Shape != b.Shape || a.Blank != b.Blank || a.Zero != b.Zero || len(a.Cells) != len(b.Cells) {
		return false
	}
	for i := range a.Cells {
		if a.Cells[i] != b.Cells[i] {
			return false
		}
	}
	return true
}
