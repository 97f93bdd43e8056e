// Package judge is a special judge and a maker of test data for the
// problems of package format: Check judges someone's answers to a judge
// file case by case, and Gen writes judge files of random or chosen
// boards.
package judge

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/engine"
	"github.com/slidingpuzzle/solver/internal/format"
	"github.com/slidingpuzzle/solver/internal/ordered"
	"github.com/slidingpuzzle/solver/table"
)

// Checker judges the answers to a judge file.
type Checker struct {
	Solver *engine.Solver
	Preset format.Preset
	// Shortest asks that move strings be shortest paths, not only legal
	// ones that reach the goal.
	Shortest bool
	// InputName and AnswersName name the two files in messages.
	InputName, AnswersName string

	goals *engine.Goals // the work of each goal, made once
	lks   []lookup      // the lookups of a run (lookups)
	// The table's path, to compare an answer with: room for the longest
	// and the eight letters past it that Packed.AppendTo writes.
	ours [table.MaxPackedLen + 8]byte

	// test holds what tests turn off or watch; the zero value for any
	// other caller.
	test checkTest

	// walk's tables, for the shape of the last case.
	walkShape board.Shape
	steps     [board.MaxSmall][board.NumMoves]uint8
	letter    [256]uint8
}

// Verdict counts the cases a Check judged.
type Verdict struct {
	Passed, Failed int
	// Other faults of the files that are not one case's: extra answers
	// after the last case, a count that disagrees with the cases.
	Other int
}

// OK reports whether every case passed and nothing else was wrong.
func (v Verdict) OK() bool { return v.Failed == 0 && v.Other == 0 }

// Check reads the cases of input and their answers, and writes to report
// one line for each case that fails and each other fault, then a closing
// line "N passed, M failed". The error is for reading, writing, or the
// tables.
//
// A file of one board a line whose answers are a line each (hdu1043 and
// the like) is judged in blocks on every core while its lines are boards
// written as judges write them (see fastStage); from the first line that
// is not, and for every other preset, one goroutine reads runs of cases,
// one their answers, and judges on every core judge the runs, whose
// report is written in order.
// An answer too long to hold (Answer.More), and any answer of a run that
// holds a megabyte of paths, is judged by the reader of answers as it
// reads it, so memory stays that of a few runs.
func (c *Checker) Check(input, answers io.Reader, report io.Writer) (Verdict, error) {
	var v Verdict
	if c.Solver == nil {
		return v, errors.New("judge: the Checker has no engine.Solver")
	}
	if err := c.Preset.Check(); err != nil {
		return v, err
	}
	v, input, answers, done, err := c.fastStage(input, answers, report)
	if err != nil {
		return v, err
	}
	in := format.NewReader(input, c.InputName, c.Preset)
	in.StartAt(done, done)
	ar := format.NewAnswerReader(answers, c.AnswersName, c.Preset)
	ar.StartAt(done)
	// Judges on every core, each with a Checker of its own, take the runs
	// as they come; they are counted and reported in order, on the pipe's
	// goroutine. The pipe stops at a fault of the tables, or when the
	// reader of the answers gives up (cancel).
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var werr error // of the report: the rest is judged, and not written
	pipe := ordered.Start(ctx, ordered.Config[run]{
		Items: 10,
		New:   func() *run { return new(run) },
		Worker: func() func(*run) {
			jc := c.fresh()
			return jc.judgeRun
		},
		Write: func(r *run) error {
			if r.err != nil {
				return r.err
			}
			v.Passed += r.v.Passed
			v.Failed += r.v.Failed
			v.Other += r.v.Other
			if werr == nil && len(r.report) > 0 {
				_, werr = report.Write(r.report)
			}
			return nil
		},
	})
	cases := make(chan *run, 4)
	var inErr error
	go func() {
		defer close(cases)
		inErr = readCases(in, c.Preset.Separated && !c.test.noCaseBlocks, cases, pipe)
	}()
	tail := c.fresh().readAnswers(ar, cases, &inErr, pipe)
	cancel() // readCases, if it is still at work, stops
	for range cases {
	}
	jerr := pipe.Close()
	if errors.Is(jerr, context.Canceled) {
		jerr = nil // the reader of the answers gave up, and says why
	}
	say := func(format string, args ...any) {
		if werr == nil {
			_, werr = fmt.Fprintf(report, format+"\n", args...)
		}
	}
	if jerr != nil {
		return v, jerr
	}
	if tail.err != nil {
		return v, tail.err
	}
	if tail.extra > 0 {
		v.Other++
		say("%s:%d: %d extra lines after the last case's answer", c.AnswersName, tail.first, tail.extra)
	}
	say("%d passed, %d failed", v.Passed, v.Failed)
	return v, werr
}

