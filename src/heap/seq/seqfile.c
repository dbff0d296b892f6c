/* SPDX-License-Identifier: MIT */
/* Sequence files and checkpoints (docs/file-formats.md): a header naming the rule, the values at
 * the narrowest width, little-endian, and a checksum; written through grundy_file_out (a temporary
 * file of its own, synced and renamed), so that a kill leaves the old file or the new one. */
#include <grundy/file.h>
#include <grundy/seqfile.h>

#include "heap/seq/seq_internal.h"

#include "util/file_in.h"
#include "util/try.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const unsigned char magic[8] = {'G', 'R', 'U', 'N', 'D', 'Y', 'S', 'Q'};
#define HEADER_FIXED  44u /* magic, version, kind, engine, width, count, max value, rule length */
#define MAX_RULE_TEXT 65536u
#define BUFFER_BYTES  ((size_t)1 << 20)

/* ---------------------------------------------------------------- checksum */

/*
 * A 64-bit checksum of our own over the bytes taken as little-endian 64-bit words (the last one
 * zero-padded): h = FNV-1a's offset basis; per word w: h = (h ^ w) * P, h ^= h >> 32, with P
 * FNV's 64-bit prime; at the end the byte count is mixed in the same way. Each step is a
 * bijection of h, so two inputs that differ in one word (a flipped byte, say) always give
 * different sums. Eight bytes a step: several GB/s.
 */
#define CK_BASIS UINT64_C(0xcbf29ce484222325)
#define CK_PRIME UINT64_C(0x100000001b3)

typedef struct checksum {
    uint64_t h, total;
    unsigned char tail[8];
    unsigned fill;
} checksum;

static uint64_t le64(const unsigned char *p) {
    uint64_t w = 0;
    for (int i = 7; i >= 0; i--) {
        w = (w << 8) | p[i];
    }
    return w;
}

static uint64_t ck_mix(uint64_t h, uint64_t w) {
    h = (h ^ w) * CK_PRIME;
    return h ^ (h >> 32);
}

static void ck_init(checksum *c) {
    memset(c, 0, sizeof *c);
    c->h = CK_BASIS;
}

static void ck_update(checksum *c, const unsigned char *p, size_t n) {
    c->total += n;
    while (n > 0 && c->fill > 0) {
        c->tail[c->fill++ & 7u] = *p++; /* fill < 8 here: the mask tells the compiler */
        n--;
        if (c->fill == 8) {
            c->h = ck_mix(c->h, le64(c->tail));
            c->fill = 0;
        }
    }
    uint64_t h = c->h;
    for (; n >= 8; n -= 8, p += 8) {
        h = ck_mix(h, le64(p));
    }
    c->h = h;
    while (n > 0) {
        c->tail[c->fill++ & 7u] = *p++;
        n--;
    }
}

static uint64_t ck_final(const checksum *c) {
    uint64_t h = c->h;
    if (c->fill > 0) {
        unsigned char last[8] = {0};
        memcpy(last, c->tail, c->fill);
        h = ck_mix(h, le64(last));
    }
    return ck_mix(h, c->total);
}

/* ---------------------------------------------------------------- encoding */

static void put_le(unsigned char *p, uint64_t v, unsigned bytes) {
    for (unsigned i = 0; i < bytes; i++) {
        p[i] = (unsigned char)(v >> (8 * i));
    }
}

static uint64_t get_le(const unsigned char *p, unsigned bytes) {
    uint64_t v = 0;
    for (unsigned i = bytes; i-- > 0;) {
        v = (v << 8) | p[i];
    }
    return v;
}

static unsigned width_for(uint64_t v) {
    return v <= UINT8_MAX ? 1u : v <= UINT16_MAX ? 2u : v <= UINT32_MAX ? 4u : 8u;
}

static size_t rule_text(const grundy_rule *rule, char **out) {
    const size_t len = grundy_rule_format(rule, NULL, 0);
    *out = malloc(len + 1);
    if (*out != NULL) {
        grundy_rule_format(rule, *out, len + 1);
    }
    return len;
}

