// Package doccheck holds no code: its test reads the source of every
// public package and holds that the exported surface is documented in
// the package's own terms. A doc comment of an exported name never names
// an unexported identifier of its package, and every exported field of
// an exported struct type has a doc or line comment.
package doccheck
