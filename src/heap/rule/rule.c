/* SPDX-License-Identifier: MIT */
/* Heap-game rules: parse take-and-break codes, subtraction sets and names into move classes,
 * print their canonical form, and list the moves of one heap for the Grundy engines. */
#include <grundy/number.h>
#include <grundy/rule.h>

#include "heap/rule/rule_internal.h"
#include "util/try.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Digit bits that leave two or more heaps: the only ones a '!' (pairwise unequal) constrains. */
#define SPLIT_BITS 28u
#define BIT_MASK   31u

typedef struct range {
    uint64_t lo, hi;
} range;

/* The parser's state; `len` is strlen(text), so text[pos] is '\0' at the end. */
typedef struct parser {
    const char *text;
    size_t len;
    size_t pos;
    grundy_diag *diag;
} parser;

/* ---------------------------------------------------------------- diagnostics */

static grundy_status fail(const parser *p, grundy_status st, size_t pos, const char *msg) {
    if (p->diag != NULL) {
        p->diag->line = 1;
        p->diag->column = pos + 1;
        snprintf(p->diag->message, sizeof p->diag->message, "%s", msg);
    }
    return st;
}

static int is_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/* Reject the character at `pos`. Characters with a meaning of their own elsewhere (CGSuite's
 * extensions, '!', whitespace, bytes that are not printable ASCII) get their own message, so the
 * user learns why; any other gets "'c' <what>". */
static grundy_status bad_char(const parser *p, size_t pos, const char *what) {
    const unsigned char c = (unsigned char)p->text[pos];
    char msg[96];
    if (c == '?' || c == '=' || c == '&' || c == '{' || c == '}') {
        snprintf(msg, sizeof msg, "'%c' is not supported", (char)c);
    } else if (c == '!') {
        snprintf(msg, sizeof msg, "'!' must follow a digit");
    } else if (is_space((char)c)) {
        snprintf(msg, sizeof msg, "whitespace is not allowed in a code");
    } else if (c >= 0x80) {
        snprintf(msg, sizeof msg, "a non-ASCII character is not allowed");
    } else if (c < 0x20 || c == 0x7f) {
        snprintf(msg, sizeof msg, "control character 0x%02X is not allowed", (unsigned)c);
    } else {
        snprintf(msg, sizeof msg, "'%c' %s", (char)c, what);
    }
    return fail(p, GRUNDY_STATUS_PARSE, pos, msg);
}

/* ---------------------------------------------------------------- canonical codes */

/* Base-32 value of c (0-9, A-V, either case), or -1. */
static int digit_value(char c) {
    if (c >= '0' && c <= '9') {
        return c - '0';
    }
    if (c >= 'A' && c <= 'V') {
        return c - 'A' + 10;
    }
    if (c >= 'a' && c <= 'v') {
        return c - 'a' + 10;
    }
    return -1;
}

/* The smallest p dividing len such that t repeats with period p. */
static size_t primitive_period(const unsigned *t, size_t len) {
    for (size_t p = 1; p < len; p++) {
        if (len % p != 0) {
            continue;
        }
        size_t i = p;
        while (i < len && t[i] == t[i - p]) {
            i++;
        }
        if (i == len) {
            return p;
        }
    }
    return len;
}

/* Bring a code to its unique form: the digit sequence d_0, d_1, ... is eventually periodic, and
 * the shortest tail (primitive period) started as early as possible (shortest preperiod) is the
 * one form every spelling of it shares. d[] holds at least 2 slots. */
