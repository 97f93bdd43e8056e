//go:build !unix

package mapped

import "os"

// File reads the file at path: a system without mmap reads it whole.
func File(path string) ([]byte, error) { return os.ReadFile(path) }
