// Package cachefile writes the files of the commands' cache folder whole
// or not at all: each to a file of its own in the folder first, renamed
// into place, so that a reader never meets half of one. A process killed
// in the middle of a write leaves only such a file, which a later write
// removes once it is an hour old (a write takes milliseconds).
package cachefile

import (
	"os"
	"path/filepath"
	"time"
)

// tempPattern names the files Write writes before it renames them.
const tempPattern = ".part-*"

// Write makes the folder of path if it is not there, and writes the file
// at path with write, whole or not at all.
func Write(path string, write func(f *os.File) error) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	removeStale(dir)
	tmp, err := os.CreateTemp(dir, tempPattern)
	if err != nil {
		return err
	}
	err = write(tmp)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

// removeStale removes from dir the files of writes that a process killed
// in the middle left behind: those an hour old or more.
func removeStale(dir string) {
	names, _ := filepath.Glob(filepath.Join(dir, tempPattern))
	for _, name := range names {
		if info, err := os.Stat(name); err == nil && time.Since(info.ModTime()) > time.Hour {
			os.Remove(name)
		}
	}
}
