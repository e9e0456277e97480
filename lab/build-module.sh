#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Build an out-of-tree (test) module against a lab kernel.
#
# Usage: build-module.sh [--kind KIND] DIR [MAKE-ARGS...]
#   DIR holds the module's sources and Kbuild Makefile. They are copied to
#   $RV_CACHE/ext/NAME (the repository stays free of build output) and
#   built there, with MAKE-ARGS (say, W=1 or CONFIG_X=m) given to make; the
#   path of the folder with the .ko files is printed.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

kind=test
[ "${1:-}" != --kind ] || { kind=$2; shift 2; }
src=$(cd "${1:?usage: build-module.sh [--kind KIND] DIR [MAKE-ARGS...]}" && pwd)
shift
out=$(build_dir "$kind")
[ -f "$out/Module.symvers" ] || die "no $kind kernel built in $out (make kernel)"

dest=$RV_CACHE/ext/$kind/$(basename "$src")
mkdir -p "$dest"
rsync -rc --delete --exclude='*.o' --exclude='*.ko' --exclude='*.mod*' \
	--exclude='.*' --exclude=Module.symvers --exclude=modules.order \
	"$src/" "$dest/"
make -s -C "$TREE" O="$out" ARCH=x86_64 CC="ccache gcc" M="$dest" "$@" modules >&2
echo "$dest"
