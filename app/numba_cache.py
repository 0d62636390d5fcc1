"""Numba cache locator for the frozen bundle: folders that do not depend on where the bundle is.

Numba's own UserProvidedCacheLocator names the cache folder after a hash of
the kernel file's absolute folder, and, in a frozen app, stamps entries with
a hash of the executable. Both are wrong for us: an AppImage is mounted at a
new /tmp/.mount_XXXX on every start and macOS may run an app from a random
translocated path, so every start would compile again and the cache would
grow without end; and the executable does not change when only the kernel
sources (kept as .py files beside it, see packaging/ruletree.spec) change
(a rebuild with the same version number must not load stale kernels).
Here the folder is `<NUMBA_CACHE_DIR>/<package>` (e.g. `engine.kernels`) and
the stamp is a hash of the kernel's source file.

app.launch selects this class through NUMBA_CACHE_LOCATOR_CLASSES (read by
the numba the bundle is built with, 0.68) in the frozen app only; numba imports this module when the
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
except ImportError:  # older numba names it with an underscore
    from numba.core.caching import _UserProvidedCacheLocator as UserProvidedCacheLocator


OWN_PACKAGES = ("engine", "app")


@functools.lru_cache(maxsize=None)
def _source_hash(path: str) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


class BundleCacheLocator(UserProvidedCacheLocator):
    """Our kernels in the frozen app: `<NUMBA_CACHE_DIR>/<the kernel's package>`, e.g. `engine.kernels`.

    Named after the module, not the file's folder: the .app on macOS keeps the
    .py files under Contents/Resources behind symlinks, an AppImage under a new
    mount point each start; the package name is the same everywhere.
    """

    def __init__(self, py_func, py_file):
        super().__init__(py_func, py_file)
        package = py_func.__module__.rpartition(".")[0] or "_top"
        self._cache_path = os.path.join(config.CACHE_DIR, package)

    def get_source_stamp(self):
        return _source_hash(str(Path(self._py_file).resolve()))

    @classmethod
    def from_function(cls, py_func, py_file):
        if not getattr(sys, "frozen", False) or not config.CACHE_DIR or not os.path.isfile(py_file):
            return None
        if (py_func.__module__ or "").split(".")[0] not in OWN_PACKAGES:
            return None  # a kernel of another library: numba's usual locators
        return super().from_function(py_func, py_file)
