package search

// SetParallelFrom sets the nodes after which iterations run on every core,
// and returns what it was.
func SetParallelFrom(n int64) int64 {
	old := parallelFrom
	parallelFrom = n
	return old
}

// SetTaskOrder makes the cores take the tasks of each iteration in the
// order f gives (nil: in turn).
func SetTaskOrder(f func(n int) func(int64) int64) { testOrder = f }