static void canonicalize(unsigned *d, size_t *prefix_len, size_t *tail_len) {
    size_t pre = *prefix_len, tail = *tail_len;
    for (size_t i = 0; i < pre + tail; i++) {
        if ((d[i] & SPLIT_BITS) == 0) {
            d[i] &= BIT_MASK; /* '!' only constrains moves that leave two or more heaps */
        }
    }
    if (tail > 0) {
        tail = primitive_period(d + pre, tail);
        /* Prefix and tail are contiguous, so rotating the tail's last digit into the prefix's
         * last slot is just a shorter prefix. The tail never absorbs d0 (it splits, takes 0). */
        while (pre > 1 && d[pre - 1] == d[pre + tail - 1]) {
            pre--;
        }
        if (tail == 1 && d[pre] == 0) {
            tail = 0; /* [0] repeats nothing */
        }
    }
    if (tail == 0) {
        while (pre > 2 && d[pre - 1] == 0) {
            pre--;
        }
        if (pre < 2) {
            d[1] = 0; /* "4." prints as "4.0": one digit after the point always */
            pre = 2;
        }
    }
    *prefix_len = pre;
    *tail_len = tail;
}

static grundy_move_class make_class(uint64_t first, uint64_t last, uint64_t step, unsigned digit) {
    const grundy_move_class c = {first, last, step, digit & BIT_MASK,
                                 (digit & GRUNDY_RULE_DIGIT_DISTINCT) != 0};
    return c;
}

/* One class per run of equal nonzero prefix digits, one per nonzero tail position. */
static size_t code_classes(const unsigned *d, size_t pre, size_t tail, grundy_move_class *out) {
    size_t n = 0;
    if (d[0] != 0) {
        out[n++] = make_class(0, 0, 1, d[0]);
    }
    for (size_t k = 1; k < pre;) {
        size_t e = k;
        while (e + 1 < pre && d[e + 1] == d[k]) {
            e++;
        }
        if (d[k] != 0) {
            out[n++] = make_class(k, e, 1, d[k]);
        }
        k = e + 1;
    }
    for (size_t j = 0; j < tail; j++) {
        if (d[pre + j] != 0) {
            out[n++] = make_class(pre + j, GRUNDY_NUMBER_MAX, tail, d[pre + j]);
        }
    }
    return n;
}

static size_t put_digit(char *out, unsigned digit) {
    static const char chars[] = "0123456789ABCDEFGHIJKLMNOPQRSTUV";
    size_t n = 0;
    out[n++] = chars[digit & BIT_MASK];
    if (digit & GRUNDY_RULE_DIGIT_DISTINCT) {
        out[n++] = '!';
    }
    return n;
}

static size_t code_text(const unsigned *d, size_t pre, size_t tail, char *out) {
    size_t n = put_digit(out, d[0]);
    out[n++] = '.';
    for (size_t i = 1; i < pre; i++) {
        n += put_digit(out + n, d[i]);
    }
    if (tail > 0) {
        out[n++] = '[';
        for (size_t i = pre; i < pre + tail; i++) {
            n += put_digit(out + n, d[i]);
        }
        out[n++] = ']';
    }
    out[n] = '\0';
    return n;
}

/* ---------------------------------------------------------------- building a rule */

/* The summaries every query reads, derived from the classes once. */
static void summarize(grundy_rule *r) {
    for (size_t i = 0; i < r->class_count; i++) {
        const grundy_move_class *c = &r->classes[i];
        for (unsigned j = 0; j <= GRUNDY_RULE_MAX_LEFT; j++) {
            if ((c->leaves & (1u << j)) && j > r->max_left) {
                r->max_left = j;
            }
        }
        if (c->take_last > r->max_take) {
            r->max_take = c->take_last;
        }
        if (c->distinct) {
            r->has_distinct = 1;
        }
    }
}

