// Command linked is the second start-up floor of the bench script: hello
// world linking every package cmd/solve links (the server's net/http and
// crypto among them, and zstd, whose package start-up fills a CRC table),
// so that the cost of starting a binary of that size shows apart from what
// solve does with one board.
package main

import (
	"fmt"

	_ "github.com/slidingpuzzle/solver/embedded"
	_ "github.com/slidingpuzzle/solver/engine"
	_ "github.com/slidingpuzzle/solver/internal/batch"
	_ "github.com/slidingpuzzle/solver/internal/cli"
	_ "github.com/slidingpuzzle/solver/internal/format"
	_ "github.com/slidingpuzzle/solver/internal/web"
	_ "github.com/slidingpuzzle/solver/pdb"
	_ "golang.org/x/term"
)

func main() { fmt.Println("hello, world") }
