/* SPDX-License-Identifier: MIT */
/* Random inputs in each seed problem's own format, fed to its example program and compared with
 * a brute force written here from the rules alone (game-tree searches with memo tables; no
 * libgrundy, no Sprague-Grundy shortcut except where noted). Usage:
 *   check_random PROBLEM EXAMPLE [SEED [CASES]]
 * A mismatch prints the seed, the case, the input and both outputs, and exits 1. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct text {
    char buf[1 << 16];
    size_t len;
} text;

static void put(text *t, const char *fmt, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static void put(text *t, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    const int n = vsnprintf(t->buf + t->len, sizeof t->buf - t->len, fmt, ap);
    va_end(ap);
    if (n > 0 && (size_t)n < sizeof t->buf - t->len) {
        t->len += (size_t)n;
    }
}

static uint64_t rng_state;
static uint64_t rnd(uint64_t bound) { /* uniform enough in [0, bound) (splitmix64) */
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return (z ^ (z >> 31)) % bound;
}

static const char *winner(int first_wins) {
    return first_wins ? "First" : "Second";
}

/* ---- A memo over small positions, keyed by a 64-bit code (open addressing). ---- */
#define MEMO_SIZE (1u << 20)
static uint64_t memo_key[MEMO_SIZE];
static signed char memo_val[MEMO_SIZE]; /* 0 empty, 1 win, 2 lose */
static void memo_clear(void) {
    memset(memo_val, 0, sizeof memo_val);
}
static signed char *memo_slot(uint64_t key) {
    size_t i = (size_t)((key * 0x9E3779B97F4A7C15ull) >> 44) & (MEMO_SIZE - 1);
    while (memo_val[i] != 0 && memo_key[i] != key) {
        i = (i + 1) & (MEMO_SIZE - 1);
    }
    memo_key[i] = key;
    return &memo_val[i];
}

/* ---- Sums of heaps (sizes < 32, at most 12 heaps), searched as sorted tuples. ---- */
enum heap_game { CAPPED, MISERE_NIM, TAKE_OR_SPLIT, SUBTRACTION };
static int game_cap;              /* CAPPED: K */
static int sub_set[8], sub_count; /* SUBTRACTION: the amounts */
static int tuple_wins(enum heap_game game, const int *h, int k);

static uint64_t tuple_key(const int *h, int k) {
    int s[16];
    memcpy(s, h, (size_t)k * sizeof *h);
    for (int i = 1; i < k; i++) { /* insertion sort, largest first, zeros dropped by the key */
        for (int j = i; j > 0 && s[j] > s[j - 1]; j--) {
            const int x = s[j];
            s[j] = s[j - 1];
            s[j - 1] = x;
        }
    }
    uint64_t key = 0;
    for (int i = 0; i < k && s[i] > 0; i++) {
        key = key * 32 + (uint64_t)s[i];
    }
    return key;
}

/* Does replacing heap i by the heaps a (and b, when b >= 0) reach a loss for the opponent? */
static int child_loses(enum heap_game game, const int *h, int k, int i, int a, int b) {
    int c[16];
    memcpy(c, h, (size_t)k * sizeof *h);
    c[i] = a;
    int kk = k;
    if (b >= 0) {
        c[kk++] = b;
    }
    return !tuple_wins(game, c, kk);
}

static int moves_win(enum heap_game game, const int *h, int k) {
    for (int i = 0; i < k; i++) {
        const int n = h[i];
        if (game == CAPPED || game == MISERE_NIM) {
            for (int t = 1; t <= n && (game == MISERE_NIM || t <= game_cap); t++) {
                if (child_loses(game, h, k, i, n - t, -1)) {
                    return 1;
                }
            }
        } else if (game == SUBTRACTION) {
            for (int j = 0; j < sub_count; j++) {
                if (sub_set[j] <= n && child_loses(game, h, k, i, n - sub_set[j], -1)) {
                    return 1;
                }
            }
        } else { /* TAKE_OR_SPLIT: take 1, take 2, or take 1 and split the rest in two */
            if ((n >= 1 && child_loses(game, h, k, i, n - 1, -1)) ||
                (n >= 2 && child_loses(game, h, k, i, n - 2, -1))) {
                return 1;
            }
            for (int a = 1; a <= n - 2; a++) {
                if (child_loses(game, h, k, i, a, n - 1 - a)) {
                    return 1;
                }
            }
        }
    }
    return 0;
}

