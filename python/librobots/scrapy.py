# SPDX-License-Identifier: MIT
"""librobots.scrapy.RobotParser: librobots as Scrapy's robots.txt parser.

In a Scrapy project's settings:

    ROBOTSTXT_OBEY = True
    ROBOTSTXT_PARSER = "librobots.scrapy.RobotParser"
    # optional: LIBROBOTS_PROFILE = "rfc9309" (or "google", "legacy")
    #           LIBROBOTS_PARSE_LIMIT = 512000

The body Scrapy fetched is parsed as the bytes it is (no decoding: a file
with a byte that is not UTF-8 keeps its rules, where Scrapy's other parsers
drop the whole file), and every check is the library's, in the chosen
profile. A URL the library cannot check (past MAX_URL_BYTES, say) is logged
and not allowed.
"""
import logging

from scrapy.robotstxt import RobotParser as _ScrapyRobotParser

from . import DEFAULT_PARSE_LIMIT, parse

__all__ = ["RobotParser"]

logger = logging.getLogger(__name__)


class RobotParser(_ScrapyRobotParser):
    """scrapy.robotstxt.RobotParser over a librobots Document, parsed for
    verdicts only (skip_diagnostics: Scrapy never reads diagnostics)."""

    def __init__(self, robotstxt_body, spider, profile="rfc9309",
                 parse_limit=DEFAULT_PARSE_LIMIT):
        self.spider = spider
        self.document = parse(robotstxt_body, profile, parse_limit,
                              skip_diagnostics=True)

    @classmethod
    def from_crawler(cls, crawler, robotstxt_body):
        """The parser for one site's robots.txt body (bytes)."""
        spider = None if not crawler else crawler.spider
        profile, parse_limit = "rfc9309", DEFAULT_PARSE_LIMIT
        if crawler:
            profile = crawler.settings.get("LIBROBOTS_PROFILE", profile)
            parse_limit = crawler.settings.getint("LIBROBOTS_PARSE_LIMIT", parse_limit)
        return cls(robotstxt_body, spider, profile, parse_limit)

    def allowed(self, url, user_agent):
        """May user_agent (str or bytes, Scrapy passes either) fetch url?"""
        try:
            return self.document.allowed(user_agent, url)
        except ValueError as exc:
            logger.warning("librobots cannot check %r for %r (%s): not allowed",
                           url, user_agent, exc,
                           extra={"spider": self.spider})
            return False

    def sitemaps(self):
        """The Sitemap URLs, in file order."""
        return iter([record.value for record in self.document.sitemaps])
