//go:build amd64 && !purego

#include "textflag.h"

// expand9 is levels9's step on eight positions at once, in AVX-512 (see
// levels9_amd64.go). Each of the four moves is tried in every lane, under
// the mask of the lanes whose blank can make it; a child is a neighbour
// whose move leads back, as in walk9. Registers:
//
//	Z1 cells, Z2 blank, Z3 index, Z4 path<<2, Z5 4*blank: the positions
//	Z6-Z15 scratch; K1 the lanes in use, K3 those of a legal move,
//	K5 those whose neighbour is a child; K2, K4, K6 copies that gathers
//	and scatters use up
//	Z16-Z31 constants
//
// An entry of the front is the cells as nibbles9 packs them (bits 0-35),
// the blank's cell (36-39) and the index (40-57).

// PREFIX moves the blank by step in the lanes of K1 whose blank cell is a
// bit of legal (K3): Z7 is the blank's new cell, Z8 four times it, and
// Z10 the neighbour's cells, the moved tile's value v added at the old
// cell and taken from the new one (v<<4*blank - v<<4*to, as swap9).
#define PREFIX(legal, step) \
	MOVQ $legal, AX; VPBROADCASTQ AX, Z6; \
	VPSRLVQ Z2, Z6, Z6; \
	VPTESTMQ Z29, Z6, K1, K3; \
	MOVQ $step, AX; VPBROADCASTQ AX, Z7; \
	VPADDQ Z7, Z2, Z7; \
	VPSLLQ $2, Z7, Z8; \
	VPSRLVQ Z8, Z1, Z9; VPANDQ Z30, Z9, Z9; \
	VPSLLVQ Z5, Z9, Z10; \
	VPSLLVQ Z8, Z9, Z9; \
	VPADDQ Z10, Z1, Z10; VPSUBQ Z9, Z10, Z10

// VINDEX sets Z11 to the neighbours' indexes after a move up or down:
// rank9(tiles9(Z10, Z7), Z7), head9 and tail9 gathered (R10, R11).
#define VINDEX \
	VPSLLVQ Z8, Z29, Z11; VPSUBQ Z29, Z11, Z11; \
	VPSRLQ $4, Z10, Z12; \
	VPANDQ Z11, Z10, Z13; \
	VPANDNQ Z12, Z11, Z12; \
	VPORQ Z13, Z12, Z12; VPSUBQ Z28, Z12, Z12; \
	VPSRLQ $1, Z12, Z13; VPANDQ Z26, Z13, Z13; VPANDQ Z27, Z12, Z12; VPORQ Z13, Z12, Z12; \
	VPSRLQ $2, Z12, Z13; VPANDQ Z24, Z13, Z13; VPANDQ Z25, Z12, Z12; VPORQ Z13, Z12, Z12; \
	VPANDQ Z23, Z12, Z13; \
	VPSRLQ $16, Z12, Z12; VPANDQ Z23, Z12, Z12; \
	KMOVW K3, K4; VPXORQ Z14, Z14, Z14; \
	VPGATHERQD (R10)(Z13*2), K4, Y14; \
	KMOVW K3, K4; VPXORQ Z15, Z15, Z15; \
	VPGATHERQD (R11)(Z12*1), K4, Y15; \
	VPANDD Z18, Z14, Z14; VPSRLD $1, Z14, Z14; VPMULLD Z16, Z14, Z14; \
	VPANDD Z17, Z15, Z15; VPSRLD $1, Z15, Z15; \
	VPADDD Z15, Z14, Z14; VPSRLD $1, Z14, Z14; VPMOVZXDQ Y14, Z14; \
	VPMULUDQ Z22, Z7, Z15; VPADDQ Z15, Z14, Z11

// HINDEX sets Z11 to the neighbours' indexes after a move left or right,
// which keeps the tiles' order: the index moves by hstep.
#define HINDEX(hstep) \
	MOVQ $hstep, AX; VPBROADCASTQ AX, Z11; VPADDQ Z11, Z3, Z11

