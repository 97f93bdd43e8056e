// Package golden compares the output of tests with golden files, which
// the tests' -update flag rewrites.
package golden

import (
	"os"
	"testing"
)

// Check compares got with the file at path, after writing got there when
// update is set. A golden file that does not exist stands for empty
// output, and is removed by an update with empty output.
func Check(t testing.TB, path, got string, update bool) {
	t.Helper()
	if update {
		var err error
		if got == "" {
			err = os.Remove(path)
			if os.IsNotExist(err) {
				err = nil
			}
		} else {
			err = os.WriteFile(path, []byte(got), 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("%s differs (go test -update rewrites it):\n--- got\n%s--- want\n%s", path, got, want)
	}
}
