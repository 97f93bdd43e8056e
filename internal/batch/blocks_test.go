package batch

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/embedded"
	"github.com/slidingpuzzle/solver/engine"
	"github.com/slidingpuzzle/solver/generated"
	"github.com/slidingpuzzle/solver/internal/format"
	"github.com/slidingpuzzle/solver/table"
)

// run answers in with the blocks on every core, or case by case, and
// returns the output, the messages and the counts.
func run(t *testing.T, in string, blocks bool) string {
	t.Helper()
	return runPreset(t, "hdu1043", in, blocks)
}

// runPreset is run for the preset called name.
func runPreset(t *testing.T, name, in string, blocks bool) string {
	t.Helper()
	p, _ := format.Lookup(name)
	goal, _ := p.DefaultGoal()
	return runGoal(t, p, goal, in, blocks)
}

// runGoal is run for preset p and goal.
func runGoal(t *testing.T, p format.Preset, goal board.Board, in string, blocks bool) string {
	t.Helper()
	var msgs strings.Builder
	p.Goal = board.GoalOf(goal)
	j := &Job{Solver: embedded.Solver(), Preset: p, Name: "in", Log: &msgs, LogPrefix: "> "}
	var out bytes.Buffer
	var res Result
	var err error
	if blocks {
		res, err = j.runBlocks(context.Background(), strings.NewReader(in), &out, goal)
	} else {
		res, err = j.runCases(context.Background(), format.NewReader(strings.NewReader(in), j.Name, j.Preset), &out)
	}
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%+v\n%s\n%s", res, msgs.String(), out.String())
}

// TestBlocksAgree answers inputs cut at awkward places both ways: the
// blocks on every core must give exactly what reading case by case gives,
// answers, messages and counts.
func TestBlocksAgree(t *testing.T) {
	line := "2 3 4 1 5 x 7 6 8\n" // 18 bytes
	fill := func(n int) string {  // whole lines of exactly n bytes
		var sb strings.Builder
		for sb.Len()+2*len(line) <= n {
			sb.WriteString(line)
		}
		rest := n - sb.Len()
		sb.WriteString(strings.Repeat(" ", rest-len("23415x768\n")) + "23415x768\n")
		return sb.String()
	}
	big := strings.Repeat("1", blockSize+1000)
	mid := strings.Repeat("2", format.MaxLine+10)
	for name, in := range map[string]string{
		"empty":                 "",
		"one block exactly":     fill(blockSize),
		"two blocks exactly":    fill(2 * blockSize),
		"a block and a line":    fill(blockSize) + "12345678x\n",
		"no last line end":      fill(blockSize) + "21345678x",
		"crlf":                  strings.ReplaceAll(fill(blockSize+100), "\n", "\r\n"),
		"long line inside":      fill(blockSize) + big + "\n" + fill(1000),
		"long line at the end":  fill(blockSize) + big,
		"long line first":       big + "\n" + fill(blockSize),
		"line over MaxLine":     fill(blockSize) + mid + "\n" + line,
		"line of MaxLine":       fill(blockSize) + "12345678x" + strings.Repeat(" ", format.MaxLine-9) + "\n" + line,
		"line of MaxLine+1":     fill(blockSize) + "12345678x" + strings.Repeat(" ", format.MaxLine-8) + "\n" + line,
		"bad line of MaxLine":   fill(blockSize) + strings.Repeat("q", format.MaxLine) + "\n" + line,
		"bad lines and blanks":  fill(blockSize) + "\n\n1 2 3\n\xff\xfe\n" + line + "   \n12345678q\n",
		"long line on boundary": fill(blockSize-10) + strings.Repeat("3", blockSize) + "\n" + line,
	} {
		t.Run(name, func(t *testing.T) {
			got, want := run(t, in, true), run(t, in, false)
			if got != want {
				t.Errorf("blocks and cases differ:\n--- blocks\n%.600s\n--- cases\n%.600s", got, want)
			}
		})
	}
}

// failWriter fails after n writes.
type failWriter struct{ n int }

func (w *failWriter) Write(p []byte) (int, error) {
	if w.n == 0 {
		return 0, errors.New("disk full")
	}
	w.n--
	return len(p), nil
}