static int tuple_wins(enum heap_game game, const int *h, int k) {
    int c[16], kk = 0, total = 0;
    for (int i = 0; i < k; i++) { /* compact: drop empty heaps so the tuple never outgrows c */
        if (h[i] > 0) {
            c[kk++] = h[i];
            total += h[i];
        }
    }
    if (total == 0) {
        return game == MISERE_NIM; /* no move: a loss, or in misere play a win */
    }
    signed char *const slot = memo_slot(tuple_key(c, kk));
    if (*slot == 0) {
        const int w = moves_win(game, c, kk);
        *memo_slot(tuple_key(c, kk)) = (signed char)(w ? 1 : 2);
        return w;
    }
    return *slot == 1;
}

static int random_heaps(text *in, int *h, int count, int max) {
    for (int i = 0; i < count; i++) {
        h[i] = (int)rnd((uint64_t)max + 1);
        put(in, "%s%d", i ? " " : "", h[i]);
    }
    put(in, "\n");
    return count;
}

static void gen_capped(text *in, text *out) {
    int h[4];
    const int n = 1 + (int)rnd(3);
    game_cap = 1 + (int)rnd(3);
    put(in, "%d %d\n", n, game_cap);
    random_heaps(in, h, n, 6);
    memo_clear();
    put(out, "%s\n", winner(tuple_wins(CAPPED, h, n)));
}

static void gen_misere_nim(text *in, text *out) {
    int h[4];
    const int n = 1 + (int)rnd(4);
    put(in, "%d\n", n);
    random_heaps(in, h, n, rnd(3) == 0 ? 1 : 4);
    memo_clear();
    put(out, "%s\n", winner(tuple_wins(MISERE_NIM, h, n)));
}

static void gen_take_or_split(text *in, text *out) {
    int h[4];
    const int n = 1 + (int)rnd(3);
    put(in, "%d\n", n);
    random_heaps(in, h, n, 7);
    memo_clear();
    put(out, "%s\n", winner(tuple_wins(TAKE_OR_SPLIT, h, n)));
}

static void random_set(text *in, int max_amount) {
    sub_count = 1 + (int)rnd(3);
    put(in, "%d\n", sub_count);
    for (int i = 0; i < sub_count; i++) {
        int fresh;
        do { /* distinct amounts */
            sub_set[i] = 1 + (int)rnd((uint64_t)max_amount);
            fresh = 1;
            for (int j = 0; j < i; j++) {
                fresh &= sub_set[j] != sub_set[i];
            }
        } while (!fresh);
        put(in, "%s%d", i ? " " : "", sub_set[i]);
    }
    put(in, "\n");
}

static void gen_subtraction(text *in, text *out) {
    int h[4];
    random_set(in, 4);
    const int n = 1 + (int)rnd(3);
    put(in, "%d\n", n);
    random_heaps(in, h, n, 9);
    memo_clear();
    put(out, "%s\n", winner(tuple_wins(SUBTRACTION, h, n)));
}

/* Ladder count: P-positions among 0..n of one heap under S(amounts), by backward induction. */
static void gen_ladder(text *in, text *out) {
    random_set(in, 8);
    const int q = 1 + (int)rnd(5);
    put(in, "%d\n", q);
    int lose[64];
    for (int n = 0; n < 64; n++) {
        lose[n] = 1;
        for (int j = 0; j < sub_count; j++) {
            lose[n] &= !(sub_set[j] <= n && lose[n - sub_set[j]]);
        }
    }
    for (int i = 0; i < q; i++) {
        const int n = (int)rnd(60);
        int count = 0;
        for (int x = 0; x <= n; x++) {
            count += lose[x];
        }
        put(in, "%s%d", i ? " " : "", n);
        put(out, "%d\n", count);
    }
    put(in, "\n");
}

/* PE 306: whoever cannot paint two adjacent squares loses. Brute force over the strip itself
 * (a bitmask of white squares), no splitting into runs. */
static int strip_wins(uint32_t white, int n) {
    signed char *slot = memo_slot(((uint64_t)n << 32) | white);
    if (*slot != 0) {
        return *slot == 1;
    }
    int w = 0;
    for (int i = 0; i + 1 < n && !w; i++) {
        const uint32_t pair = 3u << i;
        w = (white & pair) == pair && !strip_wins(white & ~pair, n);
    }
    slot = memo_slot(((uint64_t)n << 32) | white);
    *slot = (signed char)(w ? 1 : 2);
    return w;
}

