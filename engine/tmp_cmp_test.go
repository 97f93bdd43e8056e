package engine_test

import (
	"bufio"
	"context"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/internal/testcache"
	"github.com/slidingpuzzle/solver/search"
)

func loadDCA(file string, s board.Shape, k int) ([]board.Board, []int) {
	fh, _ := os.Open(file)
	sc := bufio.NewScanner(fh)
	var bs []board.Board
	var ls []int
	for sc.Scan() && len(bs) < k {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		fs := strings.Fields(line)
		cells := make([]int, s.Cells())
		for i := range cells {
			cells[i], _ = strconv.Atoi(fs[i])
		}
		l, _ := strconv.Atoi(fs[len(fs)-1])
		b, _ := board.New(s, cells)
		bs = append(bs, b)
		ls = append(ls, l)
	}
	return bs, ls
}

func TestTmpCmp(t *testing.T) {
	for _, dim := range []int{6, 7, 8} {
		s := board.Shape{Rows: dim, Cols: dim}
		goal := s.Goal(s.Cells() - 1)
		var boards []board.Board
		var ref []int
		name := "uniform"
		if dim < 8 {
			boards, ref = loadDCA("/work/shared/data/deepcubea"+strconv.Itoa(dim*dim-1)+".txt", s, 10)
			name = "DeepCubeA"
		}
		rng := rand.New(rand.NewPCG(5, uint64(dim)))
		for range 10 {
			b, _ := board.New(s, rng.Perm(s.Cells()))
			if !board.Solvable(b, goal) {
				b = board.Flip(b)
			}
			boards = append(boards, b)
		}
		g, _ := testcache.Solver().For(goal)
		bm, _ := search.NewBeam(goal)
		var rl, bl, md, dca [2]float64
		var rt, bt time.Duration
		widths := map[int]int{6: 25000, 7: 12000, 8: 6000}
		fails := 0
		for i, b := range boards {
			k := 0
			if i >= len(ref) {
				k = 1
			}
			t0 := time.Now()
			p, _, _, _ := g.Solve(context.Background(), nil, b)
			rt += time.Since(t0)
			t0 = time.Now()
			q, ok, _, err := bm.Solve(context.Background(), nil, b, widths[dim])
			bt += time.Since(t0)
			if !ok || err != nil {
				fails++
				q = p
			}
			rl[k] += float64(len(p))
			bl[k] += float64(len(q))
			md[k] += float64(engineMD(b, goal))
			if k == 0 {
				dca[k] += float64(ref[i])
			}
		}
		t.Logf("%dx%d: %s: reduce %.3f beam %.3f x theirs; uniform: reduce %.3f beam %.3f x MD; reduce %v beam %v a board; %d beam fails",
			dim, dim, name, rl[0]/max(dca[0], 1), bl[0]/max(dca[0], 1), rl[1]/md[1], bl[1]/md[1], rt/time.Duration(len(boards)), bt/time.Duration(len(boards)), fails)
	}
}

func engineMD(b, goal board.Board) int {
	s := b.Shape()
	home := make([]int, s.Cells())
	for c := range s.Cells() {
		home[goal.Cell(c)] = c
	}
	d := 0
	for c := range s.Cells() {
		if t := b.Cell(c); t != 0 {
			h := home[t]
			d += absInt(c/s.Cols-h/s.Cols) + absInt(c%s.Cols-h%s.Cols)
		}
	}
	return d
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
