# SPDX-License-Identifier: MIT
"""scrapy_crawl.py - one Scrapy crawl with ROBOTSTXT_OBEY = True, run by
test_scrapy.py in a process of its own (Twisted's reactor runs once per
process). It follows every link from the start URLs and writes the crawl's
own stats as JSON; its log (DEBUG) goes to a file. Not a test itself.

Usage: scrapy_crawl.py ROBOTSTXT_PARSER STATS_JSON LOG_FILE START_URL...
"""
import json
import sys

import scrapy
from scrapy.crawler import CrawlerProcess


class FollowEverything(scrapy.Spider):
    name = "follow-everything"

    def parse(self, response):
        for href in response.css("a::attr(href)").getall():
            yield response.follow(href, callback=self.parse)


def main(argv):
    parser, stats_path, log_path = argv[1:4]
    process = CrawlerProcess(settings={
        "ROBOTSTXT_OBEY": True,
        "ROBOTSTXT_PARSER": parser,
        "USER_AGENT": "ExampleBot/1.0 (+http://127.0.0.1/bot.html)",
        "LOG_LEVEL": "DEBUG",
        "LOG_FILE": log_path,
        "TELNETCONSOLE_ENABLED": False,
        "RETRY_ENABLED": False,
        "COOKIES_ENABLED": False,
        "DOWNLOAD_TIMEOUT": 10,
        "CONCURRENT_REQUESTS": 8,
        "REQUEST_FINGERPRINTER_IMPLEMENTATION": "2.7",
    })
    crawler = process.create_crawler(FollowEverything)
    process.crawl(crawler, start_urls=argv[4:])
    process.start()
    with open(stats_path, "w", encoding="utf-8") as f:
        json.dump({k: v for k, v in crawler.stats.get_stats().items()
                   if isinstance(v, (int, float, str))}, f, indent=1, sort_keys=True)


if __name__ == "__main__":
    main(sys.argv)
