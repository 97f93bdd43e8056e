package search

import (
	"bufio"
	"context"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/pdb"
)

func build(t testing.TB, p pdb.Pattern) *pdb.DB {
	vals, err := pdb.Build(context.Background(), p, nil)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := pdb.Pack(vals)
	data, _ := pdb.Encode(p, raw, pdb.Raw)
	db, err := pdb.Decode(data, true)
	if err != nil {
		t.Fatal(err)
	}
	return db
}

func TestKorfQuick(t *testing.T) {
	s4 := board.Shape{Rows: 4, Cols: 4}
	var dbs []*pdb.DB
	for _, cells := range [][]int{{1, 2, 3, 4, 5, 6}, {7, 8, 9}, {10, 11, 12, 13, 14, 15}} {
		dbs = append(dbs, build(t, pdb.Pattern{Shape: s4, Cells: cells, Blank: 0}))
	}
	maps := Maps(s4, s4)
	id, tr := maps[0], maps[4]
	var p0, p1 []Part
	for _, db := range dbs {
		p0 = append(p0, Part{db, id})
		p1 = append(p1, Part{db, id.Then(tr)})
	}
	h, err := NewHeuristic(s4, 0, [][]Part{p0, p1})
	if err != nil {
		t.Fatal(err)
	}
	goal, _ := board.Parse(s4, "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15")
	prob, err := NewProblem(h, goal)
	if err != nil {
		t.Fatal(err)
	}
	f, _ := os.Open("../../shared/data/korf100.txt")
	defer f.Close()
	sc := bufio.NewScanner(f)
	k := 0
	var total int64
	start := time.Now()
	for sc.Scan() && k < 10 {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		fs := strings.Fields(line)
		b, err := board.Parse(s4, strings.Join(fs[1:], " "))
		if err != nil {
			t.Fatal(err)
		}
		k++
		t0 := time.Now()
		path, ok, st, err := prob.Solve(context.Background(), nil, b)
		total += st.Nodes
		moves, _ := board.ParsePath(string(path))
		end := b
		end.Apply(moves)
		t.Logf("%d: %d moves %v nodes %d %v ok=%v reach=%v", k, len(path), err, st.Nodes, time.Since(t0), ok, end == goal)
		_ = strconv.Itoa
	}
	t.Logf("total nodes %d in %v", total, time.Since(start))
}
