//go:build linux || darwin || freebsd

package cachefile

import (
	"os"
	"path/filepath"

	"golang.org/x/sys/unix"
)

// Lock waits until no other process holds the lock of path (a file beside
// it, ".lock" added), takes it, and returns the function that lets it
// go: two processes that would build the same file, seconds of work, build
// it once, the second reading what the first wrote. Where the lock cannot
// be had (the folder cannot be written), it returns at once.
func Lock(path string) (unlock func()) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return func() {}
	}
	f, err := os.OpenFile(path+".lock", os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return func() {}
	}
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX); err != nil {
		f.Close()
		return func() {}
	}
	return func() {
		unix.Flock(int(f.Fd()), unix.LOCK_UN)
		f.Close()
	}
}
