//go:build amd64 && !purego

package table

// prefetch8 asks the CPU for the cache lines at the eight addresses
// (PREFETCHT0), and goes on at once: a prefetch does not wait for its
// line, as a load that misses the caches keeps every later instruction
// from retiring until its line comes. It cannot fault, whatever the
// address.
//
//go:noescape
func prefetch8(addrs *[8]uintptr)
