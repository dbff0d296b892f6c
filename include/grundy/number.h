/* SPDX-License-Identifier: MIT */
/* Overflow-checked parsing of the decimal numbers that reach grundy from users and files. */
#ifndef GRUNDY_NUMBER_H
#define GRUNDY_NUMBER_H

#include <grundy/common.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Parse a whole string as a decimal integer 0 <= x <= max (max at most GRUNDY_NUMBER_MAX).
 * Accepted: one or more ASCII digits and nothing else (no sign, no spaces, no "0x").
 * @param text   NUL-terminated string (borrowed).
 * @param max    the largest value accepted.
 * @param[out] out the value; untouched on failure.
 * @return GRUNDY_STATUS_OK; GRUNDY_STATUS_PARSE for an empty string, a sign or any other
 *         character; GRUNDY_STATUS_RANGE when the number exceeds `max` (however many digits).
 */
GRUNDY_API grundy_status grundy_parse_u64(const char *text, uint64_t max, uint64_t *out);

/**
 * Parse the decimal integer at the start of [*cursor, end) and advance *cursor past it.
 * Same rules as grundy_parse_u64 except that parsing stops at the first non-digit.
 * @return GRUNDY_STATUS_PARSE when no digit is there, GRUNDY_STATUS_RANGE past `max`.
 */
GRUNDY_API grundy_status grundy_scan_u64(const char **cursor, const char *end, uint64_t max,
                                         uint64_t *out);

#ifdef __cplusplus
}
#endif
#endif
