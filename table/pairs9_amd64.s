//go:build amd64 && !purego

#include "textflag.h"
#include "vec9_amd64.h"

// laneBase is 16 times each lane's number: the first of its 16 words in
// keyPairs9's scratch.
DATA laneBase<>+0(SB)/8, $0
DATA laneBase<>+8(SB)/8, $16
DATA laneBase<>+16(SB)/8, $32
DATA laneBase<>+24(SB)/8, $48
DATA laneBase<>+32(SB)/8, $64
DATA laneBase<>+40(SB)/8, $80
DATA laneBase<>+48(SB)/8, $96
DATA laneBase<>+56(SB)/8, $112
GLOBL laneBase<>(SB), RODATA|NOPTR, $64

// byteBase is each lane's first byte, in every byte of the lane: 8k.
DATA byteBase<>+0(SB)/8, $0x0000000000000000
DATA byteBase<>+8(SB)/8, $0x0808080808080808
DATA byteBase<>+16(SB)/8, $0x1010101010101010
DATA byteBase<>+24(SB)/8, $0x1818181818181818
DATA byteBase<>+32(SB)/8, $0x2020202020202020
DATA byteBase<>+40(SB)/8, $0x2828282828282828
DATA byteBase<>+48(SB)/8, $0x3030303030303030
DATA byteBase<>+56(SB)/8, $0x3838383838383838
GLOBL byteBase<>(SB), RODATA|NOPTR, $64

// NAME stores, for each lane, the tile the goal's tile in cell i is
// renamed to (byte i of to, in Z2 or Z3) in the word of the scratch
// (R12) for the goal's tile there (byte i of the goal's cells, Z10 or
// Z11): name[goal cell i] = to[i].
#define NAME(g, to, i) \
	VPSRLQ $(8*i), g, Z6; VPANDQ Z29, Z6, Z6; VPADDQ Z31, Z6, Z6; \
	VPSRLQ $(8*i), to, Z7; VPANDQ Z29, Z7, Z7; VPMOVQD Z7, Y7; \
	KMOVW K3, K2; VPSCATTERQD Y7, K2, (R12)(Z6*4)

// LOOK ORs into Z28, as nibble j, the name of the start's tile in byte k
// of s (the turned start's cell j).
#define LOOK(s, k, j) \
	VPSRLQ $(8*k), s, Z8; VPANDQ Z29, Z8, Z8; VPADDQ Z31, Z8, Z8; \
	KMOVW K3, K2; VPXORQ Z9, Z9, Z9; VPGATHERQD (R12)(Z8*4), K2, Y9; VPMOVZXDQ Y9, Z9; \
	VPSLLQ $(4*j), Z9, Z9; VPORQ Z9, Z28, Z28

// TURN picks into out the start's cells (Z12, Z13) that the cells of the
// turned start come from, by the indexes in from: 8k+f for cell f < 8
// of lane k, and 64+8k for cell 8.
#define TURN(from, out) \
	VMOVDQU64 byteBase<>(SB), out; VPADDB from, out, out; \
	VPCMPEQB Z23, from, K4; BB(56, Z9); VPADDB Z9, out, K4, out; \
	VPERMI2B Z13, Z12, out

