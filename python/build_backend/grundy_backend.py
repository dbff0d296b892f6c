# SPDX-License-Identifier: MIT
"""A PEP 517 build backend in the standard library alone, so that `pip install ./python` needs no
package from any registry. It builds one wheel of grundy/ with libgrundy inside: the library named
by GRUNDY_LIBRARY while building, or else the one it builds from the repository's sources around
python/ with CMake and the C compiler (in a temporary folder, or in GRUNDY_BUILD_DIR to reuse a
build). The wheel is then tagged for this platform. Built from an sdist, away from the sources, the
wheel is pure Python and the package loads the library the system loader finds."""
import base64
import glob
import hashlib
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import zipfile

NAME, VERSION = "grundy", "0.2.0"
HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DIST_INFO = f"{NAME}-{VERSION}.dist-info"
METADATA = (f"Metadata-Version: 2.1\nName: {NAME}\nVersion: {VERSION}\n"
            "Summary: Impartial combinatorial games over libgrundy\nLicense: MIT\n"
            "Requires-Python: >=3.8\n")


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


SOURCES = os.path.dirname(HERE)  # the repository: python/ is one of its folders
SONAME = "libgrundy.so.1"
# Only the shared library: no tool, tests, examples or MPI, so a C compiler and CMake suffice.
CMAKE_OPTIONS = ["-DCMAKE_BUILD_TYPE=Release", "-DGRUNDY_BUILD_TESTS=OFF", "-DGRUNDY_BUILD_CLI=OFF",
                 "-DGRUNDY_BUILD_EXAMPLES=OFF", "-DGRUNDY_BUILD_BENCH=OFF",
                 "-DGRUNDY_BUILD_FUZZ=OFF", "-DGRUNDY_WITH_MPI=OFF", "-DGRUNDY_SANITIZE="]


def _run(cmd):
    # pip shows a backend's output with -v, and all of it when the build fails
    print("grundy_backend:", " ".join(cmd), file=sys.stderr, flush=True)
    done = subprocess.run(cmd, stdout=sys.stderr, stderr=sys.stderr)
    if done.returncode != 0:
        raise RuntimeError(f"grundy_backend: '{' '.join(cmd)}' failed (exit {done.returncode}); "
                           "building libgrundy needs cmake and a C compiler (sh scripts/main-job.sh "
                           "installs both), or set GRUNDY_LIBRARY to a built libgrundy.so")


def _build_library(build):
    """Configure and build libgrundy's shared library in `build`; return its bytes."""
    if shutil.which("cmake") is None:
        raise RuntimeError("grundy_backend: cmake not found; building libgrundy needs cmake and a "
                           "C compiler (Debian: apt-get install cmake gcc libc6-dev make), or set "
                           "GRUNDY_LIBRARY to a built libgrundy.so")
    _run(["cmake", "-S", SOURCES, "-B", build] + CMAKE_OPTIONS)
    jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL") or str(os.cpu_count() or 2)
    _run(["cmake", "--build", build, "--target", "grundy_shared", "-j", jobs])
    found = glob.glob(os.path.join(build, "**", SONAME), recursive=True)
    if not found:
        raise RuntimeError(f"grundy_backend: the build in {build} made no {SONAME}")
    with open(os.path.realpath(found[0]), "rb") as f:
        return f.read()


def _library():
    """The bytes of the libgrundy to bundle, or None when there is none to bundle."""
    lib = os.environ.get("GRUNDY_LIBRARY")
    if lib:
        with open(os.path.realpath(lib), "rb") as f:
            return f.read()
    if not os.path.exists(os.path.join(SOURCES, "src", "CMakeLists.txt")):
        return None  # an sdist, away from the sources
    build = os.environ.get("GRUNDY_BUILD_DIR")
    if build:
        return _build_library(os.path.abspath(build))
    with tempfile.TemporaryDirectory(prefix="grundy-wheel-") as tmp:
        return _build_library(tmp)


def _files():
    """(arcname, bytes) of every file of the package, and whether a library is among them."""
    pkg = os.path.join(HERE, NAME)
    out = []
    for f in sorted(os.listdir(pkg)):
        if f.endswith((".py", ".typed")):
            with open(os.path.join(pkg, f), "rb") as src:
                out.append((f"{NAME}/{f}", src.read()))
    lib = _library()
    if lib is not None:
        out.append((f"{NAME}/{SONAME}", lib))
    return out, lib is not None


def _record_line(arcname, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{arcname},sha256={digest},{len(data)}"


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    path = os.path.join(metadata_directory, DIST_INFO)
    os.makedirs(path, exist_ok=True)
    with open(os.path.join(path, "METADATA"), "w", encoding="utf-8") as f:
        f.write(METADATA)
    return DIST_INFO


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    files, native = _files()
    plat = sysconfig.get_platform().replace("-", "_").replace(".", "_") if native else "any"
    tag = f"py3-none-{plat}"
    wheel_name = f"{NAME}-{VERSION}-{tag}.whl"
    records = []
    with zipfile.ZipFile(os.path.join(wheel_directory, wheel_name), "w",
                         zipfile.ZIP_DEFLATED) as z:
        def add(arcname, data):
            z.writestr(arcname, data)
            records.append(_record_line(arcname, data))
        for arcname, data in files:
            add(arcname, data)
        add(f"{DIST_INFO}/METADATA", METADATA.encode())
        add(f"{DIST_INFO}/WHEEL", (f"Wheel-Version: 1.0\nGenerator: grundy_backend\n"
                                   f"Root-Is-Purelib: {'false' if native else 'true'}\n"
                                   f"Tag: {tag}\n").encode())
        records.append(f"{DIST_INFO}/RECORD,,")
        z.writestr(f"{DIST_INFO}/RECORD", "\n".join(records) + "\n")
    return wheel_name


def build_sdist(sdist_directory, config_settings=None):
    import tarfile
    name = f"{NAME}-{VERSION}"
    path = os.path.join(sdist_directory, f"{name}.tar.gz")
    with tarfile.open(path, "w:gz") as t:
        for rel in ["pyproject.toml", "build_backend/grundy_backend.py"] + \
                [f"{NAME}/{f}" for f in sorted(os.listdir(os.path.join(HERE, NAME)))
                 if f.endswith(".py")]:
            t.add(os.path.join(HERE, rel), arcname=f"{name}/{rel}")
        info = tarfile.TarInfo(f"{name}/PKG-INFO")
        data = METADATA.encode()
        info.size = len(data)
        import io
        t.addfile(info, io.BytesIO(data))
    return os.path.basename(path)