// judgeRun judges the cases of r, and sets r's counts and report, or its
// error, which stops it.
func (c *Checker) judgeRun(r *run) {
	r.v, r.report, r.err = Verdict{}, r.report[:0], nil
	lks := c.lookups(r)
	for i := range r.items {
		it := &r.items[i]
		if it.cs.Num == 0 {
			r.v.Other++
			r.report = fmt.Appendf(r.report, "input: %v\n", it.cs.Err)
			continue
		}
		fault := it.fault
		if !it.judged {
			var err error
			if fault, err = c.judge(&it.cs, &it.ans, nil, &lks[i]); err != nil {
				r.err = err
				return
			}
		}
		if fault == "" {
			r.v.Passed++
			continue
		}
		r.v.Failed++
		r.report = fmt.Appendf(r.report, "case %d (%s): %s\n", it.cs.Num, c.what(&it.cs), fault)
	}
}

// fresh returns a copy of c for another goroutine, with an engine.Goals
// and walk tables of its own, made as it needs them.
func (c *Checker) fresh() *Checker {
	f := *c
	f.goals, f.walkShape, f.lks = nil, board.Shape{}, nil
	return &f
}

// what names a failed case in the report: its boards, or that it could
// not be read.
func (c *Checker) what(cs *format.Case) string {
	if cs.Err != nil {
		return "input case unreadable"
	}
	if c.Preset.Pairs {
		return brief(cs.Start) + " to " + brief(cs.Goal)
	}
	return brief(cs.Start)
}

// brief writes a board for a message: whole when it is small, else by its
// shape alone, where its text would run to megabytes.
func brief(b board.Board) string {
	if b.Shape().Cells() > 100 {
		return "a " + b.Shape().String() + " board"
	}
	return b.String()
}

// A run is a few hundred cases with their answers, read and not yet
// judged.
type run struct {
	items []item
	buf   []byte // the answers' paths, which items[k].ans.Path point into

	// What judging the run found (Checker.judgeRun), once done is closed.
	v      Verdict
	report []byte
	err    error
}

// item is one case with its answer, or with its verdict when the reader
// gave it one (no answer left, or a path too long to hold).
type item struct {
	cs     format.Case
	ans    format.Answer
	fault  string
	judged bool
}

// readTail is what the reader found after the last case.
type readTail struct {
	err          error
	extra, first int // lines after the last answer, and the first of them
}

// checkTest is what tests turn off or watch in a Checker.
type checkTest struct {
	noCaseBlocks  bool   // readCases' blocks: cases read one by one
	noFastLines   bool   // the fast stage
	lineBlockSize int    // the fast stage's blocks, when not 0
	onAlone       func() // called for each case judgeAlone judges
}

// runLen is how many cases a run holds, runCells how many cells of boards
// at most (after the case that passes it): a run of large boards holds
// one or two, so that memory grows with a board, not with a run of them.
const (
	runLen   = 256
	runCells = 1 << 20
)

