package batch

import (
	"context"
	"io"
	"slices"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/internal/format"
	"github.com/slidingpuzzle/solver/internal/ordered"
	"github.com/slidingpuzzle/solver/table"
)

// A slot is a run of cases on its way through runParallel: read, answered
// by a worker, written in order.
type slot struct {
	cases []format.Case
	// block, when isBlock, holds the cases in place of cases: a run of
	// whole cases cut from the input (format.Reader.NextBlock) that the
	// worker reads itself, so that reading them is spread over the cores.
	block   format.Block
	isBlock bool
	out     []byte
	msgs    []byte
	res     Result
	err     error
	cells   int // the cells of the cases' starts, for runParallel's maxHeld
}

// maxHeld is the most cells of boards runParallel holds in runs read and
// not yet answered, past the first: two 1000 x 1000 boards, or 2 million
// runs of one 3x3 board.
const maxHeld = 2 << 20

// outRoom is how many bytes of answers a slot makes room for, at first, a
// byte of a block's input: a file of pairs writes about 1.7 bytes of
// answers a byte of cases ("Case 1: 22" and a path for two boards).
const outRoom = 2

// inBlocks reports whether runs of chunk cases may go as blocks, whose
// answers come from the fast lookups: not one case a run, nor a preset
// that prints only whether each board is solvable.
func (j *Job) inBlocks(chunk int) bool {
	return chunk > 1 && j.Preset.Print != format.Verdict
}

// runParallel answers the cases of r on every core: the reader hands runs
// of chunk cases to the workers, and the answers are written in the order
// of the cases, a window of runs ahead at most (ordered.Pipe), so memory
// stays flat. When ctx is done, the searches under way stop, the answers
// before the first unanswered case are written, and ctx's error is
// returned.
//
// The first run is read on the calling goroutine. When it is all there is
// (one is true, or r ends within it: a board on the command line, a small
// file), it is answered there too: starting workers, and the threads they
// wake, would cost a single board more than its answer.
func (j *Job) runParallel(ctx context.Context, r *format.Reader, out io.Writer, chunk int, one bool) (Result, error) {
	first := &slot{}
	first.isBlock = j.inBlocks(chunk) && r.NextBlock(&first.block)
	if !first.isBlock {
		n := fill(r, first, chunk)
		if n == 0 {
			return Result{}, r.Err()
		}
		if (one || n < chunk) && ctx.Err() == nil {
			return j.runOne(ctx, r, out, first, chunk)
		}
	}
	if j.Preset.Pairs {
		j.expectPairs(r)
	}
	var res Result // of the runs written by the pipe, on its goroutine
	pipe := ordered.Start(ctx, ordered.Config[slot]{
		Workers: j.Workers,
		New:     func() *slot { return new(slot) },
		Worker: func() func(*slot) {
			var a answerer
			var sub *format.Reader
			return func(s *slot) { a.answerSlot(ctx, j, s, &sub, chunk) }
		},
		Write: func(s *slot) error {
			if s.err != nil {
				return s.err
			}
			res.add(s.res)
			if err := j.writeLog(s.msgs); err != nil {
				return err
			}
			_, err := out.Write(s.out)
			return err
		},
		// Runs of large boards are let in while they hold at most
		// maxHeld cells, so that memory grows with a board, not with a
		// window of them.
		Weight:    func(s *slot) int { return s.cells },
		MaxWeight: maxHeld,
	})
	var streamed Result   // of the cases answered here
	var serr error        // of streamCase
	var streamer answerer // for the cases answered here (streamCase)
	// A file of one goal and more than one run builds its table's fast
	// lookups here, on every core, once the first run is on its way: what
	// lookups would follow the table meanwhile costs more. A file of pairs
	// leaves each table to build when its own lookups pay for it.
	prepared := j.Preset.Pairs || chunk == 1
	var firstTable *table.Table // of the first run sent, to prepare
	sent := 0
	for serr == nil {
		var s *slot
		if first != nil {
			s, first = first, nil
		} else {
			var ok bool
			if s, ok = pipe.Next(); !ok {
				break
			}
			// A file of separated cases goes in blocks where it can;
			// searches go a case at a time.
			s.isBlock = j.inBlocks(chunk) && r.NextBlock(&s.block)
			if !s.isBlock && fill(r, s, chunk) == 0 {
				pipe.Put(s)
				break
			}
		}
		if !s.isBlock && len(s.cases) == 1 && j.streams(&s.cases[0]) {
			// A board whose path is written as it is made: after every
			// answer before it, from here.
			if pipe.Flush() == nil {
				var o Result
				o, serr = j.streamCase(ctx, &streamer, out, &s.cases[0])
				streamed.add(o)
			}
			pipe.Put(s)
			if pipe.Err() != nil {
				break
			}
			continue
		}
		s.cells = 0
		if !s.isBlock {
			for i := range s.cases {
				s.cells += s.cases[i].Start.Shape().Cells()
			}
		}
		if !prepared {
			if sent == 0 && !s.isBlock {
				firstTable = j.tableOf(s.cases)
			} else if sent == 1 {
				prepared = true
				if firstTable != nil {
					firstTable.Prepare()
				}
			}
		}
		sent++
		pipe.Send(s)
	}
	err := pipe.Close()
	res.add(streamed)
	switch {
	case serr != nil:
		// The streamed case's error says more than the pipe's (the
		// context's, which cut it): which case, after how many moves.
		return res, serr
	case err != nil:
		return res, err
	}
	return res, r.Err()
}