static unsigned engine_code(grundy_seq_engine e) {
    return e == GRUNDY_SEQ_NAIVE ? 1u : e == GRUNDY_SEQ_SPARSE ? 2u : 0u;
}

/* ---------------------------------------------------------------- writing */

typedef struct writer {
    FILE *f;
    checksum ck;
    int failed;
    int why; /* the errno of the failed write */
} writer;

/* Bytes outside the checksum (the checksum itself). */
static void write_raw(writer *w, const unsigned char *p, size_t n) {
    if (!w->failed && fwrite(p, 1, n, w->f) != n) {
        w->failed = 1;
        w->why = errno;
    }
}

static void write_bytes(writer *w, const unsigned char *p, size_t n) {
    ck_update(&w->ck, p, n);
    write_raw(w, p, n);
}

static void write_header(writer *w, const grundy_seq *seq, uint64_t count, unsigned width,
                         uint64_t max, grundy_seqfile_kind kind, const char *rule, size_t len) {
    unsigned char h[HEADER_FIXED];
    memcpy(h, magic, sizeof magic);
    put_le(h + 8, GRUNDY_SEQFILE_VERSION, 4);
    put_le(h + 12, (uint64_t)kind, 4);
    put_le(h + 16, engine_code(grundy_seq_get_engine(seq)), 4);
    put_le(h + 20, width, 4);
    put_le(h + 24, count, 8);
    put_le(h + 32, max, 8);
    put_le(h + 40, len, 4);
    write_bytes(w, h, sizeof h);
    write_bytes(w, (const unsigned char *)rule, len);
}

static void write_values(writer *w, const grundy_seq *seq, uint64_t count, unsigned width,
                         unsigned char *buf) {
    unsigned seq_width;
    const void *raw = grundy_seq_raw(seq, &seq_width);
    size_t used = 0;
    for (uint64_t i = 0; i < count; i++) {
        put_le(buf + used, grundy_seq_raw_load(raw, seq_width, i), width);
        used += width;
        if (used + 8 > BUFFER_BYTES) {
            write_bytes(w, buf, used);
            used = 0;
        }
    }
    write_bytes(w, buf, used);
}

/* The writer's end: OK, or IO with the errno of the first failed write. */
static grundy_status writer_status(const writer *w) {
    if (!w->failed) {
        return GRUNDY_STATUS_OK;
    }
    errno = w->why != 0 ? w->why : EIO;
    return GRUNDY_STATUS_IO;
}

/* The plain file (every value) to `f`. */
static grundy_status write_file(FILE *f, const grundy_seq *seq, uint64_t count,
                                grundy_seqfile_kind kind, const char *rule, size_t len,
                                unsigned char *buf) {
    writer w = {f, {0, 0, {0}, 0}, 0, 0};
    uint64_t max = 0;
    for (uint64_t i = 0; i < count; i++) {
        const uint64_t v = grundy_seq_get(seq, i);
        max = v > max ? v : max;
    }
    const unsigned width = width_for(max);
    ck_init(&w.ck);
    write_header(&w, seq, count, width, max, kind, rule, len);
    write_values(&w, seq, count, width, buf);
    unsigned char sum[8];
    put_le(sum, ck_final(&w.ck), 8);
    write_raw(&w, sum, sizeof sum);
    return writer_status(&w);
}

/* ---------------------------------------------------------------- windowed checkpoints */

/* The windowed checkpoint: a sequence with opts.memory. After the header and the rule: the
 * body's length, then the body (the caller's extra bytes, the layout, the engine's state, the
 * prefix, the window, the spill table: docs/file-formats.md), then the checksum. The body is
 * streamed from what the sequence holds; a first pass only counts its bytes. */
typedef struct out_ctx {
    writer *w; /* NULL: count only */
    uint64_t bytes;
} out_ctx;

static int out_put(void *ctx, const void *p, size_t n) {
    out_ctx *o = ctx;
    o->bytes += n;
    if (o->w != NULL) {
        write_bytes(o->w, p, n);
        return o->w->failed ? -1 : 0;
    }
    return 0;
}

