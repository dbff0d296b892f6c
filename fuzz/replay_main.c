/* SPDX-License-Identifier: MIT */
/* Replays fuzz inputs without libFuzzer, so CTest can run a corpus: every file named on the
 * command line, and every regular file inside each directory named (one level), goes once
 * through LLVMFuzzerTestOneInput. A crash or abort fails the run; so does an unreadable path. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Read a whole file; returns 0 on failure. *data is malloc'd (at least 1 byte). */
static int read_file(const char *path, uint8_t **data, size_t *size) {
    FILE *f = fopen(path, "rb");
    size_t cap = 4096, len = 0;
    uint8_t *buf = malloc(cap);
    if (f == NULL || buf == NULL) {
        free(buf);
        if (f != NULL) {
            fclose(f);
        }
        return 0;
    }
    for (;;) {
        len += fread(buf + len, 1, cap - len, f);
        if (len < cap) {
            break;
        }
        uint8_t *const grown = realloc(buf, cap * 2);
        if (grown == NULL) {
            break;
        }
        buf = grown;
        cap *= 2;
    }
    const int ok = !ferror(f);
    fclose(f);
    if (!ok) {
        free(buf);
        return 0;
    }
    *data = buf;
    *size = len;
    return 1;
}

static int run_file(const char *path) {
    uint8_t *data = NULL;
    size_t size = 0;
    if (!read_file(path, &data, &size)) {
        fprintf(stderr, "replay: cannot read %s\n", path);
        return 0;
    }
    LLVMFuzzerTestOneInput(data, size);
    free(data);
    return 1;
}

/* Run every regular file in dir; returns how many failed to read, or -1 if dir cannot open. */
static long run_dir(const char *dir, long *ran) {
    DIR *d = opendir(dir);
    long failed = 0;
    const struct dirent *e;
    if (d == NULL) {
        return -1;
    }
    while ((e = readdir(d)) != NULL) {
        struct stat sb;
        const size_t len = strlen(dir) + strlen(e->d_name) + 2;
        char *path = malloc(len);
        if (path == NULL) {
            failed++;
            break;
        }
        snprintf(path, len, "%s/%s", dir, e->d_name);
        if (stat(path, &sb) == 0 && S_ISREG(sb.st_mode)) {
            failed += run_file(path) ? 0 : 1;
            (*ran)++;
        }
        free(path);
    }
    closedir(d);
    return failed;
}

int main(int argc, char **argv) {
    long ran = 0, failed = 0;
    for (int i = 1; i < argc; i++) {
        struct stat sb;
        long f;
        if (stat(argv[i], &sb) == 0 && S_ISDIR(sb.st_mode)) {
            f = run_dir(argv[i], &ran);
            f = f < 0 ? 1 : f;
        } else {
            f = run_file(argv[i]) ? 0 : 1;
            ran++;
        }
        if (f > 0) {
            fprintf(stderr, "replay: problem with %s\n", argv[i]);
        }
        failed += f;
    }
    printf("replay: %ld inputs, %ld unreadable\n", ran, failed);
    return failed == 0 ? 0 : 1;
}
