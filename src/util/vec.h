/* SPDX-License-Identifier: MIT */
/* A small typed growable array for library code: GRUNDY_VEC_DEFINE(name, T) makes the type
 * `name` ({T *items; size_t count, cap;}, in the caller's storage) and its functions
 * name_init, name_free, name_reserve and name_push. The capacity doubles (amortised O(1) push),
 * every size is checked for overflow before it is allocated, and a failure is
 * GRUNDY_STATUS_NOMEM with the array left as it was. Header-only; not public. */
#ifndef GRUNDY_UTIL_VEC_H
#define GRUNDY_UTIL_VEC_H

#include <grundy/common.h>

#include <stdint.h>
#include <stdlib.h>

/** The smallest capacity a growing array takes. */
#define GRUNDY_VEC_MIN_CAP 16

/**
 * The capacity for at least `need` items of `size` bytes grown from `cap`: doubled (at least
 * GRUNDY_VEC_MIN_CAP) until it holds `need`, but never past SIZE_MAX bytes in all. 0 when `need`
 * items cannot be addressed (need * size overflows).
 */
static inline size_t grundy_vec_capacity(size_t cap, size_t need, size_t size) {
    const size_t most = SIZE_MAX / size;
    if (need > most) {
        return 0;
    }
    size_t grown = cap < GRUNDY_VEC_MIN_CAP ? GRUNDY_VEC_MIN_CAP : cap;
    while (grown < need && grown <= most / 2) {
        grown *= 2;
    }
    grown = grown < need ? need : grown; /* doubling would pass `most`: exactly what is needed */
    return grown > most ? most : grown;
}

#define GRUNDY_VEC_DEFINE(name, T)                                                                 \
    typedef struct name {                                                                          \
        T *items;                                                                                  \
        size_t count, cap;                                                                         \
    } name;                                                                                        \
    static inline void name##_init(name *v) {                                                      \
        v->items = NULL;                                                                           \
        v->count = v->cap = 0;                                                                     \
    }                                                                                              \
    static inline void name##_free(name *v) {                                                      \
        free(v->items);                                                                            \
        name##_init(v);                                                                            \
    }                                                                                              \
    /* Room for `need` items in all. @return OK, NOMEM (v unchanged). */                           \
    static inline grundy_status name##_reserve(name *v, size_t need) {                             \
        if (need <= v->cap) {                                                                      \
            return GRUNDY_STATUS_OK;                                                               \
        }                                                                                          \
        const size_t cap = grundy_vec_capacity(v->cap, need, sizeof *v->items);                    \
        T *const items = cap != 0 ? realloc(v->items, cap * sizeof *items) : NULL;                 \
        if (items == NULL) {                                                                       \
            return GRUNDY_STATUS_NOMEM;                                                            \
        }                                                                                          \
        v->items = items;                                                                          \
        v->cap = cap;                                                                              \
        return GRUNDY_STATUS_OK;                                                                   \
    }                                                                                              \
    /* Append one item. @return OK, NOMEM (v unchanged). */                                        \
    static inline grundy_status name##_push(name *v, T item) {                                     \
        if (v->count == v->cap) {                                                                  \
            if (v->count == SIZE_MAX || name##_reserve(v, v->count + 1) != GRUNDY_STATUS_OK) {     \
                return GRUNDY_STATUS_NOMEM;                                                        \
            }                                                                                      \
        }                                                                                          \
        v->items[v->count++] = item;                                                               \
        return GRUNDY_STATUS_OK;                                                                   \
    }

#endif