/* Longer strips: painting splits a run of n into runs a + b = n - 2, whose values XOR
 * (Sprague-Grundy), g(n) = mex of g(a) ^ g(b); computed here from that recurrence alone. */
#define STRIP_LONG 3000
static int strip_g[STRIP_LONG + 1];
static void strip_values(void) {
    for (int n = 0; n <= STRIP_LONG; n++) {
        int seen[64] = {0};
        for (int a = 0; a + 2 <= n; a++) {
            seen[strip_g[a] ^ strip_g[n - 2 - a]] = 1;
        }
        int m = 0;
        while (seen[m]) {
            m++;
        }
        strip_g[n] = m;
    }
}

static void gen_pe306(text *in, text *out) {
    static int wins[20], known;
    if (!known) { /* the strips 1..19 by search, 1..3000 by the recurrence, once; they agree */
        memo_clear();
        strip_values();
        for (int n = 1; n < 20; n++) {
            wins[n] = strip_wins((1u << n) - 1, n);
            if (wins[n] != (strip_g[n] != 0)) {
                fprintf(stderr, "pe306: the search and the recurrence differ at %d\n", n);
                exit(1);
            }
        }
        known = 1;
    }
    const int limit = rnd(2) ? 1 + (int)rnd(19) : 1 + (int)rnd(STRIP_LONG);
    int count = 0;
    for (int n = 1; n <= limit; n++) {
        count += strip_g[n] != 0;
    }
    put(in, "%d\n", limit);
    put(out, "%d\n", count);
}

/* PE 301: n ^ 2n ^ 3n = 0 enumerated (Bouton's theorem is the only theory used). */
static void gen_pe301(text *in, text *out) {
    const uint64_t limit = 1 + rnd(rnd(2) ? 100000 : 300);
    uint64_t count = 0;
    for (uint64_t n = 1; n <= limit; n++) {
        count += (n ^ (2 * n) ^ (3 * n)) == 0;
    }
    put(in, "%llu\n", (unsigned long long)limit);
    put(out, "%llu\n", (unsigned long long)count);
}

/* Left stack: take 1..m from one stack; a stack may be emptied only when all left of it are. */
static int ls_m;
static int left_wins(int a, int b, int c) {
    signed char *slot = memo_slot((uint64_t)(a * 4096 + b * 64 + c));
    if (*slot != 0) {
        return *slot == 1;
    }
    int w = 0;
    const int s[3] = {a, b, c};
    for (int i = 0; i < 3 && !w; i++) {
        for (int t = 1; t <= ls_m && t <= s[i] && !w; t++) {
            int left_empty = 1;
            for (int j = 0; j < i; j++) {
                left_empty &= s[j] == 0;
            }
            if (t == s[i] && !left_empty) {
                continue;
            }
            int x[3] = {a, b, c};
            x[i] -= t;
            w = !left_wins(x[0], x[1], x[2]);
        }
    }
    slot = memo_slot((uint64_t)(a * 4096 + b * 64 + c));
    *slot = (signed char)(w ? 1 : 2);
    return w;
}

static void gen_left_stack(text *in, text *out) {
    ls_m = (int)rnd(5);
    const int a = (int)rnd(9), b = (int)rnd(9), c = (int)rnd(9);
    memo_clear();
    put(in, "%d %d %d %d\n", ls_m, a, b, c);
    put(out, "%s\n", left_wins(a, b, c) ? "Tomaz" : "Danftito");
}

/* Token on a graph: the fixpoint of "W if some move reaches L, L if every move reaches W". */
static void gen_graph(text *in, text *out) {
    const int n = 1 + (int)rnd(6), m = (int)rnd(10);
    int eu[10], ev[10], lab[6] = {0}; /* 0 unknown (draw), 1 W, 2 L */
    put(in, "%d %d\n", n, m);
    for (int i = 0; i < m; i++) {
        eu[i] = (int)rnd((uint64_t)n);
        ev[i] = (int)rnd((uint64_t)n);
        put(in, "%d %d\n", eu[i], ev[i]);
    }
    for (int changed = 1; changed;) {
        changed = 0;
        for (int v = 0; v < n; v++) {
            int some_l = 0, all_w = 1;
            for (int i = 0; i < m; i++) {
                if (eu[i] == v) {
                    some_l |= lab[ev[i]] == 2;
                    all_w &= lab[ev[i]] == 1;
                }
            }
            const int now = some_l ? 1 : all_w ? 2 : 0;
            if (lab[v] == 0 && now != 0) {
                lab[v] = now;
                changed = 1;
            }
        }
    }
    for (int v = 0; v < n; v++) {
        put(out, "%c", "DWL"[lab[v]]);
    }
    put(out, "\n");
}

