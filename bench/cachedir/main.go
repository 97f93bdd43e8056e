// Command cachedir prints the folder where solve looks for the large
// databases by itself (pdb.DefaultDir), for the bench script.
package main

import (
	"fmt"
	"os"

	"github.com/slidingpuzzle/solver/pdb"
)

func main() {
	dir, err := pdb.DefaultDir()
	if err != nil {
		fmt.Fprintln(os.Stderr, "cachedir:", err)
		os.Exit(1)
	}
	fmt.Println(dir)
}