/* Take ownership of raw digits, canonicalize them and derive classes and text. */
static grundy_status build_code(unsigned *digits, size_t pre, size_t tail, grundy_rule **out) {
    grundy_status st = GRUNDY_STATUS_OK;
    grundy_rule *r = calloc(1, sizeof *r);
    GRUNDY_CHECK(r != NULL, GRUNDY_STATUS_NOMEM);
    r->kind = GRUNDY_RULE_CODE;
    r->digits = digits;
    digits = NULL;
    canonicalize(r->digits, &pre, &tail);
    r->prefix_len = pre;
    r->tail_len = tail;
    r->classes = malloc((pre + tail) * sizeof *r->classes);
    r->text = malloc(2 * (pre + tail) + 4);
    GRUNDY_CHECK(r->classes != NULL && r->text != NULL, GRUNDY_STATUS_NOMEM);
    r->class_count = code_classes(r->digits, pre, tail, r->classes);
    r->text_len = code_text(r->digits, pre, tail, r->text);
    summarize(r);
    *out = r;
    r = NULL;
cleanup:
    free(digits);
    grundy_rule_destroy(r);
    return st;
}

static int range_cmp(const void *a, const void *b) {
    const range *x = a, *y = b;
    if (x->lo != y->lo) {
        return x->lo < y->lo ? -1 : 1;
    }
    return (x->hi > y->hi) - (x->hi < y->hi);
}

/* Sort and merge overlapping and adjacent ranges in place; returns the new count. */
static size_t merge_ranges(range *rs, size_t n) {
    size_t m = 0;
    if (n == 0) {
        return 0;
    }
    qsort(rs, n, sizeof *rs, range_cmp);
    for (size_t i = 1; i < n; i++) {
        /* hi <= 2^63 - 1, so hi + 1 cannot wrap */
        if (rs[i].lo <= rs[m].hi + 1) {
            if (rs[i].hi > rs[m].hi) {
                rs[m].hi = rs[i].hi;
            }
        } else {
            rs[++m] = rs[i];
        }
    }
    return m + 1;
}

static size_t set_text(const range *rs, size_t n, char *out) {
    size_t len = 0;
    out[len++] = 'S';
    out[len++] = '(';
    for (size_t i = 0; i < n; i++) {
        const char *sep = i > 0 ? "," : "";
        int w;
        if (rs[i].lo == rs[i].hi) {
            w = sprintf(out + len, "%s%llu", sep, (unsigned long long)rs[i].lo);
        } else {
            w = sprintf(out + len, "%s%llu-%llu", sep, (unsigned long long)rs[i].lo,
                        (unsigned long long)rs[i].hi);
        }
        len += (size_t)w;
    }
    out[len++] = ')';
    out[len] = '\0';
    return len;
}

/* Build a set rule from ranges already sorted and merged (borrowed). */
static grundy_status build_set(const range *rs, size_t n, grundy_rule **out) {
    grundy_status st = GRUNDY_STATUS_OK;
    grundy_rule *r = calloc(1, sizeof *r);
    GRUNDY_CHECK(r != NULL, GRUNDY_STATUS_NOMEM);
    r->kind = GRUNDY_RULE_SET;
    /* n + 1 keeps malloc's argument nonzero for S() */
    r->classes = malloc((n + 1) * sizeof *r->classes);
    r->text = malloc(n * 41 + 4); /* ",lo-hi": at most 1 + 19 + 1 + 19 characters */
    GRUNDY_CHECK(r->classes != NULL && r->text != NULL, GRUNDY_STATUS_NOMEM);
    for (size_t i = 0; i < n; i++) {
        r->classes[i] = make_class(rs[i].lo, rs[i].hi, 1, 3);
    }
    r->class_count = n;
    r->text_len = set_text(rs, n, r->text);
    summarize(r);
    *out = r;
    r = NULL;
cleanup:
    grundy_rule_destroy(r);
    return st;
}

/* ---------------------------------------------------------------- parsing codes */

/* d0 and its '!', or an implied 0 when the text starts at the point. A second digit is
 * reported before d0's bits: "12.3" is more likely a misplaced point than a bad split digit. */
