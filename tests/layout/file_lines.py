#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""No source file of the library (src/) is longer than MAX_LINES: a file that grows past it holds
more than one concept and is split by concept, not by line count. Lists each file over the bound
and exits 1.

Usage: file_lines.py REPO_ROOT"""
import os
import sys

MAX_LINES = 900


def main():
    src = os.path.join(sys.argv[1] if len(sys.argv) > 1 else ".", "src")
    over = []
    count = 0
    for dirpath, _, names in os.walk(src):
        for name in sorted(names):
            if name.endswith((".c", ".h")):
                path = os.path.join(dirpath, name)
                with open(path, encoding="utf-8") as f:
                    lines = sum(1 for _ in f)
                count += 1
                if lines > MAX_LINES:
                    over.append(f"{os.path.relpath(path, os.path.dirname(src))}: {lines} lines")
    for line in over:
        print(f"{line}, over {MAX_LINES}: split it by concept")
    print(f"file_lines: {count} files in src/, {len(over)} over {MAX_LINES} lines")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