// readCases reads the cases of in into runs for readAnswers, until the
// input ends or stop is closed, and returns the input's error. With
// blocks, where in cuts its input into blocks of whole cases
// (format.Reader.NextBlock), it reads the cases of each block with a
// Reader of the block: the same cases, a block of them read whole at
// once where they are written as judges write them. That pays for files
// of separated cases, which in reads a line at a time; files of pairs and
// of boards on lines of their own or in rows in takes from its buffer a
// case at a time, about as fast as a block is cut, copied and read.
func readCases(in *format.Reader, blocks bool, cases chan<- *run, pipe *ordered.Pipe[run]) error {
	var blk format.Block
	var sub *format.Reader // of blk, while inBlock
	inBlock := false
	for {
		r, ok := pipe.Next()
		if !ok {
			return nil
		}
		r.items, r.buf = r.items[:0], r.buf[:0]
		if blocks && !inBlock && in.NextBlock(&blk) {
			sub, inBlock = blk.Reader(sub), true
		}
		cells, ended := 0, false
		for len(r.items) < runLen && cells < runCells {
			// Read into the run's next item in place: an item is a few
			// hundred bytes, too many to copy twice a case.
			r.items = slices.Grow(r.items, 1)[:len(r.items)+1]
			it := &r.items[len(r.items)-1]
			if inBlock && !sub.Next(&it.cs) {
				// The block is read: the next one, or the input itself.
				inBlock = in.NextBlock(&blk)
				if inBlock {
					sub = blk.Reader(sub)
				}
				r.items = r.items[:len(r.items)-1]
				continue
			}
			if !inBlock && !in.Next(&it.cs) {
				r.items = r.items[:len(r.items)-1]
				ended = true
				break
			}
			it.fault, it.judged = "", false
			cells += it.cs.Start.Shape().Cells() + it.cs.Goal.Shape().Cells()
		}
		if len(r.items) == 0 {
			return in.Err()
		}
		select {
		case cases <- r:
		case <-pipe.Stopped():
			return nil
		}
		if ended {
			return in.Err()
		}
	}
}

// readAnswers reads the answer of each case of the runs readCases sends,
// and hands the runs on to be judged, until they end or stop is closed;
// then it reads what is left of the answers. inErr is readCases' error,
// set before cases is closed.
func (c *Checker) readAnswers(ar *format.AnswerReader, cases <-chan *run, inErr *error, pipe *ordered.Pipe[run]) readTail {
	answersEnded := false
	for r := range cases {
		for i := range r.items {
			it := &r.items[i]
			cs := &it.cs
			if cs.Num == 0 {
				continue
			}
			if !answersEnded && !ar.Next(cs.Num, &it.ans) {
				answersEnded = true
			}
			switch {
			case answersEnded:
				it.fault, it.judged = fmt.Sprintf("no answer (the answers end at line %d)", ar.Line()), true
			case it.ans.More || len(r.buf) > 1<<20:
				// A path too long to hold, or too many bytes of paths in
				// this run: judged here, as it is read.
				fault, err := c.judge(cs, &it.ans, ar, nil)
				if err != nil {
					return readTail{err: err}
				}
				it.fault, it.judged = fault, true
			default:
				// The path is the reader's until its next read. A path
				// points into the buffer as it was when the path was
				// copied: a buffer that grows leaves it where it was,
				// whole.
				start := len(r.buf)
				r.buf = append(r.buf, it.ans.Path...)
				it.ans.Path = r.buf[start:len(r.buf):len(r.buf)]
			}
		}
		pipe.Send(r)
		if pipe.Err() != nil {
			return readTail{}
		}
	}
	if *inErr != nil {
		return readTail{err: *inErr}
	}
	if err := ar.Err(); err != nil {
		return readTail{err: err}
	}
	var t readTail
	if !answersEnded {
		t.extra, t.first = ar.Rest()
	}
	return t
}

