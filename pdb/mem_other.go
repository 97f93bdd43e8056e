//go:build !(linux || darwin || freebsd)

package pdb

// allocWords returns n zero words, and a function that does nothing: the
// collector frees them.
func allocWords(n int) ([]uint64, func()) { return make([]uint64, n), func() {} }
