// Package ordered does work on every core and writes the results in the
// order the work came in: the pipeline under the batch runs of solve and
// judge.
//
// A Pipe lends items from a pool (Next), takes them back filled (Send),
// has its workers do each (Config.Worker), and writes them one at a time
// in the order they were sent (Config.Write), after which the items go
// back to the pool. Reading runs at most Config.Items items ahead of
// writing, so memory stays that of the pool, however long the input.
//
// The first error of Write stops the pipe: the items sent after it are
// neither worked nor written, Next lends no more, and Stopped is closed.
// A cancelled context stops the lending the same way, while the items
// already sent are worked and written (the work sees the context itself).
// Close waits for every goroutine of the pipe to end.
package ordered

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
)

// Config says what a Pipe does.
type Config[T any] struct {
	// Workers is how many goroutines do the work; 0 or less means
	// runtime.GOMAXPROCS.
	Workers int
	// Items is how many items the pool lends at most: how far reading
	// runs ahead of writing. 0 or less means 4 a worker.
	Items int
	// New makes the items of the pool, Items of them, when the pipe
	// starts. They are lent in turn, so that a long input uses each one
	// and the memory it holds is the same from run to run.
	New func() *T
	// Worker is called once on each worker's goroutine and returns the
	// function that does an item's work there, with that worker's own
	// state.
	Worker func() func(*T)
	// Write is called with each item sent, in the order sent, one at a
	// time, on a goroutine of the Pipe. An error stops the pipe.
	Write func(*T) error
	// Weight, when set, is how much of MaxWeight an item holds from Send
	// until it is written: Send waits while the items pending would
	// hold more than MaxWeight with it. An item is always let in when
	// none is pending, however heavy.
	Weight    func(*T) int
	MaxWeight int
}

// A Pipe is a pipeline started by Start. Its Send is called from one
// goroutine at a time; Next, Put, Flush, Err and Stopped from any.
type Pipe[T any] struct {
	c       Config[T]
	ctx     context.Context
	work    chan *entry[T]
	order   chan *entry[T]
	in      chan *entry[T]
	free    chan *T        // the pool: items written or put back
	entries chan *entry[T] // entries written, to use again
	wg      sync.WaitGroup
	unwatch func() bool // stops the wake-up on ctx's end
	failed  atomic.Bool // a Write failed
	stopped chan struct{}
	stop    sync.Once

	mu      sync.Mutex
	cond    sync.Cond // an item written, while waiting > 0
	waiting int       // goroutines in Send or Flush waiting on cond
	pending int       // sent and not yet written
	weight  int       // what the pending items hold
	err     error
}

// An entry is an item on its way from Send to Write. Entries are used
// again, so that a long input makes no garbage here.
type entry[T any] struct {
	t      *T
	weight int
	done   chan struct{} // given a value once worked
}

// Start starts the workers and the writer of a Pipe. Close ends them.
func Start[T any](ctx context.Context, c Config[T]) *Pipe[T] {
	if ctx == nil {
		ctx = context.Background()
	}
	if c.Workers <= 0 {
		c.Workers = runtime.GOMAXPROCS(0)
	}
	if c.Items <= 0 {
		c.Items = 4 * c.Workers
	}
	p := &Pipe[T]{
		c:       c,
		ctx:     ctx,
		work:    make(chan *entry[T], c.Items),
		order:   make(chan *entry[T], c.Items),
		in:      make(chan *entry[T], c.Items),
		free:    make(chan *T, c.Items),
		entries: make(chan *entry[T], c.Items),
		stopped: make(chan struct{}),
	}
	p.cond.L = &p.mu
	p.unwatch = context.AfterFunc(ctx, p.halt)
	p.wg.Add(c.Workers + 2)
	for range c.Workers {
		go p.worker()
	}
	for range c.Items {
		p.free <- c.New()
	}
	go p.writer()
	go p.deal()
	return p
}

