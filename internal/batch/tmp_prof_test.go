package batch_test

import (
	"io"
	"os"
	"testing"

	"github.com/slidingpuzzle/solver/internal/batch"
	"github.com/slidingpuzzle/solver/internal/format"
	"github.com/slidingpuzzle/solver/internal/testcache"
)

func TestTmpProf20(t *testing.T) {
	f, _ := os.Open("/tmp/b20x20.txt")
	p, _ := format.Lookup("npuzzle")
	job := &batch.Job{Solver: testcache.Solver(), Preset: p, Name: "in"}
	res, err := job.Run(f, io.Discard)
	t.Log(res, err)
}
