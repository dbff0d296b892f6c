/* SPDX-License-Identifier: MIT */
/* Status codes, diagnostics and the export macro shared by every libgrundy module. */
#ifndef GRUNDY_COMMON_H
#define GRUNDY_COMMON_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(GRUNDY_BUILDING_LIBRARY) && defined(__GNUC__)
#define GRUNDY_API __attribute__((visibility("default")))
#else
#define GRUNDY_API
#endif

/*
 * Option structs (grundy_*_opts) and how they grow. Each has an _INIT macro of designated
 * initialisers in declaration order (valid C++20 too); a field it does not name is zero. Start
 * from it (`grundy_period_opts o = GRUNDY_PERIOD_OPTS_INIT; o.max_n = ...;`), so that a field
 * added later, zero by default, needs no edit in any caller. A struct grows at its end, and a
 * struct nested by value sits last in the struct holding it (new fields go just above it), so
 * that growing the inner struct moves no field of the outer one. Nested by value rather than
 * through a pointer: the defaults stay one _INIT, and a copy of the options (a query keeps one)
 * carries the inner ones with it, with no second struct to keep alive. Any change of a struct's
 * layout still changes the ABI, and the soname's number is raised with it. What is not stable yet,
 * test hooks among it, is in grundy/experimental.h, reached from these structs only through a
 * pointer.
 */

/** The largest heap, bound or count libgrundy accepts: 2^63 - 1. */
#define GRUNDY_NUMBER_MAX ((uint64_t)INT64_MAX)

/* X-macro list of status codes. Values are only ever appended, never renumbered. */
#define GRUNDY_STATUS_LIST(X)                                                                      \
    X(OK, "ok")                                                                                    \
    X(NOMEM, "out of memory")                                                                      \
    X(INVALID_ARG, "invalid argument")                                                             \
    X(PARSE, "cannot parse input")                                                                 \
    X(RANGE, "value out of range")                                                                 \
    X(LIMIT, "resource limit reached")                                                             \
    X(IO, "i/o error")                                                                             \
    X(UNSUPPORTED, "not supported")                                                                \
    X(NOT_FOUND, "not found")                                                                      \
    X(INTERNAL, "internal error")                                                                  \
    X(INTERRUPTED, "interrupted")                                                                  \
    X(CHECK, "self-check failed: a computed value is not the mex of its options")

#define GRUNDY_GEN_ENUM(name, msg) GRUNDY_STATUS_##name,
typedef enum grundy_status { GRUNDY_STATUS_LIST(GRUNDY_GEN_ENUM) } grundy_status;
#undef GRUNDY_GEN_ENUM

/** A short English description of a status; never NULL, also for unknown values. */
GRUNDY_API const char *grundy_status_str(grundy_status s);

/**
 * Where and why a parser rejected its input. Parsers take an optional `grundy_diag *`
 * (NULL means "don't tell me"). `line` and `column` are 1-based; 0 means "not applicable".
 */
typedef struct grundy_diag {
    size_t line;
    size_t column;
    char message[160];
} grundy_diag;

/** The library's version as "MAJOR.MINOR.PATCH". */
GRUNDY_API const char *grundy_version(void);

#ifdef __cplusplus
}
#endif
#endif