// deal passes each item sent on to the writer, in order, and to the
// workers. Send does not do it itself: a sender that woke an idle worker
// would keep it waiting behind the sender on the sender's core (the
// scheduler runs a goroutine it wakes next on the waker's core, once the
// waker blocks), while the sender reads on; judge check of a file of
// separated cases measured 8% slower so.
func (p *Pipe[T]) deal() {
	defer p.wg.Done()
	for e := range p.in {
		p.order <- e
		p.work <- e
	}
	close(p.order)
	close(p.work)
}

func (p *Pipe[T]) worker() {
	defer p.wg.Done()
	do := p.c.Worker()
	for e := range p.work {
		if !p.failed.Load() {
			do(e.t)
		}
		e.done <- struct{}{}
	}
}

func (p *Pipe[T]) writer() {
	defer p.wg.Done()
	for e := range p.order {
		<-e.done
		var err error
		if !p.failed.Load() {
			err = p.c.Write(e.t)
		}
		p.mu.Lock()
		if err != nil && p.err == nil {
			p.err = err
			p.failed.Store(true)
			p.halt()
		}
		p.pending--
		p.weight -= e.weight
		if p.waiting > 0 {
			p.cond.Broadcast()
		}
		p.mu.Unlock()
		p.Put(e.t)
		e.t = nil
		select {
		case p.entries <- e:
		default:
		}
	}
}

// halt closes Stopped, once.
func (p *Pipe[T]) halt() { p.stop.Do(func() { close(p.stopped) }) }

// Next lends an item of the pool to fill and Send (or Put back), the one
// longest in it. It waits while every item is lent, and reports false
// once the pipe is stopped.
func (p *Pipe[T]) Next() (*T, bool) {
	if p.failed.Load() || p.ctx.Err() != nil {
		return nil, false
	}
	select {
	case t := <-p.free:
		return t, true
	default:
	}
	select {
	case <-p.stopped:
		return nil, false
	case t := <-p.free:
		return t, true
	}
}

// Put gives an item back to the pool unsent.
func (p *Pipe[T]) Put(t *T) {
	select {
	case p.free <- t:
	default: // the pool is full (t came from elsewhere): t is let go
	}
}

// Send hands t to the workers; it is written after every item sent
// before it. An item that did not come from Next joins the pool once
// written, if the pool has room for it. Once the pipe is stopped, t is
// neither worked nor written.
func (p *Pipe[T]) Send(t *T) {
	w := 0
	if p.c.Weight != nil {
		w = p.c.Weight(t)
	}
	p.mu.Lock()
	for p.pending > 0 && p.weight+w > p.c.MaxWeight && w > 0 && p.err == nil {
		p.waiting++
		p.cond.Wait()
		p.waiting--
	}
	p.pending++
	p.weight += w
	p.mu.Unlock()
	var e *entry[T]
	select {
	case e = <-p.entries:
	default:
		e = &entry[T]{done: make(chan struct{}, 1)}
	}
	e.t, e.weight = t, w
	p.in <- e
}

// Flush waits until every item sent is written, or dropped by a stopped
// pipe, and returns Err: after it, and until the next Send, nothing of
// the pipe writes.
func (p *Pipe[T]) Flush() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	for p.pending > 0 {
		p.waiting++
		p.cond.Wait()
		p.waiting--
	}
	return p.err
}

// Err returns the first error of Write, or nil.
func (p *Pipe[T]) Err() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.err
}

// Stopped is closed once the pipe is stopped: a Write failed, or the
// context ended. A goroutine that feeds the pipe selects on it rather
// than wait for a reader that has gone.
func (p *Pipe[T]) Stopped() <-chan struct{} { return p.stopped }

// Close writes what is sent and not yet written, ends the pipe's
// goroutines and returns the first error of Write, or else the context's
// error. Nothing is sent after Close.
func (p *Pipe[T]) Close() error {
	close(p.in)
	p.wg.Wait()
	p.unwatch()
	if p.err != nil {
		return p.err
	}
	return p.ctx.Err()
}
