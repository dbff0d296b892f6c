/* SPDX-License-Identifier: MIT */
/* The spill file of a windowed sequence (memory beyond RAM, docs/memory.md): the
 * values that leave the prefix and the window are appended to a file in blocks (4 KiB to 1 MiB,
 * by the memory bound), so that the rare reads of a dropped value (a long doubt scan, a rare
 * partner behind the window, a new labelling's rare list) are served by pread() instead of stopping
 * the run. The page cache that holds the file is not the process's memory.
 *
 * The file is scratch for one run: created (or, when it is an old spill file, truncated) at
 * the start and removed at the end. A file there that is not a spill file is refused, never
 * overwritten. Each block's checksum stays in memory and is checked at every read, so a block
 * changed or cut short while the run uses the file stops it (PARSE), never gives a wrong
 * value. */
#include "heap/seq/seq_spill.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define SPILL_MAGIC  "GRUNDYSP"
#define SPILL_VER    1u
#define SPILL_HEADER ((uint64_t)4096) /* the header's bytes: the blocks start here */
#define SPILL_SLOTS  4 /* blocks read back, kept for the next reads (two streams per scan) */

typedef struct spill_block {
    uint64_t start; /* g(start) is its first value */
    uint64_t sum;   /* the checksum of its bytes */
    uint32_t count; /* values */
    uint32_t width; /* bytes a value */
} spill_block;

typedef struct spill_slot {
    uint64_t block; /* UINT64_MAX: empty */
    uint64_t used;  /* the read clock at its last use (least recently used goes first) */
    unsigned char *data;
} spill_slot;

struct grundy_seq_spill {
    int fd;
    uint64_t block_bytes; /* a power of two, 4 KiB to 1 MiB */
    char *path;
    spill_block *blocks;
    uint64_t block_count, block_cap;
    uint64_t end; /* the file holds g(0..end-1) */
    /* the block being filled: g(buf_start..end-1) at buf_width bytes */
    unsigned char *buf;
    uint64_t buf_start;
    unsigned buf_width;
    spill_slot slot[SPILL_SLOTS];
    uint64_t clock;
    char problem[200];
    /* Checkpoints: the header is written at the first block (a file a checkpoint
     * refers to is adopted instead, not truncated), with an id the checkpoint records; a file
     * a checkpoint refers to stays after the run */
    char *rule;
    int started;
    int created;       /* the file did not exist before this run */
    int was_empty;     /* an empty file of the user's: truncated back, never removed */
    uint64_t dev, ino; /* the file opened: removed only while the path still names it */
    int keep;
    uint64_t id;
};

#define SPILL_ID_AT (SPILL_HEADER - 8) /* the run's id, in the header's last word */

/* A block's checksum: FNV-1a's basis and prime over 8-byte words, folded after each step (a
 * bijection of the state per word, so one changed word always changes it), then the length. */
static uint64_t block_sum(const unsigned char *p, uint64_t n) {
    uint64_t h = UINT64_C(0xcbf29ce484222325);
    uint64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        h = (h ^ w) * UINT64_C(0x100000001b3);
        h ^= h >> 29;
    }
    uint64_t w = 0;
    memcpy(&w, p + i, (size_t)(n - i));
    h = (h ^ w) * UINT64_C(0x100000001b3);
    return (h ^ (h >> 29) ^ n) * UINT64_C(0x100000001b3);
}

static grundy_status spill_fail(grundy_seq_spill *sp, grundy_status st, const char *fmt,
                                unsigned long long a, unsigned long long b) {
    snprintf(sp->problem, sizeof sp->problem, fmt, a, b);
    return st;
}

/* Write all of p at offset, or IO. */
static grundy_status write_at(int fd, const unsigned char *p, uint64_t n, uint64_t offset) {
    while (n > 0) {
        const ssize_t w = pwrite(fd, p, (size_t)n, (off_t)offset);
        if (w < 0 && errno == EINTR) {
            continue;
        }
        if (w <= 0) {
            return GRUNDY_STATUS_IO;
        }
        p += w;
        n -= (uint64_t)w;
        offset += (uint64_t)w;
    }
    return GRUNDY_STATUS_OK;
}

