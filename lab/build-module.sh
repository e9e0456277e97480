#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Build an out-of-tree (test) module against a lab kernel.
#
# Usage: build-module.sh [--kind KIND] DIR [MAKE-ARGS...]
#   DIR holds the module's sources and Kbuild Makefile. They are copied to
#   $RV_CACHE/ext/NAME (the repository stays free of build output) and
#   built there, with MAKE-ARGS (say, W=1 or CONFIG_X=m) given to make; the
#   path of the folder with the .ko files is printed. A module that uses
#   the symbols of other test modules names their folders in a file
#   "needs" of DIR; they must be built first. A module built from files of
#   Debian's linux-source-6.1, unchanged, names them (paths in the tarball's
#   tree) in a file "from-debian" of DIR: they are copied in from there.
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
debian=()
[ ! -f "$src/from-debian" ] || debian=($(cat "$src/from-debian"))
# the copies from Debian's tree stay, so that an unchanged one is not rebuilt
rsync -rc --delete --exclude='*.o' --exclude='*.ko' --exclude='*.mod*' \
	--exclude='.*' --exclude=Module.symvers --exclude=modules.order \
	"${debian[@]/#*\//--exclude=}" "$src/" "$dest/"
if [ ${#debian[@]} -gt 0 ]; then
	[ -d "$PRISTINE" ] || die "no extracted tree in $PRISTINE (make kernel)"
	for f in "${debian[@]}"; do
		cmp -s "$PRISTINE/$f" "$dest/$(basename "$f")" ||
			cp "$PRISTINE/$f" "$dest/" || die "no $f in $PRISTINE"
	done
fi
symbols=()
if [ -f "$src/needs" ]; then
	for need in $(cat "$src/needs"); do
		[ -f "$RV_CACHE/ext/$kind/$need/Module.symvers" ] ||
			die "$(basename "$src") needs $need, which is not built"
		symbols+=("$RV_CACHE/ext/$kind/$need/Module.symvers")
	done
fi
# the build folder's own Makefile knows its source tree: ours, or Debian's
make -s -C "$out" ARCH=x86_64 CC="ccache gcc" M="$dest" \
	KBUILD_EXTRA_SYMBOLS="${symbols[*]}" "$@" modules >&2
echo "$dest"
