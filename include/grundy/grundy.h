/* SPDX-License-Identifier: MIT */
/*
 * libgrundy: impartial combinatorial games. This umbrella header includes every module.
 *
 * Ownership, stated once: inputs are borrowed; anything returned through `**out` belongs to the
 * caller and is freed with the matching `_destroy` function (which accepts NULL). Functions that
 * can fail return a grundy_status and write their results through out-parameters; the library
 * never prints and never exits.
 */
#ifndef GRUNDY_GRUNDY_H
#define GRUNDY_GRUNDY_H

#include <grundy/common.h>
#include <grundy/number.h>
#include <grundy/rule.h>
#include <grundy/seq.h>
#include <grundy/period.h>
#include <grundy/query.h>
#include <grundy/query_values.h>
#include <grundy/retro.h>
#include <grundy/graph.h>
#include <grundy/nimber.h>
#include <grundy/position.h>
#include <grundy/brute.h>
#include <grundy/left_stack.h>
#include <grundy/misere.h>
#include <grundy/survey.h>
#include <grundy/seqfile.h>
#include <grundy/stats.h>
#include <grundy/file.h>
#include <grundy/solver.h>
#include <grundy/nimsearch.h>
#include <grundy/picture.h>

#endif
