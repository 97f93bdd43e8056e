package batch

import (
	"context"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/internal/format"
	"github.com/slidingpuzzle/solver/table"
)

// A pairItem is a case of a block of pairs on its way through
// answerPairs; its Solver, key and path are in its pairGroup's arrays.
type pairItem struct {
	kind  uint8 // lookupPath, lookupUnsolvable or lookupSlow
	num   int
	start board.Board // for lookupSlow, with goal: a good case of a table not yet fast
	goal  board.Board
}

// A pairGroup is the room for a group of cases of a block of pairs. The
// Solver, key and path of case i are vs[i], keys[i] and paths[i], each in
// an array of its own, as table.Pairs.KeyEight writes them: the loop that
// loads the paths (writePairs) is then a few instructions a case, so
// that more of its loads, which miss the caches, are under way at once
// than when each case's fields lie together (BenchmarkPairBlocks 95-108
// to 80-95 ns a case).
type pairGroup struct {
	items [group]pairItem
	vs    [group]*table.Goal
	keys  [group]table.Key
	paths [group]table.Packed
}

// pairsFor returns the table.Pairs that answers the pairs of j's preset
// from their lines, made once, or nil where there is none (no 3x3 table):
// the blocks are then read as any other.
func (a *answerer) pairsFor(j *Job) *table.Pairs {
	if !a.pairsMade {
		a.pairsMade = true
		if a.goals == nil {
			a.goals = j.Solver.Goals()
		}
		a.pairs, _ = a.goals.Pairs(!j.Preset.NeedsPath())
	}
	return a.pairs
}

// answerPairs answers the cases of b, a block of pairs (format.Block.Pairs),
// a group at a time, as answerRun answers a run: it reads each case from
// its lines and finds its key in one pass (table.Pairs.Key), then fetches
// the paths of the group, loads that do not wait on each other, then
// writes the answers. A case whose lines are not two good boards is read
// by a Reader of its own, so that it is reported exactly as alone; a good
// case of a table whose fast lookups are not built is answered as any
// other case (answerer.answer), which counts towards building them.
func (a *answerer) answerPairs(ctx context.Context, j *Job, dst []byte, b *format.Block, kp *table.Pairs) ([]byte, Result, error) {
	if j.onPairBlock != nil {
		j.onPairBlock()
	}
	var res Result
	p := &j.Preset
	needPath := p.NeedsPath()
	lines := b.PairLines()
	g := &a.pairGroup
	var sub *format.Reader
	var c format.Case
	w := p.Writer()
	for more := true; more; {
		n := 0
		for n < group {
			// Eight pairs at once where the CPU can; the case that stops
			// them is read alone.
			if k, full := a.eight.key(kp, &lines, g, n); k > 0 {
				n += k
				if full {
					continue
				}
			}
			start, goal, ok := lines.Next()
			if !ok {
				more = false
				break
			}
			v, key, solvable, ok := kp.Key(start, goal)
			if !ok {
				// Not two good boards: answer the group so far, then the
				// case as the Reader reads it.
				var err error
				if dst, err = a.writePairs(ctx, j, dst, g, n, &res, &w, needPath); err != nil {
					return dst, res, err
				}
				n = 0
				sub = lines.Reader(sub)
				for sub.Next(&c) {
					var o Result
					dst, o, err = a.answer(ctx, j, dst, &c)
					res.add(o)
					if err != nil {
						return dst, res, err
					}
				}
				continue
			}
			it := &g.items[n]
			it.num, g.vs[n], g.keys[n] = lines.Num(), v, key
			n++
			switch {
			case !v.Built():
				it.kind = lookupSlow
				it.start, _ = board.ParseLine(board.Shape3x3, start)
				it.goal, _ = board.ParseLine(board.Shape3x3, goal)
			case solvable:
				it.kind = lookupPath
			default:
				it.kind = lookupUnsolvable
			}
		}
		var err error
		if dst, err = a.writePairs(ctx, j, dst, g, n, &res, &w, needPath); err != nil {
			return dst, res, err
		}
	}
	return dst, res, nil
}

// pairEight keys eight pairs at a time (table.Pairs.KeyEight).
type pairEight struct {
	off    [2][8]int64 // of starts and of goals, for the stride of off's
	stride int
}

// key keys the next eight cases of lines into g from its case n, when
// they are pairs of lines of one length that table.Pairs.KeyEight reads
// and g has room for them, and passes over them. It returns how many it
// keyed from the first, those before the first case that is not two
// boards so written, and whether that was all eight.
func (e *pairEight) key(kp *table.Pairs, lines *format.PairLines, g *pairGroup, n int) (int, bool) {
	if n > group-8 {
		return 0, false
	}
	data, d, ok := lines.Eight()
	if !ok {
		return 0, false
	}
	f := table.FormCompact
	if d == table.FormSpaced.Size() {
		f = table.FormSpaced
	} else if d != f.Size() {
		return 0, false
	}
	if e.stride != d {
		for i := range 8 {
			e.off[0][i], e.off[1][i] = int64(2*i*d), int64((2*i+1)*d)
		}
		e.stride = d
	}
	vs := (*[8]*table.Goal)(g.vs[n:])
	k, solvable := kp.KeyEight(data, &e.off[0], &e.off[1], f, (*[8]table.Key)(g.keys[n:]), vs)
	num := lines.Num()
	for i := range k {
		it := &g.items[n+i]
		it.num = num + 1 + i
		switch {
		case !vs[i].Built():
			it.kind = lookupSlow
			start := data[e.off[0][i]:][:d-1]
			goal := data[e.off[1][i]:][:d-1]
			it.start, _ = board.ParseLine(board.Shape3x3, start)
			it.goal, _ = board.ParseLine(board.Shape3x3, goal)
		case solvable>>i&1 == 1:
			it.kind = lookupPath
		default:
			it.kind = lookupUnsolvable
		}
	}
	lines.Skip(k)
	return k, k == 8
}

// writePairs fetches the paths of the first n cases of g, and appends
// their answers to dst.
func (a *answerer) writePairs(ctx context.Context, j *Job, dst []byte, g *pairGroup, n int, res *Result, w *format.AnswerWriter, needPath bool) ([]byte, error) {
	// Every case's, with no branch on its kind (a board that cannot
	// reach its goal has a key too, and a slow case's table gives none):
	// a branch here would be mispredicted for about one case in five,
	// and lose the overlap of the loads.
	vs, keys, paths := g.vs[:n], g.keys[:n], g.paths[:n]
	for i, v := range vs {
		paths[i], _ = v.PackedAt(keys[i])
	}
	for i := range g.items[:n] {
		it := &g.items[i]
		switch it.kind {
		case lookupPath, lookupUnsolvable:
			dst = appendLooked(w, dst, it.kind, it.num, paths[i], needPath)
			res.Cases++
		default:
			c := format.Case{Num: it.num, Start: it.start, Goal: it.goal}
			var o Result
			var err error
			dst, o, err = a.answer(ctx, j, dst, &c)
			res.add(o)
			if err != nil {
				return dst, err
			}
		}
	}
	return dst, nil
}