static grundy_status parse_d0(parser *p, unsigned *d0) {
    const char c = p->text[0];
    *d0 = 0;
    if (c == '.') {
        return GRUNDY_STATUS_OK;
    }
    const int v = digit_value(c);
    if (v < 0) {
        return bad_char(p, 0, "is not a base-32 digit (0-9, A-V)");
    }
    p->pos = p->text[1] == '!' ? 2 : 1;
    if (digit_value(p->text[p->pos]) >= 0) {
        return fail(p, GRUNDY_STATUS_PARSE, p->pos, "only one digit before the point");
    }
    if (v & 3) {
        char msg[96];
        snprintf(msg, sizeof msg,
                 "d0 must be a split digit only (bits 4, 8, 16): '%c' has bit 1 or 2", c);
        return fail(p, GRUNDY_STATUS_PARSE, 0, msg);
    }
    *d0 = (unsigned)v | (p->pos == 2 ? GRUNDY_RULE_DIGIT_DISTINCT : 0u);
    if (p->text[p->pos] == '.') {
        return GRUNDY_STATUS_OK;
    }
    if (p->text[p->pos] == '\0') {
        return fail(p, GRUNDY_STATUS_PARSE, p->pos, "expected '.' after the first digit");
    }
    return bad_char(p, p->pos, "where '.' was expected");
}

/* The brackets of a tail: where '[' was (or SIZE_MAX) and the digit count when it opened. */
typedef struct tail_state {
    size_t open_pos;
    size_t start;
    int closed;
} tail_state;

/* One non-digit character after the point: '[', ']' or an error. */
static grundy_status parse_bracket(parser *p, tail_state *t, size_t ndigits) {
    const char c = p->text[p->pos];
    if (c == '[') {
        if (t->open_pos != SIZE_MAX) {
            return fail(p, GRUNDY_STATUS_PARSE, p->pos, "nested '['");
        }
        t->open_pos = p->pos++;
        t->start = ndigits;
        return GRUNDY_STATUS_OK;
    }
    if (c == ']') {
        if (t->open_pos == SIZE_MAX) {
            return fail(p, GRUNDY_STATUS_PARSE, p->pos, "']' without '['");
        }
        if (ndigits == t->start) {
            return fail(p, GRUNDY_STATUS_PARSE, p->pos, "empty tail '[]'");
        }
        t->closed = 1;
        if (p->text[++p->pos] != '\0') {
            return fail(p, GRUNDY_STATUS_PARSE, p->pos, "trailing characters after ']'");
        }
        return GRUNDY_STATUS_OK;
    }
    if (c == '.') {
        return fail(p, GRUNDY_STATUS_PARSE, p->pos, "a code has only one '.'");
    }
    return bad_char(p, p->pos, "is not a base-32 digit (0-9, A-V)");
}

/* The digits after the point into d[1..]; d has room for every digit the text can hold. */
static grundy_status parse_digits(parser *p, unsigned *d, size_t *ndigits, size_t *tail_len) {
    tail_state t = {SIZE_MAX, 0, 0};
    size_t n = 1;
    grundy_status st = GRUNDY_STATUS_OK;
    p->pos++; /* the point */
    while (st == GRUNDY_STATUS_OK && !t.closed && p->text[p->pos] != '\0') {
        const int v = digit_value(p->text[p->pos]);
        if (v < 0) {
            st = parse_bracket(p, &t, n);
            continue;
        }
        if (n == GRUNDY_RULE_MAX_DIGITS) {
            return fail(p, GRUNDY_STATUS_RANGE, p->pos, "code has more than 4096 digits");
        }
        d[n++] = (unsigned)v;
        if (p->text[++p->pos] == '!') {
            d[n - 1] |= GRUNDY_RULE_DIGIT_DISTINCT;
            p->pos++;
        }
    }
    if (st == GRUNDY_STATUS_OK && t.open_pos != SIZE_MAX && !t.closed) {
        st = fail(p, GRUNDY_STATUS_PARSE, t.open_pos, "unclosed '['");
    }
    *ndigits = n;
    *tail_len = t.open_pos != SIZE_MAX ? n - t.start : 0;
    return st;
}

