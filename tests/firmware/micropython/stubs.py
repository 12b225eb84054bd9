"""A typeshed folder in which mypy sees MicroPython's world instead of CPython's.

micropython-rp2-rpi-pico-stubs installs the board's modules (machine, rp2, time...) at the
top of site-packages and MicroPython's standard library as a typeshed ``stdlib`` folder.
mypy takes the standard library only from its typeshed, so the board's modules are put
into a copy of that folder (and its VERSIONS list) for ``--custom-typeshed-dir``.
"""

from __future__ import annotations

import shutil
import sysconfig
from pathlib import Path


def typeshed_for_micropython(target: Path) -> Path:
    site = Path(sysconfig.get_paths()["purelib"])
    stdlib = target / "stdlib"
    shutil.copytree(site / "stdlib", stdlib)
    shutil.copytree(site / "stubs", target / "stubs")  # mypy_extensions, which mypy needs
    versions = stdlib / "VERSIONS"
    listed = {line.split(":")[0] for line in versions.read_text().splitlines() if ":" in line}
    added = []
    for stub in [*site.glob("*.pyi"), site / "rp2"]:
        name = stub.name.removesuffix(".pyi")
        if (stdlib / stub.name).exists() or (stdlib / name).is_dir():
            continue
        (shutil.copytree if stub.is_dir() else shutil.copy)(stub, stdlib / stub.name)
        if name not in listed:
            added.append(f"{name}: 3.0-\n")
    with versions.open("a") as f:
        f.writelines(added)
    return target
