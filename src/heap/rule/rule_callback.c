/* SPDX-License-Identifier: MIT */
/* Heap games given by a function that lists, for a heap of n, the heaps each move leaves
 * (CGSuite's way of defining a heap game): the moves are asked for one heap at a time, checked
 * and handed to the engines as grundy_heap_moves_each's moves. */
#include <grundy/rule.h>

#include "heap/rule/rule_internal.h"
#include "util/try.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The most bytes of a name (grundy_rule_from_moves). */
#define NAME_MAX_BYTES 255

struct grundy_rule_sink {
    const rule_callback *cb;
    uint64_t n;
    grundy_heap_move *moves;
    size_t count, cap;
    grundy_status st; /* the first failure: every later add returns it */
};

static void problem(const rule_callback *cb, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cb->problem, GRUNDY_RULE_PROBLEM_CAP, fmt, ap);
    va_end(ap);
}

static void callback_free(rule_callback *cb) {
    if (cb != NULL) {
        grundy_rule_destroy(cb->code);
        free(cb->problem);
        free(cb);
    }
}

/* ---------------------------------------------------------------- the sink */

static grundy_status push(grundy_rule_sink *s, const grundy_heap_move *m) {
    if (s->count == s->cap) {
        const size_t cap = s->cap < 16 ? 16 : 2 * s->cap;
        grundy_heap_move *grown = realloc(s->moves, cap * sizeof *grown);
        if (grown == NULL) {
            return GRUNDY_STATUS_NOMEM;
        }
        s->moves = grown;
        s->cap = cap;
    }
    s->moves[s->count++] = *m;
    return GRUNDY_STATUS_OK;
}

/* Every heap left smaller than n and summing to at most n: each move takes a token or splits the
 * heap into smaller ones, so every game ends (the heaps' sizes fall in the multiset order). */
static grundy_status read_move(const grundy_rule_sink *s, const int64_t *row, size_t width,
                               grundy_heap_move *m) {
    const unsigned long long n = s->n;
    uint64_t sum = 0;
    memset(m, 0, sizeof *m);
    for (size_t j = 0; j < width; j++) {
        const int64_t h = row[j];
        if (h < 0) {
            problem(s->cb, "heap %llu: a move leaves a negative heap (%lld)", n, (long long)h);
            return GRUNDY_STATUS_INVALID_ARG;
        }
        if (h == 0) {
            continue; /* no heap */
        }
        if ((uint64_t)h >= n) {
            problem(s->cb, "heap %llu: a move leaves a heap of %lld, not smaller than %llu", n,
                    (long long)h, n);
            return GRUNDY_STATUS_INVALID_ARG;
        }
        if (m->parts == GRUNDY_RULE_MAX_LEFT) {
            problem(s->cb, "heap %llu: a move leaves more than %d heaps", n, GRUNDY_RULE_MAX_LEFT);
            return GRUNDY_STATUS_INVALID_ARG;
        }
        sum += (uint64_t)h; /* sum <= n before, h < n: no wrap */
        if (sum > n) {
            problem(s->cb, "heap %llu: a move leaves heaps of more than %llu tokens in all", n, n);
            return GRUNDY_STATUS_INVALID_ARG;
        }
        unsigned i = m->parts++; /* insertion: the heaps left ascending */
        for (; i > 0 && m->left[i - 1] > (uint64_t)h; i--) {
            m->left[i] = m->left[i - 1];
        }
        m->left[i] = (uint64_t)h;
    }
    m->take = n - sum;
    if (m->take == 0 && m->parts < 2) {
        problem(s->cb, "heap %llu: a move must take a token or split the heap", n);
        return GRUNDY_STATUS_INVALID_ARG;
    }
    if (m->parts > s->cb->shape.max_heaps_left) {
        problem(s->cb,
                "heap %llu: a move leaves %u heaps, more than the declared max_heaps_left %u", n,
                m->parts, s->cb->shape.max_heaps_left);
        return GRUNDY_STATUS_INVALID_ARG;
    }
    if (m->take > s->cb->shape.max_take) {
        problem(s->cb, "heap %llu: a move takes %llu tokens, more than the declared max_take %llu",
                n, (unsigned long long)m->take, (unsigned long long)s->cb->shape.max_take);
        return GRUNDY_STATUS_INVALID_ARG;
    }
    return GRUNDY_STATUS_OK;
}

grundy_status grundy_rule_sink_add(grundy_rule_sink *sink, const int64_t *heaps, size_t rows,
                                   size_t width) {
    if (sink->st != GRUNDY_STATUS_OK) {
        return sink->st;
    }
    if (rows > 0 && width > 0 && (heaps == NULL || rows > SIZE_MAX / width)) {
        problem(sink->cb, "heap %llu: no room for %zu moves of %zu heaps",
                (unsigned long long)sink->n, rows, width);
        sink->st = GRUNDY_STATUS_INVALID_ARG;
        return sink->st;
    }
    for (size_t i = 0; i < rows && sink->st == GRUNDY_STATUS_OK; i++) {
        grundy_heap_move m;
        sink->st = read_move(sink, heaps + i * width, width, &m);
        if (sink->st == GRUNDY_STATUS_OK) {
            sink->st = push(sink, &m);
        }
    }
    return sink->st;
}

