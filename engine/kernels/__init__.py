"""Numba kernels: they loop over typed arrays and nothing else. Plain-Python
twins for the tests live in tests/naive.py."""
