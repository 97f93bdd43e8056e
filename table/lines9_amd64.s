//go:build amd64 && !purego

#include "textflag.h"
#include "vec9_amd64.h"

// keyBoards9 is Solver.KeyBoards' work on eight cases at once, one a
// lane (see lines9_amd64.go): PARSE gathers each case's 24 bytes, checks
// the form's bytes between the cells, picks the cells, maps and renames
// them and checks that each tile is there once; BLANK finds the blank;
// the cells are packed as byteTiles9 packs them, and RANK ranks them.
// It needs AVX-512 F, BW, CD and VBMI (haveLines9).

// func keyBoards9(data *byte, offs *[8]int64, f *form9, keys *[8]Key, head *uint16, tail *uint8, name *[16]uint8, class int) (n int, solvable uint8)
TEXT ·keyBoards9(SB), NOSPLIT, $0-73
	MOVQ data+0(FP), SI
	MOVQ offs+8(FP), R8
	MOVQ f+16(FP), R9
	MOVQ keys+24(FP), DI
	MOVQ head+32(FP), R10
	MOVQ tail+40(FP), R11
	MOVQ name+48(FP), R12
	MOVQ class+56(FP), R13
	CONSTANTS
	VBROADCASTI32X4 (R12), Z18

	// Z6: cells 0-7, Z10: cell 8; K3: the cases that are boards so written.
	VMOVDQU64 (R8), Z0
	PARSE(Z0, Z6, Z10, K1, K3)
	BLANK(Z6, Z11)

	// Z12: the tiles in reading order, 0-based, a nibble each (byteTiles9).
	VPSLLQ $3, Z11, Z9
	VPSLLVQ Z9, Z17, Z8
	VPSUBQ Z17, Z8, Z8
	VPANDQ Z8, Z6, Z7
	VPSRLQ $8, Z6, Z12
	VPSLLQ $56, Z10, Z13
	VPORQ Z13, Z12, Z12
	VPANDNQ Z12, Z8, Z12
	VPORQ Z7, Z12, Z12
	BQ(0x0101010101010101, Z9)
	VPSUBQ Z9, Z12, Z12
	VPSRLQ $4, Z12, Z13
	VPORQ Z13, Z12, Z12
	BQ(0x00ff00ff00ff00ff, Z9)
	VPANDQ Z9, Z12, Z12
	VPSRLQ $8, Z12, Z13
	VPORQ Z13, Z12, Z12
	BQ(0x0000ffff0000ffff, Z9)
	VPANDQ Z9, Z12, Z12
	VPSRLQ $16, Z12, Z13
	VPORQ Z13, Z12, Z12
	BQ(0x00000000ffffffff, Z9)
	VPANDQ Z9, Z12, Z12

	RANK(Z12, Z11, Z10, Z4, K3)
	VPMOVQD Z10, (DI)

	// The boards from the first that is not one, and the solvable ones.
	VPBROADCASTQ R13, Z9
	VPCMPEQQ Z9, Z4, K3, K6
	RESULT(n+64(FP), solvable+72(FP))
	VZEROUPPER
	RET
