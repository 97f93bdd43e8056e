// Command floor is the I/O floor of the bench script: it reads each line
// of standard input and writes one short line for it, as fast as a plain
// Go program does, and nothing else. Solving is measured against it.
package main

import (
	"bufio"
	"os"
)

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 64<<10), 64<<10)
	out := bufio.NewWriterSize(os.Stdout, 64<<10)
	for in.Scan() {
		if len(in.Bytes()) > 0 {
			out.WriteString("ok\n")
		}
	}
	out.Flush()
}
