# SPDX-License-Identifier: GPL-2.0
# Shared settings of the lab scripts; sourced, not run.

LAB_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO_DIR=$(cd "$LAB_DIR/.." && pwd)
RV_CACHE=${RV_CACHE:-$HOME/.cache/rv-lab}
TARBALL=${TARBALL:-/usr/src/linux-source-6.1.tar.xz}

PRISTINE=$RV_CACHE/linux-source-6.1	# the tarball, extracted, never edited
BASE=$RV_CACHE/base			# PRISTINE without the in-tree RV
TREE=$RV_CACHE/tree			# BASE with our overlay and patches
export CCACHE_DIR=${CCACHE_DIR:-$RV_CACHE/ccache}

# build_dir KIND: where the kernel of that kind (test, bench) is built.
build_dir() { echo "$RV_CACHE/build-$1"; }

die() { echo "${0##*/}: $*" >&2; exit 1; }
