// Package generated holds the tables of optimal moves, written by
// cmd/gentable, and embeds them (FS). It has no logic: package embedded
// wires FS into a table.Set.
//
// Rebuild the tables with
//
//	go generate ./...
package generated

//go:generate go run ../cmd/gentable -o .
