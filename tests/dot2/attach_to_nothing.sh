#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# attach_to_nothing.sh MONITOR.c: fill a dot2k skeleton's places for a
# monitor that hooks no tracepoint, so that the rest of the generated code
# can be built: its probe table is left empty and its handlers unused;
# a per-object monitor's handlers name object 0; the bounds of a hybrid
# model default to 1.
set -euo pipefail
sed -i -e '/RV_PROBE(XXX_tracepoint_of_/d' -e '/XXX: include the headers/d' \
	-e 's/^static void handle_/static void __maybe_unused handle_/' \
	-e 's/XXX_object_id, /0, /' -e 's/XXX_default_[A-Za-z0-9_]*/1/' "$1"
if grep -qE 'XXX_tracepoint_of_|XXX_object_id,|XXX_default_' "$1"; then
	echo "attach_to_nothing: $1 still has a place to fill" >&2
	exit 1
fi
