module github.com/slidingpuzzle/solver

go 1.26

require github.com/klauspost/compress v1.20.4 // indirect
