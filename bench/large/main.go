// Command large is the bench script's measure of boards of more than 16
// cells: for each size it writes random boards (uniform over those that
// reach the goal, for each named goal in turn), has the solve command
// answer them, replays every path on its board, and prints the paths'
// lengths over the tiles' Manhattan distances (a lower bound on any
// path), the time and the peak memory of solve, for each size.
//
// Usage:
//
//	large -solve PATH [-n N] [-seed S] [-file] RxC...
//	large -solve PATH [-n N] -deepcubea FILE
//
// Each board goes to a solve of its own, unless -file: then the boards
// of each goal go to one solve as a file, the time given a board, which
// is how a judge file is answered (what a process makes once, such as
// the tables of a large board's last parts, serves every board after
// the first). -deepcubea reads boards and their lengths from a file of
// DeepCubeA's test boards (../shared/data/deepcubea35.txt: the cells of
// each board, then the length of DeepCubeA's solution) and prints the
// paths' lengths over DeepCubeA's, and over the Manhattan distance.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/engine"
)

func main() {
	solve := flag.String("solve", "solve", "the solve command to measure, a `PATH`")
	n := flag.Int("n", 3, "boards of each size, `N`, the goals blank-last, blank-first and snail in turn")
	seed := flag.Uint64("seed", 1, "the `SEED` of the random boards")
	file := flag.Bool("file", false, "give the boards of each goal to one solve, as a file")
	deep := flag.String("deepcubea", "", "measure the boards of the `FILE` of DeepCubeA's test boards against their lengths")
	flag.Parse()
	if *deep != "" {
		if !measureDeep(*solve, *deep, *n) {
			os.Exit(1)
		}
		return
	}
	fmt.Printf("   %-9s %6s  %-22s  %-19s  %-11s  %s\n", "size", "boards", "length / Manhattan", "solve's time", "peak memory", "by goal: "+strings.Join(board.GoalNames, ", "))
	failed := false
	for _, a := range flag.Args() {
		s, err := board.ParseShape(a)
		if err != nil {
			fmt.Fprintf(os.Stderr, "large: %v\n", err)
			os.Exit(2)
		}
		if !measure(*solve, s, *n, *seed, *file) {
			failed = true
		}
	}
	if failed {
		os.Exit(1)
	}
}

// A run is the answer of solve to boards of one goal: each path's length,
// or the fault of a path that was wrong.
type run struct {
	moves []int64
	wall  time.Duration
	rss   int64 // KiB
	err   error
}

// solveAll has solve answer starts, boards of shape s, for the goal
// called name: in one process, or in one each.
func solveAll(solve string, s board.Shape, name string, starts []board.Board, oneFile bool) run {
	goal, _ := s.Named(name)
	if !oneFile {
		var all run
		for _, b := range starts {
			r := solveAll(solve, s, name, []board.Board{b}, true)
			all.moves = append(all.moves, r.moves...)
			all.wall += r.wall
			all.rss = max(all.rss, r.rss)
			if r.err != nil {
				all.err = r.err
			}
		}
		return all
	}
	f, err := os.CreateTemp("", "large-*.txt")
	if err != nil {
		return run{err: err}
	}
	defer os.Remove(f.Name())
	defer f.Close()
	w := bufio.NewWriter(f)
	for _, b := range starts {
		w.Write(b.AppendText(nil))
		w.WriteByte('\n')
	}
	if err := w.Flush(); err != nil {
		return run{err: err}
	}
	f.Seek(0, io.SeekStart)
	cmd := exec.Command(solve, "-shape", s.String(), "-goal", name)
	cmd.Stdin, cmd.Stderr = f, os.Stderr
	out, err := cmd.StdoutPipe()
	if err == nil {
		err = cmd.Start()
	}
	if err != nil {
		return run{err: err}
	}
	t0 := time.Now()
	var r run
	in := bufio.NewReaderSize(out, 1<<16)
	for i, b := range starts {
		moves, at, err := replay(in, b, goal)
		if err != nil && r.err == nil {
			r.err = fmt.Errorf("board %d: %v (move %d)", i+1, err, at)
		}
		r.moves = append(r.moves, moves)
	}
	io.Copy(io.Discard, in)
	if err := cmd.Wait(); err != nil && r.err == nil {
		r.err = err
	}
	r.wall = time.Since(t0)
	if u, isU := cmd.ProcessState.SysUsage().(*syscall.Rusage); isU {
		r.rss = int64(u.Maxrss)
	}
	return r
}

