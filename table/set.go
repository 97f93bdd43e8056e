package table

import (
	"errors"
	"fmt"
	"io/fs"
	"sync"

	"github.com/slidingpuzzle/solver/board"
)

// FileName returns the name of the table file for the standard goal of
// shape s with the blank in cell blank: "3x3-8.tbl".
func FileName(s board.Shape, blank int) string {
	return fmt.Sprintf("%dx%d-%d%s", s.Rows, s.Cols, blank, Ext)
}

// Set is the tables of one folder, decoded lazily, each once. It answers
// boards for any goal. A Set is safe for use by several goroutines.
type Set struct {
	fsys   fs.FS
	mu     sync.Mutex
	tables map[key]func() (*Table, error)

	shapesOnce sync.Once
	shapes     []board.Shape

	cache string // where tables keep their fast lookups (WithCache), or ""
}

type key struct {
	shape board.Shape
	blank int
}

// NewSet returns the Set of the table files at the root of fsys (see
// FileName). Nothing is read until a table is needed.
func NewSet(fsys fs.FS) *Set {
	return &Set{fsys: fsys, tables: make(map[key]func() (*Table, error))}
}

// Table returns the table for the standard goal of shape s with the blank
// in cell blank, reading and decoding it on first use.
func (s *Set) Table(shape board.Shape, blank int) (*Table, error) {
	if s == nil || s.fsys == nil {
		return nil, errors.New("table: the Set has no tables (make it with NewSet)")
	}
	if !shape.Small() || blank < 0 || blank >= shape.Cells() {
		return nil, fmt.Errorf("table: no %v board has the blank in cell %d", shape, blank)
	}
	k := key{shape, blank}
	s.mu.Lock()
	if s.tables == nil {
		s.tables = make(map[key]func() (*Table, error))
	}
	load, ok := s.tables[k]
	if !ok {
		load = sync.OnceValues(func() (*Table, error) { return s.load(k) })
		s.tables[k] = load
	}
	s.mu.Unlock()
	return load()
}

func (s *Set) load(k key) (*Table, error) {
	name := FileName(k.shape, k.blank)
	data, err := fs.ReadFile(s.fsys, name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, missing(err, "table: no table for %v boards with the blank in cell %d (%s is missing; run go generate)", k.shape, k.blank, name)
	}
	if err != nil {
		return nil, fmt.Errorf("table: %w", err)
	}
	h, rest, err := ReadHeader(data)
	if err != nil {
		return nil, corrupt(err, "table: %s: %v", name, err)
	}
	if want := k.shape.Goal(k.blank); h.Goal != want {
		return nil, corrupt(nil, "table: %s: goal %v, want %v", name, h.Goal, want)
	}
	t, err := decodeBody(h, rest)
	if err != nil {
		return nil, fmt.Errorf("%w (in %s)", err, name)
	}
	t.cache = s.cache
	return t, nil
}

// Shapes returns the shapes the Set has tables for, smallest first, then
// fewest rows: those of which a file for the blank in cell 0 is there.
func (s *Set) Shapes() ([]board.Shape, error) {
	if s == nil || s.fsys == nil {
		return nil, errors.New("table: the Set has no tables (make it with NewSet)")
	}
	s.shapesOnce.Do(func() {
		for cells := 4; cells <= board.MaxSmall; cells++ {
			for rows := 2; rows <= cells/2; rows++ {
				shape := board.Shape{Rows: rows, Cols: cells / rows}
				if rows*shape.Cols != cells || !shape.Small() {
					continue
				}
				if _, err := fs.Stat(s.fsys, FileName(shape, 0)); err == nil {
					s.shapes = append(s.shapes, shape)
				}
			}
		}
	})
	return s.shapes, nil
}

// For returns the lookups of goal, reading and decoding its table on
// first use.
func (s *Set) For(goal board.Board) (*Goal, error) {
	v, err := s.goalOf(goal)
	if err != nil {
		return nil, err
	}
	return &v, nil
}

// goalOf returns the lookups of goal as a value, for a lookup that keeps
// it on the stack.
func (s *Set) goalOf(goal board.Board) (Goal, error) {
	if !goal.Valid() {
		return Goal{}, errors.New("table: the goal is not a valid board")
	}
	if !goal.Small() {
		return Goal{}, fmt.Errorf("table: no table for %v boards: tables are for boards of at most %d cells", goal.Shape(), board.MaxSmall)
	}
	t, err := s.Table(goal.Shape(), goal.Blank())
	if err != nil {
		return Goal{}, err
	}
	return newGoal(t, goal), nil
}

// AppendPath appends to dst the letters of the lexicographically smallest
// shortest path from start to goal (d < l < r < u) and reports true, or
// returns dst and false when goal cannot be reached from start. The error
// is for a missing or corrupt table only.
func (s *Set) AppendPath(dst []byte, start, goal board.Board) ([]byte, bool, error) {
	if !start.Valid() || start.Shape() != goal.Shape() {
		return dst, false, nil
	}
	v, err := s.goalOf(goal)
	if err != nil {
		return dst, false, err
	}
	return v.AppendPath(dst, start)
}

// Path returns the lexicographically smallest shortest path from start to
// goal, or false when there is none; see AppendPath.
func (s *Set) Path(start, goal board.Board) ([]board.Move, bool, error) {
	var buf [64]byte
	letters, ok, err := s.AppendPath(buf[:0], start, goal)
	if !ok {
		return nil, false, err
	}
	path := make([]board.Move, len(letters))
	for i, c := range letters {
		path[i], _ = board.ParseMove(c)
	}
	return path, true, nil
}

// Distance returns the number of moves of a shortest path from start to
// goal, or false when there is none. The error is for a missing or corrupt
// table only.
func (s *Set) Distance(start, goal board.Board) (int, bool, error) {
	if !start.Valid() || start.Shape() != goal.Shape() {
		return 0, false, nil
	}
	v, err := s.goalOf(goal)
	if err != nil {
		return 0, false, err
	}
	return v.Distance(start)
}
