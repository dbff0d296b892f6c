#!/bin/sh
# SPDX-License-Identifier: MIT
# Install the build into a temporary prefix and build and run a small program against it twice:
# through pkg-config and through find_package(grundy); check the man page, the completion and
# the tool landed too (and grundy-mpi, when MPI was built: MPI_BUILT ON).
# Usage: install_test.sh BUILD_DIR SOURCE_DIR [SANITIZE [MPI_BUILT]]
set -eu
build=$1
here=$2/tests/install
san=${3:-}
mpi_built=${4:-OFF}
flags=""
[ -n "$san" ] && flags="-fsanitize=$san"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix
cmake --install "$build" --prefix "$prefix" >"$tmp/install.log" || { cat "$tmp/install.log"; exit 1; }
libdir=$(find "$prefix" -name libgrundy.so -printf '%h\n' | head -n 1)
expected_re='^grundy [0-9.]*: kayles period 12 preperiod 71 g\(10\^18\) = 1$'
picture_line='picture: SVG of g(0..11)'
fail() { echo "install_test: $*" >&2; exit 1; }
for f in "$libdir/libgrundy.a" "$prefix/include/grundy/grundy.h" \
         "$prefix/include/grundy/experimental.h" "$prefix/include/grundy/picture.h" "$prefix/bin/grundy" \
         "$prefix/share/man/man1/grundy.1" "$prefix/share/bash-completion/completions/grundy" \
         "$prefix/share/zsh/site-functions/_grundy" \
         "$prefix/share/fish/vendor_completions.d/grundy.fish"; do
    [ -e "$f" ] || fail "missing $f"
done
if [ "$mpi_built" = ON ]; then
    [ -x "$prefix/bin/grundy-mpi" ] || fail "grundy-mpi was built but not installed"
fi
soname=$(objdump -p "$libdir/libgrundy.so" | awk '$1 == "SONAME" { print $2 }')
[ "$soname" = libgrundy.so.1 ] || fail "soname is '$soname', not libgrundy.so.1"

# 1. pkg-config, the README's recipe as written: the program runs with no LD_LIBRARY_PATH, since
# grundy.pc puts the library's folder in its rpath
# shellcheck disable=SC2046
cc $flags -o "$tmp/consumer_pc" "$here/consumer.c" \
    $(PKG_CONFIG_PATH=$libdir/pkgconfig pkg-config --cflags --libs grundy)
out=$(env -u LD_LIBRARY_PATH "$tmp/consumer_pc")
echo "pkg-config: $out"
echo "$out" | grep -Eq "$expected_re" || fail "pkg-config consumer printed '$out'"
echo "$out" | grep -Fqx "$picture_line" || fail "pkg-config consumer drew no picture: '$out'"

# 2. find_package
cmake -S "$here" -B "$tmp/consumer" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_C_FLAGS="$flags" \
    >"$tmp/configure.log" || { cat "$tmp/configure.log"; exit 1; }
cmake --build "$tmp/consumer" >"$tmp/build.log" || { cat "$tmp/build.log"; exit 1; }
for exe in consumer consumer_static; do
    out=$("$tmp/consumer/$exe")
    echo "find_package ($exe): $out"
    echo "$out" | grep -Eq "$expected_re" || fail "find_package $exe printed '$out'"
    echo "$out" | grep -Fqx "$picture_line" || fail "find_package $exe drew no picture: '$out'"
done

# 3. the installed tool runs, and its man page is the one the tool writes
"$prefix/bin/grundy" values kayles --to 11 | grep -qx '0 1 2 3 1 4 3 2 1 4 2 6' || fail "grundy tool"
"$prefix/bin/grundy" --man | cmp -s - "$prefix/share/man/man1/grundy.1" || fail "stale man page"

# 4. the completion completes commands and each command's options
complete_words() {
    bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _grundy; echo "${COMPREPLY[*]}"' \
        _ "$prefix/share/bash-completion/completions/grundy" "$@"
}
[ "$(complete_words grundy val)" = "values value" ] || fail "completion of 'grundy val': '$(complete_words grundy val)'"
[ "$(complete_words grundy values --fo)" = "--format" ] || fail "completion of 'grundy values --fo'"
[ "$(complete_words grundy plot --fre)" = "--freq" ] || fail "completion of 'grundy plot --fre'"
[ "$(complete_words grundy help pl)" = "play plot" ] || fail "completion of 'grundy help pl'"
echo "install_test: ok"
