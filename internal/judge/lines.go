package judge

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strconv"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/internal/format"
	"github.com/slidingpuzzle/solver/internal/ordered"
	"github.com/slidingpuzzle/solver/internal/scan"
	"github.com/slidingpuzzle/solver/table"
)

// The fast stage of Check, for a preset of one board a line whose answer
// is one line (a path, a number of moves, or the word for unsolvable:
// hdu1043, acwing845 and the like).
// While every line of the input is a board written as judges write them
// (format.Preset.BoardLines), line k of the input is case k and line k of
// the answers its answer: the two files are cut into blocks of as many
// lines each, and workers on every core judge the blocks as solve answers
// them, a board's key found from its line (table.Goal.KeyLine) and the
// paths of many fetched at once (table.Goal.Gather). An answer that is
// the table's own path, or its number of moves, or the word for a board
// that cannot reach the goal, passes; any other case is judged as Check
// judges it, from the Case and the Answer its line reads as. At the first
// line that is not so (a blank line, a fault, the end of the answers), the
// rest of both files goes to Check's readers, as if they had read all
// before.

// fewLines is how many lines a file must have at least for the fast stage
// to build, or read from the cache, the fast lookups of its table: the
// table's own measure (2000 lookups) of when they pay.
const fewLines = 2000

// lineBlockSize is the size of the blocks of input of the fast stage.
const lineBlockSize = 256 << 10

// A lineBlock is a run of lines of the input with as many lines of the
// answers, and once judged, what the report says of them.
type lineBlock struct {
	in, ans []byte // whole lines, as many of each
	line    int    // the lines (and cases) before
	lines   int
	report  []byte // the report's lines of the cases that failed
	passed  int
	failed  int
	err     error // a fault of the tables
}

