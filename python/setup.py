# SPDX-License-Identifier: MIT
"""setup.py - builds the Python package librobots: the pure-Python modules of
librobots/ and the C extension librobots._librobots, which is compiled from
the binding's sources (src/) together with the library's own sources
(../lib/src), so that the package needs nothing installed but a C compiler
and Python's headers. ROBOTS_SOURCE_DIR names another checkout of the
library. Install offline with

    pip install --no-build-isolation ./python
"""
import glob
import os
import re

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))


def library_root():
    root = os.path.abspath(os.environ.get("ROBOTS_SOURCE_DIR", os.path.join(HERE, "..")))
    if not os.path.isfile(os.path.join(root, "lib", "include", "robots.h")):
        raise SystemExit(
            "librobots: the library's sources are not at %s (lib/include/robots.h); "
            "build from the repository (pip install --no-build-isolation ./python, "
            "which pip builds in place) or set ROBOTS_SOURCE_DIR" % root
        )
    return root


def library_version(root):
    """MAJOR.MINOR.PATCH, read from robots_common.h as CMake reads it."""
    with open(os.path.join(root, "lib", "include", "robots_common.h"), encoding="utf-8") as f:
        text = f.read()
    parts = [re.search(r"^#define ROBOTS_VERSION_%s (\d+)$" % p, text, re.M).group(1)
             for p in ("MAJOR", "MINOR", "PATCH")]
    return ".".join(parts)


class BuildExt(build_ext):
    """C11, and nothing of the library exported but the module's init."""

    def build_extensions(self):
        if self.compiler.compiler_type == "unix":
            for ext in self.extensions:
                ext.extra_compile_args += ["-std=c11", "-fvisibility=hidden"]
        super().build_extensions()


ROOT = library_root()
LIB_SOURCES = sorted(glob.glob(os.path.join(ROOT, "lib", "src", "*", "*.c")))
BINDING_SOURCES = sorted(glob.glob(os.path.join(HERE, "src", "*.c")))

setup(
    name="librobots",
    version=library_version(ROOT),
    description="The Robots Exclusion Protocol (robots.txt, RFC 9309): "
                "librobots for Python, with a urllib.robotparser drop-in and a Scrapy backend",
    long_description=open(os.path.join(HERE, "README.md"), encoding="utf-8").read(),
    long_description_content_type="text/markdown",
    license="MIT",
    python_requires=">=3.9",
    packages=["librobots"],
    package_dir={"librobots": os.path.join("librobots")},
    package_data={"librobots": ["*.pyi", "py.typed"]},
    ext_modules=[
        Extension(
            "librobots._librobots",
            sources=BINDING_SOURCES + LIB_SOURCES,
            include_dirs=[os.path.join(ROOT, "lib", "include")]
            + [os.path.join(ROOT, "lib", "src", d) for d in ("common", "robotstxt", "web", "aipref")],
            define_macros=[("ROBOTS_STATIC", None)],
        )
    ],
    cmdclass={"build_ext": BuildExt},
    classifiers=[
        "License :: OSI Approved :: MIT License",
        "Programming Language :: C",
        "Programming Language :: Python :: 3",
        "Topic :: Internet :: WWW/HTTP :: Indexing/Search",
    ],
)
