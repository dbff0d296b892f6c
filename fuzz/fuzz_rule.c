/* SPDX-License-Identifier: MIT */
/* libFuzzer target for rule text: any input either fails cleanly or round-trips through its
 * canonical form to the same rule (same text, same classes). */
#include <grundy/rule.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int same_classes(const grundy_rule *a, const grundy_rule *b) {
    size_t na, nb;
    const grundy_move_class *ca = grundy_rule_classes(a, &na);
    const grundy_move_class *cb = grundy_rule_classes(b, &nb);
    if (na != nb || grundy_rule_get_kind(a) != grundy_rule_get_kind(b)) {
        return 0;
    }
    for (size_t i = 0; i < na; i++) {
        if (ca[i].take_first != cb[i].take_first || ca[i].take_last != cb[i].take_last ||
            ca[i].take_step != cb[i].take_step || ca[i].leaves != cb[i].leaves ||
            (ca[i].distinct != 0) != (cb[i].distinct != 0)) {
            return 0;
        }
    }
    return 1;
}

/* The canonical text of r in a fresh buffer (format tells the length first); NULL: no memory. */
static char *format_alloc(const grundy_rule *r) {
    const size_t len = grundy_rule_format(r, NULL, 0);
    char *text = malloc(len + 1);
    if (text != NULL && grundy_rule_format(r, text, len + 1) != len) {
        abort();
    }
    return text;
}

/* A failed parse must say where, inside the text or just past its end. */
static void check_diag(const char *text, const grundy_diag *d) {
    if (d->line != 1 || d->column < 1 || d->column > strlen(text) + 1 || d->message[0] == '\0') {
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    grundy_rule *first = NULL, *second = NULL;
    grundy_diag diag;
    char *text = malloc(size + 1), *canon = NULL, *again = NULL;
    if (text == NULL) {
        return 0;
    }
    memcpy(text, data, size);
    text[size] = '\0';
    const grundy_status st = grundy_rule_parse(text, &first, &diag);
    if (st != GRUNDY_STATUS_OK) {
        if (st != GRUNDY_STATUS_NOMEM) {
            check_diag(text, &diag);
        }
        goto cleanup;
    }
    canon = format_alloc(first);
    if (canon == NULL) {
        goto cleanup;
    }
    if (grundy_rule_parse(canon, &second, &diag) != GRUNDY_STATUS_OK) {
        abort(); /* the canonical form must parse */
    }
    again = format_alloc(second);
    if (again != NULL && (strcmp(canon, again) != 0 || !same_classes(first, second))) {
        abort();
    }
cleanup:
    free(again);
    free(canon);
    grundy_rule_destroy(second);
    grundy_rule_destroy(first);
    free(text);
    return 0;
}
