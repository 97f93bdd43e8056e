package engine

// SetCutNodes sets the nodes the search after a cut one may visit, and
// returns what it was.
func SetCutNodes(n int64) int64 {
	old := cutNodes
	cutNodes = n
	return old
}
