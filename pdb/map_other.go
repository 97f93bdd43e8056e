//go:build !unix

package pdb

import "os"

// mapFile reads the file at path: a system without mmap reads it whole.
func mapFile(path string) ([]byte, error) { return os.ReadFile(path) }
