#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Batch adapter for Protego, Scrapy's robots.txt parser (Debian:
python3-protego). The body is decoded as Scrapy's ProtegoRobotParser does:
UTF-8, dropping the bytes that do not decode. One behaviour for every
profile.
"""
from protego import Protego

from batch_protocol import absolute, serve


def check(profile, robots, agent, url):
    return Protego.parse(robots.decode("utf-8", "ignore")).can_fetch(absolute(url), agent)


if __name__ == "__main__":
    serve(check)
