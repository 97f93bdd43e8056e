// Package offheap gives memory outside Go's heap, mapped from the system
// and given back the moment the work that needed it ends, not when the
// collector next runs: a database's build states (a gigabyte for 8 tiles
// of 16), the beam search's tables. A process that keeps its heap under a
// soft limit (solve's 28 MiB) does not collect again and again for
// memory the collector could not free.
package offheap
