//go:build linux || darwin || freebsd

package cachefile

import (
	"path/filepath"
	"testing"
	"time"
)

// TestLock: a second Lock of a path waits until the first lets go.
func TestLock(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "a.pdb")
	unlock := Lock(path)
	got := make(chan time.Time)
	go func() {
		u := Lock(path)
		got <- time.Now()
		u()
	}()
	select {
	case <-got:
		t.Fatal("a second Lock did not wait")
	case <-time.After(100 * time.Millisecond):
	}
	unlock()
	<-got
}
