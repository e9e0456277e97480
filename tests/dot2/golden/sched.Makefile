# SPDX-License-Identifier: GPL-2.0

obj-$(CONFIG_RV_MON_SCHED) += sched.o