// fastStage judges the first cases of input and answers in blocks, where
// c's preset allows, and returns its verdict, what is left of the two
// files, and how many lines (and cases) it judged.
func (c *Checker) fastStage(input, answers io.Reader, report io.Writer) (v Verdict, restIn, restAns io.Reader, lines int, err error) {
	p := &c.Preset
	blockSize := lineBlockSize
	if c.test.lineBlockSize > 0 {
		blockSize = c.test.lineBlockSize
	}
	restIn, restAns = input, answers
	if c.test.noFastLines || p.Print != format.Path && p.Print != format.Moves || p.Label != "" || p.Between != "" || p.Upper ||
		p.Pairs || p.Separated || p.Nested || p.Count || p.Shape != board.Shape3x3 {
		return v, restIn, restAns, 0, nil
	}
	goal, ok := p.DefaultGoal()
	if !ok {
		return v, restIn, restAns, 0, nil // Check's readers say what is wrong
	}
	g, err := c.Solver.For(goal)
	if err != nil {
		return v, restIn, restAns, 0, nil // Check's readers say what is wrong
	}
	solver := g.Lookups()
	if solver == nil || solver.Table().MaxDepth() > table.MaxPackedLen {
		return v, restIn, restAns, 0, nil
	}

	// Judges on every core; the verdicts and the report are taken in
	// order on the pipe's goroutine.
	var werr error // of the report, which stops the pipe
	pipe := ordered.Start(context.Background(), ordered.Config[lineBlock]{
		Items: 2*runtime.GOMAXPROCS(0) + 2,
		New:   func() *lineBlock { return new(lineBlock) },
		Worker: func() func(*lineBlock) {
			w := lineJudge{c: c.fresh(), solver: solver}
			return w.judge
		},
		Write: func(b *lineBlock) error {
			if b.err != nil {
				return b.err
			}
			v.Passed += b.passed
			v.Failed += b.failed
			lines += b.lines
			if len(b.report) > 0 {
				if _, werr = report.Write(b.report); werr != nil {
					return werr
				}
			}
			return nil
		},
	})

	// Here the blocks are cut; what is left is the rest of the files.
	var inLeft, ansLeft []byte // read and not judged here
	cerr := func() error {
		var inCarry, ansCarry, ansBuf []byte // ansCarry is in ansBuf's array
		inEOF, ansEOF := false, false
		at := 0
		for {
			b, ok := pipe.Next()
			if !ok {
				return nil // a fault of the tables, or of the report
			}
			b.in = append(b.in[:0], inCarry...)
			if !inEOF && len(b.in) < blockSize {
				b.in = slices.Grow(b.in, blockSize)
				n, err := io.ReadFull(input, b.in[len(b.in):blockSize])
				b.in = b.in[:len(b.in)+n]
				if err == io.EOF || err == io.ErrUnexpectedEOF {
					inEOF = true
				} else if err != nil {
					inLeft, ansLeft = b.in, ansCarry
					return err
				}
			}
			size, count := p.BoardLines(b.in)
			if at == 0 && inEOF && count < fewLines {
				// A small file: its lookups follow the table, which costs
				// less for so few than building its fast lookups would.
				size, count = 0, 0
			}
			// As many whole lines of the answers, none too long to hold.
			for {
				k, m, stuck := nthLine(ansCarry, count)
				if m == count || ansEOF || stuck {
					if m < count {
						// The answers end first: the rest is Check's, which
						// says which cases have no answer.
						size, count, _ = nthLine(b.in, m)
					}
					if cap(b.ans) < k {
						// Room for answers a little longer than the lines,
						// at once rather than grown.
						b.ans = make([]byte, 0, max(k, blockSize+blockSize/2))
					}
					b.ans = append(b.ans[:0], ansCarry[:k]...)
					ansCarry = ansCarry[k:]
					break
				}
				if cap(ansCarry)-len(ansCarry) < blockSize {
					// What is left to the front of its array, to read
					// after it: the array serves block after block (a
					// new one each time would be garbage of a block).
					if len(ansCarry)+blockSize > cap(ansBuf) {
						ansBuf = make([]byte, 0, len(ansCarry)+2*blockSize)
					}
					ansCarry = append(ansBuf[:0], ansCarry...)
				}
				n, err := io.ReadAtLeast(answers, ansCarry[len(ansCarry):cap(ansCarry)], 1)
				ansCarry = ansCarry[:len(ansCarry)+n]
				if err == io.EOF {
					ansEOF = true
				} else if err != nil {
					inLeft, ansLeft = b.in, ansCarry
					return err
				}
			}
			inCarry = append(inCarry[:0], b.in[size:]...)
			b.in = b.in[:size]
			if count == 0 {
				pipe.Put(b)
				inLeft, ansLeft = inCarry, ansCarry
				if inEOF {
					input = bytes.NewReader(nil) // read to its end
				}
				if ansEOF {
					answers = bytes.NewReader(nil)
				}
				return nil
			}
			b.line, b.lines = at, count
			at += count
			b.report, b.passed, b.failed, b.err = b.report[:0], 0, 0, nil
			pipe.Send(b)
		}
	}()
	err = pipe.Close()
	if err == nil {
		err = cerr
	}
	restIn = io.MultiReader(bytes.NewReader(inLeft), input)
	restAns = io.MultiReader(bytes.NewReader(ansLeft), answers)
	return v, restIn, restAns, lines, err
}

// nthLine returns the length of the first n whole lines of data, each
// with its line end, or of as many as there are, and their count, and
// whether it stopped at a line longer than format.MaxLine (which Check's
// readers read in pieces).
func nthLine(data []byte, n int) (size, lines int, stuck bool) {
	for lines < n {
		k := bytes.IndexByte(data[size:], '\n')
		if k > format.MaxLine || k < 0 && len(data)-size > format.MaxLine {
			return size, lines, true
		}
		if k < 0 {
			break
		}
		size += k + 1
		lines++
	}
	return size, lines, false
}

// A lineJudge judges lineBlocks.
type lineJudge struct {
	c      *Checker
	solver *table.Goal
	r      *format.Reader       // reads a case that is judged as Check judges it
	ar     *format.AnswerReader // and its answer
	keys   [lineGroup]table.Key
	paths  [lineGroup]table.Packed
	kinds  [lineGroup]uint8
	spell  [table.MaxPackedLen + 8]byte
}

// lineGroup is how many lines a lineJudge keys before it fetches their
// paths at once.
const lineGroup = 128

