# SPDX-License-Identifier: MIT
# Type stubs of librobots.scrapy.
from typing import Any, Iterator, Optional, Union

from . import Document


class RobotParser:
    spider: Any
    document: Document
    def __init__(self, robotstxt_body: Union[bytes, str], spider: Any,
                 profile: str = ..., parse_limit: int = ...) -> None: ...
    @classmethod
    def from_crawler(cls, crawler: Any, robotstxt_body: bytes) -> "RobotParser": ...
    def allowed(self, url: Union[str, bytes], user_agent: Union[str, bytes]) -> bool: ...
    def sitemaps(self) -> Iterator[str]: ...