static grundy_status parse_code(parser *p, grundy_rule **out) {
    grundy_status st = GRUNDY_STATUS_OK;
    size_t n = 0, tail = 0;
    /* Digits never outnumber characters (+1 for an implied d0, and at least 2 for "4." -> "4.0").
     */
    const size_t room =
        p->len + 2 < GRUNDY_RULE_MAX_DIGITS + 1 ? p->len + 2 : GRUNDY_RULE_MAX_DIGITS + 1;
    unsigned *d = malloc(room * sizeof *d);
    GRUNDY_CHECK(d != NULL, GRUNDY_STATUS_NOMEM);
    GRUNDY_TRY(parse_d0(p, &d[0]));
    GRUNDY_TRY(parse_digits(p, d, &n, &tail));
    st = build_code(d, n - tail, tail, out);
    d = NULL; /* build_code owns it now, even on failure */
cleanup:
    free(d);
    return st;
}

/* ---------------------------------------------------------------- parsing sets */

static void skip_blanks(parser *p) {
    while (p->text[p->pos] == ' ' || p->text[p->pos] == '\t') {
        p->pos++;
    }
}

/* A take: 1 <= k <= GRUNDY_NUMBER_MAX. */
static grundy_status parse_take(parser *p, uint64_t *k) {
    const size_t start = p->pos;
    const char *cur = p->text + start;
    const grundy_status st = grundy_scan_u64(&cur, p->text + p->len, GRUNDY_NUMBER_MAX, k);
    if (st == GRUNDY_STATUS_PARSE) {
        return fail(p, st, start, "expected a number");
    }
    if (st == GRUNDY_STATUS_RANGE) {
        return fail(p, st, start, "number too large (max 9223372036854775807)");
    }
    if (st != GRUNDY_STATUS_OK) {
        return fail(p, st, start, "cannot read the number");
    }
    if (*k == 0) {
        return fail(p, GRUNDY_STATUS_PARSE, start, "take 0 is not allowed");
    }
    p->pos = (size_t)(cur - p->text);
    return GRUNDY_STATUS_OK;
}

/* `k` or `lo-hi`, blanks allowed around the '-'. */
static grundy_status parse_item(parser *p, range *r) {
    const size_t start = p->pos;
    grundy_status st = parse_take(p, &r->lo);
    if (st != GRUNDY_STATUS_OK) {
        return st;
    }
    r->hi = r->lo;
    skip_blanks(p);
    if (p->text[p->pos] != '-') {
        return GRUNDY_STATUS_OK;
    }
    p->pos++;
    skip_blanks(p);
    st = parse_take(p, &r->hi);
    if (st == GRUNDY_STATUS_OK && r->lo > r->hi) {
        st = fail(p, GRUNDY_STATUS_PARSE, start, "a range needs lo <= hi");
    }
    return st;
}

/* Append to a growing array of ranges. */
static grundy_status push_range(range **rs, size_t *n, size_t *cap, range r) {
    if (*n == *cap) {
        const size_t new_cap = *cap == 0 ? 16 : *cap * 2;
        range *const grown = realloc(*rs, new_cap * sizeof *grown);
        if (grown == NULL) {
            return GRUNDY_STATUS_NOMEM;
        }
        *rs = grown;
        *cap = new_cap;
    }
    (*rs)[(*n)++] = r;
    return GRUNDY_STATUS_OK;
}

