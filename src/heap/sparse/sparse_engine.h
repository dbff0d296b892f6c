/* SPDX-License-Identifier: MIT */
/* The sparse-space engine as the driver's table lists it (sparse_engine.c); library-internal. */
#ifndef GRUNDY_HEAP_SPARSE_ENGINE_H
#define GRUNDY_HEAP_SPARSE_ENGINE_H

#include "heap/seq/seq_internal.h"

extern const grundy_seq_engine_ops grundy_seq_sparse_ops;

#endif
