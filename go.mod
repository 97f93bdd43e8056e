module github.com/slidingpuzzle/solver

go 1.26.0

require (
	github.com/klauspost/compress v1.20.4
	golang.org/x/term v0.48.0
)

require golang.org/x/sys v0.50.0 // indirect
