/* SPDX-License-Identifier: MIT */
/* A rule in plain words: its canonical form, its well-known name, and what each move does (the
 * text of `grundy rule`, and of any other front end that shows a rule). */
#include <grundy/rule.h>

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Text appended snprintf-style: `len` counts the full text even past `cap`. */
typedef struct text_out {
    char *buf;
    size_t cap;
    size_t len;
} text_out;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void
put(text_out *t, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    char *const at = t->len < t->cap ? t->buf + t->len : NULL;
    const int n = vsnprintf(at, at != NULL ? t->cap - t->len : 0, fmt, ap);
    va_end(ap);
    t->len += n > 0 ? (size_t)n : 0;
}

/* "0, 1 or 2 heaps" for the heap counts in a digit. */
static void put_leaves(text_out *t, unsigned leaves) {
    unsigned printed = 0;
    unsigned total = 0;
    for (unsigned j = 0; j <= GRUNDY_RULE_MAX_LEFT; j++) {
        total += (leaves >> j) & 1u;
    }
    for (unsigned j = 0; j <= GRUNDY_RULE_MAX_LEFT; j++) {
        if (((leaves >> j) & 1u) == 0) {
            continue;
        }
        put(t, "%s%u", printed == 0 ? "" : (printed + 1 == total ? " or " : ", "), j);
        printed++;
    }
    put(t, "%s", total == 1 && leaves == 2u ? " heap" : " heaps");
}

static void put_takes(text_out *t, const grundy_move_class *c) {
    const unsigned long long first = c->take_first, last = c->take_last, step = c->take_step;
    if (c->take_last == GRUNDY_NUMBER_MAX && step == 1) {
        put(t, "take %llu or more tokens", first);
    } else if (c->take_last == GRUNDY_NUMBER_MAX) {
        put(t, "take %llu, %llu, %llu, ... tokens (every %llu%s from %llu)", first, first + step,
            first + 2 * step, step, step == 2 ? "nd" : "th", first);
    } else if (first == last) {
        put(t, "take %llu token%s", first, first == 1 ? "" : "s");
    } else {
        put(t, "take %llu %s %llu tokens", first, last - first == 1 ? "or" : "to", last);
    }
}

static void put_class(text_out *t, const grundy_move_class *c) {
    put(t, "  - ");
    if (c->take_first == 0) {
        put(t, "split a heap into ");
        put_leaves(t, c->leaves);
        put(t, " without taking a token");
    } else {
        put_takes(t, c);
        put(t, ", leaving ");
        put_leaves(t, c->leaves);
    }
    if (c->distinct && c->leaves >= 4u) {
        put(t, " (the heaps left pairwise unequal)");
    }
    put(t, "\n");
}

size_t grundy_rule_describe(const grundy_rule *rule, char *buf, size_t cap) {
    text_out t = {buf, cap, 0};
    if (cap > 0) {
        buf[0] = '\0';
    }
    const char *const name = grundy_rule_name(rule);
    t.len = grundy_rule_format(rule, buf, cap);
    if (name != NULL) {
        put(&t, " (%s)", name);
    }
    put(&t, "\n");
    const unsigned most = grundy_rule_max_heaps_left(rule);
    if (grundy_rule_get_kind(rule) == GRUNDY_RULE_CALLBACK) {
        put(&t, "  moves given by a function; they leave at most %u heap%s\n", most,
            most == 1 ? "" : "s");
        return t.len;
    }
    size_t count;
    const grundy_move_class *const classes = grundy_rule_classes(rule, &count);
    if (count == 0) {
        put(&t, "  no moves: every heap is a loss for the player to move\n");
        return t.len;
    }
    put(&t, "  moves leave at most %u heap%s; a move may:\n", most, most == 1 ? "" : "s");
    for (size_t i = 0; i < count; i++) {
        put_class(&t, &classes[i]);
    }
    return t.len;
}
