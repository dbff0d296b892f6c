/* SPDX-License-Identifier: MIT */
/* Nimbers: the nim-product against two slow references, the field axioms on random 64-bit values,
 * nim-inverses, Bouton's rules against a game-tree search, capped Nim, and Project Euler 301. */
#include "check.h"

#include <grundy/nimber.h>

/* Reference 1: Conway's definition a*b = mex{a'*b + a*b' + a'*b' : a' < a, b' < b}, for a, b < 32.
 */
#define MEX_N 32
static uint64_t mex_table[MEX_N][MEX_N];

static void build_mex_table(void) {
    for (unsigned a = 0; a < MEX_N; a++) {
        for (unsigned b = 0; b < MEX_N; b++) {
            int seen[257] = {0}; /* products of values < 256 stay below 256 */
            for (unsigned x = 0; x < a; x++) {
                for (unsigned y = 0; y < b; y++) {
                    seen[mex_table[x][b] ^ mex_table[a][y] ^ mex_table[x][y]] = 1;
                }
            }
            uint64_t m = 0;
            while (m < 256 && seen[m]) {
                m++;
            }
            mex_table[a][b] = m;
        }
    }
}

/* Reference 2: bit by bit. 2^i * 2^j is the ordinary 2^(i+j) when i & j == 0 (distinct Fermat
 * 2-powers multiply ordinarily); else take the top common Fermat 2-power F = 2^(2^k) and use
 * F * F = F + F/2. */
static uint64_t pow_table[64][64];
static int pow_known[64][64];
static uint64_t slow_mul(uint64_t a, uint64_t b);

static uint64_t pow_mul(unsigned i, unsigned j) {
    if (!pow_known[i][j]) {
        const unsigned common = i & j;
        if (common == 0) {
            pow_table[i][j] = (uint64_t)1 << (i | j);
        } else {
            unsigned k = 32;
            while ((common & k) == 0) {
                k >>= 1;
            }
            const uint64_t f = (uint64_t)1 << k;
            pow_table[i][j] = slow_mul(f ^ (f >> 1), pow_mul(i - k, j - k));
        }
        pow_known[i][j] = 1;
    }
    return pow_table[i][j];
}

static uint64_t slow_mul(uint64_t a, uint64_t b) {
    uint64_t r = 0;
    for (unsigned i = 0; i < 64; i++) {
        for (unsigned j = 0; j < 64; j++) {
            if (((a >> i) & 1) && ((b >> j) & 1)) {
                r ^= pow_mul(i, j);
            }
        }
    }
    return r;
}

static uint64_t random_nimber(check_rng *r) {
    /* Mix widths so that the small subfields get exercised too. */
    const unsigned width = 1u << check_rng_below(r, 7);
    const uint64_t v = check_rng_next(r);
    return width == 64 ? v : v & (((uint64_t)1 << width) - 1);
}

static void test_small_products(void) {
    build_mex_table();
    for (unsigned a = 0; a < MEX_N; a++) {
        for (unsigned b = 0; b < MEX_N; b++) {
            CHECK_U64(grundy_nim_product(a, b), mex_table[a][b]);
        }
    }
    CHECK_U64(grundy_nim_product(2, 2), 3);
    CHECK_U64(grundy_nim_product(16, 16), 24);
    CHECK_U64(grundy_nim_product((uint64_t)1 << 32, (uint64_t)1 << 32), (uint64_t)3 << 31);
}

static void test_field_axioms(uint64_t seed) {
    check_rng r = {seed};
    const int before = check_failures;
    for (int t = 0; t < 300; t++) {
        const uint64_t a = random_nimber(&r), b = random_nimber(&r), c = random_nimber(&r);
        const uint64_t ab = grundy_nim_product(a, b);
        CHECK_U64(ab, slow_mul(a, b));
        CHECK_U64(ab, grundy_nim_product(b, a));
        CHECK_U64(grundy_nim_product(ab, c), grundy_nim_product(a, grundy_nim_product(b, c)));
        CHECK_U64(grundy_nim_product(a, b ^ c), ab ^ grundy_nim_product(a, c));
        CHECK_U64(grundy_nim_product(a, 1), a);
        CHECK_U64(grundy_nim_product(a, 0), 0);
    }
    for (int t = 0; t < 40; t++) {
        const uint64_t a = random_nimber(&r) | 1;
        uint64_t inv = 0;
        CHECK_EQ(grundy_nim_inverse(a, &inv), GRUNDY_STATUS_OK);
        CHECK_U64(grundy_nim_product(a, inv), 1);
    }
    uint64_t untouched = 7;
    CHECK_EQ(grundy_nim_inverse(0, &untouched), GRUNDY_STATUS_INVALID_ARG);
    CHECK_U64(untouched, 7);
    if (check_failures != before) {
        fprintf(stderr, "test_field_axioms: seed %" PRIu64 "\n", seed);
    }
}

