package search

import (
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/internal/prune"
)

// parallelFrom is the nodes an iteration must have visited for the next
// to run on every core: an iteration takes about six times the nodes of
// the one before, so that the small ones, most of a board's iterations
// and a fraction of its time, run on one core as before, and the one or
// two that take the time are shared. The nodes are those of the
// iterations before, all of them: with the large databases the last
// iteration of an 80-move position follows about 2M nodes, and ran on
// one core at 1 << 21 (1.0-1.1 s against 0.61-0.66 s at 1 << 18); Korf's
// 100 take the same time at either, on both tiers.
var parallelFrom int64 = 1 << 18

// tasksPerWorker is how many subtrees an iteration is cut into, a core:
// enough that the cores finish together, few enough that cutting them
// costs nothing beside the search.
const tasksPerWorker = 64

// A task is the subtree below a node of an iteration, in the order a
// search on one core would reach it: the moves that lead there from the
// start (letters), or a path that ends at the goal already.
type task struct {
	path   []byte
	q      int32 // the pruner's state there
	solved bool  // the path reaches the goal

	found bool // the search of the subtree found a path within the bound
	done  bool // the subtree was searched to its end
	next  int  // the least cost past the bound below it
	nodes int64
	out   []byte // the path found
}

// iterate searches one iteration, bound, of the search s started, on
// every core (shareIteration), and returns whether it found a path, the
// least cost past the bound otherwise, and the nodes visited.
func (s *state) iterate(start board.Board, bound int) (found bool, next int, nodes int64, stopped bool) {
	estimate := func(b board.Board) int {
		var t state
		t.init(s.p, b)
		return t.h()
	}
	t, next, nodes, stopped := shareIteration(start, bound, s.wg, s.wh, s.p.prune, estimate, func() func(t *task, stop func() bool) {
		w := *s // a search of its own, of the same problem and bound
		return func(t *task, stop func() bool) { w.subtree(start, t, bound, stop) }
	})
	if t == nil {
		return false, next, nodes, stopped
	}
	s.found = len(t.out)
	copy(s.path[:], t.out)
	return true, 0, nodes, false
}

// shareIteration searches one iteration of bound, of a search whose cost
// is wg*g + wh*h with estimate giving h, from start, on every core: it
// cuts the tree into tasks a few moves deep, in the order of the moves
// (d < l < r < u), searches them with the functions worker makes, one a
// core, and takes the path of the first task, in that order, that holds
// one, once every task before it is searched: the path a search on one
// core finds. It returns that task, or nil and the least cost past the
// bound, the nodes visited, and whether a task stopped (by its context)
// before the first path.
func shareIteration(start board.Board, bound, wg, wh int, pr *prune.Pruner, estimate func(board.Board) int, worker func() func(t *task, stop func() bool)) (found *task, next int, nodes int64, stopped bool) {
	workers := runtime.GOMAXPROCS(0)
	var tasks []task
	cutNext := 1 << 30                  // the least cost past the bound of the nodes cut off above the tasks
	deepest := max(bound/max(wg, 1), 1) // no path of the bound is longer
	for depth := 1; depth <= deepest; depth++ {
		tasks, cutNext = tasks[:0], 1<<30
		c := cutter{bound: bound, depth: depth, wg: wg, wh: wh, prune: pr, estimate: estimate, tasks: &tasks, next: &cutNext}
		c.cut(start, 0, pr.Root[start.Blank()], nil)
		if len(tasks) >= tasksPerWorker*workers {
			break
		}
	}
	best := runTasks(tasks, workers, worker)
	next = cutNext
	for i := range tasks {
		t := &tasks[i]
		nodes += t.nodes
		if t.found && i == best {
			return t, 0, nodes, false
		}
		if !t.done {
			return nil, 0, nodes, true // stopped by ctx before the first path
		}
		next = min(next, t.next)
	}
	return nil, next, nodes, false
}

// runTasks searches tasks on workers goroutines, each with the search
// function worker makes for it, in the order of the tasks (testOrder
// aside), and returns the index of the first task, in that order, that
// found a path, or len(tasks). A task after one that found a path is
// not searched, or is told to stop (stop).
func runTasks(tasks []task, workers int, worker func() func(t *task, stop func() bool)) int {
	var best atomic.Int64 // the first task that found a path
	best.Store(int64(len(tasks)))
	var taken atomic.Int64
	order := func(i int64) int64 { return i } // the tasks in turn
	if testOrder != nil {
		order = testOrder(len(tasks))
	}
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			search := worker()
			for {
				k := taken.Add(1) - 1
				if k >= int64(len(tasks)) {
					return
				}
				i := order(k)
				if i > best.Load() {
					continue
				}
				t := &tasks[i]
				if t.solved {
					t.found, t.done, t.out = true, true, t.path
				} else {
					search(t, func() bool { return best.Load() < i })
				}
				if t.found {
					for {
						b := best.Load()
						if i >= b || best.CompareAndSwap(b, i) {
							break
						}
					}
				}
			}
		}()
	}
	wg.Wait()
	return int(best.Load())
}

// A cutter walks the tree of an iteration to depth moves, as dfs would,
// pruning by the bound, and lists the nodes it reaches there, and the
// goal where it reaches it sooner, as tasks in the order dfs would reach
// them; next gets the least cost past the bound of the nodes it prunes.
type cutter struct {
	bound, depth, wg, wh int
	prune                *prune.Pruner // the runs not to walk
	estimate             func(board.Board) int
	tasks                *[]task
	next                 *int
}

// cut walks the tree below b, g moves from the start by path, with the
// pruner in state q.
func (c *cutter) cut(b board.Board, g int, q int32, path []byte) {
	h := c.estimate(b)
	if f := c.wg*g + c.wh*h; f > c.bound {
		*c.next = min(*c.next, f)
		return
	}
	if h == 0 || g == c.depth {
		*c.tasks = append(*c.tasks, task{path: append([]byte(nil), path...), q: q, solved: h == 0})
		return
	}
	for m := uint8(0); m < board.NumMoves; m++ {
		nq := c.prune.Next[4*q+int32(m)]
		if nq == prune.Pruned {
			continue
		}
		nb := b
		if !nb.Move(board.Move(m)) {
			continue
		}
		c.cut(nb, g+1, nq, append(path, board.Letters[m]))
	}
}

// subtree searches the subtree of t with w, a copy of the search, to the
// bound, and records what it found in t; stop says, now and then, that an
// earlier task has found a path and t need not go on.
func (w *state) subtree(start board.Board, t *task, bound int, stop func() bool) {
	b := start
	for _, c := range t.path {
		m, _ := board.ParseMove(c)
		b.Move(m)
	}
	p, ctx, wg, wh, maxNodes := w.p, w.ctx, w.wg, w.wh, w.maxNodes
	*w = state{}
	w.init(p, b)
	w.ctx, w.wg, w.wh, w.maxNodes, w.stopIf = ctx, wg, wh, maxNodes, stop
	w.check = 1 // the context looked at on the first node, as Large's subtree does
	w.bound, w.next = bound, 1<<30
	copy(w.path[:], t.path)
	t.found = w.dfs(len(t.path), t.q)
	t.done = !w.stopped
	t.next, t.nodes = w.next, w.nodes
	if t.found {
		t.out = append([]byte(nil), w.path[:w.found]...)
	}
}

// testOrder, when set, gives the order the workers take an iteration's n
// tasks in, for the test that holds the path found to the first task's
// in the search's own order, whatever order they are searched in.
var testOrder func(n int) func(int64) int64
