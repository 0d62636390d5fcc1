"""Hierarchical fuzzy decision trees (seed 002; ALGORITHMS.md §3): HFDT.

Numeric attributes are fuzzified into k triangular terms over Kohonen centres
(engine.algorithms.fuzzify, stored in the model's fuzzy nodes); nominal ones
keep one crisp term per value. The tree grows through the engine's fuzzy
splitter: a case goes down every term with its membership combined with the
node's by the t-norm (product, or minimum), so a node holds class masses
M(D ∩ class). The split is the attribute (each at most once on a path) with
the largest hierarchical gain HG = HFEntr^D - Σ_g η_g HFEntr^{D^{T_g}}
(engine.kernels.hierarchy; ties: the lower attribute). A node is a leaf when
no attribute is left, when one class holds a share ≥ β0 of its mass, when its
mass is below the minimum membership or below min_mass_share x the root's
mass, or when all its mass is in one class.

The share is ours, not the paper's: the paper's stop (mass below 1) lets a
larger file grow a deeper tree, every case in more nodes (75,924 leaves on
70,000 rows), so HFDT's time grew as rows^1.4-1.6. A minimum share of the
root's mass bounds the tree whatever the size of the file (on the benchmark's
synthetic sets about 270-290 leaves at 0.005 from 1,000 to 64,000 rows), and
changes nothing on a file whose total weight is at most 1 / share (200 cases
of weight 1 at 0.005): there the minimum membership 1 is the larger. Its
default, 0.005, was chosen by 10-fold cross-validation on iris, wine, glass,
pima, breast and synthetic sets of 2,000 x 10 and 10,000 x 20 (and a 70/30
split of 100,000 x 20), among 0, 0.001, 0.002, 0.003, 0.005, 0.007, 0.01, 0.02
and 0.05: the largest share whose accuracy, averaged over the seven sets, is
within half a point of the paper's stop's (0.8132 against 0.8167; 0.007 gives
0.8108). It costs accuracy on the large synthetic sets (10,000 x 20: 0.772
against 0.811; 100,000 x 20: 0.813 against 0.857, CART 0.806) and gains a
little on pima. tests/benchmarks/fuzzy_fit.py --select prints the figures.
The paper's stop is min_mass_share 0, which `reproduce hfdt` uses (PAPER);
fuzzy ID3, HFDT's baseline, keeps 0 as its default.

The answer rule (issue 42) is ours too: the paper answers with the label of the largest
summed firing strength over the leaves reached (`answer=firing_strength`, the label_sum
aggregate); `class_share` sums the firing strengths times the leaves' class distributions and
answers the class of the largest share (fuzzy ID3's rule, the distribution aggregate; with a
hierarchy a case reaching several leaves then gets a class, never a coarse label). The default
`auto` is class shares on a flat problem and the paper's rule with a class hierarchy, chosen by
10-fold cross-validation (tests/benchmarks/hfdt_answer.py): without a hierarchy class shares
average 0.809 against the paper's 0.766 over iris, wine, glass, pima, breast, heart and balance
(better on six of the seven, breast 0.956 against 0.959); with glass's hierarchy they lose the
coarse answers (hierarchical accuracy 0.674 against 0.894, accuracy x precision 0.783 against
0.813). `reproduce hfdt` uses the paper's rule whatever the default (PAPER).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from ..data.encode import EncodedData
from ..data.hierarchy import ClassLevels
from ..data.spec import ProblemSpec
from ..errors import OptionError
from ..i18n import N_, _
from ..kernels.ambiguity import ambiguity, classification_ambiguity
from ..kernels.hierarchy import hierarchical_gain, level_masses
from ..progress import Progress
from ..tree.grow import BestByKey, Stopping, grow
from ..tree.model import Tree
from ..tree.splitters import FuzzySplitter
from .fuzzify import fuzzify, user_terms
from .params import AlgorithmInfo, Param

#: HFDT's default minimum node mass as a share of the root's (chosen by 10-fold cross-validation:
#: the module's notes, tests/benchmarks/fuzzy_fit.py --select); 0 is the paper's stop
MIN_MASS_SHARE = 0.005
#: the answer rules (issue 42): the paper's (each leaf's label gets its firing strength, summed;
#: the label with the largest sum) and the class shares (the firing strengths times the leaves'
#: class distributions, summed: fuzzy ID3's rule); "auto": class shares on a flat problem (no class
#: hierarchy), the paper's rule with a hierarchy (see the module's notes)
ANSWERS = ("auto", "firing_strength", "class_share")
#: the paper's settings (seed 002): no share, the minimum membership alone, its answer rule
PAPER = {"min_mass_share": 0.0, "answer": "firing_strength"}

HFDT = AlgorithmInfo(
    name="hfdt", family="fuzzy", title=N_("HFDT (hierarchical fuzzy tree: hierarchical entropy, leaves at any level)"),
    params=(
        Param("k", 2, N_("fuzzy terms per numeric attribute (Kohonen centres)"), kind="int", minimum=1, maximum=9),
        Param("learning_rate", 0.5, N_("Kohonen learning rate η (falls linearly to 0)"), kind="float", minimum=0.01,
              maximum=1.0),
        Param("epochs", 20, N_("Kohonen passes over the values"), kind="int", minimum=1, maximum=1000),
        Param("beta0", 0.9, N_("β0: a leaf when one class holds this share of the mass"), kind="float", minimum=0.5,
              maximum=1.0),
        Param("min_membership", 1.0, N_("a leaf when the node's membership mass is below this"), kind="float",
              minimum=0.0),
        Param("min_mass_share", MIN_MASS_SHARE, N_(
            "a leaf when the node's membership mass is below this share of the root's, so that a large file still "
            "gives a readable tree quickly (HFDT's default chosen by cross-validation; 0: the minimum membership "
            "alone, HFDT's original stop)"), kind="float", minimum=0.0, maximum=0.5),
        Param("tnorm", "product", N_("how memberships combine along a path"), kind="choice",
              choices=("product", "minimum")),
        Param("seed", 0, N_("seed of the Kohonen visiting order"), kind="int", minimum=0),
        Param("answer", "auto", N_(
            "how the leaves a case reaches give its answer: firing_strength, the label with the largest summed "
            "firing strength (the published rule); class_share, the largest share of the class distributions "
            "weighted by the firing strengths (fuzzy ID3's rule); auto, class shares without a class hierarchy "
            "and the published rule with one (chosen by cross-validation)"), kind="choice", choices=ANSWERS),
    ),
    uses=("hierarchy",),
    missing="fractional",
)


def answer_rule(params: dict, levels: ClassLevels) -> str:
    """The aggregate the tree answers by: "label_sum" (the paper's rule) or "distribution" (class
    shares); "auto": class shares when the problem has no class hierarchy."""
    rule = params.get("answer", "auto")
    if rule not in ANSWERS:
        raise OptionError(_("hfdt parameter answer must be one of {choices}, not {value}").format(
            choices=", ".join(ANSWERS), value=repr(rule)), code="bad_option")
    if rule == "auto":
        rule = "class_share" if levels.h <= 1 else "firing_strength"
    return "distribution" if rule == "class_share" else "label_sum"


def class_levels(spec: ProblemSpec | None, data: EncodedData) -> ClassLevels:
    return ClassLevels(spec.hierarchy if spec is not None else None, list(data.classes))


def best_f_label(levels: ClassLevels, labels: list[str]):
    """The label rule: over every label of every level, the largest acc · pre (ties: the more
    precise label, then the earlier one)."""
    index = {name: i for i, name in enumerate(labels)}
    candidates = []  # (level, label q at that level, pre, tree label index), deepest level first
    for i in reversed(range(levels.h)):
        for q, name in enumerate(levels.labels[i]):
            candidates.append((i, q, levels.precision(name), index[name]))

    def rule(counts: np.ndarray) -> int:
        total = counts.sum()
        if total <= 0:
            return 0
        masses = level_masses(np.ascontiguousarray(counts, dtype=np.float64), levels.ancestor, levels.width)
        best, best_f = 0, -1.0
        for i, q, pre, label in candidates:
            f = masses[i, q] / total * pre
            if f > best_f + 1e-12:
                best, best_f = label, f
        return best

    return rule


def min_mass(data: EncodedData, params: dict) -> float:
    """The stop on a node's membership mass: below the minimum membership, or below
    min_mass_share x the root's mass (the training cases' total weight), whichever is larger."""
    return max(float(params["min_membership"]), float(params.get("min_mass_share", 0.0)) * float(np.sum(data.w)))


def fit_hfdt(data: EncodedData, spec: ProblemSpec | None, params: dict, progress: Progress | None = None) -> Tree:
    levels = class_levels(spec, data)
    terms = fuzzify(data, params["k"], params["learning_rate"], params["epochs"], params["seed"], **user_terms(spec),
                    warnings=data.warnings)
    labels = list(data.classes) + levels.coarse_labels()
    ancestor, width = levels.ancestor, levels.width

    def score(bags: np.ndarray, total: float, j: int):
        gain, after = hierarchical_gain(np.ascontiguousarray(bags, dtype=np.float64), ancestor, width)
        return gain, {"gain": gain, "entropy_after": after}

    splitter = FuzzySplitter(data, terms.terms, score, tnorm=params["tnorm"], missing="fractional", labels=labels,
                             names=terms.names, aggregate=answer_rule(params, levels))
    stopping = Stopping(min_samples_split=1, min_samples_leaf=0, min_impurity_decrease=None,
                        max_class_share=params["beta0"], min_mass=min_mass(data, params))
    return grow(splitter, choice=BestByKey("value", margin=1e-12), label_rule=best_f_label(levels, labels),
                stopping=stopping, progress=progress, message=_("growing the HFDT tree"))


FUZZY_ID3 = AlgorithmInfo(
    name="fuzzy_id3", family="fuzzy",
    title=N_("Fuzzy ID3 (fuzzy entropy at one level of the class hierarchy; class proportions in the leaves)"),
    # the same parameters, but fuzzy ID3 keeps the published stop (no share) by default: it is HFDT's baseline
    params=tuple(replace(p, default=0.0) if p.name == "min_mass_share" else p for p in HFDT.params
                 if p.name != "answer") + (
        Param("level", None, N_("the hierarchy level it learns and answers at (empty: the classes)"), kind="choice",
              choices_from="hierarchy_levels"),
    ),
    uses=("hierarchy",),
    missing="fractional",
)


@dataclass(frozen=True)
class LevelStopping(Stopping):
    """Stopping at one level: the share (β0, β) and "all mass in one label" read the node's
    masses of that level's labels (`view`: a OneLevel)."""

    view: "OneLevel | None" = None
    level_share: float = 1.0

    def stops(self, cases) -> bool:
        if super().stops(cases):
            return True
        masses = self.view.masses(cases.counts)
        total = masses.sum()
        return total > 0 and (masses.max() / total >= self.level_share or np.count_nonzero(masses) <= 1)


