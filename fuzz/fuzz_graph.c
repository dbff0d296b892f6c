/* SPDX-License-Identifier: MIT */
/* libFuzzer target for the graph reader: any input either fails cleanly with a diagnostic line or
 * gives a graph whose labels are consistent (counts add up; outcomes agree with the generalized
 * Sprague-Grundy values). The first byte picks the format. */
#include <grundy/graph.h>

#include <stdint.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_graph(grundy_graph *g) {
    grundy_graph_labels l;
    if (grundy_graph_label(g, 1, &l) == GRUNDY_STATUS_OK) {
        if (l.win + l.lose + l.draw != grundy_graph_vertex_count(g)) {
            abort();
        }
        grundy_graph_sg *sg = NULL;
        if (grundy_graph_vertex_count(g) <= 4096 &&
            grundy_graph_sg_compute(g, &sg) == GRUNDY_STATUS_OK) {
            for (uint32_t v = 0; v < grundy_graph_vertex_count(g); v++) {
                if (grundy_graph_sg_outcome(sg, v) != grundy_retro_outcome_get(l.outcomes, v)) {
                    abort();
                }
            }
        }
        grundy_graph_sg_destroy(sg);
    }
    grundy_graph_labels_free(&l);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    grundy_graph_read_opts o = GRUNDY_GRAPH_READ_OPTS_INIT;
    o.max_bytes = (uint64_t)1 << 24; /* keep each input small */
    if (size > 0) {
        o.format = (data[0] & 1) ? GRUNDY_GRAPH_FORMAT_EDGES : GRUNDY_GRAPH_FORMAT_SEED;
        data++;
        size--;
    }
    grundy_graph *g = NULL;
    grundy_diag d = {0, 0, ""};
    const grundy_status st = grundy_graph_parse((const char *)data, size, &o, &g, &d);
    if (st == GRUNDY_STATUS_OK) {
        check_graph(g);
    } else if (d.message[0] == '\0' || d.line == 0 || g != NULL) {
        abort(); /* a refusal always names the problem and the line */
    }
    grundy_graph_destroy(g);
    return 0;
}
