package table

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"slices"

	"github.com/slidingpuzzle/solver/board"
)

// A table file holds, for every position that can reach one goal, one
// optimal move of the blank. All integers are little-endian:
//
//	offset  size  field
//	0       4     magic "SPZT"
//	4       1     format version, 3
//	5       1     rows
//	6       1     columns
//	7       n     the goal, row by row, 0 for the blank (n = rows*columns)
//	7+n     4     number of positions, Size(shape)
//	11+n    1     largest distance from the goal
//	12+n    4     length of the raw bytes, RawLen(shape)
//	16+n    4     CRC-32 (Castagnoli) of the raw bytes
//	20+n    ...   the raw bytes
//
// The raw bytes give each position's move as its place among the moves
// the blank can make from its cell, in the order d l r u, each cell's
// positions in as few bits as its places need (see layout): a table is
// looked up where it lies, with nothing to decode, and takes about what
// zstd made of two bits a position.
//
// The move is the first in the order d < l < r < u that leads one step
// closer to the goal, so following the table spells the lexicographically
// smallest shortest path. The goal's own entry is 0.

// Magic begins every table file.
const Magic = "SPZT"

// Version is the format version this package reads and writes. Version 1
// held the moves themselves, two bits each, and version 2 their places in
// two bits each, both compressed with zstd.
const Version = 3

// Ext is the file name extension of table files.
const Ext = ".tbl"

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Checksum returns the checksum a table file records for raw bytes.
func Checksum(raw []byte) uint32 { return crc32.Checksum(raw, castagnoli) }

// Header is the fixed part of a table file.
type Header struct {
	Goal     board.Board // a standard goal: Shape().Goal(Goal.Blank())
	MaxDepth int         // the largest distance from the goal
	RawLen   int         // length of the raw bytes
	Checksum uint32      // Checksum of the raw bytes
}

// RawLen returns the length of the raw bytes of a table for shape s, or 0
// for a shape that is not valid.
func RawLen(s board.Shape) int {
	if !s.Small() {
		return 0
	}
	return newLayout(s).size
}

// checkGoal reports whether goal is a standard goal a table can have.
func checkGoal(goal board.Board) error {
	s := goal.Shape()
	switch {
	case !goal.Small():
		return errors.New("table: the goal is not a valid board")
	case goal != s.Goal(goal.Blank()):
		return fmt.Errorf("table: goal %v is not the standard goal %v", goal, s.Goal(goal.Blank()))
	case Size(s) > maxSize:
		return fmt.Errorf("table: %v boards have too many positions for a table", s)
	}
	return nil
}

// maxSize is the most positions a table may have: 2x5 and 5x2 boards, of
// 10 cells, have 1.8M; 11 cells would have 20M.
const maxSize = 1 << 28

// Encode returns a table file for goal, whose positions' moves are
// moves[Index(position)], each 0..3, and whose largest distance is
// maxDepth. The output depends only on its arguments.
func Encode(goal board.Board, moves []board.Move, maxDepth int) ([]byte, error) {
	if err := checkGoal(goal); err != nil {
		return nil, err
	}
	if maxDepth < 0 || maxDepth > 255 {
		return nil, fmt.Errorf("table: largest distance %d, want 0..255", maxDepth)
	}
	s := goal.Shape()
	if len(moves) != Size(s) {
		return nil, fmt.Errorf("table: %d moves for %v, want %d", len(moves), s, Size(s))
	}
	raw, err := Pack(goal, moves)
	if err != nil {
		return nil, err
	}
	return encodeRaw(goal, raw, maxDepth), nil
}

// encodeRaw returns a table file for goal with the given raw bytes.
func encodeRaw(goal board.Board, raw []byte, maxDepth int) []byte {
	s := goal.Shape()
	var data []byte
	data = append(data, Magic...)
	data = append(data, Version, byte(s.Rows), byte(s.Cols))
	for _, c := range goal.Cells() {
		data = append(data, byte(c))
	}
	data = binary.LittleEndian.AppendUint32(data, uint32(Size(s)))
	data = append(data, byte(maxDepth))
	data = binary.LittleEndian.AppendUint32(data, uint32(len(raw)))
	data = binary.LittleEndian.AppendUint32(data, Checksum(raw))
	return append(data, raw...)
}

