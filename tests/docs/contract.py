# SPDX-License-Identifier: MIT
"""The command-line contract of docs/architecture.md, written from the tool's help texts.

The part of docs/architecture.md between the BEGIN/END generated markers is this script's output:
the command table from `grundy help`, and for each command its usage and description, a table
of its options with their defaults, and its notes, from `grundy COMMAND --help` (grundy-mpi's
help text is read from mpi/mpi_main.c, so the section does not depend on Open MPI being built).

Usage:
  python3 contract.py print  GRUNDY SOURCE_DIR        the section on stdout
  python3 contract.py check  GRUNDY SOURCE_DIR        exit 1 when the document's section differs
  python3 contract.py update GRUNDY SOURCE_DIR        rewrite the section in the document
The build offers the last as `cmake --build build/release --target update-architecture`."""
import difflib
import os
import re
import subprocess
import sys

BEGIN = "<!-- BEGIN generated: grundy help texts (tests/docs/contract.py) -->"
END = "<!-- END generated -->"
DOC = os.path.join("docs", "architecture.md")
REFRESH = "cmake --build build/release --target update-architecture"


def run(grundy, *args):
    return subprocess.run([grundy, *args], check=True, capture_output=True, text=True).stdout


def mpi_help(source_dir):
    """grundy-mpi's help: the C string literals of `static const char help[]` in mpi_main.c."""
    text = open(os.path.join(source_dir, "mpi", "mpi_main.c"), encoding="utf-8").read()
    body = re.search(r"static const char help\[\] =(.*?);\n", text, re.S).group(1)
    parts = re.findall(r'"((?:[^"\\]|\\.)*)"', body)
    return "".join(parts).encode().decode("unicode_escape")


def commands(overview):
    """[(name, summary)] of `grundy help`'s command list."""
    listing = overview.split("Commands:\n", 1)[1].split("\n\n", 1)[0]
    return re.findall(r"^  (\S+) +(.*)$", listing, re.M)


def indent(line):
    return len(line) - len(line.lstrip(" "))


def split_help(text):
    """(head, options, tail): the text before 'Options:', the option entries as lists of lines,
    and the text after them; the exit codes that --help appends are left out."""
    text = text.split("\nExit codes:\n", 1)[0]
    if "\nOptions:\n" not in text:
        return text.rstrip("\n"), [], ""
    head, rest = text.split("\nOptions:\n", 1)
    lines = rest.split("\n")
    entries, i = [], 0
    while i < len(lines) and lines[i].strip():
        if indent(lines[i]) == 2 and lines[i].lstrip().startswith("-"):
            entries.append([lines[i]])
        else:
            entries[-1].append(lines[i])
        i += 1
    return head.rstrip("\n"), entries, "\n".join(lines[i:]).strip("\n")


ARG = re.compile(r"^(?:[A-Z][A-Z0-9]*(?:[./|][A-Za-z0-9]+)*(?:\.\.\.)?|I/K)$")


def parse_option(entry):
    """(flags, meaning, default) of one option entry."""
    words = entry[0].split()
    flags = []
    while words and words[0].startswith("-"):
        flags.append(words.pop(0).rstrip(","))
    if words and ARG.match(words[0]):
        flags[-1] += " " + words.pop(0)
    meaning = " ".join(words + [w for line in entry[1:] for w in line.split()])
    default = ""
    m = re.search(r"\s*\[default: ((?:[^\[\]]|\[[^\]]*\])*)\]", meaning)
    if m:
        default = m.group(1)
        meaning = (meaning[: m.start()] + meaning[m.end():]).strip()
    return ", ".join(flags), meaning, default


def escape(text):
    """Markdown for a table cell: code spans kept, emphasis and table characters escaped."""
    out = []
    for i, part in enumerate(text.split("`")):
        if i % 2:
            out.append("`" + part + "`")
        else:
            out.append(re.sub(r"([\\*_|<>\[\]])", r"\\\1", part))
    return "".join(out)


def fence(text):
    return "```text\n" + text.strip("\n") + "\n```\n"


