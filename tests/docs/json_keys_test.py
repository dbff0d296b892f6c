# SPDX-License-Identifier: MIT
"""Every JSON key the tool writes is documented for its command in docs/architecture.md.

The keys documented for a command are the `code` spans of its subsection, `### \`grundy CMD
--json\``, under `## JSON output`. Two sources of keys are checked against them:
  code     the key literals of the JSON writers (json_key, json_kv_*) in cli/*.c and mpi/*.c,
           each file belonging to the command(s) of FILE_COMMANDS; and the other way,
           every key in the first column of a command's tables must be one of its writers';
  goldens  the keys of every JSON object the CLI golden cases (tests/cli/cases/*.sh) print,
           run through a wrapper that records which command printed what.
Usage:
  python3 json_keys_test.py code SOURCE_DIR
  python3 json_keys_test.py goldens SOURCE_DIR GRUNDY"""
import concurrent.futures
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

DOC = os.path.join("docs", "architecture.md")

# The files that write JSON and are not cmd_<command>.c.
FILE_COMMANDS = {
    "cli/solve_batch.c": ["solve"],
    "cli/solve_registry.c": ["solve"],
    "cli/solve_left_stack.c": ["solve"],
    "cli/solve_nim_games.c": ["solve"],
    "cli/solve_nimber.c": ["solve"],
    "cli/survey_table.c": ["survey"],
    "cli/seq_batch.c": ["value", "count"],
    "cli/period_table.c": ["period"],
    "mpi/mpi_main.c": ["grundy-mpi solve"],
}

KEY_CALL = re.compile(r'\bjson_(?:key|kv_[a-z0-9]+)\(\s*[^,()]+,\s*"([^"]+)"')


def documented(source_dir, first_column=False):
    """{command: set of documented keys}: the code spans of its subsection, or with first_column
    those of its tables' first column (the keys the page says the command writes)."""
    doc = open(os.path.join(source_dir, DOC), encoding="utf-8").read()
    part = re.search(r"^## JSON output\n(.*?)(?=^## )", doc, re.S | re.M)
    if part is None:
        sys.exit(f"json_keys: {DOC} has no '## JSON output' section")
    out = {}
    for m in re.finditer(r"^### `(grundy(?:-mpi)? [a-z-]+)(?: [^`]*)?`[^\n]*\n(.*?)(?=^### |\Z)",
                         part.group(1), re.S | re.M):
        name = m.group(1).replace("grundy ", "", 1) if m.group(1).startswith("grundy ") else m.group(1)
        text = m.group(2)
        if first_column:
            text = "\n".join(re.findall(r"^\| ([^|]*) \|", text, re.M))
        out[name] = set(re.findall(r"`([a-z_0-9]+)`", text))
    return out


def code_keys(source_dir):
    """{command: {key: file}} from the JSON writers' key literals."""
    keys = {}
    files = sorted(glob.glob(os.path.join(source_dir, "cli", "*.c")) +
                   glob.glob(os.path.join(source_dir, "mpi", "*.c")))
    unmapped = []
    for path in files:
        rel = os.path.relpath(path, source_dir).replace(os.sep, "/")
        found = KEY_CALL.findall(open(path, encoding="utf-8").read())
        if not found or rel == "cli/json.c":
            continue
        m = re.match(r"cli/cmd_([a-z]+)\.c$", rel)
        commands = [m.group(1)] if m else FILE_COMMANDS.get(rel)
        if commands is None:
            unmapped.append(rel)
            continue
        for cmd in commands:
            for key in found:
                keys.setdefault(cmd, {}).setdefault(key, rel)
    return keys, unmapped


WRAPPER = """#!/bin/sh
log=$(mktemp "$KEYS_LOG/run.XXXXXX") || exit 5
printf '%s\\n' "${1:-}" >"$log.cmd"
"$KEYS_REAL" "$@" >"$log"
rc=$?
cat "$log"
exit $rc
"""


def all_keys(value, into):
    if isinstance(value, dict):
        for k, v in value.items():
            into.add(k)
            all_keys(v, into)
    elif isinstance(value, list):
        for v in value:
            all_keys(v, into)


