/* SPDX-License-Identifier: MIT */
/* Files read back: opened without blocking, so that a FIFO named as a file is refused at once
 * rather than waited on, and checked to be regular before any byte is read. */
#include "util/file_in.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

FILE *grundy_fopen_regular(const char *path) {
    const int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        return NULL;
    }
    struct stat sb;
    int why = 0;
    if (fstat(fd, &sb) != 0) {
        why = errno;
    } else if (!S_ISREG(sb.st_mode)) {
        why = EINVAL; /* not a file of ours, whatever it holds */
    } else {
        const int flags = fcntl(fd, F_GETFL);
        why = flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0 ? errno : 0;
    }
    if (why != 0) {
        close(fd);
        errno = why;
        return NULL;
    }
    FILE *const f = fdopen(fd, "rb");
    if (f == NULL) {
        why = errno;
        close(fd);
        errno = why;
    }
    return f;
}
