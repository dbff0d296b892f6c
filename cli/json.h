/* SPDX-License-Identifier: MIT */
/* A small streaming JSON writer: compact output, exact 64-bit integers, escaped strings. */
#ifndef GRUNDY_CLI_JSON_H
#define GRUNDY_CLI_JSON_H

#include <stdint.h>
#include <stdio.h>

#define JSON_MAX_DEPTH 32

typedef struct json_writer {
    FILE *out;
    int depth;
    int count[JSON_MAX_DEPTH]; /* items written so far at each open level */
    int after_key;             /* a key was just written: the next value needs no comma */
} json_writer;

void json_init(json_writer *w, FILE *out);
void json_object_begin(json_writer *w);
void json_object_end(json_writer *w); /* closing the outermost object also writes '\n' */
void json_array_begin(json_writer *w);
void json_array_end(json_writer *w);
void json_key(json_writer *w, const char *key);
void json_u64(json_writer *w, uint64_t v);
void json_i64(json_writer *w, int64_t v);
void json_number_text(json_writer *w, const char *digits); /* an integer already in decimal */
void json_str(json_writer *w, const char *s);
void json_bool(json_writer *w, int v);
void json_null(json_writer *w);

/* Shorthands for "key": value. */
void json_kv_u64(json_writer *w, const char *key, uint64_t v);
void json_kv_i64(json_writer *w, const char *key, int64_t v);
void json_kv_str(json_writer *w, const char *key, const char *s);
void json_kv_bool(json_writer *w, const char *key, int v);
void json_kv_null(json_writer *w, const char *key);

#endif
