package reduce

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"hash/fnv"
	"os"
	"path/filepath"

	"github.com/slidingpuzzle/solver/internal/cachefile"
	"github.com/slidingpuzzle/solver/internal/mapped"
)

// A beam table's file in the cache folder (Options.Cache), that a later
// process reads rather than searches for again (a 20x20 board's last
// parts take about 70 MB of them, 2 s of two cores to make):
//
//	magic "SPZB", version (1 byte), h, w, k (a byte each)
//	the group's tiles (3 bytes), the wall's bits (32 bytes)
//	whole (1 byte), the CRC-32C of the tables (4 bytes, little-endian)
//	dist (m^(k+1) bytes), least (m^k bytes)
//
// A file that is not whole, or whose header or checksum is not the
// key's, is made again, never used.
const (
	tableMagic   = "SPZB"
	tableVersion = 1
	tableHeader  = 4 + 1 + 3 + 3 + 32 + 1 + 4
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// tableFileName names the file of the tables of key.
func tableFileName(key tableKey) string {
	h := fnv.New64a()
	h.Write(key.wall[:])
	return fmt.Sprintf("beam-%dx%d-%d-%d.%d.%d-%016x.tbl", key.h, key.w, key.k, key.tiles[0], key.tiles[1], key.tiles[2], h.Sum64())
}

// tableHeaderOf returns the header of the tables of key.
func tableHeaderOf(key tableKey, whole bool, sum uint32) []byte {
	b := make([]byte, 0, tableHeader)
	b = append(b, tableMagic...)
	b = append(b, tableVersion, key.h, key.w, key.k)
	b = append(b, key.tiles[:]...)
	b = append(b, key.wall[:]...)
	w := byte(0)
	if whole {
		w = 1
	}
	b = append(b, w)
	return binary.LittleEndian.AppendUint32(b, sum)
}

// readTables returns the tables of key kept in the folder dir, of
// distN and leastN bytes, and false where there is no sound file of
// them.
func readTables(dir string, key tableKey, distN, leastN int) (dist, least []byte, whole, ok bool) {
	data, err := mapped.File(filepath.Join(dir, tableFileName(key)))
	if err != nil || len(data) != tableHeader+distN+leastN {
		return nil, nil, false, false
	}
	tables := data[tableHeader:]
	sum := crc32.Checksum(tables, castagnoli)
	whole = data[tableHeader-5] == 1
	if !bytes.Equal(data[:tableHeader], tableHeaderOf(key, whole, sum)) {
		return nil, nil, false, false
	}
	return tables[:distN:distN], tables[distN:], whole, true
}

// writeTables keeps the tables of key in the folder dir, whole or not
// at all; a cache that cannot be written is no fault, only slower next
// time.
func writeTables(dir string, key tableKey, dist, least []byte, whole bool) {
	crc := crc32.Update(crc32.Checksum(dist, castagnoli), castagnoli, least)
	cachefile.Write(filepath.Join(dir, tableFileName(key)), func(f *os.File) error {
		for _, part := range [][]byte{tableHeaderOf(key, whole, crc), dist, least} {
			if _, err := f.Write(part); err != nil {
				return err
			}
		}
		return nil
	})
}