// judge returns what is wrong with the answer to one case, or "".
func (c *Checker) judge(cs *format.Case, ans *format.Answer, ar *format.AnswerReader, lk *lookup) (string, error) {
	p := &c.Preset
	if cs.Err != nil {
		return fmt.Sprintf("the input case cannot be read: %v", cs.Err), nil
	}
	if ans.Err != nil {
		return fmt.Sprintf("unreadable answer: %v", ans.Err), nil
	}
	// at names the place of a fault: made only for one.
	at := func() string { return c.AnswersName + ":" + strconv.Itoa(ans.Line) + ": " }
	if p.Print == format.Verdict {
		// Whether the board can be solved: its parity, nothing to look up.
		solvable := board.Solvable(cs.Start, cs.Goal)
		switch want := map[bool]string{true: p.Solved, false: p.Unsolvable}[solvable]; {
		case ans.Word == format.Bad:
			return at() + fmt.Sprintf("the answer is %q", format.Bad), nil
		case ans.Word != want:
			return at() + fmt.Sprintf("says %q, want %q", ans.Word, want), nil
		}
		return "", nil
	}
	var want []byte
	if lk == nil {
		var one lookup
		c.find(cs, &one)
		one.path, _ = one.fast.PackedAt(one.key)
		lk = &one
	}
	if lk.err != nil {
		return "", lk.err
	}
	d, solvable, ours, err := c.distance(lk)
	if err != nil {
		return "", err
	}
	switch {
	case ans.Word == format.Bad:
		return at() + fmt.Sprintf("the answer is %q", format.Bad), nil
	case ans.Word != "" && solvable && d < 0:
		return at() + fmt.Sprintf("says %q, but the board is solvable", ans.Word), nil
	case ans.Word != "" && solvable:
		return at() + fmt.Sprintf("says %q, but the board is solvable in %d moves", ans.Word, d), nil
	case ans.Word != "":
		return "", nil
	case !solvable:
		return at() + fmt.Sprintf("the board cannot reach the goal; want %q", p.Unsolvable), nil
	}
	if d < 0 && p.Print != format.Path {
		return at() + fmt.Sprintf("the number of moves of a board of %d cells cannot be judged: no shortest path is known for boards of more than %d cells", cs.Start.Shape().Cells(), board.MaxSmall), nil
	}
	if p.Print == format.Moves || p.Print == format.MovesThenPath {
		if ans.Moves != d {
			return at() + fmt.Sprintf("%d moves, want %d", ans.Moves, d), nil
		}
		if p.Print == format.Moves {
			return "", nil
		}
		// HDU 3567 judges the exact string: the lexicographically smallest
		// of the shortest paths, the table's own.
		if ours != 0 {
			want = ours.AppendTo(c.ours[:0])
		} else if want, _, _, err = c.goals.Solve(context.Background(), nil, cs.Start, cs.Goal); err != nil {
			return "", err
		}
		if got, same := samePath(ans, ar, want); !same {
			return fmt.Sprintf("%s:%d: path %q, want %q (the smallest of the shortest, d < l < r < u)", c.AnswersName, ans.Line+1, got, want), nil
		}
		return "", nil
	}
	if !ans.More {
		// A path on one line: the table's own is right with no walk;
		// any other is checked fast, and again the slow way, for the
		// message, only when it is wrong.
		if ours != 0 && !p.Upper && bytes.Equal(ours.AppendTo(c.ours[:0]), ans.Path) {
			return "", nil
		}
		if n, ok := c.walk(cs.Start, cs.Goal, ans.Path); ok && (!c.Shortest || n <= d && d >= 0) {
			return "", nil
		}
	}
	return c.judgePath(cs, ans, ar, d, at), nil
}

// A lookup is what judging a case asks of the tables: the Goal of its
// goal and its start renamed for it (turned, for a file of pairs whose
// paths are not judged: ForDistance), and where the goal's table has its
// fast lookups built, the start's key and its path. The lookups of a run
// are found first and their paths fetched together (lookups), so that
// the fetches, each a likely cache miss, overlap.
type lookup struct {
	goal   *engine.Goal
	start  board.Board
	err    error
	fast   *table.Goal // nil, or the goal's, with its fast lookups built
	key    table.Key
	keyOK  bool         // the start can reach the goal (with fast)
	path   table.Packed // the path of key, once fetched
	turned bool
}