grundy_status grundy_spill_probe(const char *path) {
    struct stat sb;
    if (lstat(path, &sb) != 0) {
        return errno == ENOENT ? GRUNDY_STATUS_OK : GRUNDY_STATUS_IO;
    }
    if (!S_ISREG(sb.st_mode)) {
        return GRUNDY_STATUS_PARSE; /* a link, a FIFO, a device: never written, never removed */
    }
    const int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
    if (fd < 0) {
        return GRUNDY_STATUS_IO;
    }
    char head[8];
    const ssize_t r = read(fd, head, sizeof head);
    close(fd);
    if (r == 0) {
        return GRUNDY_STATUS_OK; /* empty: nothing to lose (and it stays, empty, after the run) */
    }
    return r == (ssize_t)sizeof head && memcmp(head, SPILL_MAGIC, 8) == 0 ? GRUNDY_STATUS_OK
                                                                          : GRUNDY_STATUS_PARSE;
}

/* The header: magic, version, block bytes, the rule's length and text (for whoever finds the
 * file), zero-padded to SPILL_HEADER. */
static grundy_status write_header(int fd, const char *rule, uint64_t block_bytes) {
    unsigned char h[SPILL_HEADER];
    memset(h, 0, sizeof h);
    memcpy(h, SPILL_MAGIC, 8);
    const uint32_t ver = SPILL_VER, block = (uint32_t)block_bytes;
    size_t len = strlen(rule);
    len = len < SPILL_HEADER - 20 ? len : SPILL_HEADER - 20;
    const uint32_t len32 = (uint32_t)len;
    memcpy(h + 8, &ver, 4);
    memcpy(h + 12, &block, 4);
    memcpy(h + 16, &len32, 4);
    memcpy(h + 20, rule, len);
    return write_at(fd, h, sizeof h, 0);
}

/* A fresh id for a new spill file: 8 bytes of /dev/urandom, else the clock and the pid. */
static uint64_t fresh_id(void) {
    uint64_t id = 0;
    const int fd = open("/dev/urandom", O_RDONLY);
    if (fd >= 0) {
        if (read(fd, &id, sizeof id) != (ssize_t)sizeof id) {
            id = 0;
        }
        close(fd);
    }
    if (id == 0) {
        id = ((uint64_t)time(NULL) << 20) ^ (uint64_t)getpid() ^ UINT64_C(0x9e3779b97f4a7c15);
    }
    return id;
}

/* The first block: the file starts afresh (truncated, the header with a new id). */
static grundy_status start_file(grundy_seq_spill *sp) {
    sp->id = fresh_id();
    unsigned char idb[8];
    memcpy(idb, &sp->id, 8);
    if (ftruncate(sp->fd, 0) != 0 || write_header(sp->fd, sp->rule, sp->block_bytes) != 0 ||
        write_at(sp->fd, idb, 8, SPILL_ID_AT) != GRUNDY_STATUS_OK) {
        snprintf(sp->problem, sizeof sp->problem, "cannot write the header");
        return GRUNDY_STATUS_IO;
    }
    sp->started = 1;
    return GRUNDY_STATUS_OK;
}

