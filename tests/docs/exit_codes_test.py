# SPDX-License-Identifier: MIT
"""docs/architecture.md's exit codes are the code's: every CLI_EXIT_* of cli/cli.h is a row
`| N | \`CLI_EXIT_NAME\` | ...` of its '## Exit codes' section, and every library status is a row
`| \`GRUNDY_STATUS_X\` | N |` (two to a row at most) whose N is what cli_exit_code (cli/cli.c) maps it to.
Usage: python3 exit_codes_test.py SOURCE_DIR"""
import os
import re
import sys

DOC = os.path.join("docs", "architecture.md")


def read(source_dir, *path):
    return open(os.path.join(source_dir, *path), encoding="utf-8").read()


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    source_dir = sys.argv[1]
    exits = dict(re.findall(r"\b(CLI_EXIT_[A-Z_]+) = (\d+)", read(source_dir, "cli", "cli.h")))
    mapping, pending = {}, []
    body = re.search(r"int cli_exit_code\(grundy_status st\) \{(.*?)\n\}", read(source_dir, "cli", "cli.c"),
                     re.S).group(1)
    for line in body.splitlines():
        m = re.search(r"case (GRUNDY_STATUS_[A-Z_]+):", line)
        if m:
            pending.append(m.group(1))
        m = re.search(r"return (CLI_EXIT_[A-Z_]+);", line)
        if m and pending:
            for status in pending:
                mapping[status] = exits[m.group(1)]
            pending = []
    statuses = re.findall(r"X\(([A-Z_]+),", read(source_dir, "include", "grundy", "common.h"))
    doc = read(source_dir, DOC)
    part = re.search(r"^## Exit codes\n(.*?)(?=^## )", doc, re.S | re.M)
    failures = []
    if part is None:
        failures.append(f"{DOC} has no '## Exit codes' section")
        part_text = ""
    else:
        part_text = part.group(1)
    rows = dict(re.findall(r"^\| (\d+) \| `(CLI_EXIT_[A-Z_]+)` \|", part_text, re.M))
    for name, code in exits.items():
        if rows.get(code) != name:
            failures.append(f"exit code {code} ({name}, cli/cli.h) has no row "
                            f"'| {code} | `{name}` | ...' in {DOC}, '## Exit codes'")
    doc_map = dict(re.findall(r"\| `(GRUNDY_STATUS_[A-Z_]+)` \| (\d+) (?=\|)", part_text))
    for status in statuses:
        full = "GRUNDY_STATUS_" + status
        want = mapping.get(full)
        if want is None:
            failures.append(f"{full} is not mapped by cli_exit_code (cli/cli.c)")
        elif doc_map.get(full) != want:
            failures.append(f"{full} exits {want} (cli_exit_code), but {DOC} says "
                            f"{doc_map.get(full, 'nothing')}: its row is '| `{full}` | {want} | ...'")
    for f in failures:
        print("exit_codes:", f, file=sys.stderr)
    print(f"exit_codes: {len(exits)} exit codes and {len(statuses)} statuses checked against {DOC}")
    return 1 if failures or not exits or not statuses else 0


if __name__ == "__main__":
    sys.exit(main())
