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

// WithCheapNodes returns a Solver of v's tables and databases whose
// search without databases, of a board whose goal's databases are to be
// built, visits at most n nodes (1: the databases are built for every
// board that is not the goal).
func WithCheapNodes(v *Solver, n int64) *Solver {
	c := v.like()
	c.cheap = n
	return c
}
