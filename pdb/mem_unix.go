//go:build linux || darwin || freebsd

package pdb

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

// allocWords returns n zero words outside Go's heap, and the function
// that gives them back: a build's states, a gigabyte for 8 tiles of 16,
// are returned to the system the moment the build ends, not when the
// collector next runs. Where the system can, they are asked for in huge
// pages, which spare the search's scattered reads most of their TLB
// misses. When mapping fails, they come from the heap.
func allocWords(n int) ([]uint64, func()) {
	if n == 0 {
		return nil, func() {}
	}
	mem, err := unix.Mmap(-1, 0, 8*n, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_ANON|unix.MAP_PRIVATE)
	if err != nil {
		return make([]uint64, n), func() {}
	}
	adviseHuge(mem)
	words := unsafe.Slice((*uint64)(unsafe.Pointer(unsafe.SliceData(mem))), n)
	return words, func() { unix.Munmap(mem) }
}