// measure solves n boards of shape s and prints a line of figures; it
// reports false when a path was wrong.
func measure(solve string, s board.Shape, n int, seed uint64, oneFile bool) bool {
	rng := rand.New(rand.NewPCG(seed, uint64(s.Cells())))
	byName := make([][]board.Board, len(board.GoalNames))
	for k := range n {
		name := board.GoalNames[k%len(board.GoalNames)]
		goal, _ := s.Named(name)
		byName[k%len(board.GoalNames)] = append(byName[k%len(board.GoalNames)], board.Random(rng, goal))
	}
	var ratios []float64
	var wall time.Duration
	var rss int64
	ok := true
	var goals []string
	for gi, name := range board.GoalNames {
		if len(byName[gi]) == 0 {
			continue
		}
		goal, _ := s.Named(name)
		r := solveAll(solve, s, name, byName[gi], oneFile)
		wall += r.wall
		rss = max(rss, r.rss)
		if r.err != nil {
			fmt.Fprintf(os.Stderr, "large: %v, goal %s: %v\n", s, name, r.err)
			ok = false
			continue
		}
		m := 0.0
		for i, moves := range r.moves {
			ratio := float64(moves) / float64(max(engine.Manhattan(byName[gi][i], goal), 1))
			ratios = append(ratios, ratio)
			m += ratio / float64(len(r.moves))
		}
		goals = append(goals, fmt.Sprintf("%.2f", m))
	}
	mean, worst := 0.0, 0.0
	for _, r := range ratios {
		mean += r / float64(len(ratios))
		worst = max(worst, r)
	}
	fmt.Printf("   %-9v %6d  mean %.2fx, worst %.2fx  %8.2f s a board  %6.1f MiB   %s\n", s, n, mean, worst, wall.Seconds()/float64(n), float64(rss)/1024, strings.Join(goals, " "))
	return ok
}

// measureDeep solves the first n boards of DeepCubeA's file (all of them
// for n <= 0), as one file, and prints the lengths over DeepCubeA's and
// over the Manhattan distance; it reports false when a path was wrong.
func measureDeep(solve, file string, n int) bool {
	data, err := os.ReadFile(file)
	if err != nil {
		fmt.Fprintf(os.Stderr, "large: %v\n", err)
		return false
	}
	var starts []board.Board
	var theirs []int
	var s board.Shape
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) < 5 || strings.HasPrefix(line, "#") || n > 0 && len(starts) == n {
			continue
		}
		if s, err = board.ShapeOf(len(f) - 1); err != nil {
			fmt.Fprintf(os.Stderr, "large: %s: %v\n", file, err)
			return false
		}
		b, err := board.Parse(s, strings.Join(f[:len(f)-1], " "))
		l, lerr := strconv.Atoi(f[len(f)-1])
		if err != nil || lerr != nil {
			fmt.Fprintf(os.Stderr, "large: %s: %v %v\n", file, err, lerr)
			return false
		}
		starts, theirs = append(starts, b), append(theirs, l)
	}
	if len(starts) == 0 {
		fmt.Fprintf(os.Stderr, "large: %s: no boards\n", file)
		return false
	}
	r := solveAll(solve, s, board.BlankLast, starts, true)
	if r.err != nil {
		fmt.Fprintf(os.Stderr, "large: %s: %v\n", file, r.err)
		return false
	}
	goal, _ := s.Named(board.BlankLast)
	var ours, deep, md float64
	for i, moves := range r.moves {
		ours += float64(moves)
		deep += float64(theirs[i])
		md += float64(engine.Manhattan(starts[i], goal))
	}
	fmt.Printf("   %v, %d of DeepCubeA's boards: mean %.1f moves against their %.1f, %.3fx theirs, %.2fx the Manhattan distance; %.2f s a board, %.1f MiB\n",
		s, len(starts), ours/float64(len(starts)), deep/float64(len(starts)), ours/deep, ours/md, r.wall.Seconds()/float64(len(starts)), float64(r.rss)/1024)
	return true
}

// replay plays the path solve writes, up to its line end, as it comes,
// from start, and returns its length, or where and why it is wrong.
func replay(r *bufio.Reader, start, goal board.Board) (int64, int64, error) {
	m := board.NewMover(start)
	var moves int64
	for {
		c, err := r.ReadByte()
		if err == io.EOF || c == '\n' {
			break
		}
		if err != nil {
			return moves, moves, err
		}
		mv, ok := board.ParseMove(c)
		if !ok {
			return moves, moves, fmt.Errorf("not a move: %s", strconv.QuoteRune(rune(c)))
		}
		if !m.Move(mv) {
			return moves, moves, fmt.Errorf("the blank leaves the board")
		}
		moves++
	}
	if !m.Is(goal) {
		return moves, moves, fmt.Errorf("the path of %d moves ends at %s", moves, strings.TrimSpace(shorten(m.Board().String())))
	}
	return moves, moves, nil
}

func shorten(s string) string {
	if len(s) > 60 {
		return s[:60] + "..."
	}
	return s
}