static grundy_status write_body(out_ctx *o, const grundy_seq *seq, const void *extra,
                                size_t extra_len) {
    grundy_seq_stream out = {o, out_put, NULL, {0}};
    if (grundy_stream_put_u64(&out, extra_len) != 0 ||
        (extra_len > 0 && out_put(o, extra, extra_len) != 0)) {
        return GRUNDY_STATUS_IO;
    }
    return grundy_seq_save_window(seq, &out);
}

/* The windowed checkpoint to `f`; IO with errno on failure. */
static grundy_status write_windowed(FILE *f, const grundy_seq *seq, const char *rule, size_t len,
                                    const void *extra, size_t extra_len) {
    out_ctx count = {NULL, 0};
    grundy_status st = write_body(&count, seq, extra, extra_len);
    if (st != GRUNDY_STATUS_OK) {
        return st;
    }
    writer w = {f, {0, 0, {0}, 0}, 0, 0};
    ck_init(&w.ck);
    const uint64_t max = grundy_seq_max_value(seq);
    write_header(&w, seq, grundy_seq_length(seq), width_for(max), max, GRUNDY_SEQFILE_WINDOWED,
                 rule, len);
    unsigned char word[8];
    put_le(word, count.bytes, 8);
    write_bytes(&w, word, sizeof word);
    out_ctx real = {&w, 0};
    st = write_body(&real, seq, extra, extra_len);
    if (st == GRUNDY_STATUS_OK && real.bytes != count.bytes) {
        st = GRUNDY_STATUS_INTERNAL; /* the body changed between the passes: never */
    }
    put_le(word, ck_final(&w.ck), 8);
    write_raw(&w, word, sizeof word);
    const grundy_status written = writer_status(&w);
    return st != GRUNDY_STATUS_OK ? st : written;
}

grundy_status grundy_seqfile_save(const grundy_seq *seq, uint64_t count, grundy_seqfile_kind kind,
                                  const char *path) {
    return grundy_seqfile_save_extra(seq, count, kind, path, NULL, 0);
}

grundy_status grundy_seqfile_save_extra(const grundy_seq *seq, uint64_t count,
                                        grundy_seqfile_kind kind, const char *path,
                                        const void *extra, size_t extra_len) {
    grundy_status st = GRUNDY_STATUS_OK;
    char *rule = NULL;
    unsigned char *buf = NULL;
    grundy_file_out *out = NULL;
    GRUNDY_CHECK(count <= grundy_seq_length(seq), GRUNDY_STATUS_INVALID_ARG);
    const int windowed = grundy_seq_memory(seq) != 0 && kind != GRUNDY_SEQFILE_SEQUENCE;
    GRUNDY_CHECK(!windowed || count == grundy_seq_length(seq), GRUNDY_STATUS_INVALID_ARG);
    /* memory beyond RAM: a sequence with opts.memory that dropped values (or keeps a window) */
    if (!windowed) {
        GRUNDY_TRY(grundy_seq_need_all(seq, count, "writing a sequence file or checkpoint"));
    }
    const size_t len = rule_text(grundy_seq_rule(seq), &rule);
    GRUNDY_CHECK(rule != NULL, GRUNDY_STATUS_NOMEM);
    GRUNDY_CHECK(len <= MAX_RULE_TEXT, GRUNDY_STATUS_INVALID_ARG);
    buf = windowed ? NULL : malloc(BUFFER_BYTES);
    GRUNDY_CHECK(windowed || buf != NULL, GRUNDY_STATUS_NOMEM);
    GRUNDY_TRY(grundy_file_out_open(path, &out));
    FILE *const f = grundy_file_out_stream(out);
    st = windowed ? write_windowed(f, seq, rule, len, extra, extra_len)
                  : write_file(f, seq, count, kind, rule, len, buf);
    if (st == GRUNDY_STATUS_OK) {
        st = grundy_file_out_commit(out);
        out = NULL;
    }
cleanup:
    grundy_file_out_discard(out); /* a failed save leaves the old file whole */
    free(buf);
    free(rule);
    return st;
}

/* ---------------------------------------------------------------- reading */