/* Misere two piles: take 1 or 2 from one pile; no stones left is a win for the player to move. */
static int piles_wins(int a, int b) {
    if (a == 0 && b == 0) {
        return 1;
    }
    signed char *slot = memo_slot((uint64_t)(a * 1024 + b));
    if (*slot != 0) {
        return *slot == 1;
    }
    const int w = (a >= 1 && !piles_wins(a - 1, b)) || (a >= 2 && !piles_wins(a - 2, b)) ||
                  (b >= 1 && !piles_wins(a, b - 1)) || (b >= 2 && !piles_wins(a, b - 2));
    slot = memo_slot((uint64_t)(a * 1024 + b));
    *slot = (signed char)(w ? 1 : 2);
    return w;
}

static void gen_misere_piles(text *in, text *out) {
    const int t = 1 + (int)rnd(4);
    put(in, "%d\n", t);
    memo_clear();
    for (int i = 0; i < t; i++) {
        const int max = rnd(4) == 0 ? 300 : 6;
        const int a = (int)rnd((uint64_t)max + 1), b = (int)rnd((uint64_t)max + 1);
        put(in, "%d %d\n", a, b);
        put(out, "%s\n", winner(piles_wins(a, b)));
    }
}

/* Mirror board: place tokens on free cells, no symmetry argument: a search over the empty cells. */
static int board_wins(uint32_t empty) {
    signed char *slot = memo_slot(empty);
    if (*slot != 0) {
        return *slot == 1;
    }
    int w = 0;
    for (int i = 0; i < 32 && !w; i++) {
        w = ((empty >> i) & 1u) && !board_wins(empty & ~(1u << i));
    }
    slot = memo_slot(empty);
    *slot = (signed char)(w ? 1 : 2);
    return w;
}

static void gen_mirror(text *in, text *out) {
    const int n = 1 + (int)rnd(4);
    int blocked[16] = {0}, k = 0;
    for (int cell = 0; cell < n * n; cell++) { /* block mirror pairs at random */
        const int mirror = n * n - 1 - cell;
        if (cell <= mirror && rnd(3) == 0) {
            blocked[cell] = blocked[mirror] = 1;
        }
    }
    uint32_t empty = 0;
    for (int cell = 0; cell < n * n; cell++) {
        k += blocked[cell];
        empty |= blocked[cell] ? 0u : 1u << cell;
    }
    put(in, "%d %d\n", n, k);
    for (int cell = 0; cell < n * n; cell++) {
        if (blocked[cell]) {
            put(in, "%d %d\n", cell / n + 1, cell % n + 1);
        }
    }
    memo_clear();
    put(out, "%s\n", winner(board_wins(empty)));
}

/* Picking items: every line of play, no memo; the best difference for the player to move. */
static long long pick_best(const long long *v, int n, unsigned taken) {
    long long best = 0;
    int any = 0;
    for (int i = 0; i < n; i++) {
        if (!((taken >> i) & 1u)) {
            const long long d = v[i] - pick_best(v, n, taken | 1u << i);
            best = !any || d > best ? d : best;
            any = 1;
        }
    }
    return best;
}

static void gen_pick(text *in, text *out) {
    const int n = 1 + (int)rnd(6);
    long long v[6];
    const long long max = rnd(5) == 0 ? 1000000000 : 9;
    put(in, "%d\n", n);
    for (int i = 0; i < n; i++) {
        v[i] = 1 + (long long)rnd((uint64_t)max);
        put(in, "%s%lld", i ? " " : "", v[i]);
    }
    put(in, "\n");
    put(out, "%lld\n", pick_best(v, n, 0));
}

/* Dividing cards: the cards on the table as a set; picking i removes i and its divisors. */
static int cards_wins(uint32_t table, int n) {
    if (table == 0) {
        return 0;
    }
    signed char *slot = memo_slot(table);
    if (*slot != 0) {
        return *slot == 1;
    }
    int w = 0;
    for (int i = 1; i <= n && !w; i++) {
        if ((table >> (i - 1)) & 1u) {
            uint32_t left = table;
            for (int d = 1; d <= i; d++) {
                left &= i % d == 0 ? ~(1u << (d - 1)) : ~0u;
            }
            w = !cards_wins(left, n);
        }
    }
    slot = memo_slot(table);
    *slot = (signed char)(w ? 1 : 2);
    return w;
}

