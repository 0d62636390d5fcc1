"""Numba cache locator for the frozen bundle: folders that do not depend on where the bundle is.

Numba's own UserProvidedCacheLocator names the cache folder after a hash of
the kernel file's absolute folder, and, in a frozen app, stamps entries with
a hash of the executable. Both are wrong for us: an AppImage is mounted at a
new /tmp/.mount_XXXX on every start and macOS may run an app from a random
translocated path, so every start would compile again and the cache would
grow without end; and the executable does not change when only the kernel
sources (kept as .py files beside it, see packaging/ruletree.spec) change.
Here the folder is `<NUMBA_CACHE_DIR>/<package>` (e.g. `engine.kernels`) and
the stamp is a hash of the kernel's source file.

app.launch selects this class through NUMBA_CACHE_LOCATOR_CLASSES (numba >=
0.62 reads it) in the frozen app only; numba imports this module when the
first cache=True kernel is defined, after NUMBA_CACHE_DIR is set.
"""

from __future__ import annotations

import functools
import hashlib
import os
import sys
from pathlib import Path

from numba.core import config
try:
    from numba.core.caching import UserProvidedCacheLocator
except ImportError:  # numba < 0.62 (which ignores NUMBA_CACHE_LOCATOR_CLASSES anyway)
    from numba.core.caching import _UserProvidedCacheLocator as UserProvidedCacheLocator


def bundle_root() -> Path | None:
    root = getattr(sys, "_MEIPASS", None)
    return Path(root).resolve() if root else None


@functools.lru_cache(maxsize=None)
def _source_hash(path: str) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


class BundleCacheLocator(UserProvidedCacheLocator):
    """Kernels inside the bundle: `<NUMBA_CACHE_DIR>/<package path inside the bundle, dotted>`."""

    def __init__(self, py_func, py_file):
        super().__init__(py_func, py_file)
        package = Path(py_file).resolve().parent.relative_to(bundle_root())
        self._cache_path = os.path.join(config.CACHE_DIR, ".".join(package.parts) or "_top")

    def get_source_stamp(self):
        return _source_hash(str(Path(self._py_file).resolve()))

    @classmethod
    def from_function(cls, py_func, py_file):
        root = bundle_root()
        if root is None or not config.CACHE_DIR or not os.path.isfile(py_file):
            return None
        try:
            Path(py_file).resolve().relative_to(root)
        except ValueError:  # not one of ours (a kernel of another library): numba's usual locators
            return None
        return super().from_function(py_func, py_file)