#ifdef __GNUC__
__attribute__((format(printf, 3, 4)))
#endif
static grundy_status
refuse(grundy_seqfile_info *info, grundy_seqfile_problem problem, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(info->message, sizeof info->message, fmt, ap);
    va_end(ap);
    info->problem = problem;
    return GRUNDY_STATUS_PARSE;
}

/* The file's rule text as a message may show it: one line (a byte outside printable ASCII is
 * '?') of at most cap - 4 bytes, "..." when cut. The text is the file's, whatever it holds
 * (fuzz_seqfile found a newline reaching the message). */
static void shown(char *out, size_t cap, const unsigned char *text, size_t len) {
    size_t n = 0;
    for (; n < len && n + 4 < cap; n++) {
        out[n] = text[n] >= 0x20 && text[n] < 0x7f ? (char)text[n] : '?';
    }
    if (n < len) {
        memcpy(out + n, "...", 3);
        n += 3;
    }
    out[n] = '\0';
}

/* Read exactly n bytes into p (checksummed); 0 when the file ends first or on an error. */
static int read_exact(FILE *f, checksum *ck, unsigned char *p, size_t n) {
    if (fread(p, 1, n, f) != n) {
        return 0;
    }
    ck_update(ck, p, n);
    return 1;
}

/* The fixed header: magic, version, and fields in range. */
static grundy_status parse_header(const unsigned char *h, grundy_seqfile_info *info,
                                  uint32_t *rule_len) {
    if (memcmp(h, magic, sizeof magic) != 0) {
        return refuse(info, GRUNDY_SEQFILE_NOT_OURS, "not a grundy sequence file");
    }
    info->version = (unsigned)get_le(h + 8, 4);
    if (info->version != GRUNDY_SEQFILE_VERSION) {
        return refuse(info, GRUNDY_SEQFILE_BAD_VERSION,
                      "incompatible version: written in format version %u, this grundy reads "
                      "version %u",
                      info->version, GRUNDY_SEQFILE_VERSION);
    }
    const uint64_t kind = get_le(h + 12, 4), engine = get_le(h + 16, 4);
    info->width = (unsigned)get_le(h + 20, 4);
    info->count = get_le(h + 24, 8);
    info->max_value = get_le(h + 32, 8);
    *rule_len = (uint32_t)get_le(h + 40, 4);
    if ((kind != GRUNDY_SEQFILE_SEQUENCE && kind != GRUNDY_SEQFILE_CHECKPOINT &&
         kind != GRUNDY_SEQFILE_WINDOWED) ||
        engine < 1 || engine > 2 || info->width != width_for(info->max_value) ||
        info->count > GRUNDY_NUMBER_MAX || *rule_len == 0 || *rule_len > MAX_RULE_TEXT) {
        return refuse(info, GRUNDY_SEQFILE_BAD_HEADER,
                      "corrupt header (kind, engine, width, count or rule length out of range)");
    }
    info->kind = (grundy_seqfile_kind)kind;
    info->engine = engine == 1 ? GRUNDY_SEQ_NAIVE : GRUNDY_SEQ_SPARSE;
    return GRUNDY_STATUS_OK;
}

/* The file's size against the header's promise: truncated, or bytes past the checksum. */
static grundy_status check_size(FILE *f, grundy_seqfile_info *info, uint32_t rule_len) {
    struct stat sb;
    if (fstat(fileno(f), &sb) != 0) {
        return GRUNDY_STATUS_IO;
    }
    const uint64_t size = (uint64_t)sb.st_size;
    if (info->count > (UINT64_MAX - HEADER_FIXED - MAX_RULE_TEXT - 8) / info->width) {
        return refuse(info, GRUNDY_SEQFILE_BAD_HEADER, "corrupt header (count)");
    }
    const uint64_t want = HEADER_FIXED + rule_len + info->count * info->width + 8;
    if (size < want) {
        return refuse(info, GRUNDY_SEQFILE_TRUNCATED,
                      "truncated: %llu bytes, where the header's %llu values need %llu",
                      (unsigned long long)size, (unsigned long long)info->count,
                      (unsigned long long)want);
    }
    if (size > want) {
        return refuse(info, GRUNDY_SEQFILE_CORRUPT, "corrupt: %llu bytes past the checksum",
                      (unsigned long long)(size - want));
    }
    return GRUNDY_STATUS_OK;
}

