//go:build amd64 && !purego

#include "textflag.h"

// BQ broadcasts the quadword c into z.
#define BQ(c, z) MOVQ $c, AX; VPBROADCASTQ AX, z

// BB broadcasts the byte c into z.
#define BB(c, z) MOVL $c, AX; VPBROADCASTB AX, z

// VALUES maps the characters of r (a byte each) to cells in place: '1'
// to '8' to 1..8, 'x', 'X', '0' and '#' to the blank 0 (as
// board.CellValue does), and any other byte to 15, which no board holds;
// then renames them by the table in Z18.
#define VALUES(r) \
	VPSUBB Z24, r, Z5; \
	VPCMPUB $2, Z23, Z5, K4; \
	VPCMPEQB Z22, r, K5; \
	VPCMPEQB Z21, r, K6; \
	KORQ K5, K6, K5; \
	VPCMPEQB Z20, r, K6; \
	KORQ K5, K6, K5; \
	VMOVDQA64 Z19, r; \
	VMOVDQU8 Z5, K4, r; \
	VPXORQ Z5, Z5, Z5; \
	VMOVDQU8 Z5, K5, r; \
	VPSHUFB r, Z18, r

// SEEN ORs into Z7 bit v of each quadword for the cell v in byte k of Z6.
#define SEEN(k) VPSRLQ $(8*k), Z6, Z8; VPANDQ Z29, Z8, Z8; VPSLLVQ Z8, Z17, Z8; VPORQ Z8, Z7, Z7

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

	BQ(0xff, Z29)
	BQ(0x00ff00ff00ff00ff, Z27)
	BQ(0x0000ffff0000ffff, Z26)
	BQ(0x00000000ffffffff, Z25)
	BB(0x30, Z24)
	BB(8, Z23)
	BB(0x78, Z22)
	BB(0x58, Z21)
	BB(0x23, Z20)
	BB(15, Z19)
	VBROADCASTI32X4 (R12), Z18
	BQ(1, Z17)
	BQ(0x1ff, Z16)

	// Each case's first 8 bytes (Z1), next 8 (Z2), and the 8 after (Z3).
	VMOVDQU64 (R8), Z0
	MOVL $0xff, AX
	KMOVW AX, K1
	VPXORQ Z1, Z1, Z1
	KMOVW K1, K2
	VPGATHERQQ (SI)(Z0*1), K2, Z1
	VPXORQ Z2, Z2, Z2
	KMOVW K1, K2
	VPGATHERQQ 8(SI)(Z0*1), K2, Z2
	VPXORQ Z3, Z3, Z3
	KMOVW K1, K2
	VPGATHERQQ 16(SI)(Z0*1), K2, Z3

	// K3: the cases whose bytes between and after the cells are the
	// form's (its masks and wants, a quadword each for Z1, Z2 and Z3).
	VPANDQ.BCST 128(R9), Z1, Z4
	VPCMPEQQ.BCST 152(R9), Z4, K1, K3
	VPANDQ.BCST 136(R9), Z2, Z4
	VPCMPEQQ.BCST 160(R9), Z4, K3, K3
	VPANDQ.BCST 144(R9), Z3, Z4
	VPCMPEQQ.BCST 168(R9), Z4, K3, K3

	// Z6: cells 0-7 a byte each, as board.Board.Words gives them, picked
	// from Z1 and Z2 by the form's first 64 indexes; Z3: cell 8, picked
	// from Z2 and Z3 by its next 64.
	VMOVDQU64 (R9), Z6
	VPERMI2B Z2, Z1, Z6
	VMOVDQU64 64(R9), Z7
	VPERMI2B Z3, Z2, Z7
	VMOVDQA64 Z7, Z3
	VALUES(Z6)
	VALUES(Z3)
	VPANDQ Z29, Z3, Z3

	// Z7: the cells seen, a bit each; K3 keeps the lines that hold each of
	// 0..8 once.
	VPSLLVQ Z3, Z17, Z7
	SEEN(0)
	SEEN(1)
	SEEN(2)
	SEEN(3)
	SEEN(4)
	SEEN(5)
	SEEN(6)
	SEEN(7)
	VPCMPEQQ Z16, Z7, K3, K3

	// Z8: the blank's cell, the lowest zero byte of Z6 (the classic test
	// is exact for the lowest), or 8 where there is none.
	BQ(0x0101010101010101, Z9)
	VPSUBQ Z9, Z6, Z8
	VPANDNQ Z8, Z6, Z8
	BQ(0x8080808080808080, Z9)
	VPANDQ Z9, Z8, Z8
	VPXORQ Z9, Z9, Z9
	VPSUBQ Z8, Z9, Z9
	VPANDQ Z9, Z8, Z8
	VPLZCNTQ Z8, Z8
	BQ(63, Z9)
	VPSUBQ Z8, Z9, Z8
	VPSRLQ $3, Z8, Z8
	BQ(8, Z9)
	VPMINUQ Z9, Z8, Z8

	// Z12: the tiles in reading order, 0-based, a nibble each (byteTiles9).
	VPSLLQ $3, Z8, Z9
	VPSLLVQ Z9, Z17, Z10
	VPSUBQ Z17, Z10, Z10
	VPANDQ Z10, Z6, Z11
	VPSRLQ $8, Z6, Z12
	VPSLLQ $56, Z3, Z13
	VPORQ Z13, Z12, Z12
	VPANDNQ Z12, Z10, Z12
	VPORQ Z11, Z12, Z12
	BQ(0x0101010101010101, Z9)
	VPSUBQ Z9, Z12, Z12
	VPSRLQ $4, Z12, Z13
	VPORQ Z13, Z12, Z12
	VPANDQ Z27, Z12, Z12
	VPSRLQ $8, Z12, Z13
	VPORQ Z13, Z12, Z12
	VPANDQ Z26, Z12, Z12
	VPSRLQ $16, Z12, Z13
	VPORQ Z13, Z12, Z12
	VPANDQ Z25, Z12, Z12

	// rank9: head9's and tail9's keys, gathered, for the index and parity.
	BQ(0x07070707, Z9)
	VPANDQ Z9, Z12, Z13
	VPSRLQ $1, Z12, Z12
	BQ(0x38383838, Z9)
	VPANDQ Z9, Z12, Z12
	VPORQ Z13, Z12, Z12
	BQ(0x003f003f, Z9)
	VPANDQ Z9, Z12, Z13
	VPSRLQ $2, Z12, Z12
	BQ(0x0fc00fc0, Z9)
	VPANDQ Z9, Z12, Z12
	VPORQ Z13, Z12, Z12
	BQ(4095, Z9)
	VPANDQ Z9, Z12, Z13
	VPSRLQ $16, Z12, Z12
	VPANDQ Z9, Z12, Z12
	KMOVW K3, K4
	VPXORQ Z14, Z14, Z14
	VPGATHERQD (R10)(Z13*2), K4, Y14
	KMOVW K3, K4
	VPXORQ Z15, Z15, Z15
	VPGATHERQD (R11)(Z12*1), K4, Y15
	MOVL $0xffff, AX
	VPBROADCASTD AX, Z9
	VPANDD Z9, Z14, Z14
	MOVL $0xff, AX
	VPBROADCASTD AX, Z9
	VPANDD Z9, Z15, Z15
	VPXORD Z15, Z14, Z4
	VPMOVZXDQ Y4, Z4
	VPANDQ Z17, Z4, Z4
	VPSRLD $1, Z14, Z14
	MOVL $24, AX
	VPBROADCASTD AX, Z9
	VPMULLD Z9, Z14, Z14
	VPSRLD $1, Z15, Z15
	VPADDD Z15, Z14, Z14
	VPSRLD $1, Z14, Z14
	VPMOVZXDQ Y14, Z14
	BQ(20160, Z9)
	VPMULUDQ Z9, Z8, Z15
	VPADDQ Z15, Z14, Z14
	VPMOVQD Z14, (DI)

	// The lines from the first that is not a board, and the solvable ones.
	VPBROADCASTQ R13, Z9
	VPCMPEQQ Z9, Z4, K3, K6
	KMOVW K3, AX
	NOTL AX
	ORL $0x100, AX
	BSFL AX, AX
	MOVQ AX, n+64(FP)
	KMOVW K6, BX
	MOVL $1, DX
	MOVL AX, CX
	SHLL CX, DX
	DECL DX
	ANDL DX, BX
	MOVB BX, solvable+72(FP)
	VZEROUPPER
	RET
