// Command hello is the start-up floor of the bench script: a Go program
// that prints one line.
package main

import "fmt"

func main() { fmt.Println("hello, world") }