/* Read the values into `out` (host order, the file's width), checksummed. */
static int read_values(FILE *f, checksum *ck, const grundy_seqfile_info *info, void *out,
                       unsigned char *buf) {
    const size_t per = BUFFER_BYTES / info->width;
    for (uint64_t done = 0; done < info->count;) {
        const size_t n = info->count - done < per ? (size_t)(info->count - done) : per;
        if (!read_exact(f, ck, buf, n * info->width)) {
            return 0;
        }
        for (size_t i = 0; i < n; i++) {
            const uint64_t v = get_le(buf + i * info->width, info->width);
            switch (info->width) {
            case 1:
                ((uint8_t *)out)[done + i] = (uint8_t)v;
                break;
            case 2:
                ((uint16_t *)out)[done + i] = (uint16_t)v;
                break;
            case 4:
                ((uint32_t *)out)[done + i] = (uint32_t)v;
                break;
            default:
                ((uint64_t *)out)[done + i] = v;
                break;
            }
        }
        done += n;
    }
    return 1;
}

/* The file's rule text against the sequence's: OK, or OTHER_RULE refused with both shown. */
static grundy_status same_rule(const grundy_seq *seq, grundy_seqfile_info *info,
                               const unsigned char *rule, uint32_t rule_len) {
    char *want = NULL;
    const size_t want_len = rule_text(grundy_seq_rule(seq), &want);
    if (want == NULL) {
        return GRUNDY_STATUS_NOMEM;
    }
    grundy_status st = GRUNDY_STATUS_OK;
    if (want_len != rule_len || memcmp(want, rule, rule_len) != 0) {
        char theirs[96];
        shown(theirs, sizeof theirs, rule, rule_len);
        st = refuse(info, GRUNDY_SEQFILE_OTHER_RULE, "made for another rule: %s, not %s", theirs,
                    want);
    }
    free(want);
    return st;
}

/* Everything after the fixed header: rule, values, checksum, and the checks on them. */
static grundy_status read_body(FILE *f, checksum *ck, grundy_seq *seq, grundy_seqfile_info *info,
                               uint32_t rule_len, void **values) {
    grundy_status st = GRUNDY_STATUS_OK;
    unsigned char *rule = malloc(rule_len + 1), *buf = malloc(BUFFER_BYTES);
    GRUNDY_CHECK(rule != NULL && buf != NULL, GRUNDY_STATUS_NOMEM);
    GRUNDY_CHECK(read_exact(f, ck, rule, rule_len), GRUNDY_STATUS_IO);
    rule[rule_len] = '\0';
    GRUNDY_TRY(grundy_seq_restore_begin(seq, info->width, info->count, values));
    GRUNDY_CHECK(read_values(f, ck, info, *values, buf), GRUNDY_STATUS_IO);
    unsigned char sum[8];
    GRUNDY_CHECK(fread(sum, 1, sizeof sum, f) == sizeof sum, GRUNDY_STATUS_IO);
    if (get_le(sum, 8) != ck_final(ck)) {
        st = refuse(info, GRUNDY_SEQFILE_CORRUPT,
                    "corrupt: the checksum does not match the content (a changed byte)");
        goto cleanup;
    }
    GRUNDY_TRY(same_rule(seq, info, rule, rule_len));
    uint64_t max = 0;
    for (uint64_t i = 0; i < info->count; i++) {
        const uint64_t v = grundy_seq_raw_load(*values, info->width, i);
        max = v > max ? v : max;
    }
    if (max != info->max_value) {
        st = refuse(info, GRUNDY_SEQFILE_CORRUPT,
                    "corrupt: the values' maximum is not the "
                    "header's");
    }
cleanup:
    free(buf);
    free(rule);
    return st;
}

/* ---------------------------------------------------------------- reading a windowed one */

typedef struct in_ctx {
    FILE *f;
    uint64_t left; /* body bytes not read yet */
} in_ctx;

