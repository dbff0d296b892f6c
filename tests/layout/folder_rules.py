#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The folder rules of src/: every include, of an internal header or of a public header
(include/grundy/, owned by the folder whose files define most of its functions), must follow an
arrow written in the table at the top of src/CMakeLists.txt. A folder may always include its own
files and util/. The tool (cli/), grundy-mpi (mpi/), the examples and the page's shim (web/)
stand on the public API alone: they include no internal header of src/. Prints each include that
crosses a forbidden arrow and exits 1; so does a difference between that table and the one in
docs/architecture.md.

Usage: folder_rules.py REPO_ROOT [--print-arrows]"""
import collections
import os
import re
import sys

ROOT = sys.argv[1] if len(sys.argv) > 1 else "."
SRC = os.path.join(ROOT, "src")
PUBLIC = os.path.join(ROOT, "include", "grundy")
RULE_LINE = re.compile(r"^#\s{2,}([\w/]+)\s+->\s*(.*)$")
INCLUDE = re.compile(r'^\s*#\s*include\s+([<"])([^">]+)[">]', re.M)
DECLARED = re.compile(r"GRUNDY_API\s+[^;(]*?\b(\w+)\s*\(")
DEFINED = re.compile(r"^[A-Za-z_][\w \*]*?\b(\w+)\s*\([^;]*?\)\s*\{", re.M)


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def allowed_arrows():
    """The table: lines '#   FOLDER -> FOLDER FOLDER ...' in src/CMakeLists.txt's head."""
    arrows = {}
    for line in read(os.path.join(SRC, "CMakeLists.txt")).splitlines():
        if not line.startswith("#"):
            break
        m = RULE_LINE.match(line)
        if m:
            arrows[m.group(1)] = set(m.group(2).split())
    if not arrows:
        sys.exit("folder_rules: no table of arrows at the top of src/CMakeLists.txt")
    return arrows


def sources():
    for dirpath, _, names in os.walk(SRC):
        for name in sorted(names):
            if name.endswith((".c", ".h")):
                yield os.path.join(dirpath, name)


def folder_of(path):
    return os.path.relpath(os.path.dirname(path), SRC).replace(os.sep, "/")


def public_owners():
    """Each public header's owner: the folder whose files define most of its functions."""
    defined_in = {}
    for path in sources():
        for name in DEFINED.findall(read(path)):
            defined_in.setdefault(name, collections.Counter())[folder_of(path)] += 1
    owners = {}
    for header in sorted(os.listdir(PUBLIC)):
        votes = collections.Counter()
        for name in DECLARED.findall(read(os.path.join(PUBLIC, header))):
            if name.startswith("_"):
                continue  # the GRUNDY_API macro itself, __attribute__
            votes.update(defined_in.get(name, {}))
        if votes:
            owners["grundy/" + header] = votes.most_common(1)[0][0]
    return owners


def include_target(path, kind, text, owners):
    if kind == "<":
        return owners.get(text)  # a public header (or a system one: None)
    if "/" in text:
        return os.path.dirname(text)
    return folder_of(path)  # a file beside this one


def public_api_users():
    """Includes of src/'s internal headers from cli/, mpi/, examples/ and web/."""
    for top in ("cli", "mpi", "examples", "web"):
        for dirpath, _, names in os.walk(os.path.join(ROOT, top)):
            for name in sorted(names):
                if not name.endswith((".c", ".h")):
                    continue
                path = os.path.join(dirpath, name)
                for kind, text in INCLUDE.findall(read(path)):
                    if kind == '"' and os.path.isfile(os.path.join(SRC, text)):
                        yield (f"{os.path.relpath(path, ROOT)}: includes {text}, an internal "
                               "header of src/; the public API is include/grundy/")


DOC_ROW = re.compile(r"^\| `([\w/]+)` \| (.*) \|$")


def documented_arrows():
    """The table of docs/architecture.md's "Which folder may use which": '| `FOLDER` | `A`, `B` |'."""
    rows = {}
    for line in read(os.path.join(ROOT, "docs", "architecture.md")).splitlines():
        m = DOC_ROW.match(line)
        if m:
            rows[m.group(1)] = set(re.findall(r"`([\w/]+)`", m.group(2)))
    return rows


def doc_disagreements(arrows):
    rows = documented_arrows()
    for folder in sorted(arrows):
        if rows.get(folder) != arrows[folder]:
            yield (f"docs/architecture.md: the row of {folder} says "
                   f"{' '.join(sorted(rows.get(folder, {'(no row)'}))) or 'nothing'}, "
                   f"src/CMakeLists.txt says {' '.join(sorted(arrows[folder])) or 'nothing'}")


def main():
    arrows = allowed_arrows()
    owners = public_owners()
    used = collections.defaultdict(set)
    bad = list(public_api_users()) + list(doc_disagreements(arrows))
    for path in sources():
        here = folder_of(path)
        if here not in arrows:
            bad.append(f"{os.path.relpath(path, ROOT)}: folder {here}/ has no line in the table "
                       "at the top of src/CMakeLists.txt")
            continue
        for kind, text in INCLUDE.findall(read(path)):
            there = include_target(path, kind, text, owners)
            if there is None or there == here or there == "util":
                continue
            used[here].add(there)
            if there not in arrows[here]:
                bad.append(f"{os.path.relpath(path, ROOT)}: includes {text} ({there}/), "
                           f"but {here}/ may use only: {' '.join(sorted(arrows[here])) or 'util'}")
    if "--print-arrows" in sys.argv:
        for here in sorted(arrows):
            print(f"{here} -> {' '.join(sorted(used[here]))}")
    for line in bad:
        print(line)
    if bad:
        print(f"folder_rules: {len(bad)} problem(s) with the arrows of src/CMakeLists.txt")
        return 1
    print(f"folder_rules: {sum(len(v) for v in used.values())} arrows between "
          f"{len(arrows)} folders, every include follows them")
    return 0


if __name__ == "__main__":
    sys.exit(main())
