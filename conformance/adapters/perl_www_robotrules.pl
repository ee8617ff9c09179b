#!/usr/bin/perl
# SPDX-License-Identifier: MIT
# Batch adapter (conformance/README.md, "The batch protocol") for Perl's
# WWW::RobotRules (Debian: libwww-robotrules-perl), libwww-perl's parser.
# One rules object per query, named for the agent; the body is parsed as
# the robots.txt of the query URL's own host, and allowed() answers 1, 0,
# or -1 (no rules for that host: an error here). A path is made absolute
# on http://example.com. One behaviour for every profile. Protocol 2: a
# usage query is answered `unsupported`.
use strict;
use warnings;
use MIME::Base64 qw(decode_base64);
use URI;
use WWW::RobotRules;

$| = 1;
while (my $line = <STDIN>) {
    chomp $line;
    my $answer = eval {
        my @f = split /\t/, $line, -1;
        # Protocol 2's usage query: no Content-Usage in WWW::RobotRules.
        return "unsupported: WWW::RobotRules has no Content-Usage"
            if $f[0] eq "usage";
        die "a query has 5 fields, this one " . scalar(@f) . "\n" if @f != 5;
        my ($body, $agent, $url) = map { decode_base64($_) } @f[2 .. 4];
        $url = "http://example.com$url" if $url =~ m{^/};
        my $robots_url = URI->new_abs("/robots.txt", $url);
        my $rules = WWW::RobotRules->new($agent);
        $rules->parse($robots_url, $body);
        my $allowed = $rules->allowed($url);
        die "allowed() gave $allowed\n" if $allowed < 0;
        $allowed ? "allowed" : "disallowed";
    };
    if (!defined $answer) {
        (my $why = $@) =~ s/\s+/ /g;
        $answer = "error: $why";
    }
    print substr($answer, 0, 1000), "\n";
}
