package engine

// SetCutNodes sets the nodes the search after a cut one may visit, and
// returns what it was.
func SetCutNodes(n int64) int64 {
	old := cutNodes
	cutNodes = n
	return old
}

// SetWeightedNodes sets the nodes the weighted search of a 5x5 board may
// visit, and returns what it was.
func SetWeightedNodes(n int64) int64 {
	old := weightedNodes
	weightedNodes = n
	return old
}
