package batch

import (
	"context"
	"io"
	"runtime"

	"github.com/slidingpuzzle/solver/format"
)

// A slot is a run of cases on its way through runParallel: read, answered
// by a worker, written in order.
type slot struct {
	cases []format.Case
	out   []byte
	msgs  []byte
	res   Result
	err   error
	done  chan struct{}
}

// runParallel answers the cases of r on every core: the reader hands runs
// of chunk cases to the workers, and the answers are written in the order
// of the cases, a window of runs ahead at most, so memory stays flat.
// When ctx is done, the searches under way stop, the answers before the
// first unanswered case are written, and ctx's error is returned.
func (j *Job) runParallel(ctx context.Context, r *format.Reader, out io.Writer, chunk int) (Result, error) {
	workers := j.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	window := 4 * workers
	work := make(chan *slot, window)
	free := make(chan *slot, window)
	for range window {
		free <- &slot{done: make(chan struct{})}
	}
	for range workers {
		go func() {
			var a answerer
			for s := range work {
				a.msgs = s.msgs[:0]
				s.out, s.res, s.err = s.out[:0], Result{}, nil
				for i := range s.cases {
					var o Result
					s.out, o, s.err = a.answer(ctx, j, s.out, &s.cases[i])
					s.res.add(o)
					if s.err != nil {
						break
					}
				}
				s.msgs = a.msgs
				close(s.done)
			}
		}()
	}
	defer close(work)
	var res Result
	var pending []*slot // in order
	var werr error
	// flush writes the answer of the oldest case.
	flush := func() {
		s := pending[0]
		pending = pending[1:]
		<-s.done
		if werr == nil {
			if s.err != nil {
				werr = s.err
			} else {
				res.add(s.res)
				if err := j.writeLog(s.msgs); err != nil {
					werr = err
				} else if _, err := out.Write(s.out); err != nil {
					werr = err
				}
			}
		}
		s.done = make(chan struct{})
		free <- s
	}
	for werr == nil && ctx.Err() == nil {
		var s *slot
		select {
		case s = <-free:
		default:
			flush()
			continue
		}
		if cap(s.cases) < chunk {
			s.cases = make([]format.Case, chunk)
		}
		s.cases = s.cases[:chunk]
		n := 0
		for n < chunk && r.Next(&s.cases[n]) {
			n++
		}
		s.cases = s.cases[:n]
		if n == 0 {
			free <- s
			break
		}
		pending = append(pending, s)
		work <- s
	}
	for len(pending) > 0 {
		flush()
	}
	if werr != nil {
		return res, werr
	}
	if err := ctx.Err(); err != nil {
		return res, err
	}
	return res, r.Err()
}
