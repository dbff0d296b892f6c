/* SPDX-License-Identifier: MIT */
/* libFuzzer target for sequence files and checkpoints (--save, --load, --checkpoint resume): the
 * bytes go through a file, as the CLI reads them, into a sequence for the rule the header names.
 * Any bytes are either refused with a status (and the sequence left empty), or load to exactly
 * the values, count, largest value and width the header states; the loaded values then save to
 * the same bytes (byte-identical), and the engine goes on from them: when the file's values are
 * the rule's own, the values after them are those of an uninterrupted run. A windowed checkpoint
 * is read with the memory bound it names, and the engine goes on from its window too. */
#include "files.h"

#include <grundy/seqfile.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define HEADER 44u
/* Resumes are checked against a fresh run for files up to this many values (the naive engine
 * is quadratic for splitting rules), continued by EXTRA values. */
#define RESUME_MAX 256u
#define EXTRA      16u
/* The checksum-fixed pass loads into a sequence already holding this many values. */
#define PRE 8u

static uint64_t le(const uint8_t *p, unsigned bytes) {
    uint64_t v = 0;
    for (unsigned i = bytes; i-- > 0;) {
        v = (v << 8) | p[i];
    }
    return v;
}

/* docs/file-formats.md's checksum of the bytes before the last 8, written into the last 8. */
static void fix_checksum(uint8_t *d, size_t size) {
    const size_t n = size - 8;
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i += 8) {
        uint8_t w[8] = {0};
        memcpy(w, d + i, n - i < 8 ? n - i : 8);
        h = (h ^ le(w, 8)) * 0x100000001b3ull;
        h ^= h >> 32;
    }
    h = (h ^ (uint64_t)n) * 0x100000001b3ull;
    h ^= h >> 32;
    for (unsigned i = 0; i < 8; i++) {
        d[n + i] = (uint8_t)(h >> (8 * i));
    }
}

/* The rule the header names when its text parses, else Kayles (0.77), whose file it is not. */
static grundy_rule *header_rule(const uint8_t *data, size_t size) {
    grundy_rule *rule = NULL;
    if (size >= HEADER) {
        const uint64_t len = le(data + 40, 4);
        if (len >= 1 && len <= 4096 && len <= size - HEADER) {
            char *text = malloc((size_t)len + 1);
            if (text == NULL) {
                return NULL;
            }
            memcpy(text, data + HEADER, (size_t)len);
            text[len] = '\0';
            grundy_diag diag;
            if (strlen(text) != len || grundy_rule_parse(text, &rule, &diag) != GRUNDY_STATUS_OK) {
                rule = NULL;
            }
            free(text);
        }
    }
    if (rule == NULL) {
        grundy_diag diag;
        if (grundy_rule_parse("0.77", &rule, &diag) != GRUNDY_STATUS_OK) {
            abort();
        }
    }
    return rule;
}

static unsigned width_for(uint64_t v) {
    return v <= UINT8_MAX ? 1u : v <= UINT16_MAX ? 2u : v <= UINT32_MAX ? 4u : 8u;
}

/* Everything the header says, against what was loaded. */
static void check_loaded(const uint8_t *data, size_t size, const grundy_seq *seq,
                         const grundy_seqfile_info *info, uint64_t pre) {
    if (info->kind == GRUNDY_SEQFILE_WINDOWED) {
        /* read only into an empty sequence (its window and engine state replace the whole);
         * the layout is not the plain one, and test_seq_checkpoint_window checks its values */
        if (pre != 0 || info->problem != GRUNDY_SEQFILE_FINE) {
            abort();
        }
        return;
    }
    const uint64_t rule_len = le(data + 40, 4), engine = le(data + 16, 4);
    const uint64_t at = HEADER + rule_len;
    if (info->problem != GRUNDY_SEQFILE_FINE || info->version != GRUNDY_SEQFILE_VERSION ||
        info->count != le(data + 24, 8) || info->max_value != le(data + 32, 8) ||
        info->width != le(data + 20, 4) || (uint64_t)info->kind != le(data + 12, 4) ||
        info->width != width_for(info->max_value) || (engine != 1 && engine != 2) ||
        size != at + info->count * info->width + 8 ||
        grundy_seq_length(seq) != (info->count > pre ? info->count : pre)) {
        abort();
    }
    if (info->count <= pre) {
        return; /* the sequence kept its own values (check_resume compares them) */
    }
    if (grundy_seq_max_value(seq) != info->max_value) {
        abort();
    }
    uint64_t max = 0;
    for (uint64_t i = 0; i < info->count; i++) {
        const uint64_t v = le(data + at + i * info->width, info->width);
        if (grundy_seq_get(seq, i) != v) {
            abort();
        }
        max = v > max ? v : max;
    }
    /* The rule is the one the header names, in canonical form. */
    const grundy_rule *rule = grundy_seq_rule(seq);
    const size_t len = grundy_rule_format(rule, NULL, 0);
    char *text = malloc(len + 1);
    if (text == NULL) {
        return;
    }
    grundy_rule_format(rule, text, len + 1);
    if (max != info->max_value || len != rule_len || memcmp(text, data + HEADER, len) != 0) {
        abort();
    }
    free(text);
}

/* Saved again, the values give the same bytes (the engine field says which engine holds them). */
static void check_resave(const uint8_t *data, size_t size, const grundy_seq *seq,
                         const grundy_seqfile_info *info) {
    char path[96];
    fuzz_temp_path(path, sizeof path, "seqfile", "again");
    if (grundy_seqfile_save(seq, grundy_seq_length(seq), info->kind, path) != GRUNDY_STATUS_OK) {
        return;
    }
    size_t got_size = 0;
    uint8_t *got = (uint8_t *)fuzz_read_all(path, &got_size), *want = malloc(size);
    remove(path);
    if (got != NULL && want != NULL) {
        memcpy(want, data, size);
        want[16] = grundy_seq_get_engine(seq) == GRUNDY_SEQ_SPARSE ? 2 : 1;
        fix_checksum(want, size);
        if (got_size != size || memcmp(got, want, size) != 0) {
            abort();
        }
    }
    free(want);
    free(got);
}

