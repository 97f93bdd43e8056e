package pdb

import "github.com/slidingpuzzle/solver/internal/errkind"

// ErrCorrupt is matched (errors.Is) by every error for a database file
// that is not what a database file must be: a bad magic, version, header
// or length, a checksum that does not match, a frame that does not
// decode, or a file that holds another pattern's database. Such a file is
// never read as a weaker bound.
var ErrCorrupt error = corruptKind

// ErrMissing is matched (errors.Is) by the error for a pattern whose
// database file is not in a Set or folder.
var ErrMissing error = missingKind

// The kinds of ErrCorrupt and ErrMissing.
const (
	corruptKind = errkind.Kind("pdb: corrupt pattern database")
	missingKind = errkind.Kind("pdb: missing pattern database")
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
