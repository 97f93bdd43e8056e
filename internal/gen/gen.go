// Package gen computes the tables of optimal moves by reverse
// breadth-first search and writes the files of package generated. It is
// the body of cmd/gentable, kept apart so that the freshness test of
// package generated can regenerate the tables in memory.
package gen

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"go/format"
	"runtime"
	"slices"
	"sync"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/pdb"
	"github.com/slidingpuzzle/solver/table"
)

// graph is every position of one shape and solvability class with its
// neighbours: nbr[i][m] is the index reached from position i by move m,
// or -1 where m leaves the board.
type graph struct {
	shape board.Shape
	nbr   [][board.NumMoves]int32
}

func newGraph(s board.Shape, parity int) *graph {
	size := table.Size(s)
	g := &graph{shape: s, nbr: make([][board.NumMoves]int32, size)}
	for i := range size {
		p := table.Position(s, parity, i)
		for m := range board.Move(board.NumMoves) {
			q := p
			if q.Move(m) {
				g.nbr[i][m] = int32(table.Index(q))
			} else {
				g.nbr[i][m] = -1
			}
		}
	}
	return g
}

// Result is the table of one goal.
type Result struct {
	Goal  board.Board
	Moves []board.Move // the move of each position, by index
	Dist  []uint8      // each position's distance from the goal, by index
	// Depths counts the positions at each distance 0..MaxDepth.
	Depths []int
}

// MaxDepth returns the largest distance from the goal.
func (r *Result) MaxDepth() int { return len(r.Depths) - 1 }

// bfs searches from goal outwards and picks for each position the first
// move, in the order d < l < r < u, that leads one step closer to it.
func (g *graph) bfs(goal board.Board) *Result {
	size := len(g.nbr)
	const unseen = 0xff
	dist := make([]uint8, size)
	for i := range dist {
		dist[i] = unseen
	}
	start := int32(table.Index(goal))
	dist[start] = 0
	queue := make([]int32, 1, size)
	queue[0] = start
	depths := []int{1}
	for head := 0; head < len(queue); head++ {
		i := queue[head]
		d := dist[i] + 1
		for _, j := range g.nbr[i] {
			if j >= 0 && dist[j] == unseen {
				dist[j] = d
				if int(d) == len(depths) {
					depths = append(depths, 0)
				}
				depths[d]++
				queue = append(queue, j)
			}
		}
	}
	moves := make([]board.Move, size)
	for i := range size {
		if dist[i] == unseen {
			panic(fmt.Sprintf("gen: position %d of %v is not reached from %v", i, g.shape, goal))
		}
		if int32(i) == start {
			continue
		}
		for m, j := range g.nbr[i] {
			if j >= 0 && dist[j] == dist[i]-1 {
				moves[i] = board.Move(m)
				break
			}
		}
	}
	return &Result{Goal: goal, Moves: moves, Dist: dist, Depths: depths}
}

// Tables computes the table of every standard goal of shape s, one for
// each cell of the blank, in order of that cell. The searches run on every
// core; each writes only its own result, so the output does not depend on
// their order.
func Tables(s board.Shape) []*Result {
	var graphs [2]*graph
	out := make([]*Result, s.Cells())
	for par := range 2 {
		for blank := range s.Cells() {
			if s.Goal(blank).Parity() == par {
				graphs[par] = newGraph(s, par)
				break
			}
		}
	}
	work := make(chan int, s.Cells())
	for blank := range s.Cells() {
		work <- blank
	}
	close(work)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for blank := range work {
				goal := s.Goal(blank)
				out[blank] = graphs[goal.Parity()].bfs(goal)
			}
		}()
	}
	wg.Wait()
	return out
}

// File is one file of package generated.
type File struct {
	Name string
	Data []byte
}

// Databases returns the database file of every pattern of plans, built
// on every core.
func Databases(ctx context.Context, plans []pdb.Plan, progress pdb.Progress) ([]File, error) {
	var files []File
	for _, pl := range plans {
		for _, p := range pl.Of() {
			vals, err := pdb.Build(ctx, p, progress)
			if err != nil {
				return nil, err
			}
			raw, err := pdb.Pack(vals)
			if err != nil {
				return nil, err
			}
			data, err := pdb.Encode(p, raw, pdb.Zstd)
			if err != nil {
				return nil, err
			}
			files = append(files, File{Name: pdb.FileName(p), Data: data})
		}
	}
	return files, nil
}

