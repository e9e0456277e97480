#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
# Write our files as they read at an earlier patch of the series: without
# what later patches add to them.
#
# Usage: series-hold-back.pl --later 'SYM ...' --ours LIST --present LIST
#			     --from DIR --to DIR PATH...
#   SYM	a Kconfig symbol (no CONFIG_ prefix) that a later patch introduces
#   LIST	a file of paths, one a line, relative to the top of the tree:
#		--ours all the files the series adds, --present those that
#		exist at this patch
#   PATH	a path in the tree: DIR/PATH of --from is read, and DIR/PATH of
#		--to written (its folder must exist)
#
# Kconfig: the entries of later symbols go. Makefiles: lines that name a
# later symbol, or a file that a later patch adds, go. reStructuredText:
# toctree entries of pages that a later patch adds go. Other files are
# printed as they are (C is for unifdef). A line that stays and still
# names a later symbol is an error: the patch would not build alone.
use strict;
use warnings;
use File::Basename qw(dirname basename);
use Getopt::Long;

my ($later, $ours_list, $present_list, $from, $to) = ('', '', '', '', '');
GetOptions('later=s' => \$later, 'ours=s' => \$ours_list,
	   'present=s' => \$present_list, 'from=s' => \$from, 'to=s' => \$to) &&
	$from ne '' && $to ne ''
	or die "usage: series-hold-back.pl --later SYMS --ours LIST --present LIST --from DIR --to DIR PATH...\n";
my %later = map { $_ => 1 } split ' ', $later;

sub read_list {
	my ($name) = @_;
	open(my $fh, '<', $name) or die "series-hold-back: $name: $!\n";
	chomp(my @paths = <$fh>);
	return map { $_ => 1 } @paths;
}
my %ours = read_list($ours_list);
my %present = read_list($present_list);

# Whether TARGET (a file, or a folder when it ends with /) is ours and
# added later than this patch.
sub added_later {
	my ($target) = @_;
	if ($target =~ m{/$}) {
		my @in = grep { index($_, $target) == 0 } keys %ours;
		return @in && !grep { $present{$_} } @in;
	}
	return $ours{$target} && !$present{$target};
}

# hold_back PATH: the lines of --from's PATH that stay at this patch
sub hold_back {
	my ($path) = @_;
	my $dir = dirname($path);
	my $name = basename($path);
	open(my $in, '<', "$from/$path") or die "series-hold-back: $from/$path: $!\n";
	my @lines = <$in>;
	my @kept;

	if ($name =~ /^Kconfig/) {
		my $skip = 0;
		for (@lines) {
			if (/^(?:menu)?config\s+(\w+)/) {
				$skip = $later{$1} ? 1 : 0;
			} elsif (/^(?:endif|if|menu|endmenu|source|comment|choice|endchoice)\b/) {
				$skip = 0;
			}
			push @kept, $_ unless $skip;
		}
	} elsif ($name eq 'Makefile') {
		for (@lines) {
			my $held = grep { $later{$_} } /\bCONFIG_(\w+)/g;
			for my $word (split) {
				$word =~ s{^\$\((?:OUTPUT|src)\)/?}{};
				next if $word eq '' || $word =~ /[\$=:]/;
				my $target = "$dir/$word";
				$target =~ s/\.o$/.c/;
				$held ||= added_later($target) || added_later("$target.c");
			}
			push @kept, $_ unless $held;
		}
	} elsif ($name =~ /\.rst$/) {
		my $in_toctree = 0;
		for (@lines) {
			$in_toctree = 1 if /^\.\. toctree::/;
			$in_toctree = 0 if /^\S/ && !/^\.\. toctree::/;
			next if $in_toctree && /^\s+([\w\/-]+)\s*$/ && added_later("$dir/$1.rst");
			push @kept, $_;
		}
	} else {
		@kept = @lines;
	}

	if (%later && $name !~ /\.[ch]$/) {
		my $re = join('|', map { quotemeta } sort keys %later);
		for (@kept) {
			die "series-hold-back: $path still names $1, which a later patch adds: $_"
				if /\b(?:CONFIG_)?($re)\b/;
		}
	}
	return @kept;
}

for my $path (@ARGV) {
	my @kept = hold_back($path);
	open(my $out, '>', "$to/$path") or die "series-hold-back: $to/$path: $!\n";
	print $out @kept;
	close($out) or die "series-hold-back: $to/$path: $!\n";
}