/* ---------------------------------------------------------------- the moves of one heap */

static int move_cmp(const void *a, const void *b) {
    const grundy_heap_move *x = a, *y = b;
    if (x->take != y->take) {
        return x->take < y->take ? -1 : 1;
    }
    if (x->parts != y->parts) {
        return x->parts < y->parts ? -1 : 1;
    }
    for (unsigned j = 0; j < x->parts; j++) {
        if (x->left[j] != y->left[j]) {
            return x->left[j] < y->left[j] ? -1 : 1;
        }
    }
    return 0;
}

/* Ask the function for the moves of n, checked, sorted and each once. */
static grundy_status list_moves(const rule_callback *cb, uint64_t n, grundy_rule_sink *s) {
    memset(s, 0, sizeof *s);
    s->cb = cb;
    s->n = n;
    grundy_status st = cb->moves(cb->ctx, n, s);
    if (s->st != GRUNDY_STATUS_OK) {
        return s->st; /* a bad move wins over what the function made of it */
    }
    if (st != GRUNDY_STATUS_OK) {
        problem(cb, "heap %llu: the move function failed (%s)", (unsigned long long)n,
                grundy_status_str(st));
        return st;
    }
    if (s->count > 1) {
        qsort(s->moves, s->count, sizeof *s->moves, move_cmp);
        size_t w = 1;
        for (size_t i = 1; i < s->count; i++) {
            if (move_cmp(&s->moves[i], &s->moves[w - 1]) != 0) {
                s->moves[w++] = s->moves[i];
            }
        }
        s->count = w;
    }
    return GRUNDY_STATUS_OK;
}

static int count_move(void *ctx, const grundy_heap_move *move) {
    (void)move;
    ++*(size_t *)ctx;
    return 0;
}

/* The octal promise, for heap n: every move is one of the code's (taking k may leave j heaps),
 * and there are as many as the code has; the moves being distinct, the two lists are equal. */
static grundy_status check_code(const rule_callback *cb, const grundy_rule_sink *s) {
    size_t prefix_len, tail_len, code_count = 0;
    const unsigned *d = grundy_rule_digits(cb->code, &prefix_len, &tail_len);
    int legal = 1;
    for (size_t i = 0; i < s->count && legal; i++) {
        const grundy_heap_move *m = &s->moves[i];
        legal = m->take < prefix_len && (d[m->take] & (1u << m->parts)) != 0;
    }
    const grundy_status st = grundy_heap_moves_each(cb->code, s->n, count_move, &code_count, NULL);
    if (st != GRUNDY_STATUS_OK) {
        return st;
    }
    if (!legal || code_count != s->count) {
        char code[64];
        grundy_rule_format(cb->code, code, sizeof code);
        problem(cb, "heap %llu: the moves are not those of the declared octal shape (%s)",
                (unsigned long long)s->n, code);
        return GRUNDY_STATUS_INVALID_ARG;
    }
    return GRUNDY_STATUS_OK;
}

static grundy_status callback_each(const grundy_rule *rule, uint64_t n, grundy_heap_move_fn fn,
                                   void *ctx, int *stopped) {
    const rule_callback *cb = rule->callback;
    grundy_rule_sink s = {0};
    grundy_status st = GRUNDY_STATUS_OK;
    if (stopped != NULL) {
        *stopped = 0;
    }
    GRUNDY_CHECK(n <= GRUNDY_NUMBER_MAX, GRUNDY_STATUS_RANGE);
    GRUNDY_TRY(list_moves(cb, n, &s));
    if (cb->code != NULL) {
        GRUNDY_TRY(check_code(cb, &s));
    }
    for (size_t i = 0; i < s.count; i++) {
        if (fn(ctx, &s.moves[i])) {
            if (stopped != NULL) {
                *stopped = 1;
            }
            break;
        }
    }
cleanup:
    free(s.moves);
    return st;
}

/* ---------------------------------------------------------------- making the rule */

/* The octal shape's code: digit k gets bit 2^j when some move of heaps 0 to t + 4 takes k and
 * leaves j heaps (a move taking k and leaving j heaps shows first at heap k + j). */
