package batch

import (
	"bytes"
	"context"
	"io"
	"runtime"
	"slices"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/internal/format"
	"github.com/slidingpuzzle/solver/internal/ordered"
	"github.com/slidingpuzzle/solver/table"
)

// blockSize is the size of the blocks of input that the workers answer.
const blockSize = 128 << 10

// A block is a run of whole lines of the input and, once answered, their
// answers. Blocks go from the reader to a worker and to the writer, which
// takes them in the order they were read and gives them back for reuse
// (ordered.Pipe), so memory stays flat.
type block struct {
	in      []byte // whole lines
	line    int    // the number of lines before in
	tooLong int    // when not 0, in is empty and stands for one line this long

	out []byte
	// msgs holds the messages of its bad cases, in order, as the job's
	// Log takes them: text rather than error values, so that a block of
	// short bad lines holds a few bytes a line and no pointers.
	msgs []byte
	res  Result
	err  error // a fault of the table
}

// runBlocks answers a file of one case a line on every core: the reader
// cuts the input into blocks of whole lines, workers answer blocks as they
// come, and the writer writes them out in the order they were read.
func (j *Job) runBlocks(ctx context.Context, in io.Reader, out io.Writer, goal board.Board) (Result, error) {
	g, err := j.Solver.For(goal)
	if err != nil {
		return Result{}, err
	}
	solver := g.Lookups()
	if solver == nil || solver.Table().MaxDepth() > table.MaxPackedLen {
		// No table, or paths too long to pack.
		return j.runCases(ctx, format.NewReader(in, j.Name, j.Preset), out)
	}
	workers := j.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var res Result // of the blocks written, on the pipe's goroutine
	pipe := ordered.Start(ctx, ordered.Config[block]{
		Workers: workers,
		Items:   2*workers + 2,
		New: func() *block {
			// Room for the answers too, which are about as long as the
			// lines: grown from nothing, they would leave the garbage of
			// each size.
			return &block{in: make([]byte, 0, blockSize), out: make([]byte, 0, blockSize+blockSize/2)}
		},
		Worker: func() func(*block) {
			w := worker{job: j, solver: solver}
			return w.answerLines
		},
		Write: func(b *block) error {
			res.add(b.res)
			if err := j.writeLog(b.msgs); err != nil {
				return err
			}
			if _, err := out.Write(b.out); err != nil {
				return err
			}
			return b.err
		},
	})
	rerr := j.readBlocks(in, pipe, solver)
	if err := pipe.Close(); err != nil {
		return res, err
	}
	return res, rerr
}

// readBlocks cuts in into blocks of whole lines and sends them down pipe,
// until the input ends or the pipe stops. A line longer than a block is
// not kept: it goes as a block that only gives its length.
func (j *Job) readBlocks(in io.Reader, pipe *ordered.Pipe[block], solver *table.Goal) error {
	var carry []byte // the start of a line that the last block cut
	lines := 0       // lines handed on so far
	prepared := false
	for eof := false; !eof; {
		b, ok := pipe.Next()
		if !ok {
			return nil
		}
		b.out, b.msgs, b.res, b.err, b.tooLong = b.out[:0], b.msgs[:0], Result{}, nil, 0
		b.in = append(b.in[:0], carry...)
		n, err := io.ReadFull(in, b.in[len(b.in):blockSize])
		b.in = b.in[:len(b.in)+n]
		if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
			pipe.Put(b)
			return err
		}
		eof = err != nil
		if len(b.in) == 0 {
			pipe.Put(b)
			return nil // the input ended with a line end
		}
		if !prepared && !eof {
			// A large input: build the fast lookups on another core
			// while the first blocks are answered.
			prepared = true
			go solver.Table().Prepare()
		}
		cut := len(b.in)
		if !eof {
			cut = bytes.LastIndexByte(b.in, '\n') + 1
		}
		if cut == 0 {
			// No line ends in a whole block: skip the line to its end,
			// keeping only its length.
			size, rest, atEOF, err := skipLine(in, b.in)
			if err != nil {
				pipe.Put(b)
				return err
			}
			eof = atEOF
			carry = append(carry[:0], rest...)
			b.in = b.in[:0]
			b.tooLong, b.line = size, lines
			lines++
		} else {
			carry = append(carry[:0], b.in[cut:]...)
			b.in = b.in[:cut]
			b.line = lines
			lines += bytes.Count(b.in, []byte{'\n'})
			if b.in[len(b.in)-1] != '\n' {
				lines++ // the last line, with no line end
			}
		}
		pipe.Send(b)
	}
	return nil
}

