// The macros of keyBoards9 and keyPairs9 (lines9_amd64.s,
// pairs9_amd64.s). Constants they take: Z16 0x1ff, Z17 1, Z18 the
// renaming table, Z19 15, Z20 '#', Z21 'X', Z22 'x', Z23 8, Z24 '0' (a
// byte each in Z19-Z24), Z29 0xff.

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

// SEEN ORs into Z7 bit v of each quadword for the cell v in byte k of r.
#define SEEN(r, k) VPSRLQ $(8*k), r, Z8; VPANDQ Z29, Z8, Z8; VPSLLVQ Z8, Z17, Z8; VPORQ Z8, Z7, Z7


// PARSE reads a 3x3 board written in the form at R9 (a form9) at data
// (SI) plus each quadword of off, in the lanes of K1: its cells 0-7 a
// byte each into lo, as board.Board.Words gives them, and cell 8 into
// hi. kout is the lanes of kin whose bytes between and after the cells
// are the form's and whose cells are each of 0..8 once. It uses Z1-Z5,
// Z7, Z8, K2 and K4-K6; lo and hi must be none of Z1-Z8.
#define PARSE(off, lo, hi, kin, kout) \
	KMOVW K1, K2; VPXORQ Z1, Z1, Z1; VPGATHERQQ (SI)(off*1), K2, Z1; \
	KMOVW K1, K2; VPXORQ Z2, Z2, Z2; VPGATHERQQ 8(SI)(off*1), K2, Z2; \
	KMOVW K1, K2; VPXORQ Z3, Z3, Z3; VPGATHERQQ 16(SI)(off*1), K2, Z3; \
	VPANDQ.BCST 128(R9), Z1, Z4; VPCMPEQQ.BCST 152(R9), Z4, kin, kout; \
	VPANDQ.BCST 136(R9), Z2, Z4; VPCMPEQQ.BCST 160(R9), Z4, kout, kout; \
	VPANDQ.BCST 144(R9), Z3, Z4; VPCMPEQQ.BCST 168(R9), Z4, kout, kout; \
	VMOVDQU64 (R9), lo; VPERMI2B Z2, Z1, lo; \
	VMOVDQU64 64(R9), hi; VPERMI2B Z3, Z2, hi; \
	VALUES(lo); VALUES(hi); VPANDQ Z29, hi, hi; \
	VPSLLVQ hi, Z17, Z7; \
	SEEN(lo, 0); SEEN(lo, 1); SEEN(lo, 2); SEEN(lo, 3); \
	SEEN(lo, 4); SEEN(lo, 5); SEEN(lo, 6); SEEN(lo, 7); \
	VPCMPEQQ Z16, Z7, kout, kout

// BLANK sets out to the blank's cell of the cells in lo (PARSE), the
// lowest zero byte (the classic test is exact for the lowest), or 8 where
// there is none. It uses Z8 and Z9.
#define BLANK(lo, out) \
	BQ(0x0101010101010101, Z9); VPSUBQ Z9, lo, Z8; VPANDNQ Z8, lo, Z8; \
	BQ(0x8080808080808080, Z9); VPANDQ Z9, Z8, Z8; \
	VPXORQ Z9, Z9, Z9; VPSUBQ Z8, Z9, Z9; VPANDQ Z9, Z8, Z8; \
	VPLZCNTQ Z8, Z8; \
	BQ(63, Z9); VPSUBQ Z8, Z9, Z8; VPSRLQ $3, Z8, Z8; \
	BQ(8, Z9); VPMINUQ Z9, Z8, out

// RANK sets idx and par to rank9(seq, blank) for the tiles seq (tiles9,
// a nibble each) in the lanes of km, with head9 and tail9 at R10 and
// R11. seq is spoilt; it uses Z9, Z13-Z15 and K4.
#define RANK(seq, blank, idx, par, km) \
	BQ(0x07070707, Z9); VPANDQ Z9, seq, Z13; VPSRLQ $1, seq, seq; \
	BQ(0x38383838, Z9); VPANDQ Z9, seq, seq; VPORQ Z13, seq, seq; \
	BQ(0x003f003f, Z9); VPANDQ Z9, seq, Z13; VPSRLQ $2, seq, seq; \
	BQ(0x0fc00fc0, Z9); VPANDQ Z9, seq, seq; VPORQ Z13, seq, seq; \
	BQ(4095, Z9); VPANDQ Z9, seq, Z13; VPSRLQ $16, seq, seq; VPANDQ Z9, seq, seq; \
	KMOVW km, K4; VPXORQ Z14, Z14, Z14; VPGATHERQD (R10)(Z13*2), K4, Y14; \
	KMOVW km, K4; VPXORQ Z15, Z15, Z15; VPGATHERQD (R11)(seq*1), K4, Y15; \
	MOVL $0xffff, AX; VPBROADCASTD AX, Z9; VPANDD Z9, Z14, Z14; \
	MOVL $0xff, AX; VPBROADCASTD AX, Z9; VPANDD Z9, Z15, Z15; \
	VPXORD Z15, Z14, Z13; VPMOVZXDQ Y13, par; VPANDQ Z17, par, par; \
	VPSRLD $1, Z14, Z14; MOVL $24, AX; VPBROADCASTD AX, Z9; VPMULLD Z9, Z14, Z14; \
	VPSRLD $1, Z15, Z15; VPADDD Z15, Z14, Z14; VPSRLD $1, Z14, Z14; VPMOVZXDQ Y14, Z14; \
	BQ(20160, Z9); VPMULUDQ Z9, blank, Z15; VPADDQ Z15, Z14, idx

// CONSTANTS loads the constants the macros take, and K1 all eight lanes.
#define CONSTANTS \
	BQ(0xff, Z29); BB(0x30, Z24); BB(8, Z23); BB(0x78, Z22); BB(0x58, Z21); \
	BB(0x23, Z20); BB(15, Z19); BQ(1, Z17); BQ(0x1ff, Z16); \
	MOVL $0xff, AX; KMOVW AX, K1

// RESULT returns, as n and solvable, how many lanes of K3 are set from
// the first (BSF of its complement, with a ninth bit set) and those of
// them that are in K6, a bit each.
#define RESULT(n, solvable) \
	KMOVW K3, AX; NOTL AX; ORL $0x100, AX; BSFL AX, AX; MOVQ AX, n; \
	KMOVW K6, BX; MOVL $1, DX; MOVL AX, CX; SHLL CX, DX; DECL DX; ANDL DX, BX; \
	MOVB BX, solvable
