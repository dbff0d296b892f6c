# SPDX-License-Identifier: MIT
"""grundy(1), --help and the README agree: every section of the man page is the text --help
prints, every command of `grundy help` and every help topic has one, and the README names every
command.
Usage: python3 man_test.py GRUNDY MAN_PAGE README"""
import re
import subprocess
import sys


def run(grundy, *args):
    return subprocess.run([grundy, *args], check=True, capture_output=True, text=True).stdout


def unroff(lines):
    text = "\n".join(lines) + "\n"
    text = text.replace("\\&", "").replace("\\-", "-").replace("\\e", "\\")
    return text


def blocks(man):
    """{section title: text of its .nf block}"""
    out, title, body, inside = {}, None, [], False
    for line in man.splitlines():
        if line.startswith((".SH ", ".SS ")):
            title = line[4:].strip('"')
        elif line == ".nf":
            inside, body = True, []
        elif line == ".fi":
            inside = False
            out[title] = unroff(body)
        elif inside:
            body.append(line)
    return out


def main():
    grundy, man_path, readme_path = sys.argv[1:4]
    man = open(man_path, encoding="utf-8").read()
    readme = open(readme_path, encoding="utf-8").read()
    sections = blocks(man)
    overview = run(grundy, "help")
    failures = []
    if sections.get("DESCRIPTION") != overview:
        failures.append("DESCRIPTION differs from `grundy help`")
    commands = re.findall(r"^  (\S+) {2,}", overview.split("Commands:\n", 1)[1], re.M)
    commands = [c for c in commands if c not in ("help", "version")]
    if len(commands) < 5:
        failures.append(f"found only {commands} in `grundy help`")
    exit_codes = sections.get("EXIT STATUS", "")
    for cmd in commands:
        helptext = run(grundy, cmd, "--help")
        page = sections.get(f"grundy {cmd}")
        if page is None:
            failures.append(f"no section for grundy {cmd}")
        elif page + "\nExit codes:\n" + exit_codes != helptext:
            failures.append(f"section 'grundy {cmd}' differs from `grundy {cmd} --help`")
        if f"grundy {cmd}" not in readme:
            failures.append(f"the README never mentions `grundy {cmd}`")
    topics = re.findall(r"^  (\S+) {2,}", run(grundy, "help", "topics"), re.M)
    for topic in topics:
        if sections.get(f"grundy help {topic}") != run(grundy, "help", topic):
            failures.append(f"section 'grundy help {topic}' differs from `grundy help {topic}`")
    for f in failures:
        print("man_test:", f, file=sys.stderr)
    print(f"man_test: {len(commands)} commands and {len(topics)} topics compared")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