// answerSlot answers the cases of s, with sub to read a block's cases.
func (a *answerer) answerSlot(ctx context.Context, j *Job, s *slot, sub **format.Reader, chunk int) {
	a.msgs = s.msgs[:0]
	defer func() { s.msgs = a.msgs }()
	if need := outRoom * s.block.Len(); s.isBlock && cap(s.out) < need {
		// Room for the block's answers at once: grown from nothing, the
		// buffer would leave garbage of every size on the way, which the
		// collector would run for.
		s.out = make([]byte, 0, need)
	}
	switch {
	case !s.isBlock:
		s.out, s.res, s.err = a.answerRun(ctx, j, s.out[:0], s.cases)
	case s.block.Pairs() && !j.Verbose && a.pairsFor(j) != nil:
		s.out, s.res, s.err = a.answerPairs(ctx, j, s.out[:0], &s.block, a.pairs)
	default:
		// Read the block's cases a run at a time, and answer each run as
		// one read by r.
		*sub = s.block.Reader(*sub)
		s.out, s.res, s.err = s.out[:0], Result{}, nil
		done := false
		if n, first, goal, ok := (*sub).Starts(); ok && !j.Verbose && a.fastFor(j, goal) != nil {
			s.out, s.res, done = a.answerBoards(j, s.out, *sub, n, first, a.fast)
		}
		for !done && s.err == nil && fill(*sub, s, chunk) > 0 {
			var o Result
			s.out, o, s.err = a.answerRun(ctx, j, s.out, s.cases)
			s.res.add(o)
		}
	}
}

// runOne answers s, the first run of r, and any after it, on the calling
// goroutine, and writes their answers as runParallel would.
func (j *Job) runOne(ctx context.Context, r *format.Reader, out io.Writer, s *slot, chunk int) (Result, error) {
	var a answerer
	var res Result
	for {
		var o Result
		var err error
		a.msgs = a.msgs[:0]
		if len(s.cases) == 1 && j.streams(&s.cases[0]) {
			o, err = j.streamCase(ctx, &a, out, &s.cases[0])
			res.add(o)
			if err != nil {
				return res, err
			}
			if fill(r, s, chunk) == 0 {
				return res, r.Err()
			}
			continue
		}
		s.out, o, err = a.answerRun(ctx, j, s.out[:0], s.cases)
		if err != nil {
			return res, err
		}
		res.add(o)
		if err := j.writeLog(a.msgs); err != nil {
			return res, err
		}
		if _, err := out.Write(s.out); err != nil {
			return res, err
		}
		if err := ctx.Err(); err != nil {
			return res, err
		}
		if fill(r, s, chunk) == 0 {
			return res, r.Err()
		}
	}
}

