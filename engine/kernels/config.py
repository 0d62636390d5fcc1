"""Compiler options for every kernel, in one place.

`cache=True` keeps compiled kernels between runs (NUMBA_CACHE_DIR, set by the
frozen app to a per-user, per-version folder, decides where); `nogil=True`
lets a GUI worker thread run them without blocking the interface.
"""

JIT = dict(cache=True, nogil=True)
