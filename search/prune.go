package search

import (
	"embed"
	"errors"
	"io/fs"
	"sync"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/internal/prune"
)

// The pruners of the shapes of prune.Embedded, written by gentable -prune.
//
//go:generate go run ../cmd/gentable -prune .
//go:embed *.prune
var prunerFiles embed.FS

var (
	prunersMu sync.Mutex
	pruners   = map[board.Shape]func() (*prune.Pruner, error){}
)

// prunerOf returns the pruner of shape s, a valid shape of at most
// MaxLargeCells cells, once: the embedded one where there is one, else
// one it builds (prune.RuntimeRuns).
func prunerOf(s board.Shape) (*prune.Pruner, error) {
	prunersMu.Lock()
	f, ok := pruners[s]
	if !ok {
		f = sync.OnceValues(func() (*prune.Pruner, error) {
			data, err := prunerFiles.ReadFile(prune.FileName(s))
			if errors.Is(err, fs.ErrNotExist) {
				return prune.Build(s, 0, prune.RuntimeRuns), nil
			}
			if err != nil {
				return nil, err
			}
			return prune.Decode(data, s)
		})
		pruners[s] = f
	}
	prunersMu.Unlock()
	return f()
}
