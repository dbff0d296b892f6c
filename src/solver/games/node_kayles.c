/* SPDX-License-Identifier: MIT */
/*
 * Node Kayles for the nimber search: a move takes a vertex and its neighbours; the player who
 * cannot move loses. A position is the set of vertices left (bit v); what is left splits into its
 * connected components, independent games. Theory (known): a clique (one vertex, an edge, ...)
 * is *1, since every move empties it.
 */
#include <grundy/nimsearch.h>

#include <stdlib.h>
#include <string.h>

typedef struct node_kayles {
    unsigned n, words;
    grundy_nim_pos closed[GRUNDY_NODE_KAYLES_MAX]; /* v and its neighbours */
} node_kayles;

static int has(const grundy_nim_pos *p, unsigned v) {
    return (int)(p->w[v >> 6] >> (v & 63) & 1u);
}

static void moves(void *ctx, const grundy_nim_pos *p, grundy_nim_list *out) {
    const node_kayles *const g = ctx;
    for (unsigned v = 0; v < g->n; v++) {
        if (has(p, v)) {
            grundy_nim_pos child;
            memset(&child, 0, sizeof child);
            for (unsigned k = 0; k < g->words; k++) {
                child.w[k] = p->w[k] & ~g->closed[v].w[k];
            }
            grundy_nim_list_push(out, &child);
        }
    }
}

/* The component of p holding vertex v: grown from v a layer at a time. */
static grundy_nim_pos component(const node_kayles *g, const grundy_nim_pos *p, unsigned v) {
    grundy_nim_pos comp, frontier;
    memset(&comp, 0, sizeof comp);
    comp.w[v >> 6] = (uint64_t)1 << (v & 63);
    frontier = comp;
    for (int grew = 1; grew;) {
        grundy_nim_pos next;
        memset(&next, 0, sizeof next);
        for (unsigned u = 0; u < g->n; u++) {
            for (unsigned k = 0; has(&frontier, u) && k < g->words; k++) {
                next.w[k] |= g->closed[u].w[k] & p->w[k];
            }
        }
        grew = 0;
        for (unsigned k = 0; k < g->words; k++) {
            next.w[k] &= ~comp.w[k];
            comp.w[k] |= next.w[k];
            grew |= next.w[k] != 0;
        }
        frontier = next;
    }
    return comp;
}

static void split(void *ctx, const grundy_nim_pos *p, grundy_nim_list *out) {
    const node_kayles *const g = ctx;
    grundy_nim_pos left = *p;
    for (unsigned k = 0; k < g->words; k++) {
        while (left.w[k] != 0) {
            const unsigned v = k * 64 + (unsigned)__builtin_ctzll(left.w[k]);
            const grundy_nim_pos comp = component(g, &left, v);
            for (unsigned j = 0; j < g->words; j++) {
                left.w[j] &= ~comp.w[j];
            }
            grundy_nim_list_push(out, &comp);
        }
    }
}

static int known(void *ctx, const grundy_nim_pos *p, uint32_t *nimber) {
    const node_kayles *const g = ctx;
    int empty = 1;
    for (unsigned v = 0; v < g->n; v++) {
        if (!has(p, v)) {
            continue;
        }
        empty = 0;
        for (unsigned k = 0; k < g->words; k++) {
            if ((p->w[k] & ~g->closed[v].w[k]) != 0) {
                return 0; /* not a clique */
            }
        }
    }
    *nimber = empty ? 0u : 1u;
    return 1;
}

static uint32_t size(void *ctx, const grundy_nim_pos *p) {
    const node_kayles *const g = ctx;
    uint32_t n = 0;
    for (unsigned k = 0; k < g->words; k++) {
        n += (uint32_t)__builtin_popcountll(p->w[k]);
    }
    return n;
}

grundy_status grundy_nim_game_node_kayles_create(unsigned n, const uint32_t *u, const uint32_t *v,
                                                 size_t m, grundy_nim_game **out) {
    *out = NULL;
    if (n > GRUNDY_NODE_KAYLES_MAX) {
        return GRUNDY_STATUS_RANGE;
    }
    for (size_t e = 0; e < m; e++) {
        if (u[e] >= n || v[e] >= n) {
            return GRUNDY_STATUS_RANGE;
        }
    }
    grundy_nim_game *const game = calloc(1, sizeof *game);
    node_kayles *const g = calloc(1, sizeof *g);
    if (game == NULL || g == NULL) {
        free(game);
        free(g);
        return GRUNDY_STATUS_NOMEM;
    }
    g->n = n;
    g->words = n == 0 ? 1 : (n + 63) / 64;
    for (unsigned x = 0; x < n; x++) {
        g->closed[x].w[x >> 6] |= (uint64_t)1 << (x & 63);
        game->initial.w[x >> 6] |= (uint64_t)1 << (x & 63);
    }
    for (size_t e = 0; e < m; e++) {
        g->closed[u[e]].w[v[e] >> 6] |= (uint64_t)1 << (v[e] & 63);
        g->closed[v[e]].w[u[e] >> 6] |= (uint64_t)1 << (u[e] & 63);
    }
    game->name = "node-kayles";
    game->words = g->words;
    game->ctx = g;
    game->moves = moves;
    game->split = split;
    game->known = known;
    game->size = size;
    game->destroy = free;
    *out = game;
    return GRUNDY_STATUS_OK;
}
