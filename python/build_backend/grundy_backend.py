# SPDX-License-Identifier: MIT
"""A PEP 517 build backend in the standard library alone, so that `pip install ./python` needs no
package from any registry. It builds one pure-Python wheel of grundy/; with GRUNDY_LIBRARY set
while building, that shared library is copied into the package (the wheel is then tagged for this
platform)."""
import base64
import hashlib
import os
import sysconfig
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


def _files():
    pkg = os.path.join(HERE, NAME)
    out = [(os.path.join(pkg, f), f"{NAME}/{f}") for f in sorted(os.listdir(pkg))
           if f.endswith(".py")]
    lib = os.environ.get("GRUNDY_LIBRARY")
    if lib:
        out.append((os.path.realpath(lib), f"{NAME}/libgrundy.so"))
    return out, bool(lib)


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
        for src, arcname in files:
            with open(src, "rb") as f:
                add(arcname, f.read())
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