/* Extending from loaded (or kept) values never fails but for memory; from the rule's own values
 * it gives what a run from scratch gives. */
static void check_resume(grundy_seq *seq, const grundy_seq_opts *opts) {
    const uint64_t count = grundy_seq_length(seq);
    if (count > RESUME_MAX && opts->memory == 0) {
        return;
    }
    /* a windowed load goes on whatever its length: the engine runs on the values it restored */
    const grundy_status st = grundy_seq_extend(seq, count + EXTRA);
    if (st != GRUNDY_STATUS_OK) {
        if (st != GRUNDY_STATUS_LIMIT && st != GRUNDY_STATUS_NOMEM) {
            abort();
        }
        return;
    }
    if (count > RESUME_MAX) {
        return;
    }
    grundy_seq *fresh = NULL;
    if (grundy_seq_create(grundy_seq_rule(seq), opts, &fresh) == GRUNDY_STATUS_OK &&
        grundy_seq_extend(fresh, count + EXTRA) == GRUNDY_STATUS_OK) {
        uint64_t i = 0;
        while (i < count && grundy_seq_get(fresh, i) == grundy_seq_get(seq, i)) {
            i++;
        }
        for (; i == count && i < count + EXTRA; i++) {
            if (grundy_seq_get(fresh, i) != grundy_seq_get(seq, i)) {
                abort();
            }
        }
    }
    grundy_seq_destroy(fresh);
}

/* A windowed checkpoint's memory bound (the first layout word, after the header, the rule, the
 * body's length and the caller's extra bytes), so that the load reaches the window and the
 * engine runs on it; 0 for any other file or a bound past the fuzzer's memory. */
static uint64_t windowed_memory(const uint8_t *data, size_t size) {
    if (size < HEADER + 16 || le(data + 12, 4) != GRUNDY_SEQFILE_WINDOWED) {
        return 0;
    }
    const uint64_t at = HEADER + le(data + 40, 4) + 8;
    if (at > size - 8) {
        return 0;
    }
    const uint64_t extra = le(data + at, 8);
    if (extra > size || at + 8 + extra > size - 8) {
        return 0;
    }
    const uint64_t memory = le(data + at + 8 + extra, 8);
    return memory <= ((uint64_t)16 << 20) ? memory : 0;
}

/* Load into a sequence that already holds g(0..pre-1): a file with more values replaces them, a
 * refused one leaves them. */
static void load_bytes(const uint8_t *data, size_t size, uint64_t pre) {
    char path[96];
    fuzz_temp_path(path, sizeof path, "seqfile", "seq");
    if (!fuzz_write_all(path, data, size)) {
        remove(path);
        return;
    }
    grundy_rule *rule = header_rule(data, size);
    grundy_seq *seq = NULL;
    grundy_seq_opts opts = GRUNDY_SEQ_OPTS_INIT;
    const uint64_t engine = size >= 20 ? le(data + 16, 4) : 0;
    opts.engine = engine == 1   ? GRUNDY_SEQ_NAIVE
                  : engine == 2 ? GRUNDY_SEQ_SPARSE
                                : GRUNDY_SEQ_AUTO;
    opts.max_bytes = (uint64_t)64 << 20;
    opts.memory = pre == 0 ? windowed_memory(data, size) : 0;
    if (rule == NULL) {
        remove(path);
        return;
    }
    grundy_status st = grundy_seq_create(rule, &opts, &seq);
    if (st == GRUNDY_STATUS_UNSUPPORTED) { /* a sparse file of a rule the sparse engine lacks */
        opts.engine = GRUNDY_SEQ_AUTO;
        st = grundy_seq_create(rule, &opts, &seq);
    }
    if (st == GRUNDY_STATUS_OK && grundy_seq_extend(seq, pre) == GRUNDY_STATUS_OK) {
        grundy_seqfile_info info;
        st = grundy_seqfile_load(path, seq, &info);
        if (st == GRUNDY_STATUS_OK) {
            check_loaded(data, size, seq, &info, pre);
            if (info.count > pre && info.kind != GRUNDY_SEQFILE_WINDOWED) {
                check_resave(data, size, seq, &info);
            }
        } else if (grundy_seq_length(seq) != pre ||
                   (st == GRUNDY_STATUS_PARSE &&
                    (info.problem == GRUNDY_SEQFILE_FINE || info.message[0] == '\0' ||
                     strchr(info.message, '\n') != NULL)) ||
                   (st != GRUNDY_STATUS_PARSE && st != GRUNDY_STATUS_LIMIT &&
                    st != GRUNDY_STATUS_NOMEM && st != GRUNDY_STATUS_IO)) {
            abort();
        }
        check_resume(seq, &opts);
    }
    grundy_seq_destroy(seq);
    grundy_rule_destroy(rule);
    remove(path);
}

/* A mutated file almost never keeps its checksum, so the bytes are also loaded with the
 * checksum made to match: that takes the fuzzer to the rule, value and maximum checks. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    load_bytes(data, size, 0);
    if (size >= HEADER + 8) {
        uint8_t *fixed = malloc(size);
        if (fixed == NULL) {
            return 0;
        }
        memcpy(fixed, data, size);
        fix_checksum(fixed, size);
        if (memcmp(fixed, data, size) != 0) {
            load_bytes(fixed, size, PRE);
        }
        free(fixed);
    }
    return 0;
}
