package offheap

import "golang.org/x/sys/unix"

// adviseHuge asks for mem in huge pages; it is only advice.
func adviseHuge(mem []byte) { _ = unix.Madvise(mem, unix.MADV_HUGEPAGE) }