class OneLevel:
    """A flat learner's view of one hierarchy level: the tree's labels (classes, then coarse
    labels), each class's label at that level, and the level's masses of a node."""

    def __init__(self, spec: ProblemSpec | None, data: EncodedData, level: int | None, algorithm: str):
        levels = class_levels(spec, data)
        self.level = level or levels.h
        if self.level > levels.h:
            raise OptionError(_("{algorithm} parameter level: the class hierarchy has {levels} level(s), not "
                                "{level}").format(algorithm=algorithm, levels=levels.h, level=self.level),
                              code="bad_option")
        self.row = levels.ancestor[self.level - 1:self.level].copy()  # class -> label q of the level
        self.width = len(levels.labels[self.level - 1])
        self.labels = list(data.classes) + levels.coarse_labels()
        index = {name: i for i, name in enumerate(self.labels)}
        self.level_labels = [index[name] for name in levels.labels[self.level - 1]]
        self.onehot = np.zeros((len(data.classes), self.width))
        self.onehot[np.arange(len(data.classes)), self.row[0]] = 1.0

    def masses(self, counts: np.ndarray) -> np.ndarray:
        """Class masses (..., K) summed into the level's labels (..., width)."""
        return np.asarray(counts, dtype=np.float64) @ self.onehot

    def label_rule(self, counts: np.ndarray) -> int:
        """The level's label with the most mass (ties: the first)."""
        return self.level_labels[int(np.argmax(self.masses(counts)))]

    def answer_as(self) -> list[int]:
        return [self.level_labels[q] for q in self.row[0]]


