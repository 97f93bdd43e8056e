//go:build amd64 && !purego

#include "textflag.h"
#include "vec9_amd64.h"

// halfBase is 8 in the bytes of the odd lanes, for VPSHUFB, which
// picks within 16 bytes: a byte of lane k is byte 8(k%2)+i there.
DATA halfBase<>+0(SB)/8, $0
DATA halfBase<>+8(SB)/8, $0x0808080808080808
DATA halfBase<>+16(SB)/8, $0
DATA halfBase<>+24(SB)/8, $0x0808080808080808
DATA halfBase<>+32(SB)/8, $0
DATA halfBase<>+40(SB)/8, $0x0808080808080808
DATA halfBase<>+48(SB)/8, $0
DATA halfBase<>+56(SB)/8, $0x0808080808080808
GLOBL halfBase<>(SB), RODATA|NOPTR, $64

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

// RENAME renames by the goal's cell i (byte i of g, its tile there, and
// of to, the tile it becomes) the cells of the turned start that hold
// that tile: those of Z6 (cells 0-7) into Z28, and of byte 0 of Z7
// (cell 8) into Z26. Nine of them rename every cell: name[g[i]] = to[i],
// with no store.
#define RENAME(g, to, i) \
	BB(i, Z9); VPADDB Z31, Z9, Z9; \
	VPSHUFB Z9, g, Z8; VPSHUFB Z9, to, Z1; \
	VPCMPEQB Z8, Z6, K4; VMOVDQU8 Z1, K4, Z28; \
	VPCMPEQB Z8, Z7, K4; VMOVDQU8 Z1, K4, Z26

// TURN picks into out the start's cells (Z12, Z13) that the cells of the
// turned start come from, by the indexes in from: 8k+f for cell f < 8
// of lane k, and 64+8k for cell 8.
#define TURN(from, out) \
	VMOVDQU64 byteBase<>(SB), out; VPADDB from, out, out; \
	VPCMPEQB Z23, from, K4; BB(56, Z9); VPADDB Z9, out, K4, out; \
	VPERMI2B Z13, Z12, out

// keyPairs9 is Pairs.KeyEight's work on eight pairs at once, one a lane
// (see pairs9_amd64.go): both boards of each are PARSEd, the goal's
// blank cell picks its class's renaming (to), turn (from) and blank
// cells from pairs9, the start is turned (TURN) and renamed (RENAME),
// and the result is ranked as Pairs.Key ranks it. It needs what
// keyBoards9 does.

// func keyPairs9(data *byte, starts, goals *[8]int64, f *form9, t *pairs9, keys *[8]Key, blanks *[8]uint8, head *uint16, tail *uint8) (n int, solvable uint8)
TEXT ·keyPairs9(SB), NOSPLIT, $0-81
	MOVQ data+0(FP), SI
	MOVQ starts+8(FP), R8
	MOVQ goals+16(FP), AX
	VMOVDQU64 (AX), Z30
	MOVQ f+24(FP), R9
	MOVQ t+32(FP), R14
	MOVQ keys+40(FP), DI
	MOVQ blanks+48(FP), BX
	MOVQ head+56(FP), R10
	MOVQ tail+64(FP), R11
	CONSTANTS
	VBROADCASTI32X4 1600(R14), Z18

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

	// The turned start's cells (Z6: 0-7, Z7: 8), renamed into Z28 and Z26.
	TURN(Z4, Z6)
	TURN(Z5, Z7)
	VMOVDQU64 halfBase<>(SB), Z31
	VPXORQ Z28, Z28, Z28
	VPXORQ Z26, Z26, Z26
	RENAME(Z10, Z2, 0)
	RENAME(Z10, Z2, 1)
	RENAME(Z10, Z2, 2)
	RENAME(Z10, Z2, 3)
	RENAME(Z10, Z2, 4)
	RENAME(Z10, Z2, 5)
	RENAME(Z10, Z2, 6)
	RENAME(Z10, Z2, 7)
	RENAME(Z11, Z3, 0)

	// Z28: the renamed cells a nibble each (nibbles9).
	VPSRLQ $4, Z28, Z8
	VPORQ Z8, Z28, Z28
	BQ(0x00ff00ff00ff00ff, Z9)
	VPANDQ Z9, Z28, Z28
	VPSRLQ $8, Z28, Z8
	VPORQ Z8, Z28, Z28
	BQ(0x0000ffff0000ffff, Z9)
	VPANDQ Z9, Z28, Z28
	VPSRLQ $16, Z28, Z8
	VPORQ Z8, Z28, Z28
	BQ(0x00000000ffffffff, Z9)
	VPANDQ Z9, Z28, Z28
	BQ(15, Z9)
	VPANDQ Z9, Z26, Z26
	VPSLLQ $32, Z26, Z26
	VPORQ Z26, Z28, Z28

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
	RESULT(n+72(FP), solvable+80(FP))
	VZEROUPPER
	RET