// expectPairs tells the tables of a file of pairs how many lookups its
// count says are coming (table.Table.Expect): a large file then makes the
// fast lookups of all of them at once, in the background, rather than
// each after its first 2000 lookups, and a worker waits for them rather
// than follow the table on the cores that build them.
func (j *Job) expectPairs(r *format.Reader) {
	n, ok := r.Count()
	if !ok {
		return
	}
	p, err := j.Solver.Goals().Pairs(!j.Preset.NeedsPath())
	if err != nil {
		return
	}
	ts := p.Tables()
	for _, t := range ts {
		t.Expect(n / len(ts))
	}
}

// tableOf returns the table of the goal of the first good case of cases,
// if it has one, for its fast lookups to be built (table.Table.Prepare).
// A fault of the table is found, and reported, by the slow lookups.
func (j *Job) tableOf(cases []format.Case) *table.Table {
	for i := range cases {
		if c := &cases[i]; c.Err == nil {
			if g, err := j.Solver.For(c.Goal); err == nil && g.Lookups() != nil {
				return g.Lookups().Table()
			}
			return nil
		}
	}
	return nil
}

// fill reads up to chunk cases of r into s.cases and returns how many.
func fill(r *format.Reader, s *slot, chunk int) int {
	if cap(s.cases) < chunk {
		s.cases = make([]format.Case, chunk)
	}
	s.cases = s.cases[:chunk]
	n := 0
	for n < chunk && r.Next(&s.cases[n]) {
		n++
	}
	s.cases = s.cases[:n]
	return n
}

// lookup is what answerRun finds of a case before it writes its answer.
type lookup struct {
	kind uint8 // lookupSlow, lookupPath or lookupUnsolvable
	fast *table.Goal
	key  table.Key
	path table.Packed
}

const (
	lookupSlow       = iota // answered by answerer.answer
	lookupPath              // a path in the table's fast lookups
	lookupUnsolvable        // a board that cannot reach its goal
)

// lookupKind is the kind of a looked-up board that can reach its goal
// (solvable) or cannot.
func lookupKind(solvable bool) uint8 {
	if solvable {
		return lookupPath
	}
	return lookupUnsolvable
}

// answerRun answers a run of cases in order. Cases whose tables have
// their fast lookups built are answered as blocks are: first every key,
// then every path, loads that do not wait on each other, then the
// answers; any other case, and every case under Verbose, goes through
// answerer.answer, so that it is answered and reported exactly as alone.
func (a *answerer) answerRun(ctx context.Context, j *Job, dst []byte, cases []format.Case) ([]byte, Result, error) {
	var res Result
	if cap(a.lookups) < len(cases) {
		a.lookups = make([]lookup, len(cases))
	}
	ls := a.lookups[:len(cases)]
	if a.goals == nil {
		a.goals = j.Solver.Goals()
	}
	for i := range cases {
		c := &cases[i]
		l := &ls[i]
		l.kind = lookupSlow
		if c.Err != nil || j.Verbose || j.Preset.Print == format.Verdict {
			continue // answered by answer
		}
		goal, start, err := a.goal(&j.Preset, c)
		if err != nil {
			continue
		}
		f := goal.Lookups()
		if !f.Built() {
			continue
		}
		key, ok := f.Key(start)
		l.kind, l.fast, l.key = lookupKind(ok), f, key
	}
	for i := range ls {
		if l := &ls[i]; l.kind == lookupPath {
			l.path, _ = l.fast.PackedAt(l.key)
		}
	}
	p := &j.Preset
	w := p.Writer()
	needPath := p.NeedsPath()
	for i := range cases {
		c := &cases[i]
		switch l := &ls[i]; l.kind {
		case lookupPath, lookupUnsolvable:
			dst = appendLooked(&w, dst, l.kind, c.Num, l.path, needPath)
			res.Cases++
		default:
			var o Result
			var err error
			dst, o, err = a.answer(ctx, j, dst, c)
			res.add(o)
			if err != nil {
				return dst, res, err
			}
		}
	}
	return dst, res, nil
}