// find finds cs's lookup, all but its path.
func (c *Checker) find(cs *format.Case, lk *lookup) {
	if c.goals == nil {
		c.goals = c.Solver.Goals()
	}
	p := &c.Preset
	// A file of pairs whose paths are not judged asks fewer tables, each
	// pair turned (ForDistance); one whose paths are (HDU 3567) asks the
	// table of its goal, whose path it judges them by.
	g := c.goals.For
	lk.turned = p.Pairs && p.Print != format.MovesThenPath
	if lk.turned {
		g = c.goals.ForDistance
	}
	lk.goal, lk.start, lk.err = g(cs.Start, cs.Goal)
	lk.fast, lk.key, lk.keyOK, lk.path = nil, 0, false, 0
	if lk.err == nil {
		if f := lk.goal.Lookups(); f.Built() {
			lk.fast = f
			lk.key, lk.keyOK = f.Key(lk.start)
		}
	}
}

// lookups returns the lookups of the cases of r still to judge, with
// their paths fetched together; a case with no lookup has a zero one.
func (c *Checker) lookups(r *run) []lookup {
	c.lks = slices.Grow(c.lks[:0], len(r.items))[:len(r.items)]
	for i := range r.items {
		it, lk := &r.items[i], &c.lks[i]
		if it.cs.Num == 0 || it.judged || it.cs.Err != nil || it.ans.Err != nil || c.Preset.Print == format.Verdict {
			*lk = lookup{}
			continue
		}
		c.find(&it.cs, lk)
	}
	// Every one's, with no branch on whether there is one to fetch: a
	// lookup with no fast Solver fetches nothing, one that cannot reach
	// its goal a path that is not used.
	for i := range c.lks {
		lk := &c.lks[i]
		lk.path, _ = lk.fast.PackedAt(lk.key)
	}
	return c.lks
}

// distance returns the moves of lk's start to its goal, or false when
// there are none, and where the goal's table gave it (lk.fast) and the
// pair is not turned, the path the table gives, or 0 (a turned pair's
// path is the turned start's, as long as its own).
//
// For a goal whose shortest paths are not known (a board of more than
// board.MaxSmall cells) the moves are -1, and whether there is a path is
// the boards' parity.
func (c *Checker) distance(lk *lookup) (int, bool, table.Packed, error) {
	if !lk.goal.Optimal() {
		return -1, board.Solvable(lk.start, lk.goal.Goal()), 0, nil
	}
	if lk.fast != nil {
		if !lk.keyOK {
			return 0, false, 0, nil
		}
		if lk.path != 0 {
			ours := lk.path
			if lk.turned {
				ours = 0
			}
			return lk.path.Len(), true, ours, nil
		}
	}
	d, ok, err := lk.goal.Distance(lk.start)
	return d, ok, 0, err
}

// walk applies the moves of path to start on an array of cells and
// reports their number and whether every one is a legal move of p's
// letters and they end at goal (spaces after them allowed).
func (c *Checker) walk(start, goal board.Board, path []byte) (int, bool) {
	s := start.Shape()
	if !start.Small() {
		return 0, false // judgePath walks it
	}
	if c.walkShape != s {
		c.walkShape = s
		for i := range c.steps {
			for m := range board.Move(board.NumMoves) {
				c.steps[i][m] = 0xff
				if to, ok := s.Step(i, m); ok && i < s.Cells() {
					c.steps[i][m] = uint8(to)
				}
			}
		}
		for i := range c.letter {
			c.letter[i] = 0xff
		}
		for m, l := range []byte(board.Letters) {
			if c.Preset.Upper {
				l &^= 0x20
			}
			c.letter[l] = uint8(m)
		}
	}
	// The cells four bits each in one word: a move is a few shifts, and
	// the end is one comparison.
	w := nibbles(start)
	blank := uint(start.Blank())
	moves := 0
	for k, ch := range path {
		m := c.letter[ch]
		if m == 0xff {
			if len(bytes.Trim(path[k:], " \t\r")) != 0 {
				return moves, false
			}
			break
		}
		to := uint(c.steps[blank&15][m])
		if to == 0xff {
			return moves, false
		}
		v := w >> (4 * to) & 15
		w = w&^(15<<(4*to)) | v<<(4*blank)
		blank = to
		moves++
	}
	return moves, w == nibbles(goal)
}

