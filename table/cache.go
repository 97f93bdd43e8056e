package table

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"unsafe"

	"github.com/slidingpuzzle/solver/internal/cachefile"
	"github.com/slidingpuzzle/solver/internal/mapped"
)

// The fast lookups a batch builds (fastTable, 1.4 MB for a 3x3 goal) can
// be kept in a folder (Set.WithCache), so that the next process that needs
// them reads them in a fraction of a millisecond instead of building them
// again. A file is named for its table's shape, blank cell and checksum,
// so a table made again never meets the lookups of the old one, and holds
//
//	offset  size  field
//	0       4     magic "SPZF"
//	4       1     format version (1)
//	5       3     zero
//	8       4     number of positions n (little-endian)
//	12      4     CRC-32 (Castagnoli) of the paths
//	16      8n    the paths, little-endian
//
// A file that does not match in every field is not used (and is written
// again); one that cannot be written is no fault: the lookups are built in
// memory as without a cache.
const (
	fastMagic   = "SPZF"
	fastVersion = 1
)

// WithCache returns a Set of the same tables whose fast lookups are kept
// in dir (made when first written to), and read from it when they are
// there. Its tables are decoded apart from s's.
func (s *Set) WithCache(dir string) *Set {
	if s == nil {
		return nil
	}
	return &Set{fsys: s.fsys, tables: make(map[key]func() (*Table, error)), cache: dir}
}

// cacheFile names the file of t's fast lookups in dir.
func (t *Table) cacheFile() string {
	s := t.goal.Shape()
	return filepath.Join(t.cache, fmt.Sprintf("%dx%d-%d.%08x.fast", s.Rows, s.Cols, t.goal.Blank(), t.checksum))
}

// kept reports whether t's cache holds a file of its fast lookups (which
// loadFast still checks whole).
func (t *Table) kept() bool {
	if t.cache == "" {
		return false
	}
	_, err := os.Stat(t.cacheFile())
	return err == nil
}

// loadFast maps t's fast lookups from its cache in place (internal/mapped),
// or returns nil when they are not there whole.
func (t *Table) loadFast() *fastTable {
	data, err := mapped.File(t.cacheFile())
	n := Size(t.goal.Shape())
	if err != nil || len(data) != 16+8*n || string(data[:4]) != fastMagic || data[4] != fastVersion ||
		binary.LittleEndian.Uint32(data[8:]) != uint32(n) || binary.LittleEndian.Uint32(data[12:]) != Checksum(data[16:]) {
		return nil
	}
	var paths []uint64
	if binary.NativeEndian.Uint16([]byte{1, 0}) == 1 && uintptr(unsafe.Pointer(&data[16]))%8 == 0 {
		// The file's words are this machine's, and aligned: read them
		// where they are.
		paths = unsafe.Slice((*uint64)(unsafe.Pointer(&data[16])), n)
	} else {
		paths = make([]uint64, n)
		for i := range paths {
			paths[i] = binary.LittleEndian.Uint64(data[16+8*i:])
		}
	}
	if paths[t.goalIdx] != 1 {
		return nil
	}
	return &fastTable{paths: paths}
}

// saveFast writes f to t's cache, whole or not at all (internal/cachefile).
func (t *Table) saveFast(f *fastTable) {
	cachefile.Write(t.cacheFile(), func(tmp *os.File) error {
		// The paths a piece at a time, then the header, whose checksum
		// they make on the way.
		var head [16]byte
		if _, err := tmp.Write(head[:]); err != nil {
			return err
		}
		var buf [8 << 10]byte
		var sum uint32
		for i := 0; i < len(f.paths); {
			k := 0
			for ; k < len(buf) && i < len(f.paths); k, i = k+8, i+1 {
				binary.LittleEndian.PutUint64(buf[k:], f.paths[i])
			}
			sum = crc32.Update(sum, castagnoli, buf[:k])
			if _, err := tmp.Write(buf[:k]); err != nil {
				return err
			}
		}
		copy(head[:], fastMagic)
		head[4] = fastVersion
		binary.LittleEndian.PutUint32(head[8:], uint32(len(f.paths)))
		binary.LittleEndian.PutUint32(head[12:], sum)
		_, err := tmp.WriteAt(head[:], 0)
		return err
	})
}
