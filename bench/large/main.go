// Command large is the bench script's measure of boards of more than 16
// cells: for each size it writes random boards (uniform over those that
// reach the goal, for each named goal in turn), has the solve command
// answer each, replays every path on its board, and prints the paths'
// lengths over the tiles' Manhattan distances (a lower bound on any
// path), the time and the peak memory of solve, for each size.
//
// Usage:
//
//	large -solve PATH [-n N] [-seed S] RxC...
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
	flag.Parse()
	fmt.Printf("   %-9s %6s  %-22s  %-19s  %-11s  %s\n", "size", "boards", "length / Manhattan", "solve's time", "peak memory", "by goal: "+strings.Join(board.GoalNames, ", "))
	failed := false
	for _, a := range flag.Args() {
		s, err := board.ParseShape(a)
		if err != nil {
			fmt.Fprintf(os.Stderr, "large: %v\n", err)
			os.Exit(2)
		}
		if !measure(*solve, s, *n, *seed) {
			failed = true
		}
	}
	if failed {
		os.Exit(1)
	}
}

// measure solves n boards of shape s and prints a line of figures; it
// reports false when a path was wrong.
func measure(solve string, s board.Shape, n int, seed uint64) bool {
	rng := rand.New(rand.NewPCG(seed, uint64(s.Cells())))
	var ratios []float64
	byGoal := make([][]float64, len(board.GoalNames))
	var wall time.Duration
	var rss int64
	ok := true
	for k := range n {
		name := board.GoalNames[k%len(board.GoalNames)]
		goal, _ := s.Named(name)
		start := random(rng, s, goal)
		f, err := os.CreateTemp("", "large-*.txt")
		if err != nil {
			fmt.Fprintf(os.Stderr, "large: %v\n", err)
			os.Exit(2)
		}
		w := bufio.NewWriter(f)
		w.Write(start.AppendText(nil))
		w.WriteByte('\n')
		w.Flush()
		f.Seek(0, io.SeekStart)
		cmd := exec.Command(solve, "-shape", s.String(), "-goal", name)
		cmd.Stdin, cmd.Stderr = f, os.Stderr
		out, err := cmd.StdoutPipe()
		if err == nil {
			err = cmd.Start()
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "large: %v\n", err)
			os.Exit(2)
		}
		t0 := time.Now()
		moves, at, replayErr := replay(bufio.NewReaderSize(out, 1<<16), start, goal)
		err = cmd.Wait()
		wall += time.Since(t0)
		f.Close()
		os.Remove(f.Name())
		if u, isU := cmd.ProcessState.SysUsage().(*syscall.Rusage); isU {
			rss = max(rss, int64(u.Maxrss))
		}
		if err != nil || replayErr != nil {
			fmt.Fprintf(os.Stderr, "large: %v, goal %s: %v %v (move %d)\n", s, name, err, replayErr, at)
			ok = false
			continue
		}
		r := float64(moves) / float64(max(engine.Manhattan(start, goal), 1))
		ratios = append(ratios, r)
		byGoal[k%len(board.GoalNames)] = append(byGoal[k%len(board.GoalNames)], r)
	}
	mean, worst := 0.0, 0.0
	for _, r := range ratios {
		mean += r / float64(len(ratios))
		worst = max(worst, r)
	}
	var goals []string
	for _, rs := range byGoal {
		m := 0.0
		for _, r := range rs {
			m += r / float64(len(rs))
		}
		if len(rs) > 0 {
			goals = append(goals, fmt.Sprintf("%.2f", m))
		}
	}
	fmt.Printf("   %-9v %6d  mean %.2fx, worst %.2fx  %8.2f s a board  %6.1f MiB   %s\n", s, n, mean, worst, wall.Seconds()/float64(n), float64(rss)/1024, strings.Join(goals, " "))
	return ok
}

// random returns a board of shape s drawn uniformly from those that reach
// goal: an arrangement at random, two tiles swapped if it does not.
func random(rng *rand.Rand, s board.Shape, goal board.Board) board.Board {
	cells := make([]int32, s.Cells())
	for i := range cells {
		cells[i] = int32(i)
	}
	rng.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
	b, _ := board.New(s, cells)
	if !board.Solvable(b, goal) {
		i, j := 0, 1
		if cells[i] == 0 || cells[j] == 0 {
			i, j = 2, 3
		}
		cells[i], cells[j] = cells[j], cells[i]
		b, _ = board.New(s, cells)
	}
	return b
}

// replay plays the path solve writes, as it comes, from start, and returns
// its length, or where and why it is wrong.
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
	io.Copy(io.Discard, r)
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
