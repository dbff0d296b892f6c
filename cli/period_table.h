/* SPDX-License-Identifier: MIT */
/* The periodic table of `grundy period --table` (and the values `grundy plot --table` draws): the
 * library's layout (grundy_picture_table_layout), printed as text or as JSON. */
#ifndef GRUNDY_CLI_PERIOD_TABLE_H
#define GRUNDY_CLI_PERIOD_TABLE_H

#include "json.h"

#include <grundy/grundy.h>

/** A table to print: its layout, g(0..count-1), and their statistics (the rare marks, drawn
 *  only where grundy_picture_sparse says so). */
typedef struct period_table {
    grundy_picture_table layout;
    uint64_t *g;
    grundy_stats stats;
    int sparse;
} period_table;

/** Lay out and fill a table of `rule`'s values from q, the period r (NULL: none): width 0 for
 *  the period's, count 0 for the preperiod and one period. The rare/common labelling is that of
 *  g(0..labelled-1) (the values the period search computed) when they are more than shown.
 *  @return the library's status (LIMIT: a value out of reach). */
grundy_status period_table_make(grundy_query *q, const grundy_rule *rule,
                                const grundy_period_result *r, uint64_t width, uint64_t count,
                                uint64_t labelled, period_table *t);

void period_table_free(period_table *t);

/** The table as text: a line saying how to read it, a header, then one line a row, with a line
 *  between the preperiod and the period and '*' after a rare value. */
void period_table_print(FILE *out, const period_table *t);

/** The table as the value of a JSON key: {"width", "split", "rows": [{"n", "values"}], "rare"}. */
void period_table_json(json_writer *w, const period_table *t);

#endif