def golden_keys(source_dir, grundy):
    """{command: {key: case}} from what the golden cases print."""
    keys = {}
    with tempfile.TemporaryDirectory() as tmp:
        # The cases run on a copy, so that the files they write cannot meet those of the golden
        # tests running the same cases at the same time; docs/ is reachable as from the source.
        source_dir = os.path.abspath(source_dir)
        shutil.copytree(os.path.join(source_dir, "tests", "cli", "cases"),
                        os.path.join(tmp, "tree", "tests", "cli", "cases"),
                        ignore=shutil.ignore_patterns("*.stdout", "*.stderr", "*.exit", "*.tmp"))
        os.symlink(os.path.join(source_dir, "docs"), os.path.join(tmp, "tree", "docs"))
        cases = sorted(glob.glob(os.path.join(tmp, "tree", "tests", "cli", "cases", "*.sh")))
        wrapper = os.path.join(tmp, "grundy")
        with open(wrapper, "w") as f:
            f.write(WRAPPER)
        os.chmod(wrapper, 0o755)

        def run_case(case):
            log = tempfile.mkdtemp(dir=tmp)
            env = dict(os.environ, GRUNDY=wrapper, KEYS_REAL=os.path.abspath(grundy), KEYS_LOG=log)
            try:
                subprocess.run(["sh", case], cwd=os.path.dirname(case), env=env,
                               stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, timeout=600)
            except subprocess.TimeoutExpired:
                pass
            return case, log

        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
            for case, log in pool.map(run_case, cases):
                for cmd_file in glob.glob(os.path.join(log, "*.cmd")):
                    cmd = open(cmd_file).read().strip()
                    found = set()
                    with open(cmd_file[:-4], "rb") as f:
                        for line in f:
                            try:
                                all_keys(json.loads(line), found)
                            except ValueError:
                                pass
                    for key in found:
                        keys.setdefault(cmd, {}).setdefault(key, os.path.basename(case))
    return keys


def main():
    if len(sys.argv) < 3 or sys.argv[1] not in ("code", "goldens"):
        print(__doc__, file=sys.stderr)
        return 2
    mode, source_dir = sys.argv[1], sys.argv[2]
    doc = documented(source_dir)
    failures = []
    if mode == "code":
        found, unmapped = code_keys(source_dir)
        for rel in unmapped:
            failures.append(f"{rel} writes JSON keys but names no command: add it to FILE_COMMANDS "
                            "in tests/docs/json_keys_test.py")
        # And the other way: a key the page lists that no writer of the command names any more.
        for cmd, keys in sorted(documented(source_dir, first_column=True).items()):
            for key in sorted(keys - set(found.get(cmd, {}))):
                failures.append(f"{DOC} lists key `{key}` for `{cmd}`, but no JSON writer of "
                                f"`{cmd}` names it: remove the row, or mend FILE_COMMANDS")
    else:
        found = golden_keys(source_dir, sys.argv[3])
        overview = subprocess.run([sys.argv[3], "help"], check=True, capture_output=True,
                                  text=True).stdout
        listing = overview.split("Commands:\n", 1)[1].split("\n\n", 1)[0]
        commands = set(re.findall(r"^  (\S+) ", listing, re.M)) - {"help", "version"}
        found = {cmd: keys for cmd, keys in found.items() if cmd in commands}
    total = 0
    for cmd, keys in sorted(found.items()):
        for key, where in sorted(keys.items()):
            total += 1
            if cmd not in doc:
                failures.append(f"`{cmd}` writes JSON ({key}, {where}) but {DOC} has no "
                                f"'### `{cmd if cmd.startswith('grundy-mpi') else 'grundy ' + cmd} --json`' "
                                "subsection under '## JSON output'")
                break
            if key not in doc[cmd]:
                failures.append(f"key `{key}` of `{cmd}` (written in {where}) is not documented "
                                f"in {DOC}, '## JSON output'")
    for f in failures:
        print("json_keys:", f, file=sys.stderr)
    print(f"json_keys: {total} (command, key) pairs from the {mode} checked against {DOC}")
    if total == 0:
        print("json_keys: no keys found: the search itself is broken", file=sys.stderr)
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
