"""The papers' synthetic data generators."""

from __future__ import annotations

import numpy as np

from .data.encode import AttributeSchema, DataSchema, EncodedData


def monotone_data(n: int, k: int, seed: int = 0) -> EncodedData:
    """Seed 000 eq. 10 (after Hu et al.): x1, x2 ~ U[0, 1],
    f = 1 + x1 + (x2² - x1²) / 2 with range exactly [1, 2],
    class = min(k - 1, floor(k · (f - 1))); both attributes increasing."""
    rng = np.random.default_rng(seed)
    X = rng.random((n, 2))
    f = 1 + X[:, 0] + 0.5 * (X[:, 1] ** 2 - X[:, 0] ** 2)
    y = np.minimum(k - 1, np.floor(k * (f - 1))).astype(np.int64)
    schema = DataSchema("class", [str(c + 1) for c in range(k)], True,
                        [AttributeSchema("x1", "numeric", monotone=1), AttributeSchema("x2", "numeric", monotone=1)])
    return EncodedData(X, y, np.ones(n), schema, np.arange(n))
