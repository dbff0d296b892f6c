/* SPDX-License-Identifier: MIT */
/* Status strings and the library version. */
#include <grundy/common.h>

const char *grundy_status_str(grundy_status s) {
#define GRUNDY_GEN_CASE(name, msg)                                                                 \
    case GRUNDY_STATUS_##name:                                                                     \
        return msg;
    switch (s) { GRUNDY_STATUS_LIST(GRUNDY_GEN_CASE) }
#undef GRUNDY_GEN_CASE
    return "unknown status";
}

const char *grundy_version(void) {
    return GRUNDY_VERSION_STRING;
}
