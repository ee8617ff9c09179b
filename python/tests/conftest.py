# SPDX-License-Identifier: MIT
"""conftest.py - what the package's tests share: where the repository is
(ROBOTS_SOURCE_DIR, set by ctest; else two folders up)."""
import os

REPO = os.path.abspath(os.environ.get("ROBOTS_SOURCE_DIR",
                                      os.path.join(os.path.dirname(__file__), "..", "..")))
CASES_DIR = os.path.join(REPO, "conformance", "cases")