// Pack packs the moves of the positions that reach goal, by index, as the
// raw bytes of a table file. Every move but the goal's own, which is not
// read, must be one the blank can make.
func Pack(goal board.Board, moves []board.Move) ([]byte, error) {
	if err := checkGoal(goal); err != nil {
		return nil, err
	}
	s := goal.Shape()
	if len(moves) != Size(s) {
		return nil, fmt.Errorf("table: %d moves for %v, want %d", len(moves), s, Size(s))
	}
	l := newLayout(s)
	raw := make([]byte, l.size)
	g := Index(goal)
	legal := legalMoves(s)
	for i, m := range moves {
		if i == g {
			continue // place 0
		}
		b := i / l.half
		k := slices.Index(legal[b][:], m) // the place of m among the moves from its blank cell
		if k < 0 || m >= board.NumMoves {
			return nil, fmt.Errorf("table: move %v of position %d takes the blank off the board", m, i)
		}
		l.put(raw, b, i-b*l.half, uint8(k))
	}
	return raw, nil
}

// legalMoves lists, for each cell of shape s, the moves the blank can make
// from it in the order d l r u, then noMove: the places the raw bytes hold.
func legalMoves(s board.Shape) (moves [board.MaxSmall][board.NumMoves]board.Move) {
	for b := range s.Cells() {
		k := 0
		for m := range board.Move(board.NumMoves) {
			if _, ok := s.Step(b, m); ok {
				moves[b][k] = m
				k++
			}
		}
		for ; k < board.NumMoves; k++ {
			moves[b][k] = noMove
		}
	}
	return moves
}

// ReadHeader reads the header of a table file and returns it with the raw
// bytes that follow it.
func ReadHeader(data []byte) (Header, []byte, error) {
	var h Header
	if len(data) < 7 || string(data[:4]) != Magic {
		return h, nil, errors.New("not a table file (bad magic)")
	}
	if data[4] != Version {
		return h, nil, fmt.Errorf("format version %d, want %d", data[4], Version)
	}
	s := board.Shape{Rows: int(data[5]), Cols: int(data[6])}
	if !s.Small() || Size(s) > maxSize {
		return h, nil, fmt.Errorf("board shape %v not supported", s)
	}
	n := s.Cells()
	if len(data) < 20+n {
		return h, nil, errors.New("truncated header")
	}
	cells := make([]int, n)
	for i, c := range data[7 : 7+n] {
		cells[i] = int(c)
	}
	goal, err := board.New(s, cells)
	if err != nil {
		return h, nil, fmt.Errorf("bad goal: %w", err)
	}
	if goal != s.Goal(goal.Blank()) {
		return h, nil, fmt.Errorf("goal %v is not the standard goal %v", goal, s.Goal(goal.Blank()))
	}
	p := data[7+n:]
	if size := binary.LittleEndian.Uint32(p); size != uint32(Size(s)) {
		return h, nil, fmt.Errorf("%d positions, want %d", size, Size(s))
	}
	h = Header{
		Goal:     goal,
		MaxDepth: int(p[4]),
		RawLen:   int(binary.LittleEndian.Uint32(p[5:])),
		Checksum: binary.LittleEndian.Uint32(p[9:]),
	}
	if h.RawLen != RawLen(s) {
		return h, nil, fmt.Errorf("raw length %d, want %d", h.RawLen, RawLen(s))
	}
	return h, p[13:], nil
}

// Decode reads a whole table file: its header, and raw bytes of the
// recorded length and checksum; a file that is not whole is an error that
// matches ErrCorrupt (errors.Is). The Table holds data's raw bytes, which
// the caller must not modify.
func Decode(data []byte) (*Table, error) {
	h, rest, err := ReadHeader(data)
	if err != nil {
		return nil, corrupt(err, "table: %v", err)
	}
	return decodeBody(h, rest)
}

func decodeBody(h Header, raw []byte) (*Table, error) {
	if len(raw) != h.RawLen {
		return nil, corrupt(nil, "table: corrupt %v table: %d raw bytes, want %d", h.Goal, len(raw), h.RawLen)
	}
	if sum := Checksum(raw); sum != h.Checksum {
		return nil, corrupt(nil, "table: corrupt %v table: checksum %08x, want %08x", h.Goal, sum, h.Checksum)
	}
	return newTable(h, raw[:len(raw):len(raw)]), nil
}
