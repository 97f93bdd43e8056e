//go:build !(linux || darwin || freebsd)

package offheap

// Make returns n zero values of T, and a function that does nothing: the
// collector frees them.
func Make[T any](n int) ([]T, func()) { return make([]T, n), func() {} }
