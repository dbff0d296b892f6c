/* SPDX-License-Identifier: MIT */
#include "files.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

void fuzz_temp_path(char *buf, size_t cap, const char *target, const char *what) {
    const char *dir = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
    snprintf(buf, cap, "%s/fuzz_%s.%ld.%s", dir, target, (long)getpid(), what);
}

int fuzz_write_all(const char *path, const void *data, size_t size) {
    FILE *f = fopen(path, "wb");
    if (f == NULL) {
        return 0;
    }
    const int written = fwrite(data, 1, size, f) == size;
    return fclose(f) == 0 && written;
}

char *fuzz_read_all(const char *path, size_t *size) {
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    if (f != NULL && fseek(f, 0, SEEK_END) == 0) {
        const long len = ftell(f);
        buf = len >= 0 ? malloc((size_t)len + 1) : NULL;
        if (buf != NULL &&
            (fseek(f, 0, SEEK_SET) != 0 || fread(buf, 1, (size_t)len, f) != (size_t)len)) {
            free(buf);
            buf = NULL;
        }
        if (buf != NULL) {
            buf[len] = '\0';
        }
        *size = (size_t)len;
    }
    if (f != NULL) {
        fclose(f);
    }
    return buf;
}
