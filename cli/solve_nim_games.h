/* SPDX-License-Identifier: MIT */
/* The searched games of grundy solve (Cram, Chomp, Node Kayles): their constructors and JSON keys
 * for the registry, and the answer (solve_nimber.c). */
#ifndef GRUNDY_CLI_SOLVE_NIM_GAMES_H
#define GRUNDY_CLI_SOLVE_NIM_GAMES_H

#include "solve_registry.h"

int solve_create_cram(const solve_operands *ops, solve_built *out);
int solve_create_chomp(const solve_operands *ops, solve_built *out);
int solve_create_node_kayles(const solve_operands *ops, solve_built *out);
void solve_json_board(json_writer *w, const solve_built *b);
void solve_json_graph(json_writer *w, const solve_built *b);

#endif
