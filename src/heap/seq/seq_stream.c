/* SPDX-License-Identifier: MIT */
/* The byte stream that sequence files, checkpoints and the spill file are written through: values
 * at a width, little-endian, in chunks, and the one refusal that names what was wrong. */
#include "heap/seq/seq_internal.h"

#include <stdio.h>

grundy_status grundy_stream_refuse(grundy_seq_stream *s, const char *what) {
    snprintf(s->problem, sizeof s->problem, "%s", what);
    return GRUNDY_STATUS_PARSE;
}

#define STREAM_CHUNK 4096 /* values converted at a time */

int grundy_stream_put_values(grundy_seq_stream *s, const void *raw, unsigned width,
                             uint64_t count) {
    unsigned char buf[STREAM_CHUNK * 8];
    for (uint64_t i = 0; i < count;) {
        const uint64_t n = count - i < STREAM_CHUNK ? count - i : STREAM_CHUNK;
        for (uint64_t k = 0; k < n; k++) {
            const uint64_t v = grundy_seq_raw_load(raw, width, i + k);
            for (unsigned b = 0; b < width; b++) {
                buf[k * width + b] = (unsigned char)(v >> (8 * b));
            }
        }
        if (s->put(s->ctx, buf, (size_t)(n * width)) != 0) {
            return -1;
        }
        i += n;
    }
    return 0;
}

int grundy_stream_get_values(grundy_seq_stream *s, void *raw, unsigned width, uint64_t count) {
    unsigned char buf[STREAM_CHUNK * 8];
    for (uint64_t i = 0; i < count;) {
        const uint64_t n = count - i < STREAM_CHUNK ? count - i : STREAM_CHUNK;
        if (s->get(s->ctx, buf, (size_t)(n * width)) != 0) {
            return -1;
        }
        for (uint64_t k = 0; k < n; k++) {
            uint64_t v = 0;
            for (unsigned b = width; b-- > 0;) {
                v = (v << 8) | buf[k * width + b];
            }
            grundy_seq_raw_store(raw, width, i + k, v);
        }
        i += n;
    }
    return 0;
}