grundy_status grundy_spill_open(const char *path, const char *rule, uint64_t memory,
                                grundy_seq_spill **out) {
    grundy_seq_spill *sp = NULL;
    *out = NULL;
    grundy_status st = grundy_spill_probe(path);
    if (st != GRUNDY_STATUS_OK) {
        return st;
    }
    sp = calloc(1, sizeof *sp);
    if (sp == NULL) {
        return GRUNDY_STATUS_NOMEM;
    }
    sp->fd = -1;
    /* a sixty-fourth of the memory bound for the buffers together */
    sp->block_bytes = 4096;
    while (sp->block_bytes < ((uint64_t)1 << 20) &&
           2 * sp->block_bytes * (SPILL_SLOTS + 1) <= memory / 64) {
        sp->block_bytes *= 2;
    }
    sp->path = malloc(strlen(path) + 1);
    sp->rule = malloc(strlen(rule) + 1);
    sp->buf = malloc((size_t)sp->block_bytes);
    st = GRUNDY_STATUS_NOMEM;
    for (int i = 0; i < SPILL_SLOTS; i++) {
        sp->slot[i].block = UINT64_MAX;
        sp->slot[i].data = malloc((size_t)sp->block_bytes);
        if (sp->slot[i].data == NULL) {
            goto fail;
        }
    }
    if (sp->path == NULL || sp->rule == NULL || sp->buf == NULL) {
        goto fail;
    }
    strcpy(sp->path, path);
    strcpy(sp->rule, rule);
    sp->buf_width = 1;
    st = GRUNDY_STATUS_IO;
    /* not truncated yet: a checkpoint may adopt it (grundy_spill_adopt); the first block
     * starts it afresh otherwise */
    /* Created by this run (O_EXCL), or the regular file probed above, never through a link */
    struct stat sb;
    sp->created = lstat(path, &sb) != 0;
    sp->fd =
        open(path, O_RDWR | O_NOFOLLOW | O_NONBLOCK | (sp->created ? O_CREAT | O_EXCL : 0), 0600);
    if (sp->fd < 0 || fstat(sp->fd, &sb) != 0) {
        goto fail;
    }
    if (!S_ISREG(sb.st_mode)) {
        st = GRUNDY_STATUS_PARSE; /* it changed since the probe */
        goto fail;
    }
    sp->dev = (uint64_t)sb.st_dev;
    sp->ino = (uint64_t)sb.st_ino;
    sp->was_empty = !sp->created && sb.st_size == 0;
    *out = sp;
    return GRUNDY_STATUS_OK;
fail:
    grundy_spill_close(sp);
    return st;
}

/* Does the path still name the file this run has open (not one put there since)? */
static int still_ours(const grundy_seq_spill *sp) {
    struct stat sb;
    return lstat(sp->path, &sb) == 0 && (uint64_t)sb.st_dev == sp->dev &&
           (uint64_t)sb.st_ino == sp->ino;
}

void grundy_spill_close(grundy_seq_spill *sp) {
    if (sp == NULL) {
        return;
    }
    if (sp->fd >= 0) {
        if (!sp->keep && sp->was_empty && sp->started) {
            (void)ftruncate(sp->fd, 0); /* the user's empty file: empty again, and it stays */
        }
        if (!sp->keep && !sp->was_empty && (sp->started || sp->created) && still_ours(sp)) {
            unlink(sp->path); /* scratch of this run only (a file this run never wrote, which
                               * a checkpoint may need, stays) */
        }
        close(sp->fd);
    }
    for (int i = 0; i < SPILL_SLOTS; i++) {
        free(sp->slot[i].data);
    }
    free(sp->blocks);
    free(sp->buf);
    free(sp->path);
    free(sp->rule);
    free(sp);
}

void grundy_spill_reset(grundy_seq_spill *sp) {
    sp->end = 0;
    sp->block_count = 0;
    sp->buf_start = 0;
    for (int i = 0; i < SPILL_SLOTS; i++) {
        sp->slot[i].block = UINT64_MAX;
    }
}

uint64_t grundy_spill_end(const grundy_seq_spill *sp) {
    return sp->end;
}

uint64_t grundy_spill_bytes(const grundy_seq_spill *sp) {
    return (SPILL_SLOTS + 1) * sp->block_bytes + sp->block_cap * sizeof *sp->blocks + sizeof *sp;
}