// func keyPairs9(data *byte, starts, goals *[8]int64, f *form9, t *pairs9, scratch *[128]uint32, keys *[8]Key, blanks *[8]uint8, head *uint16, tail *uint8) (n int, solvable uint8)
TEXT ·keyPairs9(SB), NOSPLIT, $0-89
	MOVQ data+0(FP), SI
	MOVQ starts+8(FP), R8
	MOVQ goals+16(FP), AX
	VMOVDQU64 (AX), Z30
	MOVQ f+24(FP), R9
	MOVQ t+32(FP), R14
	MOVQ scratch+40(FP), R12
	MOVQ keys+48(FP), DI
	MOVQ blanks+56(FP), BX
	MOVQ head+64(FP), R10
	MOVQ tail+72(FP), R11
	CONSTANTS
	VBROADCASTI32X4 1600(R14), Z18
	VMOVDQU64 laneBase<>(SB), Z31

	// The goals' cells (Z10, Z11) and the starts' (Z12, Z13); K3: the
	// pairs of two boards so written.
	PARSE(Z30, Z10, Z11, K1, K3)
	VMOVDQU64 (R8), Z0
	PARSE(Z0, Z12, Z13, K3, K3)
	BLANK(Z10, Z14)
	BLANK(Z12, Z15)
	VMOVDQA64 Z14, Z30 // the goals' blank cells, which RANK does not spoil

	// The class of each goal's blank cell: its to and from (pairs9).
	VPSLLQ $1, Z14, Z1
	KMOVW K3, K2
	VPXORQ Z2, Z2, Z2
	VPGATHERQQ (R14)(Z1*8), K2, Z2
	KMOVW K3, K2
	VPXORQ Z3, Z3, Z3
	VPGATHERQQ 8(R14)(Z1*8), K2, Z3
	KMOVW K3, K2
	VPXORQ Z4, Z4, Z4
	VPGATHERQQ 256(R14)(Z1*8), K2, Z4
	KMOVW K3, K2
	VPXORQ Z5, Z5, Z5
	VPGATHERQQ 264(R14)(Z1*8), K2, Z5

	// name[goal's tile] = to[cell], in each lane's words of the scratch.
	NAME(Z10, Z2, 0)
	NAME(Z10, Z2, 1)
	NAME(Z10, Z2, 2)
	NAME(Z10, Z2, 3)
	NAME(Z10, Z2, 4)
	NAME(Z10, Z2, 5)
	NAME(Z10, Z2, 6)
	NAME(Z10, Z2, 7)
	NAME(Z11, Z3, 0)

	// The turned start's cells (Z6: 0-7, Z7: 8), renamed into Z28.
	TURN(Z4, Z6)
	TURN(Z5, Z7)
	VPXORQ Z28, Z28, Z28
	LOOK(Z6, 0, 0)
	LOOK(Z6, 1, 1)
	LOOK(Z6, 2, 2)
	LOOK(Z6, 3, 3)
	LOOK(Z6, 4, 4)
	LOOK(Z6, 5, 5)
	LOOK(Z6, 6, 6)
	LOOK(Z6, 7, 7)
	LOOK(Z7, 0, 8)

	// The turned start's blank: cell[class][start's blank].
	VPSLLQ $4, Z14, Z8
	VPADDQ Z15, Z8, Z8
	KMOVW K3, K2
	VPXORQ Z9, Z9, Z9
	VPGATHERQD 512(R14)(Z8*4), K2, Y9
	VPMOVZXDQ Y9, Z11

	// tiles9(Z28, Z11), then its rank.
	VPSLLQ $2, Z11, Z8
	VPSLLVQ Z8, Z17, Z9
	VPSUBQ Z17, Z9, Z9
	VPANDQ Z9, Z28, Z7
	VPSRLQ $4, Z28, Z12
	VPANDNQ Z12, Z9, Z12
	VPORQ Z7, Z12, Z12
	BQ(0x11111111, Z9)
	VPSUBQ Z9, Z12, Z12
	RANK(Z12, Z11, Z10, Z4, K3)
	VPMOVQD Z10, (DI)
	VPMOVQB Z30, (BX)

	// The class's parity, the pairs from the first that is not one, and
	// the solvable ones.
	KMOVW K3, K2
	VPXORQ Z9, Z9, Z9
	VPGATHERQD 1536(R14)(Z30*4), K2, Y9
	VPMOVZXDQ Y9, Z9
	VPCMPEQQ Z9, Z4, K3, K6
	KMOVW K3, AX
	NOTL AX
	ORL $0x100, AX
	BSFL AX, AX
	MOVQ AX, n+80(FP)
	KMOVW K6, BX
	MOVL $1, DX
	MOVL AX, CX
	SHLL CX, DX
	DECL DX
	ANDL DX, BX
	MOVB BX, solvable+88(FP)
	VZEROUPPER
	RET
