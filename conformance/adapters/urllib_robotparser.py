#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Batch adapter for Python's urllib.robotparser (the standard library).

The body is decoded and split as RobotFileParser.read() does with a fetched
file: strict UTF-8 (an invalid byte raises there, so here it is an error),
then str.splitlines(). One behaviour for every profile.
"""
import urllib.robotparser

from batch_protocol import absolute, serve


def check(profile, robots, agent, url):
    parser = urllib.robotparser.RobotFileParser()
    parser.parse(robots.decode("utf-8").splitlines())
    return parser.can_fetch(agent, absolute(url))


if __name__ == "__main__":
    serve(check)
