/* SPDX-License-Identifier: MIT */
/*
 * compiler.h - what every module of lib/ asks of the compiler and the
 * machine: SSE2 where it is there, the byte order, symbol visibility, the
 * cold and always-inline attributes and a value held in a register. Owns no
 * code; may call nothing.
 */
#ifndef ROBOTS_COMMON_COMPILER_H
#define ROBOTS_COMMON_COMPILER_H

/* SSE2 where it is there (every x86-64) for the parser's byte searches;
 * RB_NO_SIMD keeps to the portable code (a CI gate builds it so). */
#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__)) &&          \
    !defined(RB_NO_SIMD)
#include <emmintrin.h>
#define RB_SSE2 1
#endif

/* Little-endian byte order: a word's lowest byte is its first in memory,
 * so the lowest flag of a byte mask (rb_zero_byte() and the like, exact
 * in their lowest flag) is the first match. RB_NO_FIRST_FLAGGED keeps to
 * the byte-by-byte code instead (a CI gate builds it so). */
#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) &&             \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && !defined(RB_NO_FIRST_FLAGGED)
#define RB_LITTLE_ENDIAN 1
#endif

#define RB_HIDDEN __attribute__((visibility("hidden")))
/* A path hot loops rarely take, kept out of them so that they stay small
 * enough to inline. */
#define RB_COLD __attribute__((cold, noinline))
/* Kept out of line where inlining it would crowd its caller's loop with
 * the registers it needs (names_hash.c's look-up of a window). */
#define RB_NOINLINE __attribute__((noinline))
/* x's value hidden from the optimiser, as if an instruction had just set it
 * in a register (an empty asm): from there on the compiler uses it in that
 * register, where it had kept it on the stack and loaded it at each use
 * (parse_lines_loop.h, the parse limit of the general path's line). */
#define RB_IN_REGISTER(x) __asm__("" : "+r"(x))
/* Inlined whatever the compiler's estimate, where a call in a hot loop
 * costs its registers. Only when optimising: inlining is for speed, which
 * an unoptimised build (the coverage gate's -O0) does not measure, and
 * there each forced copy would carry its own branches, so that gcov
 * counted a function's error paths once for every caller. */
#ifdef __OPTIMIZE__
#define RB_ALWAYS_INLINE __attribute__((always_inline))
#else
#define RB_ALWAYS_INLINE
#endif

#endif
