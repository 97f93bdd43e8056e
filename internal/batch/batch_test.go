package batch_test

import (
	"bytes"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/slidingpuzzle/solver/embedded"
	"github.com/slidingpuzzle/solver/internal/batch"
	"github.com/slidingpuzzle/solver/internal/format"
)

// judgeFile returns n random arrangements, one a line, from a fixed seed:
// half of them unsolvable.
func judgeFile(n int) []byte {
	rng := rand.New(rand.NewPCG(1043, 1077))
	var buf bytes.Buffer
	for range n {
		for _, v := range rng.Perm(9) {
			if v == 0 {
				buf.WriteByte('x')
			} else {
				buf.WriteByte('0' + byte(v))
			}
		}
		buf.WriteByte('\n')
	}
	return buf.Bytes()
}

func TestCounts(t *testing.T) {
	p, _ := format.Lookup("hdu1043")
	job := &batch.Job{Solver: embedded.Solver(), Preset: p, Name: "in"}
	var out bytes.Buffer
	res, err := job.Run(bytes.NewReader(append(judgeFile(5000), "1234\n"...)), &out)
	if err != nil || res.Cases != 5001 || res.Bad != 1 {
		t.Errorf("Run = %+v, %v; want 5001 cases, 1 bad", res, err)
	}
	if n := bytes.Count(out.Bytes(), []byte("\n")); n != 5001 {
		t.Errorf("%d answer lines, want 5001", n)
	}
}

// BenchmarkBatch answers a judge file of 1M random arrangements, half of
// them unsolvable, and reports boards a second.
func BenchmarkBatch(b *testing.B) {
	const n = 1 << 20
	in := judgeFile(n)
	p, _ := format.Lookup("hdu1043")
	job := &batch.Job{Solver: embedded.Solver(), Preset: p, Name: "in"}
	b.SetBytes(int64(len(in)))
	for b.Loop() {
		if _, err := job.Run(bytes.NewReader(in), io.Discard); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "boards/s")
}
