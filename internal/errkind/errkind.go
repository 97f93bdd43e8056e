// Package errkind gives the packages' sentinel errors (a corrupt file, a
// missing one) errors that match them with errors.Is while keeping their
// own messages, the words people read unchanged.
package errkind

import "fmt"

// Kind is a sentinel error: its message, matched by the errors of its
// kind.
type Kind string

func (k Kind) Error() string { return string(k) }

// New returns an error of kind whose message is format with args; cause,
// when not nil, is what it wraps.
func New(kind Kind, cause error, format string, args ...any) error {
	return &kindError{msg: fmt.Sprintf(format, args...), kind: kind, cause: cause}
}

// kindError is an error of a kind whose message says what and where.
type kindError struct {
	msg   string
	kind  Kind
	cause error
}

func (e *kindError) Error() string        { return e.msg }
func (e *kindError) Is(target error) bool { return target == e.kind }
func (e *kindError) Unwrap() error        { return e.cause }