// nibbles packs the cells of b, each less than 16, four bits each: cell i
// in bits 4i..4i+3.
func nibbles(b board.Board) uint64 {
	pack := func(x uint64) uint64 { // eight bytes to eight nibbles
		x = (x | x>>4) & 0x00ff00ff00ff00ff
		x = (x | x>>8) & 0x0000ffff0000ffff
		return (x | x>>16) & 0x00000000ffffffff
	}
	lo, hi := b.Words()
	return pack(lo) | pack(hi)<<32
}

// letters names the moves p prints.
func letters(p format.Preset) string {
	if p.Upper {
		return "D L R U"
	}
	return "d l r u"
}

// samePath reports whether the path of ans, read on piece by piece, is
// want, spaces at its end aside, and returns the start of it for a message.
func samePath(ans *format.Answer, ar *format.AnswerReader, want []byte) (string, bool) {
	if !ans.More && bytes.Equal(ans.Path, want) {
		return "", true // the answer as it most often is: the path on its line
	}
	piece, more := ans.Path, ans.More
	got := trunc(bytes.TrimRight(piece, " \t\r"))
	same, spaces, k := true, false, 0
	for {
		for _, ch := range piece {
			switch {
			case ch == ' ' || ch == '\t' || ch == '\r':
				spaces = true
			case spaces || k == len(want) || want[k] != ch:
				same = false
			default:
				k++
			}
		}
		if !more {
			break
		}
		piece, more = ar.MorePath()
	}
	return got, same && k == len(want)
}

// judgePath checks a move string: legal moves, ending at the goal, and, if
// asked, no longer than the shortest. It reads a long path piece by piece
// as it comes (Answer.More), so a path of any length is judged on its
// merits in memory of one piece.
func (c *Checker) judgePath(cs *format.Case, ans *format.Answer, ar *format.AnswerReader, d int, at func() string) string {
	b := board.NewMover(cs.Start)
	piece, more := ans.Path, ans.More
	moves := 0  // moves read so far
	spaces := 0 // spaces read since the last move
	fault := "" // the first fault
	for {
		for _, ch := range piece {
			if fault != "" {
				break
			}
			if ch == ' ' || ch == '\t' || ch == '\r' {
				spaces++ // trailing spaces are no fault, spaces between moves are
				continue
			}
			if spaces > 0 {
				fault = at() + fmt.Sprintf("move %d is ' ', want one of d l r u", moves+1)
				break
			}
			moves++
			m, ok := board.ParseMove(ch)
			if !ok || (ch < 'a') != c.Preset.Upper {
				fault = at() + fmt.Sprintf("move %d is %q, want one of %s", moves, ch, letters(c.Preset))
			} else if !b.Move(m) {
				fault = at() + fmt.Sprintf("move %d %q takes the blank off the board at %s", moves, ch, brief(b.Board()))
			}
		}
		if !more {
			break
		}
		piece, more = ar.MorePath() // read to the end of the line, fault or not
	}
	switch {
	case fault != "":
		return fault
	case !b.Is(cs.Goal) && cs.Goal.Shape().Cells() > 100:
		end := b.Board()
		i := 0
		for end.Cell(i) == cs.Goal.Cell(i) {
			i++
		}
		return at() + fmt.Sprintf("the path of %s does not end at the goal: cell %d (row %d, column %d) holds %d, want %d", format.Plural(moves, "move"), i, i/end.Shape().Cols+1, i%end.Shape().Cols+1, end.Cell(i), cs.Goal.Cell(i))
	case !b.Is(cs.Goal):
		return at() + fmt.Sprintf("the path of %s ends at %v, not at the goal %v", format.Plural(moves, "move"), b.Board(), cs.Goal)
	case c.Shortest && d < 0:
		return at() + fmt.Sprintf("a path of %s, which cannot be judged shortest: no shortest path is known for boards of more than %d cells", format.Plural(moves, "move"), board.MaxSmall)
	case c.Shortest && moves > d:
		return at() + fmt.Sprintf("%d moves longer than the shortest (%d moves, not %d)", moves-d, d, moves)
	}
	return ""
}

func trunc(b []byte) string {
	if len(b) > 60 {
		return string(b[:60]) + "..."
	}
	return string(b)
}
