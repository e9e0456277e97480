#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Build a lab kernel from the prepared tree.
#
# Usage: build.sh [--tree DIR] [--out DIR] [--partial] [--configure-only] KIND
#   KIND is test or bench: tinyconfig plus lab/config/common.config plus
#   lab/config/KIND.config; bench-norv: the bench kernel without RV
#   (lab/config/norv.config last), whose RV options are then not asked
#   for; or series: tinyconfig plus
#   lab/config/series.config, the small kernel that checks that each patch
#   of the series builds. Builds bzImage and modules with ccache in
#   $RV_CACHE/build-KIND (or --out) from the prepared tree (or --tree),
#   and installs the modules under its modroot/.
#   --partial: an option that the tree's Kconfig files do not define is
#   not asked for (the early patches of the series define fewer).
#   --configure-only: stop once the configuration is checked (for a build
#   of some directories only, with make -C TREE O=OUT DIR/).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

usage="usage: build.sh [--tree DIR] [--out DIR] [--partial] [--configure-only] test|bench|bench-norv|series"
out='' partial=0 configure_only=0
while [ $# -gt 1 ]; do
	case $1 in
	--tree) TREE=${2:?$usage}; shift 2 ;;
	--out) out=${2:?$usage}; shift 2 ;;
	--partial) partial=1; shift ;;
	--configure-only) configure_only=1; shift ;;
	*) die "$usage" ;;
	esac
done
kind=${1:?$usage}
unasked='^$'	# the options a later fragment takes away
case $kind in
series) fragments=("$LAB_DIR/config/series.config") ;;
bench-norv)
	fragments=("$LAB_DIR/config/common.config" "$LAB_DIR/config/bench.config"
		"$LAB_DIR/config/norv.config")
	unasked='^CONFIG_RV' ;;
*) fragments=("$LAB_DIR/config/common.config" "$LAB_DIR/config/$kind.config") ;;
esac
for f in "${fragments[@]}"; do
	[ -f "$f" ] || die "no config fragment for '$kind'"
done
[ -d "$TREE" ] || die "no prepared tree at $TREE (make prepare)"

out=${out:-$(build_dir "$kind")}
mkdir -p "$out"
export KBUILD_BUILD_TIMESTAMP='2021-05-19' KBUILD_BUILD_USER=rv KBUILD_BUILD_HOST=lab
export CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-8G}
kmake=(make -C "$TREE" O="$out" ARCH=x86_64 CC="ccache gcc" -j"$(nproc)" -s)

config_id=$(cat "${fragments[@]}" | sha1sum)
if [ "$(cat "$out/.config-id" 2>/dev/null)" != "$config_id" ] || [ ! -f "$out/.config" ]; then
	echo "build: configuring the $kind kernel" >&2
	rm -f "$out/.config-id"
	"${kmake[@]}" tinyconfig >"$out/tinyconfig.log" 2>&1
	"$TREE/scripts/kconfig/merge_config.sh" -m -O "$out" "$out/.config" \
		"${fragments[@]}" >"$out/merge_config.log" 2>&1
	echo "$config_id" > "$out/.config-id"
fi
"${kmake[@]}" olddefconfig >"$out/olddefconfig.log" 2>&1

# Every option a fragment asks for must have survived olddefconfig.
lost=0
while IFS= read -r line; do
	[[ ! $line =~ $unasked ]] || [ "$line" = CONFIG_RV=n ] || continue
	case $line in
	CONFIG_*=n) want="# ${line%=n} is not set"
		grep -q "^${line%=n}=" "$out/.config" || continue ;;
	CONFIG_*=*) want=$line ;;
	*) continue ;;
	esac
	if ! grep -qxF "$want" "$out/.config"; then
		sym=${line%%=*}
		if [ $partial -eq 1 ] && ! grep -rqE --include='Kconfig*' \
			"^(menu)?config ${sym#CONFIG_}\$" "$TREE"; then
			continue
		fi
		echo "build: $line was asked for but did not survive olddefconfig" \
			"(a dependency is missing?)" >&2
		lost=1
	fi
done < <(cat "${fragments[@]}")
[ $lost -eq 0 ] || exit 1
[ $configure_only -eq 0 ] || exit 0

echo "build: building the $kind kernel in $out" >&2
"${kmake[@]}" bzImage modules
rm -rf "$out/modroot"
"${kmake[@]}" INSTALL_MOD_PATH="$out/modroot" modules_install >/dev/null
