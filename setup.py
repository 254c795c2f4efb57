"""Builds the native module sqlroute._core with the project's CMake build.

`pip install --no-build-isolation .` runs this through setuptools; metadata lives in
pyproject.toml. CMake configures only what the extension needs (no tests, no benchmarks)
in a build directory of its own and places `_core` straight into setuptools' package dir.
"""

import os
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


class CMakeExtension(Extension):
    """An extension whose sources are built by CMake, not by setuptools."""

    def __init__(self, name: str, target: str) -> None:
        super().__init__(name, sources=[])
        self.target = target


class CMakeBuild(build_ext):
    def build_extension(self, ext: CMakeExtension) -> None:
        package_dir = Path(self.get_ext_fullpath(ext.name)).resolve().parent
        build_dir = Path(self.build_temp).resolve() / "cmake"
        build_dir.mkdir(parents=True, exist_ok=True)
        configure = [
            "cmake", "-S", str(ROOT), "-B", str(build_dir),
            "-DCMAKE_BUILD_TYPE=Release",
            "-DSQLROUTE_BUILD_TESTS=OFF",
            "-DSQLROUTE_BUILD_BENCH=OFF",
            f"-DSQLROUTE_PYTHON_PACKAGE_DIR={package_dir}",
            f"-DPython_EXECUTABLE={sys.executable}",
        ]
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", "2")
        subprocess.run(configure, check=True)
        subprocess.run(["cmake", "--build", str(build_dir), "--target", ext.target, "-j", jobs], check=True)


setup(
    ext_modules=[CMakeExtension("sqlroute._core", target="_core")],
    cmdclass={"build_ext": CMakeBuild},
    options={"build": {"build_base": "build-pip"}},
)