static int in_get(void *ctx, void *p, size_t n) {
    in_ctx *c = ctx;
    if (n > c->left || fread(p, 1, n, c->f) != n) {
        return -1;
    }
    c->left -= n;
    return 0;
}

/* The checksum over everything before the last 8 bytes, against them (the first pass: nothing
 * is read into the sequence before the whole file is known whole). */
static grundy_status check_sum_whole(FILE *f, uint64_t size, grundy_seqfile_info *info) {
    grundy_status st = GRUNDY_STATUS_OK;
    unsigned char *buf = malloc(BUFFER_BYTES);
    GRUNDY_CHECK(buf != NULL, GRUNDY_STATUS_NOMEM);
    GRUNDY_CHECK(fseek(f, 0, SEEK_SET) == 0, GRUNDY_STATUS_IO);
    checksum ck;
    ck_init(&ck);
    for (uint64_t left = size - 8; left > 0;) {
        const size_t n = left < BUFFER_BYTES ? (size_t)left : BUFFER_BYTES;
        GRUNDY_CHECK(read_exact(f, &ck, buf, n), GRUNDY_STATUS_IO);
        left -= n;
    }
    unsigned char sum[8];
    GRUNDY_CHECK(fread(sum, 1, sizeof sum, f) == sizeof sum, GRUNDY_STATUS_IO);
    if (get_le(sum, 8) != ck_final(&ck)) {
        st = refuse(info, GRUNDY_SEQFILE_CORRUPT,
                    "corrupt: the checksum does not match the content (a changed byte)");
    }
cleanup:
    free(buf);
    return st;
}

/* The rule text after the header, against the sequence's. */
static grundy_status check_rule(FILE *f, const grundy_seq *seq, grundy_seqfile_info *info,
                                uint32_t rule_len) {
    grundy_status st = GRUNDY_STATUS_OK;
    unsigned char *rule = malloc(rule_len + 1);
    GRUNDY_CHECK(rule != NULL, GRUNDY_STATUS_NOMEM);
    GRUNDY_CHECK(fread(rule, 1, rule_len, f) == rule_len, GRUNDY_STATUS_IO);
    st = same_rule(seq, info, rule, rule_len);
cleanup:
    free(rule);
    return st;
}

static grundy_status read_windowed(FILE *f, grundy_seq *seq, grundy_seqfile_info *info,
                                   uint32_t rule_len, void **extra, size_t *extra_len) {
    grundy_status st = GRUNDY_STATUS_OK;
    struct stat sb;
    unsigned char word[8];
    GRUNDY_CHECK(fstat(fileno(f), &sb) == 0, GRUNDY_STATUS_IO);
    const uint64_t size = (uint64_t)sb.st_size, head = HEADER_FIXED + rule_len + 8;
    if (size < head + 8 || fseek(f, (long)(head - 8), SEEK_SET) != 0 || fread(word, 1, 8, f) != 8) {
        return refuse(info, GRUNDY_SEQFILE_TRUNCATED, "truncated inside the header");
    }
    const uint64_t body = get_le(word, 8);
    if (body > UINT64_MAX - head - 8 || size < head + body + 8) {
        return refuse(
            info, GRUNDY_SEQFILE_TRUNCATED, "truncated: %llu bytes, where the header promises %llu",
            (unsigned long long)size,
            (unsigned long long)(body > UINT64_MAX - head - 8 ? UINT64_MAX : head + body + 8));
    }
    if (size > head + body + 8) {
        return refuse(info, GRUNDY_SEQFILE_CORRUPT, "corrupt: %llu bytes past the checksum",
                      (unsigned long long)(size - head - body - 8));
    }
    GRUNDY_TRY(check_sum_whole(f, size, info));
    GRUNDY_CHECK(fseek(f, HEADER_FIXED, SEEK_SET) == 0, GRUNDY_STATUS_IO);
    GRUNDY_TRY(check_rule(f, seq, info, rule_len));
    if (info->engine != grundy_seq_get_engine(seq)) {
        return refuse(info, GRUNDY_SEQFILE_OTHER_RUN,
                      "made by another engine (its state is that engine's): resume with the "
                      "same --engine");
    }
    if (grundy_seq_length(seq) > 0) {
        /* The window and the engine's state replace the sequence's whole: nothing to keep or
         * merge (grundy_seqfile_load_extra's contract; a plain file is checked value by value) */
        return refuse(info, GRUNDY_SEQFILE_OTHER_RUN,
                      "a windowed checkpoint is read only into a sequence that holds no value yet");
    }
    GRUNDY_CHECK(fseek(f, (long)head, SEEK_SET) == 0, GRUNDY_STATUS_IO);
    in_ctx c = {f, body};
    grundy_seq_stream in = {&c, NULL, in_get, {0}};
    uint64_t n = 0;
    GRUNDY_CHECK(grundy_stream_get_u64(&in, &n) == 0, GRUNDY_STATUS_IO);
    if (n > c.left) {
        return refuse(info, GRUNDY_SEQFILE_CORRUPT, "corrupt: the extra state's length");
    }
    *extra = malloc(n > 0 ? (size_t)n : 1);
    GRUNDY_CHECK(*extra != NULL, GRUNDY_STATUS_NOMEM);
    *extra_len = (size_t)n;
    GRUNDY_CHECK(in_get(&c, *extra, (size_t)n) == 0, GRUNDY_STATUS_IO);
    st = grundy_seq_load_window(seq, &in);
    if (st == GRUNDY_STATUS_PARSE) {
        const char *const why = in.problem[0] != '\0' ? in.problem : grundy_seq_spill_problem(seq);
        return refuse(info, GRUNDY_SEQFILE_OTHER_RUN, "%s", why != NULL ? why : "refused");
    }
    if (st == GRUNDY_STATUS_OK && c.left != 0) {
        st = refuse(info, GRUNDY_SEQFILE_CORRUPT, "corrupt: %llu bytes of the body not read",
                    (unsigned long long)c.left);
    }
cleanup:
    return st;
}