static void gen_divisors(text *in, text *out) {
    const int t = 1 + (int)rnd(5);
    put(in, "%d\n", t);
    memo_clear();
    for (int i = 0; i < t; i++) {
        const int n = 1 + (int)rnd(12);
        put(in, "%d\n", n);
        put(out, "%s\n", winner(cards_wins((1u << n) - 1, n)));
    }
}

static int run_program(const char *program, const text *input, text *output);

/* ---- The rules of 'grundy help rule', in words, as move generators: g(n) by mex from them. ----
 */
#define WORDS_N 40
typedef struct words_rule {
    const char *code;
    /* the heaps a move from n may leave: calls leave(a, b) (b = 0: one heap, a = b = 0: none) */
    void (*moves)(int n, void (*leave)(int a, int b));
} words_rule;

static void w_nim(int n, void (*leave)(int, int)) { /* take any number */
    for (int k = 1; k <= n; k++) {
        leave(n - k, 0);
    }
}
static void w_take12(int n, void (*leave)(int, int)) {
    for (int k = 1; k <= 2 && k <= n; k++) {
        leave(n - k, 0);
    }
}
static void w_take123(int n, void (*leave)(int, int)) {
    for (int k = 1; k <= 3 && k <= n; k++) {
        leave(n - k, 0);
    }
}
static void w_exactly3(int n, void (*leave)(int, int)) {
    if (n >= 3) {
        leave(n - 3, 0);
    }
}
static void w_take25(int n, void (*leave)(int, int)) {
    if (n >= 2) {
        leave(n - 2, 0);
    }
    if (n >= 5) {
        leave(n - 5, 0);
    }
}
static void w_not_last(int n, void (*leave)(int, int)) { /* take 1, never the last token */
    if (n >= 2) {
        leave(n - 1, 0);
    }
}
static void w_take_or_split(int n, void (*leave)(int, int)) { /* seed 004, problem 4 */
    w_take12(n, leave);
    for (int a = 1; a <= n - 2; a++) {
        leave(a, n - 1 - a);
    }
}
static void w_row(int n, int k, void (*leave)(int, int)) { /* take k from a row, maybe splitting */
    for (int a = 0; a <= n - k; a++) {
        leave(a, n - k - a);
    }
}
static void w_kayles(int n, void (*leave)(int, int)) {
    w_row(n, 1, leave);
    if (n >= 2) {
        w_row(n, 2, leave);
    }
}
static void w_dawson(int n, void (*leave)(int, int)) {
    if (n >= 2) {
        w_row(n, 2, leave);
    }
}
static void w_split_unequal(int n, void (*leave)(int, int)) {
    for (int a = 1; 2 * a < n; a++) {
        leave(a, n - a);
    }
}
static void w_split(int n, void (*leave)(int, int)) {
    for (int a = 1; a < n; a++) {
        leave(a, n - a);
    }
}
static void w_lasker(int n, void (*leave)(int, int)) { /* take any number, or split in two */
    w_nim(n, leave);
    w_split(n, leave);
}
static void w_officers(int n, void (*leave)(int, int)) { /* take 1, leaving one or two heaps */
    for (int a = 0; a <= n - 1; a++) {
        if (a + (n - 1 - a) > 0 && (a > 0 || n - 1 - a > 0)) {
            leave(a, n - 1 - a);
        }
    }
}

static const words_rule words_rules[] = {
    {"nim", w_nim},
    {"S(1,2)", w_take12},
    {"S(1-3)", w_take123},
    {"S(3)", w_exactly3},
    {"S(2,5)", w_take25},
    {"0.2", w_not_last},
    {"0.73", w_take_or_split},
    {"0.77", w_kayles},
    {"0.07", w_dawson},
    {"4!.0", w_split_unequal},
    {"4.0", w_split},
    {"4.[3]", w_lasker},
    {"0.6", w_officers},
    {"0.[3]", w_nim},
    {"0.33", w_take12},
    {"kayles", w_kayles},
    {"dawson-kayles", w_dawson},
    {"grundy-game", w_split_unequal},
};

static int words_g[WORDS_N + 1];
static int words_seen[4 * WORDS_N + 8];
static void words_leave(int a, int b) {
    words_seen[words_g[a] ^ words_g[b]] = 1;
}

