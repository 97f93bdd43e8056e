package pdb

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/internal/zstdio"
)

// A database file holds the extras of one pattern, little-endian:
//
//	offset  size  field
//	0       4     magic "SPZP"
//	4       1     format version: 1, or 2 for a zero-aware database
//	5       1     rows
//	6       1     columns
//	7       1     the goal's blank cell
//	8       1     k, the pattern's number of cells
//	9       k     the pattern's goal cells, ascending
//	9+k     4     number of placements, n!/(n-k)!
//	13+k    1     storage: 0 a zstd frame, 1 the raw bytes as they are
//	14+k    4     length of the raw bytes
//	18+k    4     CRC-32 (Castagnoli) of the raw bytes
//	22+k    ...   the raw bytes
//
// The raw bytes hold each placement's extra (see Build) in four bits, two
// placements a byte, the lower index in the low bits:
//
//	byte i:  7 6 5 4 | 3 2 1 0
//	         2i+1      2i
//
// or, zero-aware (Pattern.Zero), a byte a placement: the extra with the
// blank in the goal's blank's region in the low four bits, the least over
// the other regions in the high four.
//
// Raw storage is for databases too large to decompress at every start: a
// program maps the file and reads its bytes in place.

// Magic begins every database file.
const Magic = "SPZP"

// Version is the format version this package reads and writes, of an
// additive database; ZeroVersion that of a zero-aware one.
const (
	Version     = 1
	ZeroVersion = 2
)

// Ext is the file name extension of database files, ZeroExt that of
// zero-aware ones.
const (
	Ext     = ".pdb"
	ZeroExt = ".zpdb"
)

// Storage says how a file holds its raw bytes.
type Storage uint8