/* Game-tree search for Nim with up to 3 heaps below 8, no nim-sum: win[a][b][c]. */
static int nim_search(unsigned h[3], int misere, signed char memo[8][8][8]) {
    signed char *m = &memo[h[0]][h[1]][h[2]];
    if (*m >= 0) {
        return *m;
    }
    int win = 0, moved = 0;
    for (int i = 0; i < 3 && !win; i++) {
        const unsigned keep = h[i];
        for (unsigned v = 0; v < keep && !win; v++) {
            moved = 1;
            h[i] = v;
            win = !nim_search(h, misere, memo);
        }
        h[i] = keep;
    }
    *m = (signed char)(moved ? win : misere);
    return *m;
}

static void test_bouton(void) {
    for (int misere = 0; misere <= 1; misere++) {
        signed char memo[8][8][8];
        memset(memo, -1, sizeof memo);
        for (unsigned a = 0; a < 8; a++) {
            for (unsigned b = 0; b < 8; b++) {
                for (unsigned c = 0; c < 8; c++) {
                    unsigned h[3] = {a, b, c};
                    const uint64_t heaps[3] = {a, b, c};
                    const int fast = misere ? grundy_nim_misere_wins(heaps, 3)
                                            : grundy_nim_normal_wins(heaps, 3);
                    CHECK_EQ(fast, nim_search(h, misere, memo));
                }
            }
        }
    }
    const uint64_t ones[2] = {1, 1};
    CHECK_EQ(grundy_nim_misere_wins(ones, 2), 1); /* seed problem 3: First */
    CHECK_EQ(grundy_nim_normal_wins(ones, 2), 0);
    CHECK_EQ(grundy_nim_misere_wins(NULL, 0), 1);
}

static void test_capped(void) {
    /* Seed problem 2: K = 2, heaps 3 5 6 give 0 ^ 2 ^ 0 = 2: First. */
    CHECK_U64(grundy_nim_capped_value(3, 2) ^ grundy_nim_capped_value(5, 2) ^
                  grundy_nim_capped_value(6, 2),
              2);
    CHECK_U64(grundy_nim_capped_value(UINT64_C(1000000000000000000), UINT64_C(999999999999999999)),
              0);
    CHECK_U64(grundy_nim_capped_value(GRUNDY_NUMBER_MAX, GRUNDY_NUMBER_MAX - 1), 0);
    CHECK_U64(grundy_nim_capped_value(GRUNDY_NUMBER_MAX, GRUNDY_NUMBER_MAX), GRUNDY_NUMBER_MAX);
    CHECK_U64(grundy_nim_capped_value(5, 0), 0);
    /* Against the mex over the options a-K .. a-1 for small K. */
    for (uint64_t k = 1; k <= 6; k++) {
        uint64_t g[64];
        for (uint64_t a = 0; a < 64; a++) {
            int seen[64] = {0};
            for (uint64_t t = 1; t <= k && t <= a; t++) {
                seen[g[a - t]] = 1;
            }
            g[a] = 0;
            while (seen[g[a]]) {
                g[a]++;
            }
            CHECK_U64(grundy_nim_capped_value(a, k), g[a]);
        }
    }
}

/* Project Euler 301: n <= 2^k with X(n, 2n, 3n) = 0 number F(k + 2). */
static void test_pe301(void) {
    uint64_t fib[40] = {0, 1};
    for (int i = 2; i < 40; i++) {
        fib[i] = fib[i - 1] + fib[i - 2];
    }
    for (unsigned k = 1; k <= 22; k++) {
        uint64_t count = 0;
        for (uint64_t n = 1; n <= (uint64_t)1 << k; n++) {
            const uint64_t heaps[3] = {n, 2 * n, 3 * n};
            count += !grundy_nim_normal_wins(heaps, 3);
        }
        CHECK_U64(count, fib[k + 2]);
        if (k == 1 || k == 2 || k == 3 || k == 10 || k == 16 || k == 22) {
            const uint64_t want = k == 1    ? 2
                                  : k == 2  ? 3
                                  : k == 3  ? 5
                                  : k == 10 ? 144
                                  : k == 16 ? 2584
                                            : 46368;
            CHECK_U64(count, want);
        }
    }
    CHECK_U64(fib[32], 2178309); /* k = 30, the problem's answer */
}

int main(void) {
    const uint64_t seed = check_seed(20240501);
    test_small_products();
    test_field_axioms(seed);
    test_bouton();
    test_capped();
    test_pe301();
    return check_report("test_nimber");
}