// skipLine reads on from a line whose first part is buf, to the end of the
// line, using buf to read into. It returns the line's length without its
// line end, what was read after it, and whether the input ended.
func skipLine(in io.Reader, buf []byte) (size int, rest []byte, eof bool, err error) {
	size = len(buf)
	for {
		n, err := in.Read(buf[:cap(buf)])
		if k := bytes.IndexByte(buf[:n], '\n'); k >= 0 {
			return size + k, buf[k+1 : n], false, nil
		}
		size += n
		if err == io.EOF {
			return size, nil, true, nil
		}
		if err != nil {
			return size, nil, false, err
		}
	}
}

// group is how many lines, or cases of a block, a worker reads before it
// fetches their paths (answerLines, answerPairs, answerBoards).
const group = 128

// A line a worker has read, waiting for its answer.
type item struct {
	kind uint8  // itemPath, itemUnsolvable or itemSlow
	key  int    // for itemPath: where its key is in worker.keys (set for every kind)
	line int    // its number, for itemSlow
	text []byte // for itemSlow
}

// The kinds of item, of which itemPath and itemUnsolvable are 0 and 1, as
// nextKey counts on.
const (
	itemPath       = iota // a board that reaches the goal
	itemUnsolvable        // a board that does not
	itemSlow              // anything else: for the format.Reader
)

// worker answers blocks.
type worker struct {
	job    *Job
	solver *table.Goal
	r      *format.Reader // reads the lines the fast path does not take
	cases  format.Case
	a      answerer

	items  [group]item
	keys   [group]table.Key
	packed [group]table.Packed
	eight  [8]table.Key // the keys of keyEight
	form   int          // the place in lineForms of the form keyEight tries first
}

// nextKey splits the first line off data and finds the key of its board:
// itemPath and its key, or itemUnsolvable, or itemSlow for a line that is
// not a board written in a usual form. A 3x3 line of the two forms judges
// use most ("2 3 4 1 5 x 7 6 8", "23415x768"), ended by "\n" or "\r\n", is
// taken from where its line end must be, with no search for it (a line
// that reads as a board there holds no line end), and read and indexed in
// one pass (table.Goal.KeyLine).
func (w *worker) nextKey(shape board.Shape, data []byte) (text, rest []byte, key table.Key, kind uint8) {
	kindOf := func(solvable bool) uint8 {
		return uint8(b2i(!solvable)) // itemPath or itemUnsolvable, with no branch
	}
	for _, n := range [2]int{17, 9} {
		end := n // the line end, after a "\r" (a space to the reader) or not
		if len(data) > n+1 && data[n] == '\r' && data[n+1] == '\n' {
			end = n + 1
		} else if len(data) <= n || data[n] != '\n' {
			continue
		}
		// NineWords' forms hold no slash: rows between slashes are read
		// by ParseLine below, which checks them.
		if key, solvable, ok := w.solver.KeyLine(data[:n]); ok {
			return data[:end], data[end+1:], key, kindOf(solvable)
		}
		break
	}
	if k := bytes.IndexByte(data, '\n'); k < 0 {
		text, rest = data, nil
	} else {
		text, rest = data[:k], data[k+1:]
	}
	if len(text) > format.MaxLine {
		return text, rest, 0, itemSlow
	}
	if key, solvable, ok := w.solver.KeyLine(text); ok {
		return text, rest, key, kindOf(solvable)
	}
	bd, ok := board.ParseLine(shape, text)
	if !ok {
		return text, rest, 0, itemSlow
	}
	key, solvable := w.solver.Key(bd)
	return text, rest, key, kindOf(solvable)
}

// keyEight keys the next eight lines of data at once where they are
// boards of one of lineForms (table.Goal.KeyRun), trying first the
// form that keyed the last, and returns how many it keyed from the
// first, which are solvable, and the bytes of each line.
func (w *worker) keyEight(data []byte) (k int, solvable uint8, size int) {
	for range lineForms {
		f := lineForms[w.form]
		if k, solvable = w.solver.KeyRun(data, f, &w.eight); k > 0 {
			return k, solvable, f.Size()
		}
		w.form = (w.form + 1) % len(lineForms)
	}
	return 0, 0, 0
}

// lineForms are the forms of a board on a line that keyEight reads.
var lineForms = [...]*table.Form{table.FormSpaced, table.FormCompact}

// msgRoom is room enough for the message of a bad line, most often.
const msgRoom = 512

// growMsgs returns msgs with room for many more messages: a block's
// messages, kept from block to block, grow from 64 KiB by four times at a
// time, and a file of bad lines, whose messages are some four times its
// bytes, leaves little garbage on the way to the size it needs.
func growMsgs(msgs []byte) []byte {
	return slices.Grow(msgs, max(64<<10, 3*cap(msgs)))
}

