package search

import (
	"slices"
	"testing"

	"github.com/slidingpuzzle/solver/internal/prune"
)

// TestEmbeddedPruners: the embedded pruners are those gentable -prune
// builds now (go generate ./... writes them again).
func TestEmbeddedPruners(t *testing.T) {
	for _, s := range prune.Embedded {
		got, err := prunerOf(s)
		if err != nil {
			t.Fatal(err)
		}
		want := prune.Build(s, 0, prune.EmbeddedRuns)
		if got.Depth != want.Depth || got.Root != want.Root || !slices.Equal(got.Next, want.Next) {
			t.Errorf("the embedded %v pruner is not the one built now: run go generate ./...", s)
		}
	}
}