// Files returns the files of package generated for the given shapes and
// plans: a table file for each of the shapes' goals, a database file for
// each pattern of the plans, and the Go file that embeds them.
func Files(shapes []board.Shape, plans []pdb.Plan) ([]File, error) {
	var files []File
	type fact struct {
		name     string
		maxDepth int
		sum      uint32
	}
	var facts []fact
	total := 0
	for _, s := range shapes {
		results := Tables(s)
		data := make([][]byte, len(results))
		errs := make([]error, len(results))
		var wg sync.WaitGroup
		for i, r := range results {
			wg.Add(1)
			go func() {
				defer wg.Done()
				data[i], errs[i] = table.Encode(r.Goal, r.Moves, r.MaxDepth())
			}()
		}
		wg.Wait()
		if err := errors.Join(errs...); err != nil {
			return nil, err
		}
		for i, r := range results {
			name := table.FileName(s, r.Goal.Blank())
			files = append(files, File{Name: name, Data: data[i]})
			raw, err := table.Pack(r.Goal, r.Moves)
			if err != nil {
				return nil, err
			}
			facts = append(facts, fact{name, r.MaxDepth(), table.Checksum(raw)})
			total += len(data[i])
		}
	}
	dbs, err := Databases(context.Background(), plans, nil)
	if err != nil {
		return nil, err
	}
	dbTotal := 0
	for _, f := range dbs {
		dbTotal += len(f.Data)
	}
	ntables := len(files)
	files = append(files, dbs...)
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by gentable; DO NOT EDIT.\n\n")
	fmt.Fprintf(&b, "package generated\n\nimport \"embed\"\n\n")
	fmt.Fprintf(&b, "// FS holds the table files, %d in all, and the pattern databases, %d.\n", ntables, len(dbs))
	fmt.Fprintf(&b, "// Embedding them increases the size of a program by about %d KB.\n//\n", (total+dbTotal+512)/1024)
	fmt.Fprintf(&b, "//go:embed *%s *%s\nvar FS embed.FS\n\n", table.Ext, pdb.Ext)
	fmt.Fprintf(&b, "// Size is the number of bytes of the table files together.\nconst Size = %d\n\n", total)
	fmt.Fprintf(&b, "// DatabaseSize is the number of bytes of the database files together.\nconst DatabaseSize = %d\n\n", dbTotal)
	for _, s := range shapes {
		fmt.Fprintf(&b, "// Positions%dx%d is the number of positions that reach any one goal on a %v board,\n", s.Rows, s.Cols, s)
		fmt.Fprintf(&b, "// the entries of each of its tables.\nconst Positions%dx%d = %d\n\n", s.Rows, s.Cols, table.Size(s))
		fmt.Fprintf(&b, "// RawSize%dx%d is the size of the raw bytes of one %v table.\nconst RawSize%dx%d = %d\n\n", s.Rows, s.Cols, s, s.Rows, s.Cols, table.RawLen(s))
	}
	fmt.Fprintf(&b, "// Tables lists each table file with the largest distance from its goal\n// and the checksum of its raw bytes (table.Checksum).\n")
	fmt.Fprintf(&b, "var Tables = []struct {\n\tName     string\n\tMaxDepth int\n\tChecksum uint32\n}{\n")
	for _, f := range facts {
		fmt.Fprintf(&b, "\t{%q, %d, 0x%08x},\n", f.name, f.maxDepth, f.sum)
	}
	fmt.Fprintf(&b, "}\n\n")
	fmt.Fprintf(&b, "// Databases lists each database file with the checksum of its raw bytes\n// (pdb.Checksum).\n")
	fmt.Fprintf(&b, "var Databases = []struct {\n\tName     string\n\tChecksum uint32\n}{\n")
	for _, f := range dbs {
		h, _, err := pdb.ReadHeader(f.Data)
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(&b, "\t{%q, 0x%08x},\n", f.Name, h.Checksum)
	}
	fmt.Fprintf(&b, "}\n")
	src, err := format.Source(b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("gen: formatting the Go file: %w", err)
	}
	files = append(files, File{Name: GoFile, Data: src})
	slices.SortFunc(files, func(a, b File) int { return bytes.Compare([]byte(a.Name), []byte(b.Name)) })
	return files, nil
}

// GoFile is the name of the generated Go file.
const GoFile = "tables.go"

// Shapes are the shapes whose tables package generated holds.
var Shapes = []board.Shape{{Rows: 2, Cols: 2}, {Rows: 2, Cols: 3}, {Rows: 3, Cols: 2}, {Rows: 2, Cols: 4}, {Rows: 4, Cols: 2}, board.Shape3x3}
