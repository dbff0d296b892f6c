#!/bin/sh
# SPDX-License-Identifier: MIT
# Install the Debian packages grundy needs, only when something is missing (sourced by the others).
grundy_need_packages() {
    missing=""
    command -v cmake >/dev/null 2>&1 || missing="$missing cmake"
    command -v cc >/dev/null 2>&1 || missing="$missing gcc libc6-dev"
    command -v make >/dev/null 2>&1 || missing="$missing make"
    for tool in "$@"; do # TOOL, or COMMAND:PACKAGE when the package is named otherwise
        command -v "${tool%%:*}" >/dev/null 2>&1 || missing="$missing ${tool#*:}"
    done
    [ -z "$missing" ] && return 0
    echo "Installing Debian packages:$missing"
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -q && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q $missing
}