static grundy_status read_code(rule_callback *cb) {
    static const char base32[] = "0123456789ABCDEFGHIJKLMNOPQRSTUV";
    const uint64_t t = cb->shape.max_take;
    grundy_status st = GRUNDY_STATUS_OK;
    grundy_rule_sink s = {0};
    unsigned *d = calloc((size_t)t + 1, sizeof *d);
    char *text = malloc((size_t)t + 4);
    GRUNDY_CHECK(d != NULL && text != NULL, GRUNDY_STATUS_NOMEM);
    for (uint64_t n = 0; n <= t + GRUNDY_RULE_MAX_LEFT; n++) {
        GRUNDY_TRY(list_moves(cb, n, &s));
        for (size_t i = 0; i < s.count; i++) {
            d[s.moves[i].take] |= 1u << s.moves[i].parts;
        }
        free(s.moves);
        s.moves = NULL;
    }
    size_t len = 0;
    text[len++] = base32[d[0]];
    text[len++] = '.';
    for (uint64_t k = 1; k <= t; k++) {
        text[len++] = base32[d[k]];
    }
    if (t == 0) {
        text[len++] = '0';
    }
    text[len] = '\0';
    GRUNDY_TRY(grundy_rule_parse(text, &cb->code, NULL));
cleanup:
    free(s.moves);
    free(d);
    free(text);
    return st;
}

/* Refuse a shape that cannot be honoured; the problem says why. */
static grundy_status check_shape(const grundy_rule_shape *s, const char *name, grundy_diag *diag) {
    const char *why = NULL;
    if (s->max_heaps_left > GRUNDY_RULE_MAX_LEFT) {
        why = "max_heaps_left must be 0 to 4";
    } else if (s->max_take > GRUNDY_NUMBER_MAX) {
        why = "max_take must be at most 2^63 - 1";
    } else if (s->octal && s->max_take == GRUNDY_NUMBER_MAX) {
        why = "an octal shape needs its max_take";
    } else if (s->octal && s->max_take > GRUNDY_RULE_MAX_DIGITS - 2) {
        why = "an octal shape's max_take must be at most 4094 (the digits of a code)";
    } else if (name != NULL && strlen(name) > NAME_MAX_BYTES) {
        why = "the name must be at most 255 bytes";
    }
    if (why != NULL && diag != NULL) {
        diag->line = 0;
        diag->column = 0;
        snprintf(diag->message, sizeof diag->message, "%s", why);
    }
    return why != NULL ? GRUNDY_STATUS_INVALID_ARG : GRUNDY_STATUS_OK;
}

grundy_status grundy_rule_from_moves(grundy_rule_moves_fn moves, void *ctx,
                                     const grundy_rule_shape *shape, const char *name,
                                     grundy_diag *diag, grundy_rule **out) {
    const grundy_rule_shape defaults = GRUNDY_RULE_SHAPE_INIT;
    const grundy_rule_shape s = shape != NULL ? *shape : defaults;
    const char *text = name != NULL ? name : "moves";
    grundy_status st = GRUNDY_STATUS_OK;
    grundy_rule *r = NULL;
    *out = NULL;
    GRUNDY_CHECK(moves != NULL, GRUNDY_STATUS_INVALID_ARG);
    GRUNDY_TRY(check_shape(&s, name, diag));
    r = calloc(1, sizeof *r);
    GRUNDY_CHECK(r != NULL, GRUNDY_STATUS_NOMEM);
    r->kind = GRUNDY_RULE_CALLBACK;
    r->text_len = strlen(text);
    r->text = malloc(r->text_len + 1);
    r->callback = calloc(1, sizeof *r->callback);
    if (r->callback != NULL) { /* before anything can fail: grundy_rule_destroy calls destroy */
        r->callback->each = callback_each;
        r->callback->destroy = callback_free;
    }
    GRUNDY_CHECK(r->text != NULL && r->callback != NULL, GRUNDY_STATUS_NOMEM);
    memcpy(r->text, text, r->text_len + 1);
    r->callback->moves = moves;
    r->callback->ctx = ctx;
    r->callback->shape = s;
    r->callback->problem = calloc(1, GRUNDY_RULE_PROBLEM_CAP);
    GRUNDY_CHECK(r->callback->problem != NULL, GRUNDY_STATUS_NOMEM);
    r->max_left = s.max_heaps_left;
    r->max_take = s.max_take;
    if (s.octal) {
        GRUNDY_TRY(read_code(r->callback));
        r->max_take = grundy_rule_max_take(r->callback->code);
    }
    *out = r;
    r = NULL;
cleanup:
    if (r != NULL && r->callback != NULL && r->callback->problem != NULL &&
        r->callback->problem[0] != '\0' && diag != NULL) {
        diag->line = 0;
        diag->column = 0;
        snprintf(diag->message, sizeof diag->message, "%s", r->callback->problem);
    }
    grundy_rule_destroy(r);
    return st;
}

grundy_rule_shape grundy_rule_get_shape(const grundy_rule *rule) {
    const grundy_rule_shape defaults = GRUNDY_RULE_SHAPE_INIT;
    return rule->callback != NULL ? rule->callback->shape : defaults;
}

const char *grundy_rule_problem(const grundy_rule *rule) {
    if (rule->callback == NULL || rule->callback->problem[0] == '\0') {
        return NULL;
    }
    return rule->callback->problem;
}

const grundy_rule *grundy_rule_shape_code(const grundy_rule *rule) {
    return rule->callback != NULL ? rule->callback->code : NULL;
}
