package reduce

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestTableFile: tables kept in the cache folder read back as they were
// made; a file spoilt anywhere (a bit of its header or its tables, cut
// short, of another key) is not read.
func TestTableFile(t *testing.T) {
	dir := t.TempDir()
	s := &solver{rows: 4, cols: 5, bottom: 4, right: 5, blankGoal: 19}
	p := s.newPart(0, 4, 0, 5)
	g := &group{tiles: []uint8{0, 1}}
	size := p.m * p.m
	dist, least := make([]uint8, size*p.m), make([]uint8, size)
	var q room[uint32]
	defer q.release()
	whole := p.fill(g.tiles, nil, &q, dist, least)
	key := tableKey{h: 4, w: 5, k: 2, tiles: [3]uint8{0, 1}}
	key.wall[1] = 0x5 // another wall than none: part of the key
	writeTables(dir, key, dist, least, whole)
	d, l, w, ok := readTables(dir, key, size*p.m, size)
	if !ok || w != whole || !bytes.Equal(d, dist) || !bytes.Equal(l, least) {
		t.Fatalf("read back: %v, whole %v; want the tables as made, whole %v", ok, w, whole)
	}
	other := key
	other.tiles[1] = 2
	if _, _, _, ok := readTables(dir, other, size*p.m, size); ok {
		t.Error("another key's tables read")
	}
	name := filepath.Join(dir, tableFileName(key))
	good, _ := os.ReadFile(name)
	for _, at := range []int{0, 5, 9, tableHeader - 3, tableHeader, tableHeader + len(dist) + 3} {
		bad := append([]byte(nil), good...)
		bad[at] ^= 0x10
		os.WriteFile(name, bad, 0o644)
		if _, _, _, ok := readTables(dir, key, size*p.m, size); ok {
			t.Errorf("a file spoilt at byte %d read", at)
		}
	}
	os.WriteFile(name, good[:len(good)-1], 0o644)
	if _, _, _, ok := readTables(dir, key, size*p.m, size); ok {
		t.Error("a file cut short read")
	}
}