const (
	Zstd Storage = iota // one zstd frame, decoded on load
	Raw                 // as they are, for mapping
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Checksum returns the checksum a file records for raw bytes.
func Checksum(raw []byte) uint32 { return crc32.Checksum(raw, castagnoli) }

// FileName names the database of p: "4x4-b0-1.2.3.4.5.6.pdb", or
// "5x5-b0-1.2.5.6.7.12.zpdb" for a zero-aware one.
func FileName(p Pattern) string {
	b := fmt.Appendf(nil, "%dx%d-b%d-", p.Shape.Rows, p.Shape.Cols, p.Blank)
	for i, c := range p.Cells {
		if i > 0 {
			b = append(b, '.')
		}
		b = fmt.Appendf(b, "%d", c)
	}
	if p.Zero {
		return string(b) + ZeroExt
	}
	return string(b) + Ext
}

// Pack packs extras four bits each: the raw bytes of a file.
func Pack(extras []uint8) ([]byte, error) {
	raw := make([]byte, (len(extras)+1)/2)
	for i, e := range extras {
		if e > MaxExtra {
			return nil, fmt.Errorf("pdb: extra %d of placement %d is over %d", e, i, MaxExtra)
		}
		raw[i/2] |= e << (4 * (i & 1))
	}
	return raw, nil
}

// Header is the fixed part of a database file.
type Header struct {
	Pattern  Pattern // the pattern whose extras the file holds
	Storage  Storage // how the file holds its raw bytes
	RawLen   int     // the length of the raw bytes
	Checksum uint32  // the CRC-32 (Castagnoli) of the raw bytes, as Checksum returns it
}

// Encode returns the file of pattern p whose raw bytes are raw (Pack),
// stored as st says.
func Encode(p Pattern, raw []byte, st Storage) ([]byte, error) {
	if st == Raw {
		return EncodeRaw(p, raw)
	}
	h, err := header(p, raw, st)
	if err != nil {
		return nil, err
	}
	enc, err := zstdio.Encoder()
	if err != nil {
		return nil, fmt.Errorf("pdb: %w", err)
	}
	return enc.EncodeAll(raw, h), nil
}

// EncodeRaw is Encode with Raw storage. A program that writes only raw
// files (solve keeps the databases it builds so) links no zstd encoder.
func EncodeRaw(p Pattern, raw []byte) ([]byte, error) {
	h, err := header(p, raw, Raw)
	if err != nil {
		return nil, err
	}
	return append(h, raw...), nil
}

// WriteRaw writes the file of pattern p whose raw bytes are raw (Pack,
// BuildRaw) to w, with Raw storage, without a copy of raw.
func WriteRaw(w io.Writer, p Pattern, raw []byte) error {
	h, err := header(p, raw, Raw)
	if err != nil {
		return err
	}
	if _, err := w.Write(h); err != nil {
		return err
	}
	_, err = w.Write(raw)
	return err
}

// header returns the header of the file of p whose raw bytes are raw.
func header(p Pattern, raw []byte, st Storage) ([]byte, error) {
	if err := p.Check(); err != nil {
		return nil, err
	}
	if len(raw) != p.rawLen() {
		return nil, fmt.Errorf("pdb: %d raw bytes for %v, want %d", len(raw), p, p.rawLen())
	}
	version := byte(Version)
	if p.Zero {
		version = ZeroVersion
	}
	h := []byte(Magic)
	h = append(h, version, byte(p.Shape.Rows), byte(p.Shape.Cols), byte(p.Blank), byte(len(p.Cells)))
	for _, c := range p.Cells {
		h = append(h, byte(c))
	}
	h = binary.LittleEndian.AppendUint32(h, uint32(p.Size()))
	h = append(h, byte(st))
	h = binary.LittleEndian.AppendUint32(h, uint32(len(raw)))
	h = binary.LittleEndian.AppendUint32(h, Checksum(raw))
	return h, nil
}

// ReadHeader reads the header of a file and returns it with the rest.
func ReadHeader(data []byte) (Header, []byte, error) {
	var h Header
	if len(data) < 9 || string(data[:4]) != Magic {
		return h, nil, errors.New("not a pattern database (bad magic)")
	}
	if data[4] != Version && data[4] != ZeroVersion {
		return h, nil, fmt.Errorf("format version %d, want %d or %d", data[4], Version, ZeroVersion)
	}
	p := Pattern{Shape: board.Shape{Rows: int(data[5]), Cols: int(data[6])}, Blank: int(data[7]), Zero: data[4] == ZeroVersion}
	k := int(data[8])
	if len(data) < 22+k {
		return h, nil, errors.New("truncated header")
	}
	for _, c := range data[9 : 9+k] {
		p.Cells = append(p.Cells, int(c))
	}
	if err := p.Check(); err != nil {
		return h, nil, fmt.Errorf("bad pattern: %w", err)
	}
	rest := data[9+k:]
	if size := binary.LittleEndian.Uint32(rest); int(size) != p.Size() {
		return h, nil, fmt.Errorf("%d placements, want %d", size, p.Size())
	}
	h = Header{Pattern: p, Storage: Storage(rest[4]), RawLen: int(binary.LittleEndian.Uint32(rest[5:])), Checksum: binary.LittleEndian.Uint32(rest[9:])}
	if h.Storage > Raw {
		return h, nil, fmt.Errorf("unknown storage %d", h.Storage)
	}
	if h.RawLen != p.rawLen() {
		return h, nil, fmt.Errorf("raw length %d, want %d", h.RawLen, p.rawLen())
	}
	return h, rest[13:], nil
}

// DB is a decoded database: a pattern and its extras.
type DB struct {
	Pattern Pattern // the pattern whose extras db holds
	raw     []byte
}

// Raw returns the raw bytes of db. The caller must not modify them. A DB
// made otherwise than by Decode or FromExtras has none.
func (db *DB) Raw() []byte {
	if db == nil {
		return nil
	}
	return db.raw
}

// Extra returns the extra of the placement with index i, or 0 (no moves
// beyond the Manhattan distance, still a lower bound) for an index that is
// not one of db's. Of a zero-aware database it is the least over the
// blank's regions, as an additive database holds.
func (db *DB) Extra(i int) uint8 {
	if db == nil || i < 0 {
		return 0
	}
	if db.Pattern.Zero {
		if i >= len(db.raw) {
			return 0
		}
		return min(db.raw[i]&15, db.raw[i]>>4)
	}
	if i>>1 >= len(db.raw) {
		return 0
	}
	return db.raw[i>>1] >> (4 * (i & 1)) & 15
}

// Complete reports whether db holds an extra for every placement of its
// pattern: made by Decode or FromExtras, not by hand.
func (db *DB) Complete() bool {
	return db != nil && db.Pattern.Check() == nil && len(db.raw) == db.Pattern.rawLen()
}

// Decode reads a whole file; a file that is not whole is an error that
// matches ErrCorrupt (errors.Is). Raw storage is used in place: data must stay
// as it is while the DB is in use. check says whether to verify the
// checksum of raw storage (a frame's is always verified): a mapped file
// of hundreds of megabytes is checked once, when it is installed.
func Decode(data []byte, check bool) (*DB, error) {
	h, rest, err := ReadHeader(data)
	if err != nil {
		return nil, corrupt(err, "pdb: %v", err)
	}
	var raw []byte
	switch h.Storage {
	case Raw:
		if len(rest) != h.RawLen {
			return nil, corrupt(nil, "pdb: corrupt %v database: %d raw bytes, want %d", h.Pattern, len(rest), h.RawLen)
		}
		raw = rest
	default:
		dec, err := zstdio.Decoder()
		if err != nil {
			return nil, fmt.Errorf("pdb: %w", err)
		}
		if raw, err = dec.DecodeAll(rest, make([]byte, 0, h.RawLen)); err != nil {
			return nil, corrupt(err, "pdb: corrupt %v database: %v", h.Pattern, err)
		}
		if len(raw) != h.RawLen {
			return nil, corrupt(nil, "pdb: corrupt %v database: %d raw bytes, want %d", h.Pattern, len(raw), h.RawLen)
		}
		check = true
	}
	if check {
		if sum := Checksum(raw); sum != h.Checksum {
			return nil, corrupt(nil, "pdb: corrupt %v database: checksum %08x, want %08x", h.Pattern, sum, h.Checksum)
		}
	}
	return &DB{Pattern: h.Pattern, raw: raw}, nil
}

// FromExtras returns the database of p with the given extras (Build), as
// decoding its file would: for a zero-aware p, a byte a placement as its
// raw bytes hold them.
func FromExtras(p Pattern, extras []uint8) (*DB, error) {
	if err := p.Check(); err != nil {
		return nil, err
	}
	if len(extras) != p.Size() {
		return nil, fmt.Errorf("pdb: %d extras for %v, want %d", len(extras), p, p.Size())
	}
	if p.Zero {
		return &DB{Pattern: p, raw: append([]byte(nil), extras...)}, nil
	}
	raw, err := Pack(extras)
	if err != nil {
		return nil, err
	}
	return &DB{Pattern: p, raw: raw}, nil
}
