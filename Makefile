# SPDX-License-Identifier: GPL-2.0
# Runtime Verification for Linux: the lab's entry points. See README.md.

RV_CACHE ?= $(HOME)/.cache/rv-lab
export RV_CACHE
# make vm-run CMD='...': the command to run in the guest
export CMD
# make demo MONITORS='...': the monitors or containers to show (default
# wip wwnr), say MONITORS=sched
export MONITORS
# make series: where the patches go (default $(RV_CACHE)/series-out), the
# author and Signed-off-by ("Name <email>"), the subject prefix
export SERIES_OUT SERIES_FROM SERIES_PREFIX

.PHONY: all deps prepare kernel kernel-bench vm-run shell check check-bench-kernel demo bench \
	bench-dot2c bench-kernel series series-bisect torture torture-kcsan mutate clean-cache

all: kernel

deps:
	@lab/deps.sh

prepare: deps
	@lab/prepare.sh

kernel: prepare
	@lab/build.sh test

kernel-bench: prepare
	@lab/build.sh bench

vm-run: kernel
	@lab/vm-run.sh

shell: kernel
	@lab/vm-run.sh --interactive

check: kernel
	@lab/check.sh

demo: kernel
	@lab/demo.sh

# the sched container's test on the bench kernel (monitors built in, no
# debugging): no false violation there either
check-bench-kernel: kernel-bench
	@lab/build-module.sh --kind bench tests/modules/rv_sched_break >/dev/null
	@lab/vm-run.sh --kind bench --timeout 900 -- lab/run-tests.sh tests/guest/sched.sh

# long runs: the torture of the RV interface, TORTURE_SECONDS (default
# 600), on the test kernel and on a KCSAN kernel
torture: kernel
	@lab/torture.sh test

torture-kcsan: prepare
	@lab/build.sh kcsan && lab/torture.sh kcsan

# the suite measured by the bugs it catches: each mutant of tests/mutants
# planted, rebuilt and tested in a work area of its own; MUTANTS='NAME...'
# plants some, MUTATE_JOBS how many at once
mutate: prepare
	@lab/mutate.sh $(MUTANTS)

# benchmarks: measurements, reported as ratios; nothing passes or fails
bench: bench-dot2c bench-kernel

bench-dot2c: prepare
	@bench/dot2c.sh

bench-kernel: prepare
	@bench/kernel.sh

series: prepare
	@lab/series.sh

# build the kernel after every patch of the series
series-bisect: series
	@lab/series-build.sh all

clean-cache:
	rm -rf "$(RV_CACHE)"
