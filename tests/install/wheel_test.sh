#!/bin/sh
# SPDX-License-Identifier: MIT
# The README's Python recipe on a machine with nothing else done: in a fresh virtual environment,
# with no package index (PIP_NO_INDEX), `pip install ./python` builds libgrundy from the sources
# with CMake and bundles it into the wheel; `import grundy` then works at once, from another
# folder, with no GRUNDY_LIBRARY and no LD_LIBRARY_PATH, and loads the bundled library.
# Usage: wheel_test.sh PYTHON SOURCE_DIR
set -eu
python=$1
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "wheel_test: $*" >&2; exit 1; }
"$python" -m venv "$tmp/venv" || fail "python -m venv failed (Debian: apt-get install python3-venv)"
unset GRUNDY_LIBRARY LD_LIBRARY_PATH GRUNDY_BUILD_DIR
PIP_NO_INDEX=1 PIP_DISABLE_PIP_VERSION_CHECK=1 CMAKE_BUILD_PARALLEL_LEVEL=${CMAKE_BUILD_PARALLEL_LEVEL:-2}
export PIP_NO_INDEX PIP_DISABLE_PIP_VERSION_CHECK CMAKE_BUILD_PARALLEL_LEVEL
(cd "$src" && "$tmp/venv/bin/pip" install -q ./python) >"$tmp/pip.log" 2>&1 ||
    { cat "$tmp/pip.log"; fail "pip install ./python failed"; }
cd "$tmp"
out=$("$tmp/venv/bin/python" -c '
import os, sys, grundy, grundy._lib as lib
inside = os.path.dirname(os.path.realpath(grundy.__file__))
assert os.path.dirname(os.path.realpath(lib.PATH)) == inside, (lib.PATH, inside)
assert inside.startswith(os.path.realpath(sys.prefix)), inside
print(grundy.values("kayles", 11), grundy.period("0.07").period)
') || fail "import grundy in the fresh venv failed"
echo "wheel_test: $out"
[ "$out" = "[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6] 34" ] || fail "unexpected answers '$out'"
# the build left nothing in the source tree (it builds in a temporary folder)
left=$(cd "$src" && git status --porcelain --ignored python 2>/dev/null | grep '^!!' |
       grep -v __pycache__ || true)
[ -z "$left" ] || fail "the build left files in python/: $left"
echo "wheel_test: ok"