def generate(grundy, source_dir):
    overview = run(grundy, "help")
    cmds = commands(overview)
    helps = {name: run(grundy, name, "--help") for name, _ in cmds if name not in ("help", "version")}
    helps["grundy-mpi solve"] = mpi_help(source_dir)
    parsed = {name: split_help(text) for name, text in helps.items()}
    # The sequence options are described once, on their own page, which the commands that take
    # them point to: they count as each such command's options.
    seq_page = run(grundy, "help", "sequence-options")
    seq_entries = split_help(seq_page)[1]
    for name, text in helps.items():
        if "grundy help sequence-options" in text:
            head, entries, tail = parsed[name]
            parsed[name] = (head, entries + seq_entries, tail)
    # An option whose entry is the same in three commands or more is described once.
    seen = {}
    for name, (_, entries, _) in parsed.items():
        for entry in entries:
            seen.setdefault(parse_option(entry), []).append(name)
    shared = {opt: names for opt, names in seen.items() if len(names) >= 3}

    out = ["### Commands", "", "| Command | What it does |", "|---|---|"]
    for name, summary in cmds:
        link = f"[`grundy {name}`](#grundy-{name})" if name in helps else f"`grundy {name}`"
        out.append(f"| {link} | {escape(summary)} |")
    out.append("| [`grundy-mpi solve`](#grundy-mpi-solve) | The solver across processes (Open MPI) |")
    topics = re.findall(r"^  (\S+) +(.*)$", run(grundy, "help", "topics"), re.M)
    out += ["", "Every command takes `-h`/`--help` (its text, then the exit codes, on stdout; exit 0).",
            "`grundy help topics` lists the help pages that are not a command's: "
            + ", ".join(f"`{name}` ({escape(summary)})" for name, summary in topics) + "."]
    out += ["", "### Options shared by several commands", "",
            "Each command's section below names the ones it takes after its own options; the "
            "sequence options are described once in `grundy help sequence-options`.", "",
            "| Option | Default | Meaning | Commands |", "|---|---|---|---|"]
    for (flags, meaning, default), names in shared.items():
        if flags.startswith("-h"):
            continue
        out.append(f"| `{flags}` | {escape(default)} | {escape(meaning)} | "
                   + ", ".join(f"`{n}`" for n in names) + " |")
    out.append("")
    for name, (head, entries, tail) in parsed.items():
        title = name if name.startswith("grundy-mpi") else f"grundy {name}"
        out += [f"### {title}", "", fence(head), "| Option | Default | Meaning |", "|---|---|---|"]
        also = []
        for entry in entries:
            flags, meaning, default = opt = parse_option(entry)
            if flags.startswith("-h"):
                continue
            if opt in shared:
                also.append(f"`{flags}`")
            else:
                out.append(f"| `{flags}` | {escape(default)} | {escape(meaning)} |")
        out.append("")
        if also:
            out += ["Also the [shared options](#options-shared-by-several-commands) " + ", ".join(also) + ".", ""]
        if tail:
            out.append(fence(tail))
    exit_text = run(grundy, "rule", "--help").split("\nExit codes:\n", 1)[1]
    out += ["### Exit codes (as `--help` prints them)", "", fence(exit_text)]
    return "\n".join(out).rstrip("\n") + "\n"


def section(doc):
    start, end = doc.find(BEGIN), doc.find(END)
    if start < 0 or end < start:
        return None
    return doc[start + len(BEGIN):end].strip("\n") + "\n"


def main():
    if len(sys.argv) != 4 or sys.argv[1] not in ("print", "check", "update"):
        print(__doc__, file=sys.stderr)
        return 2
    mode, grundy, source_dir = sys.argv[1:4]
    text = generate(grundy, source_dir)
    if mode == "print":
        sys.stdout.write(text)
        return 0
    path = os.path.join(source_dir, DOC)
    doc = open(path, encoding="utf-8").read()
    old = section(doc)
    if old is None:
        print(f"contract: {DOC} has no '{BEGIN}' ... '{END}' section", file=sys.stderr)
        return 1
    if mode == "update":
        if old != text:
            start, end = doc.index(BEGIN) + len(BEGIN), doc.index(END)
            with open(path + ".tmp", "w", encoding="utf-8") as f:
                f.write(doc[:start] + "\n" + text + doc[end:])
            os.replace(path + ".tmp", path)
            print(f"contract: rewrote the generated section of {DOC}")
        return 0
    if old != text:
        sys.stderr.writelines(difflib.unified_diff(old.splitlines(True), text.splitlines(True),
                                                   f"{DOC} (as committed)", "from the help texts"))
        print(f"contract: the generated section of {DOC} is out of date with the help texts; "
              f"refresh it with `{REFRESH}` and commit the result", file=sys.stderr)
        return 1
    print(f"contract: {DOC}'s generated section matches the help texts")
    return 0


if __name__ == "__main__":
    sys.exit(main())