const char *grundy_spill_problem(const grundy_seq_spill *sp) {
    return sp != NULL && sp->problem[0] != '\0' ? sp->problem : NULL;
}

/* Write the block being filled (if any) and start the next one at width `width`. */
static grundy_status flush(grundy_seq_spill *sp, unsigned width) {
    const uint64_t count = sp->end - sp->buf_start;
    if (count > 0 && !sp->started) {
        const grundy_status st = start_file(sp);
        if (st != GRUNDY_STATUS_OK) {
            return st;
        }
    }
    if (count > 0) {
        if (sp->block_count == sp->block_cap) {
            const uint64_t cap = sp->block_cap < 64 ? 64 : 2 * sp->block_cap;
            spill_block *grown = realloc(sp->blocks, (size_t)cap * sizeof *grown);
            if (grown == NULL) {
                return GRUNDY_STATUS_NOMEM;
            }
            sp->blocks = grown;
            sp->block_cap = cap;
        }
        const uint64_t bytes = count * sp->buf_width;
        if (write_at(sp->fd, sp->buf, bytes, SPILL_HEADER + sp->block_count * sp->block_bytes) !=
            GRUNDY_STATUS_OK) {
            return spill_fail(sp, GRUNDY_STATUS_IO, "cannot write block %llu (%llu bytes)",
                              (unsigned long long)sp->block_count, (unsigned long long)bytes);
        }
        spill_block *b = &sp->blocks[sp->block_count++];
        b->start = sp->buf_start;
        b->sum = block_sum(sp->buf, bytes);
        b->count = (uint32_t)count;
        b->width = sp->buf_width;
    }
    sp->buf_start = sp->end;
    sp->buf_width = width;
    return GRUNDY_STATUS_OK;
}

grundy_status grundy_spill_append(grundy_seq_spill *sp, const void *raw, unsigned width,
                                  uint64_t count) {
    const unsigned char *p = raw;
    while (count > 0) {
        if (width != sp->buf_width || (sp->end - sp->buf_start + 1) * width > sp->block_bytes) {
            const grundy_status st = flush(sp, width);
            if (st != GRUNDY_STATUS_OK) {
                return st;
            }
        }
        const uint64_t room = sp->block_bytes / width - (sp->end - sp->buf_start);
        const uint64_t take = count < room ? count : room;
        memcpy(sp->buf + (sp->end - sp->buf_start) * width, p, (size_t)(take * width));
        p += take * width;
        count -= take;
        sp->end += take;
    }
    return GRUNDY_STATUS_OK;
}

