#!/bin/sh
# SPDX-License-Identifier: MIT
# Install the Debian packages grundy needs, only when something is missing (sourced by the others).
grundy_need_packages() {
    missing=""
    command -v cmake >/dev/null 2>&1 || missing="$missing cmake"
    command -v cc >/dev/null 2>&1 || missing="$missing gcc libc6-dev"
    command -v make >/dev/null 2>&1 || missing="$missing make"
    for tool in "$@"; do
        command -v "$tool" >/dev/null 2>&1 || missing="$missing $tool"
    done
    [ -z "$missing" ] && return 0
    echo "Installing Debian packages:$missing"
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -q && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q $missing
}

# Install Debian packages by package name (libraries, or tools named unlike their package), only
# when dpkg does not already have them.
grundy_need_debs() {
    missing=""
    for pkg in "$@"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "ok installed" ||
            missing="$missing $pkg"
    done
    [ -z "$missing" ] && return 0
    echo "Installing Debian packages:$missing"
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -q && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q $missing
}