/* `S(` items `)`, the text starting with "S(" or "s(". */
static grundy_status parse_set(parser *p, grundy_rule **out) {
    grundy_status st = GRUNDY_STATUS_OK;
    range *rs = NULL;
    size_t n = 0, cap = 0;
    p->pos = 2;
    skip_blanks(p);
    while (p->text[p->pos] != ')' || n > 0) {
        range r;
        GRUNDY_TRY(parse_item(p, &r));
        GRUNDY_TRY(push_range(&rs, &n, &cap, r));
        skip_blanks(p);
        if (p->text[p->pos] == ')') {
            break;
        }
        GRUNDY_CHECK(p->text[p->pos] == ',',
                     fail(p, GRUNDY_STATUS_PARSE, p->pos, "expected ',' or ')'"));
        p->pos++;
        skip_blanks(p);
    }
    p->pos++; /* ')' */
    GRUNDY_CHECK(p->text[p->pos] == '\0',
                 fail(p, GRUNDY_STATUS_PARSE, p->pos, "trailing characters after ')'"));
    n = merge_ranges(rs, n);
    GRUNDY_CHECK(n <= GRUNDY_RULE_MAX_RANGES,
                 fail(p, GRUNDY_STATUS_RANGE, 0, "more than 4096 ranges after merging"));
    st = build_set(rs, n, out);
cleanup:
    free(rs);
    return st;
}

/* ---------------------------------------------------------------- names and entry points */

