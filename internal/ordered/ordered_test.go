package ordered

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"
)

// item is a number on its way through a pipe: n in, n*n out.
type item struct {
	n, sq int
	delay time.Duration
}

// squares runs the numbers 0..count-1 through a pipe with cfg's sizes,
// each worked after a random delay, and returns what was written, in
// order, and Close's error. stopAt, when not negative, makes the Write of
// that number fail.
func squares(ctx context.Context, cfg Config[item], count, stopAt int, seed uint64) ([]int, error) {
	rng := rand.New(rand.NewPCG(seed, 1))
	var got []int
	cfg.New = func() *item { return new(item) }
	cfg.Worker = func() func(*item) {
		return func(it *item) {
			time.Sleep(it.delay)
			it.sq = it.n * it.n
		}
	}
	cfg.Write = func(it *item) error {
		if it.n == stopAt {
			return errStop
		}
		got = append(got, it.sq)
		return nil
	}
	p := Start(ctx, cfg)
	for i := range count {
		it, ok := p.Next()
		if !ok {
			break
		}
		it.n, it.sq, it.delay = i, -1, time.Duration(rng.IntN(1000))*time.Microsecond
		p.Send(it)
	}
	err := p.Close()
	return got, err
}

var errStop = errors.New("stop here")

func TestOrder(t *testing.T) {
	for _, c := range []struct{ workers, items int }{{1, 1}, {1, 3}, {2, 0}, {4, 2}, {8, 32}} {
		synctest.Test(t, func(t *testing.T) {
			got, err := squares(context.Background(), Config[item]{Workers: c.workers, Items: c.items}, 200, -1, uint64(c.workers*100+c.items))
			if err != nil {
				t.Fatalf("workers %d, items %d: Close: %v", c.workers, c.items, err)
			}
			if len(got) != 200 {
				t.Fatalf("workers %d, items %d: %d written, want 200", c.workers, c.items, len(got))
			}
			for i, sq := range got {
				if sq != i*i {
					t.Fatalf("workers %d, items %d: item %d written as %d, want %d", c.workers, c.items, i, sq, i*i)
				}
			}
		})
	}
}

// TestWriteError: the first error of Write is Close's, the items before
// it are all written, and none after.
func TestWriteError(t *testing.T) {
	for _, stopAt := range []int{0, 1, 57, 199} {
		synctest.Test(t, func(t *testing.T) {
			got, err := squares(context.Background(), Config[item]{Workers: 3, Items: 5}, 200, stopAt, uint64(stopAt))
			if !errors.Is(err, errStop) {
				t.Fatalf("stop at %d: Close returned %v, want %v", stopAt, err, errStop)
			}
			if len(got) != stopAt {
				t.Fatalf("stop at %d: %d written, want %d", stopAt, len(got), stopAt)
			}
		})
	}
}

// TestStopsWork: once a Write fails, the items after it are not worked,
// Next lends no more and Stopped is closed.
func TestStopsWork(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var worked atomic.Int32
		p := Start(context.Background(), Config[item]{
			Workers: 2, Items: 4,
			New: func() *item { return new(item) },
			Worker: func() func(*item) {
				return func(*item) { worked.Add(1) }
			},
			Write: func(it *item) error { return errStop },
		})
		it, _ := p.Next()
		p.Send(it)
		if err := p.Flush(); !errors.Is(err, errStop) {
			t.Fatalf("Flush returned %v, want %v", err, errStop)
		}
		select {
		case <-p.Stopped():
		default:
			t.Fatal("Stopped is open after a Write failed")
		}
		if _, ok := p.Next(); ok {
			t.Fatal("Next lent an item after a Write failed")
		}
		p.Send(new(item)) // dropped
		if err := p.Close(); !errors.Is(err, errStop) {
			t.Fatalf("Close returned %v, want %v", err, errStop)
		}
		if n := worked.Load(); n != 1 {
			t.Fatalf("%d items worked, want 1", n)
		}
	})
}

