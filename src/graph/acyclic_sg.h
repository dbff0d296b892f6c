/* SPDX-License-Identifier: MIT */
/* The cycle-free part of a graph and its ordinary Sprague-Grundy values (graph wing, not public).
 */
#ifndef GRUNDY_ACYCLIC_SG_H
#define GRUNDY_ACYCLIC_SG_H

#include "graph/graph_impl.h"

/*
 * The vertices whose forward closure has no cycle, with their ordinary Sprague-Grundy values
 * (mex of the followers' values), by a retrograde count over the reverse rows: a vertex is ready
 * once every edge out of it leads to a vertex already done (vertices with no edge out first).
 * The vertices never made ready are exactly those that can reach a cycle. g's forward rows must be
 * built. O(n + m) time, no allocation.
 * @param value    n entries: written for the cycle-free vertices only.
 * @param pending  n entries, out: 0 for a cycle-free vertex; for any other, the number of its
 *                 edges into vertices that can reach a cycle.
 * @param order    n entries, out: the cycle-free vertices, each after all of its followers.
 * @param seen     n + 1 entries of scratch (stamps for the mex).
 * @return the number of cycle-free vertices (the length of order).
 */
uint32_t grundy_graph_sg_acyclic(const grundy_graph *g, uint32_t *value, uint32_t *pending,
                                 uint32_t *order, uint32_t *seen);

#endif
