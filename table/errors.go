package table

import "fmt"

// ErrCorrupt is matched (errors.Is) by every error for a table file that
// is not what a table file must be: a bad magic, version, header or
// length, a checksum that does not match, or a file that holds another
// goal's table. Such a file is never read for an answer.
var ErrCorrupt = kindOnly("corrupt table")

// ErrMissing is matched (errors.Is) by the error for a shape and goal
// blank whose table file is not in a Set.
var ErrMissing = kindOnly("missing table")

// kindOnly is a sentinel: its own message, matched by the errors of its
// kind.
type kindOnly string

func (k kindOnly) Error() string { return "table: " + string(k) }

// kindError is an error of a kind (ErrCorrupt, ErrMissing) whose message
// says what and where; cause, when not nil, is what it wraps.
type kindError struct {
	msg   string
	kind  error
	cause error
}

func (e *kindError) Error() string        { return e.msg }
func (e *kindError) Is(target error) bool { return target == e.kind }
func (e *kindError) Unwrap() error        { return e.cause }

// corrupt returns an ErrCorrupt error with the message of format and
// args; cause is what it wraps, or nil.
func corrupt(cause error, format string, args ...any) error {
	return &kindError{msg: fmt.Sprintf(format, args...), kind: ErrCorrupt, cause: cause}
}

// missing is corrupt for ErrMissing.
func missing(cause error, format string, args ...any) error {
	return &kindError{msg: fmt.Sprintf(format, args...), kind: ErrMissing, cause: cause}
}
