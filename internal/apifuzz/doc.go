// Package apifuzz holds no code: its tests call the exported API of every
// package with values a caller can build, zero values and nonsense
// included, and hold that nothing panics and no answer is wrong.
package apifuzz
