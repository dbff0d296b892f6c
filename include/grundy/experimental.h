/* SPDX-License-Identifier: MIT */
/*
 * What libgrundy offers but does not promise yet: options and hooks that may change or go in any
 * minor version (0.x to 0.x+1, x.y to x.y+1), with no change of the soname to say so. A program
 * that includes this header must be built against the very version of libgrundy it runs with
 * (link the static library, or check grundy_version()). grundy.h does not include it: including
 * it is the opt-in, as defining LZ4F_STATIC_LINKING_ONLY is for lz4's unstable part.
 *
 * The stable structs reach what is here only through a pointer that is NULL by default
 * (grundy_seq_opts.experimental), so changing a struct here moves no stable field.
 */
#ifndef GRUNDY_EXPERIMENTAL_H
#define GRUNDY_EXPERIMENTAL_H

#include <grundy/seq.h>

#ifdef __cplusplus
extern "C" {
#endif

/** What grundy_seq_opts.experimental points to; GRUNDY_SEQ_EXPERIMENTAL_OPTS_INIT: nothing. */
struct grundy_seq_experimental_opts {
    /**
     * FOR TESTS ONLY: nonzero k makes the sequence store g(k) xor 1 for heap k, a wrong value
     * the self-check (grundy_seq_opts.check) must catch. 0 stores every value as computed.
     */
    uint64_t test_corrupt_heap;
};
#define GRUNDY_SEQ_EXPERIMENTAL_OPTS_INIT                                                          \
    { .test_corrupt_heap = 0 }

#ifdef __cplusplus
}
#endif
#endif
