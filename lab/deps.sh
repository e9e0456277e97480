#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Install, with apt-get, everything the lab needs. Silent and fast when
# nothing is missing; idempotent.
set -euo pipefail

packages=(
	# the kernel and its build
	linux-source-6.1 gcc make bc bison flex libelf-dev libssl-dev cpio kmod
	rsync ccache dwarves perl python3 patch xz-utils
	# booting it
	qemu-system-x86 busybox-static
	# our tools and tests
	pkg-config libgraphviz-dev graphviz libtracefs-dev libtraceevent-dev
	libtracecmd-dev
	stress-ng trace-cmd sparse unifdef python3-docutils python3-sphinx
	python3-sphinx-rtd-theme git groff-base
	# the benchmarks' plots
	gnuplot-nox
)

missing=()
for p in "${packages[@]}"; do
	if [ "$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null)" != installed ]; then
		missing+=("$p")
	fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
	echo "deps: missing packages: ${missing[*]}; run as root to install them" >&2
	exit 1
fi
echo "deps: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >&2
apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
