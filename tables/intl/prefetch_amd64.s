#include "textflag.h"

// func prefetchBits(words *uint64, js []int64)
TEXT ·prefetchBits(SB), NOSPLIT, $0-32
	MOVQ words+0(FP), AX
	MOVQ js_base+8(FP), BX
	MOVQ js_len+16(FP), CX
	TESTQ CX, CX
	JEQ done
loop:
	MOVQ (BX), DX
	SHRQ $3, DX
	PREFETCHT0 (AX)(DX*1)
	ADDQ $8, BX
	DECQ CX
	JNE loop
done:
	RET

// func prefetchMetas(m *meta, js []int64)
TEXT ·prefetchMetas(SB), NOSPLIT, $0-32
	MOVQ m+0(FP), AX
	MOVQ js_base+8(FP), BX
	MOVQ js_len+16(FP), CX
	TESTQ CX, CX
	JEQ done
loop:
	MOVQ (BX), DX
	PREFETCHT0 (AX)(DX*4)
	ADDQ $8, BX
	DECQ CX
	JNE loop
done:
	RET

// func prefetchBytes(b *byte, js []int64)
TEXT ·prefetchBytes(SB), NOSPLIT, $0-32
	MOVQ b+0(FP), AX
	MOVQ js_base+8(FP), BX
	MOVQ js_len+16(FP), CX
	TESTQ CX, CX
	JEQ done
loop:
	MOVQ (BX), DX
	PREFETCHT0 (AX)(DX*1)
	ADDQ $8, BX
	DECQ CX
	JNE loop
done:
	RET

// func prefetchLookups(ls []lookup)
// A lookup is 16 bytes, its pointer first (see first.go).
TEXT ·prefetchLookups(SB), NOSPLIT, $0-24
	MOVQ ls_base+0(FP), BX
	MOVQ ls_len+8(FP), CX
	TESTQ CX, CX
	JEQ done
loop:
	MOVQ (BX), DX
	TESTQ DX, DX
	JEQ next
	PREFETCHT0 (DX)
next:
	ADDQ $16, BX
	DECQ CX
	JNE loop
done:
	RET