// TestBlocksWriteError stops at the first failed write and returns it,
// and leaves no goroutine behind; so does a cancelled context.
func TestBlocksWriteError(t *testing.T) {
	p, _ := format.Lookup("hdu1043")
	j := &Job{Solver: embedded.Solver(), Preset: p, Name: "in"}
	in := strings.Repeat("2 3 4 1 5 x 7 6 8\n", 200000)
	goal, _ := p.DefaultGoal()
	before := runtime.NumGoroutine()
	if _, err := j.runBlocks(context.Background(), strings.NewReader(in), &failWriter{n: 2}, goal); err == nil || err.Error() != "disk full" {
		t.Errorf("got %v, want disk full", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := j.runBlocks(ctx, strings.NewReader(in), io.Discard, goal); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: got %v, want %v", err, context.Canceled)
	}
	noneLeft(t, before)
}

// TestParallelWriteError: runParallel, on a file of pairs, stops at the
// first failed write and returns it, and leaves no goroutine behind.
func TestParallelWriteError(t *testing.T) {
	p, _ := format.Lookup("hdu3567")
	j := &Job{Solver: embedded.Solver(), Preset: p, Name: "in"}
	var in strings.Builder
	in.WriteString("20000\n")
	for range 20000 {
		in.WriteString("12X453786\n12345678X\n")
	}
	before := runtime.NumGoroutine()
	if _, err := j.Run(strings.NewReader(in.String()), &failWriter{n: 2}); err == nil || err.Error() != "disk full" {
		t.Errorf("got %v, want disk full", err)
	}
	noneLeft(t, before)
}

// noneLeft fails unless the goroutines come back to before within a
// second (some end just after the call that stopped them returns).
func noneLeft(t *testing.T, before int) {
	t.Helper()
	for range 100 {
		if runtime.NumGoroutine() <= before {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Errorf("%d goroutines left behind", runtime.NumGoroutine()-before)
}

// FuzzBlocksAgree: on any input, the blocks and the cases agree, and
// nothing panics.
func FuzzBlocksAgree(f *testing.F) {
	for _, s := range []string{"23415x768\n", "1 2 3\n\n\xff\n", "12345678x", "\r\n\r\n2 3 4 1 5 x 7 6 8\r\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		if got, want := run(t, in, true), run(t, in, false); got != want {
			t.Errorf("blocks and cases differ on %q:\n--- blocks\n%s\n--- cases\n%s", in, got, want)
		}
	})
}

// TestSeparatedBlocks answers large files of separated cases, and of one
// board a case with blank lines between (uva652, aoj), faults and wrong
// counts among them, through Job.Run, whose readers cut blocks of whole
// cases for the workers to read, and case by case with answerer: the
// same answers, messages and counts.
func TestSeparatedBlocks(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"lightoj1139", "boj11112", "uva652", "aoj"} {
		p, _ := format.Lookup(name)
		for seed := range uint64(4) {
			rng := rand.New(rand.NewPCG(seed, 5))
			var sb strings.Builder
			n := 5000 + rng.IntN(20000)
			if p.Count {
				fmt.Fprintf(&sb, "%d\n", n+int(seed)-2) // a count that may be wrong
			}
			for k := range n {
				sb.WriteString("\n")
				var cells [9]uint8
				for i, v := range rng.Perm(9) {
					cells[i] = uint8(v)
				}
				b, _ := board.New(board.Shape3x3, cells[:])
				text := string(p.AppendBoard(nil, b))
				switch k % (997 + 8976*int(seed%2)) { // for odd seeds, blocks whole
				case 5:
					text = "junk\n"
				case 17:
					text += "1 2 3\n"
				case 400:
					text = text[:4] + "\n"
				}
				if k%3001 == 1500 {
					// Laid out as usual, but a tile twice: no board, in a
					// block with no other fault.
					first := strings.IndexAny(text, "012345678x#")
					second := first + 1 + strings.IndexAny(text[first+1:], "012345678x#")
					text = text[:first] + text[second:second+1] + text[first+1:]
				}
				sb.WriteString(text)
			}
			in := sb.String()
			var msgs strings.Builder
			// Tables of its own: for odd seeds, the goal's fast lookups
			// built before the run, so that its blocks are answered from
			// their boards (answerBoards); for even ones, not yet.
			v := engine.New(table.NewSet(generated.FS))
			if seed%2 == 1 {
				goal, _ := p.DefaultGoal()
				g, err := v.For(goal)
				if err != nil {
					t.Fatal(err)
				}
				if err := g.Lookups().Table().Prepare(); err != nil {
					t.Fatal(err)
				}
			}
			var boardBlocks atomic.Int64
			j := &Job{Solver: v, Preset: p, Name: "in", Log: &msgs, LogPrefix: "> "}
			j.onBoardBlock = func() { boardBlocks.Add(1) }
			var out bytes.Buffer
			res, err := j.Run(strings.NewReader(in), &out)
			if seed%2 == 1 && boardBlocks.Load() == 0 {
				t.Errorf("%s seed %d: no block answered from its boards", name, seed)
			}
			if err != nil {
				t.Fatal(err)
			}
			got := fmt.Sprintf("%+v\n%s\n%s", res, msgs.String(), out.String())
			if got != alone(t, j, in) {
				t.Errorf("%s seed %d: Run and case by case differ", name, seed)
			}
		}
	}
}

