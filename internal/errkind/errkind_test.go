package errkind

import (
	"errors"
	"io"
	"testing"
)

func TestKind(t *testing.T) {
	const corrupt, missing = Kind("x: corrupt"), Kind("x: missing")
	err := New(corrupt, io.ErrUnexpectedEOF, "x: file %s: %v", "a", io.ErrUnexpectedEOF)
	if err.Error() != "x: file a: unexpected EOF" {
		t.Errorf("message %q", err)
	}
	if !errors.Is(err, corrupt) || errors.Is(err, missing) || !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("%v matches the wrong kinds or loses its cause", err)
	}
	if errors.Is(New(missing, nil, "m"), corrupt) || !errors.Is(New(missing, nil, "m"), missing) {
		t.Error("a missing error is corrupt, or not missing")
	}
}
