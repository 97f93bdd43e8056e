//go:build darwin || freebsd

package offheap

// adviseHuge does nothing where huge pages are not asked for by advice.
func adviseHuge([]byte) {}