static int is_alpha(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static int equal_nocase(const char *a, const char *b) {
    for (; *a != '\0' && *b != '\0'; a++, b++) {
        const char x = (*a >= 'A' && *a <= 'Z') ? (char)(*a - 'A' + 'a') : *a;
        if (x != *b) {
            return 0;
        }
    }
    return *a == *b;
}

/* A word with no point is a name: no code is spelled without one. */
static int looks_like_name(const char *text) {
    return is_alpha(text[0]) && strchr(text, '.') == NULL && strchr(text, '[') == NULL;
}

/* The games with names: the name grundy_rule_parse reads (NULL: none), the code, and the name
 * the literature gives it (grundy_rule_name). The rows with a name to parse come first. */
static const char *const named_games[][3] = {
    {"nim", "0.[3]", "Nim"},
    {"kayles", "0.77", "Kayles"},
    {"dawson-kayles", "0.07", "Dawson's Kayles"},
    {"dawson-chess", "0.137", "Dawson's Chess"},
    {"grundy-game", "4!.0", "Grundy's game"},
    {NULL, "0.6", "Officers"},
};
#define NAMED_GAME_COUNT (sizeof named_games / sizeof named_games[0])

const char *grundy_rule_known_name(size_t i) {
    return i < NAMED_GAME_COUNT ? named_games[i][0] : NULL;
}

static grundy_status parse_name(parser *p, grundy_rule **out) {
    for (size_t i = 0; i < NAMED_GAME_COUNT && named_games[i][0] != NULL; i++) {
        if (equal_nocase(p->text, named_games[i][0])) {
            parser code = {named_games[i][1], strlen(named_games[i][1]), 0, p->diag};
            return parse_code(&code, out);
        }
    }
    return fail(p, GRUNDY_STATUS_PARSE, 0,
                "unknown name (known: nim, kayles, dawson-kayles, dawson-chess, grundy-game)");
}

const char *grundy_rule_name(const grundy_rule *rule) {
    char canonical[16]; /* longer than any named code */
    /* A function's rule is named by its caller, even when that name spells a code. */
    if (rule == NULL || rule->kind == GRUNDY_RULE_CALLBACK ||
        grundy_rule_format(rule, canonical, sizeof canonical) >= sizeof canonical) {
        return NULL;
    }
    for (size_t i = 0; i < NAMED_GAME_COUNT; i++) {
        if (strcmp(named_games[i][1], canonical) == 0) {
            return named_games[i][2];
        }
    }
    return NULL;
}

grundy_status grundy_rule_parse(const char *text, grundy_rule **out, grundy_diag *diag) {
    if (out == NULL) {
        return GRUNDY_STATUS_INVALID_ARG;
    }
    *out = NULL;
    if (text == NULL) {
        return GRUNDY_STATUS_INVALID_ARG;
    }
    parser p = {text, strlen(text), 0, diag};
    if (p.len == 0) {
        return fail(&p, GRUNDY_STATUS_PARSE, 0, "empty rule");
    }
    if ((text[0] == 'S' || text[0] == 's') && text[1] == '(') {
        return parse_set(&p, out);
    }
    if (looks_like_name(text)) {
        return parse_name(&p, out);
    }
    return parse_code(&p, out);
}

void grundy_rule_destroy(grundy_rule *rule) {
    if (rule == NULL) {
        return;
    }
    free(rule->digits);
    free(rule->classes);
    free(rule->text);
    if (rule->callback != NULL) {
        rule->callback->destroy(rule->callback);
    }
    free(rule);
}

size_t grundy_rule_format(const grundy_rule *rule, char *buf, size_t cap) {
    if (cap > 0) {
        const size_t n = rule->text_len < cap ? rule->text_len : cap - 1;
        memcpy(buf, rule->text, n);
        buf[n] = '\0';
    }
    return rule->text_len;
}

grundy_rule_kind grundy_rule_get_kind(const grundy_rule *rule) {
    return rule->kind;
}

const grundy_move_class *grundy_rule_classes(const grundy_rule *rule, size_t *count) {
    if (count != NULL) {
        *count = rule->class_count;
    }
    return rule->classes;
}

unsigned grundy_rule_max_heaps_left(const grundy_rule *rule) {
    return rule->max_left;
}

uint64_t grundy_rule_max_take(const grundy_rule *rule) {
    return rule->max_take;
}

int grundy_rule_has_distinct(const grundy_rule *rule) {
    return rule->has_distinct;
}

const unsigned *grundy_rule_digits(const grundy_rule *rule, size_t *prefix_len, size_t *tail_len) {
    if (prefix_len != NULL) {
        *prefix_len = rule->prefix_len;
    }
    if (tail_len != NULL) {
        *tail_len = rule->tail_len;
    }
    return rule->digits;
}

/* ---------------------------------------------------------------- moves of one heap */

/* Append c to buf unless it is full. */
static int emit(grundy_move_class *buf, size_t cap, size_t *w, grundy_move_class c) {
    if (*w == cap) {
        return 0;
    }
    buf[(*w)++] = c;
    return 1;
}

grundy_status grundy_rule_moves(const grundy_rule *rule, uint64_t n, grundy_move_class *buf,
                                size_t cap, size_t *count) {
    size_t w = 0;
    *count = 0;
    if (n > GRUNDY_NUMBER_MAX) {
        return GRUNDY_STATUS_RANGE;
    }
    if (rule->kind == GRUNDY_RULE_CALLBACK) {
        return GRUNDY_STATUS_UNSUPPORTED; /* its moves are not classes: grundy_heap_moves_each */
    }
    for (size_t i = 0; i < rule->class_count; i++) {
        const grundy_move_class *c = &rule->classes[i];
        const unsigned keep = c->leaves & ~1u;
        /* Moves that leave heaps must leave a token: take <= n - 1, snapped onto the
         * progression so take_last is itself a take (no overflow: the result is <= last). */
        if (keep != 0 && n >= 1 && c->take_first <= n - 1) {
            uint64_t last = c->take_last < n - 1 ? c->take_last : n - 1;
            last = c->take_first + (last - c->take_first) / c->take_step * c->take_step;
            const grundy_move_class m = {c->take_first, last, c->take_step, keep, c->distinct};
            if (!emit(buf, cap, &w, m)) {
                return GRUNDY_STATUS_RANGE;
            }
        }
        if ((c->leaves & 1u) && n >= 1 && n >= c->take_first && n <= c->take_last &&
            (n - c->take_first) % c->take_step == 0) {
            const grundy_move_class m = {n, n, 1, 1, 0};
            if (!emit(buf, cap, &w, m)) {
                return GRUNDY_STATUS_RANGE;
            }
        }
    }
    *count = w;
    return GRUNDY_STATUS_OK;
}