grundy_status grundy_seqfile_load(const char *path, grundy_seq *seq, grundy_seqfile_info *info) {
    void *extra = NULL;
    size_t extra_len = 0;
    const grundy_status st = grundy_seqfile_load_extra(path, seq, info, &extra, &extra_len);
    free(extra);
    return st;
}

grundy_status grundy_seqfile_load_extra(const char *path, grundy_seq *seq,
                                        grundy_seqfile_info *info, void **extra,
                                        size_t *extra_len) {
    grundy_status st = GRUNDY_STATUS_OK;
    *extra = NULL;
    *extra_len = 0;
    void *values = NULL;
    checksum ck;
    unsigned char h[HEADER_FIXED] = {0};
    uint32_t rule_len = 0;
    memset(info, 0, sizeof *info);
    FILE *f = grundy_fopen_regular(path);
    GRUNDY_CHECK(f != NULL, GRUNDY_STATUS_IO);
    ck_init(&ck);
    if (!read_exact(f, &ck, h, sizeof h)) {
        GRUNDY_CHECK(!ferror(f), GRUNDY_STATUS_IO);
        st = memcmp(h, magic, sizeof magic) != 0
                 ? refuse(info, GRUNDY_SEQFILE_NOT_OURS, "not a grundy sequence file")
                 : refuse(info, GRUNDY_SEQFILE_TRUNCATED, "truncated inside the header");
        goto cleanup;
    }
    GRUNDY_TRY(parse_header(h, info, &rule_len));
    if (info->kind == GRUNDY_SEQFILE_WINDOWED) {
        st = read_windowed(f, seq, info, rule_len, extra, extra_len);
        if (st != GRUNDY_STATUS_OK) {
            free(*extra);
            *extra = NULL;
            *extra_len = 0;
        }
        goto cleanup;
    }
    GRUNDY_TRY(check_size(f, info, rule_len));
    GRUNDY_TRY(read_body(f, &ck, seq, info, rule_len, &values));
    if (info->count > grundy_seq_length(seq)) {
        st = grundy_seq_restore_end(seq, values, info->width, info->count);
        values = NULL;
    }
cleanup:
    free(values);
    if (f != NULL) {
        const int why = errno;
        fclose(f);
        errno = why;
    }
    return st;
}