def fit_fuzzy_id3(data: EncodedData, spec: ProblemSpec | None, params: dict,
                  progress: Progress | None = None) -> Tree:
    """Fuzzy ID3 (Umano et al. 1994; Janikow 1998; ALGORITHMS.md §3.5) trained at one level of the
    hierarchy: the same terms and growth as HFDT, the gain by fuzzy entropy over that level's
    labels, a leaf when one label holds ≥ β0 of the mass or the mass is below the minimum; a
    leaf keeps its class masses, and a case's score of a label is Σ_leaves firing strength x the
    leaf's share of the label's classes (tree.answer_as)."""
    view = OneLevel(spec, data, params.get("level"), "fuzzy_id3")
    terms = fuzzify(data, params["k"], params["learning_rate"], params["epochs"], params["seed"], **user_terms(spec),
                    warnings=data.warnings)

    def score(bags: np.ndarray, total: float, j: int):
        gain, after = hierarchical_gain(np.ascontiguousarray(bags, dtype=np.float64), view.row, view.width)
        return gain, {"gain": gain, "entropy_after": after}

    splitter = FuzzySplitter(data, terms.terms, score, tnorm=params["tnorm"], missing="fractional",
                             labels=view.labels, names=terms.names)
    stopping = LevelStopping(min_samples_split=1, min_samples_leaf=0, min_impurity_decrease=None,
                             min_mass=min_mass(data, params), view=view, level_share=params["beta0"])
    tree = grow(splitter, choice=BestByKey("value", margin=1e-12), label_rule=view.label_rule, stopping=stopping,
                progress=progress, message=_("growing the fuzzy ID3 tree"))
    tree.answer_as = view.answer_as()
    return tree


