package table

import "github.com/slidingpuzzle/solver/internal/errkind"

// ErrCorrupt is matched (errors.Is) by every error for a table file that
// is not what a table file must be: a bad magic, version, header or
// length, a checksum that does not match, or a file that holds another
// goal's table. Such a file is never read for an answer.
var ErrCorrupt error = corruptKind

// ErrMissing is matched (errors.Is) by the error for a shape and goal
// blank whose table file is not in a Set.
var ErrMissing error = missingKind

// The kinds of ErrCorrupt and ErrMissing.
const (
	corruptKind = errkind.Kind("table: corrupt table")
	missingKind = errkind.Kind("table: missing table")
)

// corrupt returns an ErrCorrupt error with the message of format and
// args; cause is what it wraps, or nil.
func corrupt(cause error, format string, args ...any) error {
	return errkind.New(corruptKind, cause, format, args...)
}

// missing is corrupt for ErrMissing.
func missing(cause error, format string, args ...any) error {
	return errkind.New(missingKind, cause, format, args...)
}
