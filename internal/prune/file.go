package prune

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/internal/errkind"
	"github.com/slidingpuzzle/solver/internal/zstdio"
)

// A pruner's file is a header and a zstd frame of its states:
//
//	offset  size  what
//	0       8     "SPPRUNE1"
//	8       1     rows
//	9       1     columns
//	10      1     depth
//	11      1     0
//	12      4     states, little-endian
//	16      4     checksum (CRC-32C) of bytes 8 to 15, then the raw bytes
//	20      ...   one zstd frame of the raw bytes: the root of each cell,
//	              then the next state of each state and move, each a
//	              little-endian int32
const magic = "SPPRUNE1"

const headerLen = 20

// ErrCorrupt is what errors.Is finds in the error of a file that is not
// a pruner's, or is corrupt.
const ErrCorrupt = errkind.Kind("prune: corrupt pruner")

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

func checksum(h, raw []byte) uint32 {
	return crc32.Update(crc32.Checksum(h, castagnoli), castagnoli, raw)
}

// Encode returns the file of p.
func Encode(p *Pruner) ([]byte, error) {
	n := p.Shape.Cells()
	raw := make([]byte, 0, 4*(n+len(p.Next)))
	for c := range n {
		raw = binary.LittleEndian.AppendUint32(raw, uint32(p.Root[c]))
	}
	for _, q := range p.Next {
		raw = binary.LittleEndian.AppendUint32(raw, uint32(q))
	}
	h := []byte(magic)
	h = append(h, byte(p.Shape.Rows), byte(p.Shape.Cols), byte(p.Depth), 0)
	h = binary.LittleEndian.AppendUint32(h, uint32(len(p.Next)/4))
	h = binary.LittleEndian.AppendUint32(h, checksum(h[8:16], raw))
	enc, err := zstdio.Encoder()
	if err != nil {
		return nil, err
	}
	return enc.EncodeAll(raw, h), nil
}

// Decode reads the file of the pruner of shape s, and checks it whole: a
// file that is not one, of another shape, or corrupt is an error
// (ErrCorrupt), never a pruner that would prune otherwise.
func Decode(data []byte, s board.Shape) (*Pruner, error) {
	corrupt := func(format string, args ...any) error {
		return errkind.New(ErrCorrupt, nil, "prune: corrupt %v pruner: %s", s, fmt.Sprintf(format, args...))
	}
	if len(data) < headerLen || string(data[:8]) != magic {
		return nil, corrupt("not a pruner's file")
	}
	if got := (board.Shape{Rows: int(data[8]), Cols: int(data[9])}); got != s {
		return nil, corrupt("a file of a %v board", got)
	}
	n := s.Cells()
	states := int(binary.LittleEndian.Uint32(data[12:]))
	if states < n || states > maxStates {
		return nil, corrupt("%d states", states)
	}
	dec, err := zstdio.Decoder()
	if err != nil {
		return nil, err
	}
	want := 4 * (n + 4*states)
	raw, err := dec.DecodeAll(data[headerLen:], make([]byte, 0, want))
	if err != nil || len(raw) != want {
		return nil, corrupt("the states do not decode to %d bytes", want)
	}
	if sum := checksum(data[8:16], raw); sum != binary.LittleEndian.Uint32(data[16:]) {
		return nil, corrupt("checksum %08x, want %08x", sum, binary.LittleEndian.Uint32(data[16:]))
	}
	p := &Pruner{Shape: s, Depth: int(data[10]), Next: make([]int32, 4*states)}
	for c := range n {
		q := int32(binary.LittleEndian.Uint32(raw[4*c:]))
		if q < 0 || int(q) >= states {
			return nil, corrupt("cell %d starts in state %d", c, q)
		}
		p.Root[c] = q
	}
	for i := range p.Next {
		q := int32(binary.LittleEndian.Uint32(raw[4*(n+i):]))
		if q < Pruned || int(q) >= states {
			return nil, corrupt("state %d goes to state %d", i/4, q)
		}
		p.Next[i] = q
	}
	if err := p.check(); err != nil {
		return nil, corrupt("%v", err)
	}
	return p, nil
}

// maxStates is the most states a pruner's file may have: 32 MB of them.
// Build makes 53K for the 4x4 and 5x5 boards.
const maxStates = 1 << 21

// check reports whether every state of p follows the board: a state is
// reached from one cell's root only, with the blank in one cell, and a
// move it allows stays on the board and leads to a state of the blank's
// new cell. A pruner that passes cannot make a search step off the board.
func (p *Pruner) check() error {
	n := p.Shape.Cells()
	cell := make([]int16, len(p.Next)/4)
	for i := range cell {
		cell[i] = -1
	}
	var queue []int32
	for c := range n {
		q := p.Root[c]
		if cell[q] >= 0 && int(cell[q]) != c {
			return fmt.Errorf("state %d is the start of cells %d and %d", q, cell[q], c)
		}
		if cell[q] < 0 {
			cell[q] = int16(c)
			queue = append(queue, q)
		}
	}
	for len(queue) > 0 {
		q := queue[0]
		queue = queue[1:]
		c := int(cell[q])
		for m := range board.Move(board.NumMoves) {
			next := p.Next[4*int(q)+int(m)]
			if next == Pruned {
				continue
			}
			to, ok := p.Shape.Step(c, m)
			if !ok {
				return fmt.Errorf("state %d moves %c off the board from cell %d", q, board.Letters[m], c)
			}
			switch {
			case cell[next] < 0:
				cell[next] = int16(to)
				queue = append(queue, next)
			case int(cell[next]) != to:
				return fmt.Errorf("state %d is reached with the blank in cells %d and %d", next, cell[next], to)
			}
		}
	}
	for q, c := range cell {
		if c < 0 {
			return fmt.Errorf("state %d is reached from no cell", q)
		}
	}
	return nil
}
