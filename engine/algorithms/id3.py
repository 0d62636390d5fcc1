"""ID3 (Quinlan 1986; ALGORITHMS.md §0).

Information gain Gain(A) = Info(D) - Σ_v |U_v|/n · Info(U_v), Info = -Σ p log2 p;
multiway splits, one branch per value (nominal and ordinal attributes) or per
interval (numeric attributes, discretised by Fayyad & Irani's entropy/MDL
method on the training cases); each attribute is used at most once on a path;
a node becomes a leaf when it is pure or no attribute is left that still
separates its cases. Ties go to the lower attribute index.

Missing values (ID3 has none): the gain is computed on the cases with a value
and scaled by their share; at a split, cases with the value missing stay in
the node (its distribution and label), as the internal-node strategy of seed
003, and prediction stops there too.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from ..data.encode import EncodedData
from ..data.spec import ProblemSpec
from ..i18n import N_
from ..progress import Progress
from ..tree.grow import BestByKey, GrowthParts, Stopping
from ..tree.model import Tree
from ..tree.splitters import CodesSplitter
from .c45 import info_gain
from .discretize import mdl_cuts
from .hierarchy_labels import with_hierarchy_labels
from .params import AlgorithmInfo, Param


def discretised_codes(data: EncodedData, uncut=None) -> tuple[np.ndarray, list[list[float] | None], list[int]]:
    """Codes per attribute (category codes, or interval indices from MDL cuts),
    the cuts (None for category attributes) and the number of values of each. `uncut(column)`:
    the cuts of a numeric column MDL leaves uncut (None: it stays one interval)."""
    codes = np.empty_like(data.X)
    cuts: list[list[float] | None] = []
    sizes: list[int] = []
    for j, attr in enumerate(data.schema.attributes):
        column = data.X[:, j]
        if attr.categories is not None:
            codes[:, j] = column
            cuts.append(None)
            sizes.append(len(attr.categories))
        else:
            c = mdl_cuts(column, data.y, data.w, len(data.classes))
            if not c and uncut is not None:
                c = uncut(column) or c
            known = column == column
            codes[:, j] = np.nan
            codes[known, j] = np.searchsorted(np.asarray(c), column[known], side="left")
            cuts.append(c)
            sizes.append(len(c) + 1)
    return codes, cuts, sizes


ID3 = AlgorithmInfo(
    name="id3", family="classic", title=N_("ID3 (information gain, multiway, MDL discretisation)"),
    params=(Param("max_depth", None, N_("deepest level (empty: no limit)"), kind="int", minimum=1),),
    uses=(),
    missing="stop",
)


def information_gains(tables: np.ndarray, total: float) -> tuple[np.ndarray, dict, np.ndarray]:
    """Gain(A) = Info(D) - Σ_v |U_v|/n · Info(U_v) in bits, scaled by the share of known values,
    for every attribute of a node at once (stacked tables, attributes x values x classes; zero
    rows beyond an attribute's values change nothing); attributes with cases in two values or
    more offer a split."""
    offered = np.count_nonzero(tables.sum(axis=2) > 0, axis=1) >= 2
    return info_gain(tables, total), {}, offered


def id3_parts(data: EncodedData, spec: ProblemSpec | None, params: dict) -> GrowthParts:
    """ID3's growth parts: multiway splits on values or MDL intervals by information gain
    (the first largest, a later one must beat it by 1e-12); a leaf when pure or nothing separates."""
    codes, cuts, sizes = discretised_codes(data)
    splitter = CodesSplitter(data, codes, sizes, cuts, table_score=information_gains, missing="stay")
    stopping = Stopping(max_depth=params.get("max_depth"), min_samples_split=1, min_samples_leaf=0,
                        min_impurity_decrease=None)
    return GrowthParts(splitter, choice=BestByKey("value", margin=1e-12), stopping=stopping,
                       message=N_("growing the ID3 tree"), criterion_name="information_gain")


def fit_id3(data: EncodedData, spec: ProblemSpec | None, params: dict, progress: Progress | None = None) -> Tree:
    return id3_parts(data, spec, params).grow(progress)


ALGORITHMS = (with_hierarchy_labels(replace(ID3, fit=fit_id3, parts=id3_parts)),)
