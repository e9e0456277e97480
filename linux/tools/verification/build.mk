# SPDX-License-Identifier: GPL-2.0
# What the tools of tools/verification share, included by their Makefiles:
# where they install, the warnings they build with, and their install rule.
# A tool's Makefile sets PKGS (its pkg-config libraries, if any), PROGS and
# MANPAGES before it includes this file.

prefix ?= /usr/local
bindir = $(prefix)/bin
mandir = $(prefix)/share/man
OUTPUT ?=

CFLAGS ?= -O2 -g
# kept when CFLAGS is given on the command line
override CFLAGS += -Wall -Wextra $(if $(PKGS),$(shell pkg-config --cflags $(PKGS)))
override LDLIBS += $(if $(PKGS),$(shell pkg-config --libs $(PKGS)))

install: all
	install -d $(DESTDIR)$(bindir) $(DESTDIR)$(mandir)/man1
	install -m 755 $(PROGS) $(DESTDIR)$(bindir)
	install -m 644 $(MANPAGES) $(DESTDIR)$(mandir)/man1

.PHONY: all install clean