// appendLooked appends the answer to case num, whose lookup found path
// (kind lookupPath) or that its goal cannot be reached (lookupUnsolvable),
// spelling the path, when the preset prints one, straight into dst.
func appendLooked(w *format.AnswerWriter, dst []byte, kind uint8, num int, path table.Packed, needPath bool) []byte {
	if kind == lookupUnsolvable {
		return w.Unsolvable(dst, num)
	}
	dst = w.Begin(dst, num, path.Len())
	from := len(dst)
	if needPath {
		dst = path.AppendTo(dst)
	}
	return w.End(dst, from)
}

// fastFor returns the table's Solver of goal once its fast lookups are
// built, or nil: before, a block's cases go through answerRun, whose
// lookups count towards building them.
func (a *answerer) fastFor(j *Job, goal board.Board) *table.Goal {
	if a.fast == nil || a.fast.Goal() != goal {
		g, err := j.Solver.For(goal)
		if err != nil {
			return nil
		}
		a.fast = g.Lookups()
	}
	if !a.fast.Built() {
		return nil
	}
	return a.fast
}

// answerBoards answers the n cases of r, a Reader of a block whose cases
// are all laid out as judges write them (format.Reader.Starts), numbered
// from first, from their start boards, as answerRun answers a run: their
// keys, eight at a time where they can be (boardEight), then their paths,
// then the answers. v is the Solver of their goal, whose fast lookups are
// built. It reports false, having written nothing, when a start is not a
// board: the caller reads the block's cases with Next.
func (a *answerer) answerBoards(j *Job, dst []byte, r *format.Reader, n, first int, v *table.Goal) ([]byte, Result, bool) {
	if j.onBoardBlock != nil {
		j.onBoardBlock()
	}
	// Every case's key first, so that a start that is no board sends the
	// block to Next before any answer is written. (An unsolvable board's
	// key is a position of the table too.)
	keys := slices.Grow(a.boardKeys[:0], n)[:n]
	kinds := slices.Grow(a.boardKinds[:0], n)[:n]
	a.boardKeys, a.boardKinds = keys, kinds
	for i := 0; i < n; {
		if k := a.boardEight(r, i, n, v, keys[i:], kinds[i:]); k > 0 {
			i += k
			continue
		}
		b, ok := r.Start(i)
		if !ok {
			return dst, Result{}, false
		}
		key, solvable := v.Key(b)
		keys[i], kinds[i] = key, lookupKind(solvable)
		i++
	}
	w := j.Preset.Writer()
	needPath := j.Preset.NeedsPath()
	var paths [group]table.Packed
	for i := 0; i < n; i += group {
		m := min(group, n-i)
		// Every key's path, loads that do not wait on each other.
		for k := range m {
			paths[k], _ = v.PackedAt(keys[i+k])
		}
		for k := range m {
			dst = appendLooked(&w, dst, kinds[i+k], first+i+k, paths[k], needPath)
		}
	}
	return dst, Result{Cases: n}, true
}

// boardEight keys cases i to i+7 of r's (of n) into keys and kinds at
// once, when they are 3x3 starts of one usual layout that
// table.Goal.KeyBoards reads, and returns how many it keyed: those
// before the first that is not a board so written, or none.
func (a *answerer) boardEight(r *format.Reader, i, n int, v *table.Goal, keys []table.Key, kinds []uint8) int {
	if i+8 > n {
		return 0
	}
	data, off, layout := r.StartLayout(i)
	f := boardForms[layout&7]
	if f == nil {
		return 0
	}
	var offs [8]int64
	offs[0] = int64(off)
	for k := 1; k < 8; k++ {
		_, o, l := r.StartLayout(i + k)
		if l != layout {
			return 0
		}
		offs[k] = int64(o)
	}
	k, solvable := v.KeyBoards(data, &offs, f, (*[8]table.Key)(keys))
	for m := range k {
		kinds[m] = lookupKind(solvable>>m&1 == 1)
	}
	return k
}

// boardForms are table.Goal.KeyBoards' forms of the layouts of
// format.Reader.StartLayout.
var boardForms = [8]*table.Form{
	format.LayoutSpaced:     table.FormSpaced,
	format.LayoutCompact:    table.FormCompact,
	format.LayoutSpacedRows: table.FormSpacedRows,
	format.LayoutRows:       table.FormRows,
}
