/* SPDX-License-Identifier: MIT */
/* The Nim family: nim-sum, Conway's nim-product and its inverse, Bouton's rules, capped Nim. */
#include <grundy/nimber.h>

uint64_t grundy_nim_sum(uint64_t a, uint64_t b) {
    return a ^ b;
}

uint64_t grundy_nim_sum_array(const uint64_t *values, size_t count) {
    uint64_t s = 0;
    for (size_t i = 0; i < count; i++) {
        s ^= values[i];
    }
    return s;
}

/*
 * Product of a, b < 2^width (width a power of two). With D = 2^(width/2), a Fermat 2-power,
 * write a = a1 D + a0; then D (*) D = D + D/2 (Conway, ONAG ch. 6), so
 *   a (*) b = (a1b1 + a1b0 + a0b1) D + a0b0 + a1b1 (*) D/2,
 * where + is the nim-sum and D/2 lies in the half-width subfield. The middle term comes from one
 * product, (a0 + a1)(b0 + b1) - a0b0 - a1b1 (Karatsuba; minus is plus in characteristic 2).
 */
static uint64_t nim_mul(uint64_t a, uint64_t b, unsigned width) {
    if (width == 1) {
        return a & b;
    }
    const unsigned h = width / 2;
    const uint64_t mask = ((uint64_t)1 << h) - 1;
    const uint64_t a0 = a & mask, a1 = a >> h, b0 = b & mask, b1 = b >> h;
    const uint64_t low = nim_mul(a0, b0, h);
    const uint64_t high = nim_mul(a1, b1, h);
    const uint64_t mid = nim_mul(a0 ^ a1, b0 ^ b1, h) ^ low ^ high;
    const uint64_t half = nim_mul(high, (uint64_t)1 << (h - 1), h);
    return ((mid ^ high) << h) | (low ^ half);
}

uint64_t grundy_nim_product(uint64_t a, uint64_t b) {
    return nim_mul(a, b, 64);
}

grundy_status grundy_nim_inverse(uint64_t a, uint64_t *out) {
    if (a == 0) {
        return GRUNDY_STATUS_INVALID_ARG;
    }
    /* a^(2^64 - 2) = a^2 * a^4 * ... * a^(2^63): the product of the 63 squares after a itself. */
    uint64_t result = 1;
    uint64_t square = a;
    for (int i = 1; i < 64; i++) {
        square = nim_mul(square, square, 64);
        result = nim_mul(result, square, 64);
    }
    *out = result;
    return GRUNDY_STATUS_OK;
}

int grundy_nim_normal_wins(const uint64_t *heaps, size_t count) {
    return grundy_nim_sum_array(heaps, count) != 0;
}

int grundy_nim_misere_wins(const uint64_t *heaps, size_t count) {
    size_t ones = 0;
    for (size_t i = 0; i < count; i++) {
        if (heaps[i] >= 2) {
            return grundy_nim_sum_array(heaps, count) != 0;
        }
        ones += heaps[i] == 1;
    }
    return ones % 2 == 0;
}

uint64_t grundy_nim_capped_value(uint64_t a, uint64_t cap) {
    /* cap <= 2^63 - 1 is documented; cap + 1 cannot wrap for any cap below 2^64 - 1. */
    return cap == 0 || cap == UINT64_MAX ? (cap == 0 ? 0 : a) : a % (cap + 1);
}