const (
	linePath       = iota // a board that reaches the goal: its answer is compared with the path
	lineUnsolvable        // a board that does not: its answer is compared with the word
	lineOther             // anything else: judged as Check judges it
)

// judge judges the cases of b.
func (w *lineJudge) judge(b *lineBlock) {
	p := &w.c.Preset
	moves := p.Print == format.Moves // the answer is a number of moves, not a path
	in, ans := b.in, b.ans
	k := b.line
	for len(in) > 0 {
		n := 0
		var ins, anss [lineGroup][]byte
		eight := true // whether to ask KeyRun for the next eight lines
		for n < lineGroup && len(in) > 0 {
			// Eight spaced lines at once where the CPU can, as solve's
			// blocks key them (table.Goal.KeyRun); the line that stops
			// them is keyed alone.
			if eight && n+8 <= lineGroup {
				m, solvable := w.solver.KeyRun(in, table.FormSpaced, (*[8]table.Key)(w.keys[n:]))
				size := table.FormSpaced.Size()
				for i := range m {
					a := bytes.IndexByte(ans, '\n')
					ins[n+i], anss[n+i], ans = in[size*i:size*(i+1)-1], ans[:a], ans[a+1:]
					w.kinds[n+i] = linePath
					if solvable>>i&1 == 0 {
						w.keys[n+i], w.kinds[n+i] = 0, lineUnsolvable
					}
				}
				n, in, eight = n+m, in[size*m:], m > 0
				if m == 8 || n == lineGroup || len(in) == 0 {
					continue
				}
			}
			i := bytes.IndexByte(in, '\n')
			a := bytes.IndexByte(ans, '\n')
			ins[n], anss[n] = in[:i], ans[:a]
			in, ans = in[i+1:], ans[a+1:]
			// A line end of two bytes: its "\r" is a space to the readers.
			key, solvable, ok := w.solver.KeyLine(scan.WithoutCR(ins[n]))
			w.keys[n], w.kinds[n] = key, lineOther
			switch {
			case ok && solvable:
				w.kinds[n] = linePath
			case ok:
				w.kinds[n], w.keys[n] = lineUnsolvable, 0
			default:
				w.keys[n] = 0
			}
			n++
		}
		if err := w.solver.Gather(w.keys[:n], w.paths[:n]); err != nil {
			b.err = err
			return
		}
		for i := range n {
			k++
			switch w.kinds[i] {
			case linePath:
				var want []byte
				if moves {
					want = strconv.AppendInt(w.spell[:0], int64(w.paths[i].Len()), 10)
				} else {
					want = w.paths[i].AppendTo(w.spell[:0])
				}
				if bytes.Equal(want, scan.WithoutCR(anss[i])) {
					b.passed++
					continue
				}
			case lineUnsolvable:
				if string(scan.WithoutCR(anss[i])) == p.Unsolvable {
					b.passed++
					continue
				}
			}
			if err := w.judgeAlone(b, k, ins[i], anss[i]); err != nil {
				b.err = err
				return
			}
		}
	}
}

// judgeAlone judges case k, whose line is in and whose answer's line is
// ans, as Check judges a case its readers read, and adds what the report
// says of it to b.
func (w *lineJudge) judgeAlone(b *lineBlock, k int, in, ans []byte) error {
	if w.c.test.onAlone != nil {
		w.c.test.onAlone()
	}
	c := w.c
	if w.r == nil {
		w.r = format.NewReader(nil, c.InputName, c.Preset)
		w.ar = format.NewAnswerReader(nil, c.AnswersName, c.Preset)
	}
	var cs format.Case
	var an format.Answer
	w.r.ResetLine(in, k)
	if !w.r.Next(&cs) {
		return fmt.Errorf("judge: line %d of the input read as no case", k)
	}
	cs.Num = k
	w.ar.ResetLine(ans, k)
	if !w.ar.Next(k, &an) {
		return fmt.Errorf("judge: line %d of the answers read as no answer", k)
	}
	fault, err := c.judge(&cs, &an, w.ar, nil)
	if err != nil {
		return err
	}
	if fault == "" {
		b.passed++
		return nil
	}
	b.failed++
	b.report = fmt.Appendf(b.report, "case %d (%s): %s\n", k, c.what(&cs), fault)
	return nil
}