/* The block holding g(i), i below buf_start. */
static uint64_t find_block(const grundy_seq_spill *sp, uint64_t i) {
    uint64_t lo = 0, hi = sp->block_count;
    while (hi - lo > 1) {
        const uint64_t mid = lo + (hi - lo) / 2;
        if (sp->blocks[mid].start <= i) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    return lo;
}

/* Block b in a slot, read and checked when it is not there yet. */
static grundy_status slot_for(grundy_seq_spill *sp, uint64_t b, spill_slot **out) {
    spill_slot *victim = &sp->slot[0];
    sp->clock++;
    for (int i = 0; i < SPILL_SLOTS; i++) {
        if (sp->slot[i].block == b) {
            sp->slot[i].used = sp->clock;
            *out = &sp->slot[i];
            return GRUNDY_STATUS_OK;
        }
        victim = sp->slot[i].used < victim->used ? &sp->slot[i] : victim;
    }
    const spill_block *blk = &sp->blocks[b];
    const uint64_t bytes = (uint64_t)blk->count * blk->width;
    victim->block = UINT64_MAX;
    uint64_t got = 0;
    while (got < bytes) {
        const ssize_t r = pread(sp->fd, victim->data + got, (size_t)(bytes - got),
                                (off_t)(SPILL_HEADER + b * sp->block_bytes + got));
        if (r < 0 && errno == EINTR) {
            continue;
        }
        if (r < 0) {
            return spill_fail(sp, GRUNDY_STATUS_IO, "cannot read block %llu (values from g(%llu))",
                              (unsigned long long)b, (unsigned long long)blk->start);
        }
        if (r == 0) {
            return spill_fail(sp, GRUNDY_STATUS_PARSE,
                              "block %llu (values from g(%llu)) is cut short: the file was "
                              "truncated while the run used it",
                              (unsigned long long)b, (unsigned long long)blk->start);
        }
        got += (uint64_t)r;
    }
    if (block_sum(victim->data, bytes) != blk->sum) {
        return spill_fail(sp, GRUNDY_STATUS_PARSE,
                          "block %llu (values from g(%llu)) reads back with another checksum: "
                          "the file was changed while the run used it",
                          (unsigned long long)b, (unsigned long long)blk->start);
    }
    victim->block = b;
    victim->used = sp->clock;
    *out = victim;
    return GRUNDY_STATUS_OK;
}

static uint64_t load_width(const unsigned char *p, unsigned width, uint64_t k) {
    switch (width) {
    case 1:
        return p[k];
    case 2: {
        uint16_t v;
        memcpy(&v, p + 2 * k, 2);
        return v;
    }
    case 4: {
        uint32_t v;
        memcpy(&v, p + 4 * k, 4);
        return v;
    }
    default: {
        uint64_t v;
        memcpy(&v, p + 8 * k, 8);
        return v;
    }
    }
}

grundy_status grundy_spill_run(grundy_seq_spill *sp, uint64_t i, grundy_seq_run *run) {
    if (i >= sp->buf_start) {
        run->base = sp->buf;
        run->width = sp->buf_width;
        run->lo = sp->buf_start;
        run->hi = sp->end;
        return GRUNDY_STATUS_OK;
    }
    const uint64_t b = find_block(sp, i);
    spill_slot *slot = NULL;
    const grundy_status st = slot_for(sp, b, &slot);
    if (st != GRUNDY_STATUS_OK) {
        return st;
    }
    run->base = slot->data;
    run->width = sp->blocks[b].width;
    run->lo = sp->blocks[b].start;
    run->hi = run->lo + sp->blocks[b].count;
    return GRUNDY_STATUS_OK;
}

grundy_status grundy_spill_load(grundy_seq_spill *sp, uint64_t i, uint64_t *value) {
    grundy_seq_run run;
    const grundy_status st = grundy_spill_run(sp, i, &run);
    if (st == GRUNDY_STATUS_OK) {
        *value = load_width(run.base, run.width, i - run.lo);
    }
    return st;
}

/* ---------------------------------------------------------------- checkpoints */

/* The table a checkpoint holds: the file's id and block size, g(0..end-1) in block_count blocks
 * (start, checksum, count, width each) and the block being filled, which is only in memory. */
grundy_status grundy_spill_save(grundy_seq_spill *sp, grundy_seq_stream *out) {
    if (sp->started && !still_ours(sp)) {
        /* removed or replaced while the run used it: a checkpoint would name a file that is
         * not there, and could never be resumed */
        snprintf(sp->problem, sizeof sp->problem, "%s",
                 "the spill file was removed or replaced while the run used it (its values are "
                 "gone: a checkpoint could not be resumed)");
        return GRUNDY_STATUS_IO;
    }
    if (sp->started && fsync(sp->fd) != 0) { /* the blocks it refers to are on disk first */
        return GRUNDY_STATUS_IO;
    }
    sp->keep = 1; /* the checkpoint refers to it: it stays after the run */
    uint64_t head[6] = {sp->block_bytes, sp->started ? sp->id : 0, sp->end, sp->buf_start,
                        sp->buf_width,   sp->block_count};
    for (int i = 0; i < 6; i++) {
        if (grundy_stream_put_u64(out, head[i]) != 0) {
            return GRUNDY_STATUS_IO;
        }
    }
    for (uint64_t b = 0; b < sp->block_count; b++) {
        const spill_block *k = &sp->blocks[b];
        if (grundy_stream_put_u64(out, k->start) != 0 || grundy_stream_put_u64(out, k->sum) != 0 ||
            grundy_stream_put_u64(out, ((uint64_t)k->width << 32) | k->count) != 0) {
            return GRUNDY_STATUS_IO;
        }
    }
    const uint64_t bytes = (sp->end - sp->buf_start) * sp->buf_width;
    return out->put(out->ctx, sp->buf, (size_t)bytes) == 0 ? GRUNDY_STATUS_OK : GRUNDY_STATUS_IO;
}

/* The file's header against the checkpoint's: ours, this rule, this block size, this id. */
static grundy_status check_header(grundy_seq_spill *sp, grundy_seq_stream *in, uint64_t block_bytes,
                                  uint64_t id) {
    unsigned char h[SPILL_HEADER];
    const ssize_t r = pread(sp->fd, h, sizeof h, 0);
    if (r < 0) {
        return GRUNDY_STATUS_IO;
    }
    uint32_t ver = 0, block = 0, len = 0;
    uint64_t file_id = 0;
    if (r == (ssize_t)sizeof h) {
        memcpy(&ver, h + 8, 4);
        memcpy(&block, h + 12, 4);
        memcpy(&len, h + 16, 4);
        memcpy(&file_id, h + SPILL_ID_AT, 8);
    }
    const size_t rule_len = strlen(sp->rule);
    if (r != (ssize_t)sizeof h || memcmp(h, SPILL_MAGIC, 8) != 0 || ver != SPILL_VER ||
        len != (rule_len < SPILL_HEADER - 20 ? rule_len : SPILL_HEADER - 20) ||
        memcmp(h + 20, sp->rule, len) != 0) {
        return grundy_stream_refuse(in, "the spill file is not the one the checkpoint was "
                                        "written with (no spill header of this rule)");
    }
    if (block != block_bytes || file_id != id) {
        return grundy_stream_refuse(in, "the spill file is another run's (its id or block size "
                                        "is not the checkpoint's)");
    }
    return GRUNDY_STATUS_OK;
}

/* Every value of a block at most `max` (the engine's tables are sized by it). */
static int block_within(const unsigned char *p, unsigned width, uint64_t count, uint64_t max) {
    for (uint64_t k = 0; k < count; k++) {
        if (load_width(p, width, k) > max) {
            return 0;
        }
    }
    return 1;
}

/* Every block the checkpoint's table names, read back against its checksum and `max`. */
static grundy_status check_blocks(grundy_seq_spill *sp, grundy_seq_stream *in, uint64_t max) {
    struct stat sb;
    if (fstat(sp->fd, &sb) != 0) {
        return GRUNDY_STATUS_IO;
    }
    if (sp->block_count > 0) {
        const spill_block *last = &sp->blocks[sp->block_count - 1];
        const uint64_t want = SPILL_HEADER + (sp->block_count - 1) * sp->block_bytes +
                              (uint64_t)last->count * last->width;
        if ((uint64_t)sb.st_size < want) {
            return grundy_stream_refuse(in, "the spill file is shorter than the checkpoint's "
                                            "table of blocks (truncated)");
        }
    }
    for (uint64_t b = 0; b < sp->block_count; b++) {
        spill_slot *slot = NULL;
        const grundy_status st = slot_for(sp, b, &slot);
        if (st == GRUNDY_STATUS_PARSE) {
            return grundy_stream_refuse(in, "a block of the spill file does not match the "
                                            "checkpoint's checksum (the file changed)");
        }
        if (st != GRUNDY_STATUS_OK) {
            return st;
        }
        if (!block_within(slot->data, sp->blocks[b].width, sp->blocks[b].count, max)) {
            return grundy_stream_refuse(in, "corrupt: a spill block holds a value above the "
                                            "layout's largest value");
        }
    }
    return GRUNDY_STATUS_OK;
}

grundy_status grundy_spill_adopt(grundy_seq_spill *sp, grundy_seq_stream *in, uint64_t length,
                                 uint64_t max) {
    uint64_t head[6];
    for (int i = 0; i < 6; i++) {
        if (grundy_stream_get_u64(in, &head[i]) != 0) {
            return grundy_stream_refuse(in, "truncated inside the spill table");
        }
    }
    const uint64_t block_bytes = head[0], id = head[1], end = head[2], buf_start = head[3];
    const uint64_t buf_width = head[4], count = head[5];
    if (block_bytes != sp->block_bytes || end > length || buf_start > end ||
        (buf_width != 1 && buf_width != 2 && buf_width != 4 && buf_width != 8) ||
        (end - buf_start) * buf_width > block_bytes || count > end ||
        count > (UINT64_MAX / 2) / sizeof *sp->blocks) {
        return grundy_stream_refuse(in, "the spill table is out of range (another --memory?)");
    }
    spill_block *blocks = count > 0 ? malloc((size_t)count * sizeof *blocks) : NULL;
    if (count > 0 && blocks == NULL) {
        return GRUNDY_STATUS_NOMEM;
    }
    uint64_t next = 0;
    for (uint64_t b = 0; b < count; b++) {
        uint64_t wc = 0;
        if (grundy_stream_get_u64(in, &blocks[b].start) != 0 ||
            grundy_stream_get_u64(in, &blocks[b].sum) != 0 || grundy_stream_get_u64(in, &wc) != 0) {
            free(blocks);
            return grundy_stream_refuse(in, "truncated inside the spill table");
        }
        blocks[b].count = (uint32_t)wc;
        blocks[b].width = (uint32_t)(wc >> 32);
        const uint64_t w = blocks[b].width;
        if (blocks[b].start != next || blocks[b].count == 0 ||
            (w != 1 && w != 2 && w != 4 && w != 8) || blocks[b].count * w > block_bytes) {
            free(blocks);
            return grundy_stream_refuse(in, "the spill table is out of range");
        }
        next += blocks[b].count;
    }
    if (next != buf_start) {
        free(blocks);
        return grundy_stream_refuse(in, "the spill table does not add up");
    }
    free(sp->blocks);
    sp->blocks = blocks;
    sp->block_count = count;
    sp->block_cap = count;
    sp->end = end;
    sp->buf_start = buf_start;
    sp->buf_width = (unsigned)buf_width;
    for (int i = 0; i < SPILL_SLOTS; i++) {
        sp->slot[i].block = UINT64_MAX;
    }
    if (in->get(in->ctx, sp->buf, (size_t)((end - buf_start) * buf_width)) != 0) {
        return grundy_stream_refuse(in, "truncated inside the spill table");
    }
    if (!block_within(sp->buf, sp->buf_width, end - buf_start, max)) {
        return grundy_stream_refuse(in, "corrupt: the spill's last block holds a value above the "
                                        "layout's largest value");
    }
    if (id == 0) { /* no block was written: the file starts afresh at the first */
        return count == 0 ? GRUNDY_STATUS_OK
                          : grundy_stream_refuse(in, "the spill table is out of range");
    }
    grundy_status st = check_header(sp, in, block_bytes, id);
    st = st == GRUNDY_STATUS_OK ? check_blocks(sp, in, max) : st;
    if (st != GRUNDY_STATUS_OK) {
        sp->problem[0] = '\0';
        return st;
    }
    sp->id = id;
    sp->started = 1;
    sp->keep = 1;
    /* blocks written after the checkpoint are written again, the same, as the run goes on */
    const uint64_t size = SPILL_HEADER + count * block_bytes;
    return ftruncate(sp->fd, (off_t)size) == 0 ? GRUNDY_STATUS_OK : GRUNDY_STATUS_IO;
}