// answerLines answers every line of b, a group of lines at a time: first
// it reads them and finds the keys of their boards, then it fetches the
// paths of all at once, so that their cache misses overlap, then it writes
// the answers. A line that is not a well-formed board (a blank line, a bad
// case, a line too long) goes through a format.Reader, so that it is
// answered and reported exactly as when cases are read one by one.
func (w *worker) answerLines(b *block) {
	j := w.job
	p := &j.Preset
	w.a.msgs = b.msgs[:0]
	defer func() { b.msgs = w.a.msgs }()
	if b.tooLong > 0 {
		w.a.report(j, format.LineTooLong(j.Name, b.line+1, b.tooLong))
		b.out = p.AppendBad(b.out, 0)
		b.res.add(Result{Cases: 1, Bad: 1})
		return
	}
	// The presets answered in blocks print no case numbers (see Run), so
	// the answers are written with case number 0.
	unsolvable := p.AppendUnsolvable(nil, 0)
	bad := p.AppendBad(nil, 0) // a bad line's answer, made once
	needPath := p.NeedsPath()
	unsolvableLine, fastLines := table.NewLine(unsolvable)
	fastLines = fastLines && needPath
	shape := p.Shape
	data := b.in
	line := b.line
	for len(data) > 0 {
		n, nk := 0, 0
		eight := true // whether to ask keyEight for the next eight lines
		for n < group && len(data) > 0 {
			// Eight lines of a usual form at once, where the CPU can
			// (keyEight); the line that stops them is keyed alone. Where
			// none is taken (the lines are of another form), lines are
			// keyed one at a time to the end of the group.
			if eight && n+8 <= group {
				k, solvable, size := w.keyEight(data)
				for i := range k {
					it := &w.items[n+i]
					it.kind, it.key = itemPath+uint8(1-solvable>>i&1), nk
					w.keys[nk] = w.eight[i]
					nk += int(solvable >> i & 1)
				}
				n, line, data = n+k, line+k, data[size*k:]
				eight = k > 0
				if k == 8 || n == group || len(data) == 0 {
					continue
				}
			}
			var text []byte
			var key table.Key
			var kind uint8
			text, data, key, kind = w.nextKey(shape, data)
			line++
			it := &w.items[n]
			it.kind, it.key = kind, nk
			if kind == itemSlow {
				it.line, it.text = line, text
			}
			// Kept, and counted, with no branch on what the line is.
			w.keys[nk] = key
			nk += b2i(kind == itemPath)
			n++
		}
		if err := w.solver.Gather(w.keys[:nk], w.packed[:nk]); err != nil {
			b.err = err
			return
		}
		for i := range n {
			it := &w.items[i]
			if fastLines && it.kind != itemSlow {
				// A path, or the unsolvable line, with no branch on which:
				// an unsolvable line's place in w.packed holds another
				// line's path, or none, and is not written.
				b.out = w.packed[it.key&(group-1)].AppendLineOr(b.out, it.kind == itemPath, &unsolvableLine)
				b.res.Cases++
				continue
			}
			switch it.kind {
			case itemPath:
				path := w.packed[it.key]
				if needPath {
					b.out = append(path.AppendTo(b.out), '\n')
				} else {
					b.out = p.AppendAnswer(b.out, 0, nil, path.Len())
				}
				b.res.Cases++
			case itemUnsolvable:
				b.out = append(b.out, unsolvable...)
				b.res.Cases++
			case itemSlow:
				// A bad line of the usual kinds is said with no Reader,
				// in the very words the Reader says it in.
				if cap(w.a.msgs)-len(w.a.msgs) < msgRoom {
					w.a.msgs = growMsgs(w.a.msgs)
				}
				if m, ok := p.AppendLineFault(append(w.a.msgs, j.LogPrefix...), j.Name, it.line, it.text); ok {
					if j.Log != nil {
						w.a.msgs = append(m, '\n')
					}
					b.out = append(b.out, bad...)
					b.res.add(Result{Cases: 1, Bad: 1})
					continue
				}
				if w.r == nil {
					w.r = format.NewReader(nil, j.Name, *p)
				}
				w.r.ResetSlowLine(it.text, it.line) // nextKey found no board in it
				for w.r.Next(&w.cases) {
					var o Result
					var err error
					b.out, o, err = w.a.answer(context.Background(), j, b.out, &w.cases)
					b.res.add(o)
					if err != nil {
						b.err = err
						return
					}
				}
			}
		}
	}
}

// b2i returns 1 for true and 0 for false, with no branch.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