// SUFFIX keeps the lanes whose neighbour's move (two bits of R9's words)
// is back and which are not the goal (K5): children. It stores their
// paths, path<<2|back, into R8's, and appends their entries to DI,
// packed to the front of a register by VPCOMPRESSQ and stored whole
// (the slice has room for eight past the last child).
#define SUFFIX(back) \
	VPSRLQ $5, Z11, Z12; \
	KMOVW K3, K4; VPXORQ Z13, Z13, Z13; \
	VPGATHERQQ (R9)(Z12*8), K4, Z13; \
	VPANDQ Z19, Z11, Z12; VPSLLQ $1, Z12, Z12; \
	VPSRLVQ Z12, Z13, Z13; VPANDQ Z20, Z13, Z13; \
	MOVQ $back, AX; VPBROADCASTQ AX, Z14; \
	VPCMPEQQ Z14, Z13, K3, K5; \
	VPCMPUQ $4, Z21, Z11, K5, K5; \
	VPORQ Z14, Z4, Z15; \
	KMOVW K5, K6; \
	VPSCATTERQQ Z15, K6, (R8)(Z11*8); \
	VPSLLQ $36, Z7, Z12; VPSLLQ $40, Z11, Z13; VPORQ Z12, Z10, Z12; VPORQ Z13, Z12, Z12; \
	VPCOMPRESSQ Z12, K5, Z6; \
	VMOVDQU64 Z6, (DI); \
	KMOVW K5, AX; POPCNTL AX, AX; \
	LEAQ (DI)(AX*8), DI

// func expand9(src *uint64, n int, dst *uint64, paths *uint64, moves *uint64, goal int, head *uint16, tail *uint8) int
TEXT ·expand9(SB), NOSPLIT, $0-72
	MOVQ src+0(FP), SI
	MOVQ n+8(FP), CX
	MOVQ dst+16(FP), DI
	MOVQ paths+24(FP), R8
	MOVQ moves+32(FP), R9
	MOVQ goal+40(FP), AX
	VPBROADCASTQ AX, Z21
	MOVQ head+48(FP), R10
	MOVQ tail+56(FP), R11
	MOVQ DI, R12
	MOVQ $0xfffffffff, AX
	VPBROADCASTQ AX, Z31
	MOVQ $15, AX
	VPBROADCASTQ AX, Z30
	MOVQ $1, AX
	VPBROADCASTQ AX, Z29
	MOVQ $0x11111111, AX
	VPBROADCASTQ AX, Z28
	MOVQ $0x07070707, AX
	VPBROADCASTQ AX, Z27
	MOVQ $0x38383838, AX
	VPBROADCASTQ AX, Z26
	MOVQ $0x003f003f, AX
	VPBROADCASTQ AX, Z25
	MOVQ $0x0fc00fc0, AX
	VPBROADCASTQ AX, Z24
	MOVQ $4095, AX
	VPBROADCASTQ AX, Z23
	MOVQ $20160, AX
	VPBROADCASTQ AX, Z22
	MOVQ $3, AX
	VPBROADCASTQ AX, Z20
	MOVQ $31, AX
	VPBROADCASTQ AX, Z19
	MOVL $0xffff, AX
	VPBROADCASTD AX, Z18
	MOVL $0xff, AX
	VPBROADCASTD AX, Z17
	MOVL $24, AX
	VPBROADCASTD AX, Z16

loop:
	// K1: the next eight entries, or those left.
	TESTQ CX, CX
	JLE done
	MOVQ $0xff, AX
	CMPQ CX, $8
	JGE full
	MOVQ $1, AX
	SHLQ CX, AX
	DECQ AX
full:
	KMOVW AX, K1
	VMOVDQU64.Z (SI), K1, Z0
	VPANDQ Z31, Z0, Z1
	VPSRLQ $36, Z0, Z2
	VPANDQ Z30, Z2, Z2
	VPSRLQ $40, Z0, Z3
	KMOVW K1, K2
	VPXORQ Z4, Z4, Z4
	VPGATHERQQ (R8)(Z3*8), K2, Z4
	VPSLLQ $2, Z2, Z5
	VPSLLQ $2, Z4, Z4

	// Down: the blank 3 cells on, back Up (3); legal from cells 0-5.
	PREFIX(0x3f, 3)
	VINDEX
	SUFFIX(3)
	// Left: back Right (2); legal from columns 1 and 2.
	PREFIX(0x1b6, -1)
	HINDEX(-20160)
	SUFFIX(2)
	// Right: back Left (1); legal from columns 0 and 1.
	PREFIX(0xdb, 1)
	HINDEX(20160)
	SUFFIX(1)
	// Up: back Down (0); legal from cells 3-8.
	PREFIX(0x1f8, -3)
	VINDEX
	SUFFIX(0)

	ADDQ $64, SI
	SUBQ $8, CX
	JMP loop

done:
	MOVQ DI, AX
	SUBQ R12, AX
	SHRQ $3, AX
	MOVQ AX, ret+64(FP)
	VZEROUPPER
	RET