/* Compare `grundy values CODE --to 40` with the values from the words. */
static int check_rule_words(const char *grundy) {
    for (size_t r = 0; r < sizeof words_rules / sizeof words_rules[0]; r++) {
        text want = {.len = 0}, got = {.len = 0}, none = {.len = 0};
        for (int n = 0; n <= WORDS_N; n++) {
            memset(words_seen, 0, sizeof words_seen);
            words_rules[r].moves(n, words_leave);
            int m = 0;
            while (words_seen[m]) {
                m++;
            }
            words_g[n] = m;
            put(&want, "%s%d", n ? " " : "", m);
        }
        put(&want, "\n");
        char command[256];
        snprintf(command, sizeof command, "%s values '%s' --to %d", grundy, words_rules[r].code,
                 WORDS_N);
        const int rc = run_program(command, &none, &got);
        if (rc != 0 || strcmp(got.buf, want.buf) != 0) {
            fprintf(stderr, "rule_words: %s differs from its words:\nexpected %sgot      %s",
                    words_rules[r].code, want.buf, got.buf);
            return 1;
        }
    }
    printf("rule_words: %zu rules agree with their words\n",
           sizeof words_rules / sizeof words_rules[0]);
    return 0;
}

typedef struct problem {
    const char *name;
    void (*gen)(text *in, text *out);
} problem;

static const problem problems[] = {
    {"pe306_paper_strip", gen_pe306},
    {"pe301_nim", gen_pe301},
    {"left_stack", gen_left_stack},
    {"ladder_count", gen_ladder},
    {"capped_nim", gen_capped},
    {"misere_nim", gen_misere_nim},
    {"take_or_split", gen_take_or_split},
    {"graph_token", gen_graph},
    {"misere_two_piles", gen_misere_piles},
    {"mirror_board", gen_mirror},
    {"pick_items", gen_pick},
    {"dividing_cards", gen_divisors},
    {"subtraction_piles", gen_subtraction},
};

/* Run `program` on `input`; its stdout into `output`. Returns its exit status or -1. */
static int run_program(const char *program, const text *input, text *output) {
    char path[] = "/tmp/grundy_check_XXXXXX";
    const int fd = mkstemp(path);
    if (fd < 0) {
        return -1;
    }
    FILE *f = fdopen(fd, "w");
    if (f == NULL || fwrite(input->buf, 1, input->len, f) != input->len || fclose(f) != 0) {
        unlink(path);
        return -1;
    }
    char command[4096];
    snprintf(command, sizeof command, "%s < '%s'", program, path);
    FILE *p = popen(command, "r");
    output->len = p == NULL ? 0 : fread(output->buf, 1, sizeof output->buf - 1, p);
    output->buf[output->len] = '\0';
    const int rc = p == NULL ? -1 : pclose(p);
    unlink(path);
    return rc;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: check_random PROBLEM EXAMPLE [SEED [CASES]]\n");
        return 2;
    }
    if (strcmp(argv[1], "rule_words") == 0) {
        return check_rule_words(argv[2]);
    }
    const problem *pr = NULL;
    for (size_t i = 0; i < sizeof problems / sizeof problems[0]; i++) {
        if (strcmp(problems[i].name, argv[1]) == 0) {
            pr = &problems[i];
        }
    }
    if (pr == NULL) {
        fprintf(stderr, "check_random: unknown problem '%s'\n", argv[1]);
        return 2;
    }
    const char *env = getenv("GRUNDY_TEST_SEED");
    const uint64_t seed = argc > 3      ? strtoull(argv[3], NULL, 10)
                          : env != NULL ? strtoull(env, NULL, 10)
                                        : 20261201;
    const long cases = argc > 4 ? strtol(argv[4], NULL, 10) : 300;
    static text in, want, got;
    rng_state = seed;
    for (long c = 0; c < cases; c++) {
        in.len = want.len = 0;
        pr->gen(&in, &want);
        in.buf[in.len] = want.buf[want.len] = '\0';
        const int rc = run_program(argv[2], &in, &got);
        if (rc != 0 || strcmp(got.buf, want.buf) != 0) {
            fprintf(stderr,
                    "%s: mismatch (seed %llu, case %ld; replay: check_random %s EXAMPLE %llu)\n"
                    "input:\n%sexpected:\n%sgot (exit %d):\n%s",
                    pr->name, (unsigned long long)seed, c, pr->name, (unsigned long long)seed,
                    in.buf, want.buf, rc, got.buf);
            return 1;
        }
    }
    printf("%s: %ld random cases agree with the brute force (seed %llu)\n", pr->name, cases,
           (unsigned long long)seed);
    return 0;
}