// TestCancel: a cancelled context stops the lending; what was sent is
// still written, in order, and Close says why it stopped.
func TestCancel(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		var got []int
		p := Start(ctx, Config[item]{
			Workers: 2, Items: 3,
			New:    func() *item { return new(item) },
			Worker: func() func(*item) { return func(it *item) { time.Sleep(time.Millisecond) } },
			Write: func(it *item) error {
				got = append(got, it.n)
				return nil
			},
		})
		sent := 0
		for {
			it, ok := p.Next()
			if !ok {
				break
			}
			it.n = sent
			sent++
			p.Send(it)
			if sent == 10 {
				cancel()
			}
		}
		if err := p.Close(); !errors.Is(err, context.Canceled) {
			t.Fatalf("Close returned %v, want %v", err, context.Canceled)
		}
		if sent != 10 || len(got) != 10 {
			t.Fatalf("%d sent and %d written after cancelling at 10, want 10 and 10", sent, len(got))
		}
		for i, n := range got {
			if n != i {
				t.Fatalf("written %v, want 0..9 in order", got)
			}
		}
	})
}

// TestCancelWaiting: a Next that waits for an item is woken by the
// context's end.
func TestCancelWaiting(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		p := Start(ctx, Config[item]{
			Workers: 1, Items: 1,
			New:    func() *item { return new(item) },
			Worker: func() func(*item) { return func(*item) {} },
			Write:  func(*item) error { return nil },
		})
		it, _ := p.Next() // the only one, kept
		_ = it
		var ok bool
		var wg sync.WaitGroup
		wg.Go(func() { _, ok = p.Next() })
		synctest.Wait()
		cancel()
		wg.Wait()
		if ok {
			t.Fatal("Next lent an item after the context ended")
		}
		p.Close()
	})
}

// TestWeight: Send waits while the pending items would hold more than
// MaxWeight, but always lets one in.
func TestWeight(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var held, most atomic.Int64
		weights := []int{3, 3, 3, 10, 1, 1, 1, 1, 6, 2}
		p := Start(context.Background(), Config[item]{
			Workers: 4, Items: 8,
			New: func() *item { return new(item) },
			Worker: func() func(*item) {
				return func(it *item) { time.Sleep(time.Duration(it.n) * time.Millisecond) }
			},
			Write: func(it *item) error {
				held.Add(-int64(it.sq))
				return nil
			},
			Weight:    func(it *item) int { return it.sq },
			MaxWeight: 7,
		})
		for i, w := range weights {
			it, _ := p.Next()
			it.n, it.sq = len(weights)-i, w
			if h := held.Add(int64(w)); h > most.Load() {
				most.Store(h)
			}
			p.Send(it)
		}
		if err := p.Close(); err != nil {
			t.Fatal(err)
		}
		// Held counts an item from just before its Send, so the most it
		// saw is at most MaxWeight plus the heaviest item let in alone.
		if m := most.Load(); m > 7+10 {
			t.Fatalf("the items pending held %d, want at most %d", m, 7+10)
		}
	})
}

// TestForeign: an item that did not come from Next, and one put back,
// join the pool.
func TestForeign(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var got []int
		p := Start(context.Background(), Config[item]{
			Workers: 1, Items: 1,
			New:    func() *item { return new(item) },
			Worker: func() func(*item) { return func(it *item) { it.sq = it.n * it.n } },
			Write: func(it *item) error {
				got = append(got, it.sq)
				return nil
			},
		})
		p.Send(&item{n: 2})
		it, _ := p.Next()
		p.Put(it)
		for i := 3; i < 6; i++ {
			it, _ := p.Next()
			it.n = i
			p.Send(it)
		}
		if err := p.Close(); err != nil {
			t.Fatal(err)
		}
		if want := []int{4, 9, 16, 25}; len(got) != len(want) || got[0] != 4 || got[3] != 25 {
			t.Fatalf("written %v, want %v", got, want)
		}
	})
}

// TestFlush: after Flush every item sent is written.
func TestFlush(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var written atomic.Int32
		p := Start(context.Background(), Config[item]{
			Workers: 2, Items: 4,
			New:    func() *item { return new(item) },
			Worker: func() func(*item) { return func(*item) { time.Sleep(time.Millisecond) } },
			Write: func(*item) error {
				written.Add(1)
				return nil
			},
		})
		for range 3 {
			it, _ := p.Next()
			p.Send(it)
		}
		if err := p.Flush(); err != nil {
			t.Fatal(err)
		}
		if n := written.Load(); n != 3 {
			t.Fatalf("%d written after Flush, want 3", n)
		}
		p.Close()
	})
}