// TestBlocksAgreeGoals answers a large file of random boards, in both of
// the usual forms and others, some lines ended by "\r\n", for presets
// whose goals rename the tiles and move the blank: blocks and cases agree.
func TestBlocksAgreeGoals(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	var sb strings.Builder
	for sb.Len() < 3*blockSize {
		var cells [9]uint8
		for i, v := range rng.Perm(9) {
			cells[i] = uint8(v)
		}
		b, _ := board.New(board.Shape3x3, cells[:])
		s := b.String()
		switch rng.IntN(4) {
		case 0:
			s = strings.Join(strings.Split(s, ""), " ")
		case 1:
			s = strings.Join(strings.Split(s, ""), "  ")
		}
		if rng.IntN(5) == 0 {
			s += "\r" // a line end of two bytes
		}
		sb.WriteString(s + "\n")
	}
	for _, name := range []string{"luogu1379", "acwing845", "hdu1043"} {
		if got, want := runPreset(t, name, sb.String(), true), runPreset(t, name, sb.String(), false); got != want {
			t.Errorf("%s: blocks and cases differ", name)
		}
	}
}

// alone answers in case by case for j, each case as alone
// (answerer.answer), and gives the counts, the messages (j must have a
// Log) and the answers as the tests give Run's.
func alone(t *testing.T, j *Job, in string) string {
	t.Helper()
	r := format.NewReader(strings.NewReader(in), j.Name, j.Preset)
	var a answerer
	var c format.Case
	var dst []byte
	var want Result
	for r.Next(&c) {
		var o Result
		var err error
		dst, o, err = a.answer(context.Background(), j, dst, &c)
		if err != nil {
			t.Fatal(err)
		}
		want.add(o)
	}
	return fmt.Sprintf("%+v\n%s\n%s", want, a.msgs, dst)
}

// TestBlocksAgreeSpaced answers files of random spaced boards, both
// solvable and not, among which a line now and then is spoilt (a repeat,
// a stray byte, "\r\n", the other form, a blank line), for the standard
// goal and another: the blocks, whose runs of eight spaced lines are
// keyed at once where the CPU can (table.Goal.KeyRun), must give
// exactly what reading case by case gives.
func TestBlocksAgreeSpaced(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for _, c := range []struct {
		sep  string
		rate int // one line in rate is spoilt
	}{{" ", 0}, {" ", 3}, {" ", 40}, {"", 0}, {"", 40}} {
		rate := c.rate
		var sb strings.Builder
		for sb.Len() < 3*blockSize {
			cells := []byte("x12345678")
			rng.Shuffle(9, func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
			line := []byte(strings.Join(strings.Split(string(cells), ""), c.sep) + "\n")
			if rate > 0 && rng.IntN(rate) == 0 {
				switch rng.IntN(5) {
				case 0:
					line[(len(c.sep)+1)*rng.IntN(9)] = line[(len(c.sep)+1)*rng.IntN(9)]
				case 1:
					line[rng.IntN(len(line)-1)] = byte(rng.IntN(256))
				case 2:
					line = append(line[:len(line)-1], '\r', '\n')
				case 3:
					line = append(cells, '\n')
				case 4:
					line = []byte("\n")
				}
			}
			sb.Write(line)
		}
		in := sb.String()
		p, _ := format.Lookup("hdu1043")
		for _, goal := range []board.Board{board.MustParse(board.Shape3x3, "12345678x"), board.MustParse(board.Shape3x3, "8x7654321")} {
			outs := [2]string{runGoal(t, p, goal, in, true), runGoal(t, p, goal, in, false)}
			if outs[0] != outs[1] {
				t.Errorf("%q between cells, one line in %d spoilt, goal %v: blocks and cases differ:\n--- blocks\n%.600s\n--- cases\n%.600s", c.sep, rate, goal, outs[0], outs[1])
			}
		}
	}
}
