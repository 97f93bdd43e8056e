//go:build linux || darwin || freebsd

package offheap

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

// Make returns n zero values of T outside Go's heap, and the function
// that gives them back. Where the system can, they are asked for in huge
// pages, which spare scattered reads most of their TLB misses. When
// mapping fails, they come from the heap. T must hold no pointers.
func Make[T any](n int) ([]T, func()) {
	var zero T
	size := int(unsafe.Sizeof(zero))
	if n <= 0 || size == 0 {
		return nil, func() {}
	}
	mem, err := unix.Mmap(-1, 0, size*n, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_ANON|unix.MAP_PRIVATE)
	if err != nil {
		return make([]T, n), func() {}
	}
	adviseHuge(mem)
	return unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(mem))), n), func() { unix.Munmap(mem) }
}