MIN_AMBIGUITY = AlgorithmInfo(
    name="min_ambiguity", family="fuzzy",
    title=N_("Min-Ambiguity (Yuan & Shaw: least classification ambiguity, min t-norm, max rules)"),
    params=tuple(p for p in HFDT.params if p.name in ("k", "learning_rate", "epochs", "seed")) + (
        Param("alpha", 0.1, N_("significance level α: memberships below it count as 0"), kind="float", minimum=0.0,
              maximum=0.99),
        Param("beta", 0.8, N_("truth level β: a leaf when a class's subsethood reaches it"), kind="float",
              minimum=0.5, maximum=1.0),
        Param("level", None, N_("the hierarchy level it learns and answers at (empty: the classes)"), kind="choice",
              choices_from="hierarchy_levels"),
    ),
    uses=("hierarchy",),
    missing="fractional",
)


def fit_min_ambiguity(data: EncodedData, spec: ProblemSpec | None, params: dict,
                      progress: Progress | None = None) -> Tree:
    """Min-Ambiguity (Yuan & Shaw 1995; ALGORITHMS.md §3.5) at one level of the hierarchy: the
    attribute of least classification ambiguity G(A | F); a branch is expanded only by an
    attribute with G below the branch's own ambiguity g(π(C | F)); a leaf when a label's
    subsethood (its share of the node's mass) reaches β; ∩ = min; the leaf's label is the label
    of highest truth. A case's membership in a label is the max over that label's rules of the
    min of its memberships along the rule (tree: minimum t-norm, label_max). Memberships below
    α count as 0 while learning."""
    view = OneLevel(spec, data, params.get("level"), "min_ambiguity")
    terms = fuzzify(data, params["k"], params["learning_rate"], params["epochs"], params["seed"], **user_terms(spec),
                    warnings=data.warnings)

    def score(bags: np.ndarray, total: float, j: int):
        by_label = np.ascontiguousarray(view.masses(bags))
        now = ambiguity(by_label.sum(axis=0))
        after = classification_ambiguity(by_label)
        return now - after, {"G": after, "g_node": now}

    # Yuan & Shaw's significance level: a case whose membership in a child (min of node and term)
    # is below α does not go there
    splitter = FuzzySplitter(data, terms.terms, score, tnorm="minimum", missing="fractional", labels=view.labels,
                             names=terms.names, aggregate="label_max", floor=params["alpha"])
    stopping = LevelStopping(min_samples_split=1, min_samples_leaf=0, min_impurity_decrease=None, min_value=1e-12,
                             view=view, level_share=params["beta"])
    return grow(splitter, choice=BestByKey("value", margin=1e-12), label_rule=view.label_rule, stopping=stopping,
                progress=progress, message=_("growing the Min-Ambiguity tree"))


ALGORITHMS = (replace(HFDT, fit=fit_hfdt), replace(FUZZY_ID3, fit=fit_fuzzy_id3),
              replace(MIN_AMBIGUITY, fit=fit_min_ambiguity))
