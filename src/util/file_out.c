/* SPDX-License-Identifier: MIT */
/* Files written whole or not at all (include/grundy/file.h): the one place that writes a
 * temporary file and renames it over its target. The temporary file is created by mkstemp, so
 * it is this run's alone: a link or another run's file at a fixed name was followed and clobbered
 * before, and two runs on one target shared one temporary. rename replaces a link at the target
 * itself, never what it points to. A killed run's temporary file (its pid in its name, the
 * process gone) is removed by the next write of the same target. */
#include <grundy/file.h>

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct grundy_file_out {
    FILE *f;
    char *path;
    char *tmp;
};

/* The process's umask. Reading it sets it, so it is set back at once; no thread of the library
 * creates a file meanwhile. */
static mode_t current_umask(void) {
    const mode_t mask = umask(077);
    umask(mask);
    return mask;
}

/* A target that exists must be a regular file (a link to one is replaced, not followed). */
static int target_fine(const char *path) {
    struct stat sb;
    if (stat(path, &sb) != 0) {
        return errno == ENOENT; /* a new file; ENOTDIR and the rest are refused */
    }
    if (S_ISREG(sb.st_mode)) {
        return 1;
    }
    errno = S_ISDIR(sb.st_mode) ? EISDIR : EINVAL;
    return 0;
}

/* The pid in a temporary file's name after `base`.tmp. ("PID" or "PID.XXXXXX"), or 0. */
static long temporary_pid(const char *name, const char *base, size_t base_len) {
    if (strncmp(name, base, base_len) != 0 || strncmp(name + base_len, ".tmp.", 5) != 0) {
        return 0;
    }
    const char *p = name + base_len + 5;
    long long pid = 0; /* long long: a long of 32 bits (wasm32) would overflow before 2^40 */
    for (; *p >= '0' && *p <= '9' && pid < 1LL << 40; p++) {
        pid = 10 * pid + (*p - '0');
    }
    const int tail_fine = *p == '\0' || (p[0] == '.' && strlen(p + 1) == 6);
    return tail_fine && pid > 0 && pid <= INT_MAX ? (long)pid : 0;
}

/* Remove the temporary files of `path` left by runs that were killed: those whose name holds the
 * pid of a process that is gone (never a file of another name, a live run's or a link). On the
 * stack, so that no failed allocation is absorbed here; a longer path is not cleaned. */
static void remove_stale(const char *path) {
    const char *const slash = strrchr(path, '/');
    const char *const base = slash != NULL ? slash + 1 : path;
    const size_t dir_len = slash == NULL ? 1 : slash == path ? 1 : (size_t)(slash - path);
    const size_t base_len = strlen(base);
    char dir[2048], stale[4096];
    if (dir_len >= sizeof dir) {
        return;
    }
    memcpy(dir, slash == NULL ? "." : path, dir_len);
    dir[dir_len] = '\0';
    DIR *const d = opendir(dir);
    for (struct dirent *e; d != NULL && (e = readdir(d)) != NULL;) {
        const long pid = temporary_pid(e->d_name, base, base_len);
        struct stat sb;
        if (pid == 0 || pid == (long)getpid() || kill((pid_t)pid, 0) == 0 || errno != ESRCH ||
            snprintf(stale, sizeof stale, "%s/%s", dir, e->d_name) >= (int)sizeof stale) {
            continue;
        }
        if (lstat(stale, &sb) == 0 && S_ISREG(sb.st_mode)) {
            unlink(stale);
        }
    }
    if (d != NULL) {
        closedir(d);
    }
}

grundy_status grundy_file_out_open(const char *path, grundy_file_out **out) {
    *out = NULL;
    if (!target_fine(path)) {
        return GRUNDY_STATUS_IO;
    }
    remove_stale(path);
    grundy_file_out *const o = calloc(1, sizeof *o);
    const size_t len = strlen(path), cap = len + 48;
    char *const copy = malloc(len + 1), *const tmp = malloc(cap);
    if (o == NULL || copy == NULL || tmp == NULL) {
        free(o);
        free(copy);
        free(tmp);
        errno = ENOMEM;
        return GRUNDY_STATUS_NOMEM;
    }
    memcpy(copy, path, len + 1);
    snprintf(tmp, cap, "%s.tmp.%ld.XXXXXX", path, (long)getpid());
    o->path = copy;
    o->tmp = tmp;
    const int fd = mkstemp(tmp);
    if (fd < 0) {
        const int why = errno;
        free(tmp);
        free(copy);
        free(o);
        errno = why;
        return GRUNDY_STATUS_IO;
    }
    if (fchmod(fd, 0666 & ~current_umask()) != 0 || (o->f = fdopen(fd, "wb")) == NULL) {
        const int why = errno;
        close(fd);
        o->f = NULL;
        grundy_file_out_discard(o);
        errno = why;
        return why == ENOMEM ? GRUNDY_STATUS_NOMEM : GRUNDY_STATUS_IO;
    }
    *out = o;
    return GRUNDY_STATUS_OK;
}

FILE *grundy_file_out_stream(grundy_file_out *out) {
    return out->f;
}

void grundy_file_out_discard(grundy_file_out *out) {
    if (out == NULL) {
        return;
    }
    const int why = errno;
    if (out->f != NULL) {
        fclose(out->f);
    }
    unlink(out->tmp);
    free(out->tmp);
    free(out->path);
    free(out);
    errno = why;
}

/* fsync the directory holding `path`, so that the rename is on disk too. Its name is copied on
 * the stack when it fits (a failed allocation after the rename would read as a failed save). */
static int sync_directory(const char *path) {
    const char *const slash = strrchr(path, '/');
    const size_t len = slash == NULL ? 1 : slash == path ? 1 : (size_t)(slash - path);
    char local[1024];
    char *const dir = len < sizeof local ? local : malloc(len + 1);
    if (dir == NULL) {
        errno = ENOMEM;
        return -1;
    }
    memcpy(dir, slash == NULL ? "." : path, len);
    dir[len] = '\0';
    const int fd = open(dir, O_RDONLY | O_DIRECTORY);
    if (dir != local) {
        free(dir);
    }
    if (fd < 0) {
        return -1;
    }
    const int rc = fsync(fd);
    close(fd);
    return rc;
}

grundy_status grundy_file_out_commit(grundy_file_out *out) {
    int failed = fflush(out->f) != 0 || ferror(out->f) || fsync(fileno(out->f)) != 0;
    int why = errno;
    if (fclose(out->f) != 0 && !failed) {
        failed = 1;
        why = errno;
    }
    out->f = NULL;
    if (!failed && rename(out->tmp, out->path) != 0) {
        failed = 1;
        why = errno;
    }
    if (failed) {
        errno = why != 0 ? why : EIO;
        grundy_file_out_discard(out);
        return GRUNDY_STATUS_IO;
    }
    failed = sync_directory(out->path) != 0;
    why = errno;
    free(out->tmp);
    free(out->path);
    free(out);
    errno = why;
    return failed ? GRUNDY_STATUS_IO : GRUNDY_STATUS_OK;
}

grundy_status grundy_file_out_probe(const char *path) {
    grundy_file_out *o = NULL;
    const grundy_status st = grundy_file_out_open(path, &o);
    grundy_file_out_discard(o);
    return st;
}
