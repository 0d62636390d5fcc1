"""Each leaf's (each rule's) support, a Wilson score interval for its confidence, and the
"few cases" flag (issue 39, item 1).

- `wilson(successes, n, level)`: the Wilson score interval of a share successes / n, z the
  normal quantile of (1 + level) / 2; n may be fractional (weighted cases).
- The **effective number of cases** of a node: with case weights w (a learner's weights, or the
  shares a case with a missing value brings down each branch, C4.5), Kish's
  n_eff = (Σ w)² / Σ w², which is n when every weight is 1 (or every weight the same). The
  tree's counts keep Σ w per class only, so `count_effective_cases` routes the training rows
  again down the tree, as the learner sent them (engine.tree.node_cases.divide_as_learned), and
  keeps n_eff = weight · Σ w / Σ w² (= (Σ w)² / Σ w² when the routing gives the node its counts'
  weight) of every node where it differs from the node's weight. Weights 1, 1, 1, 1, 3 are
  7² / 13 = 3.77 effective cases; the formula does not depend on the weights' scale (weights
  summing to 1 count the cases as well as whole ones), and shares of cases (C4.5's missing
  values: 2 whole cases and 0.75 of a third) count as cases of unequal weight, (2.75)² / 2.5625
  = 2.95. Training (and every edit made
  on the data) stores it on the tree (`Tree.effective_cases`); the model file keeps it as
  ``tree.effective_cases``, [[node, n_eff], ...] with the file's node numbers, written whenever it
  was counted (an empty list: every node's n_eff is its weight). A reader that ignores the key
  (an older RuleTree Studio) answers every case as before, so it adds no model version.
- A model without it (a file written before, an imported PMML tree: no training rows) takes
  n_eff = the node's weight, exact for unweighted cases; `LeafTrust.assumed` says so, and the
  tooltips do.
- `leaf_trust(tree, node, settings)`: the node's `LeafTrust`, flagged "few cases" when n_eff is
  below `settings.min_cases` or the interval is wider than `settings.max_interval_width`, with
  the sentence saying why (translated).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist

import numpy as np

from ..data.spec.trust import TrustSettings
from ..i18n import _
from ..tree.model import PENDING


def z_value(level: float) -> float:
    """The two-sided normal quantile of a confidence level (0.95 -> 1.95996...)."""
    if not 0.0 < level < 1.0:
        raise ValueError(f"a confidence level is between 0 and 1, not {level}")
    return NormalDist().inv_cdf(0.5 + level / 2.0)


def wilson(successes: float, n: float, level: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval (low, high) of the share successes / n at `level`; n <= 0:
    (0, 1), nothing is known."""
    if n <= 0:
        return 0.0, 1.0
    p = min(max(successes / n, 0.0), 1.0)
    z = z_value(level)
    z2 = z * z
    denominator = 1.0 + z2 / n
    centre = (p + z2 / (2.0 * n)) / denominator
    half = z * math.sqrt(p * (1.0 - p) / n + z2 / (4.0 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


# ---- the effective number of cases ------------------------------------------------------------


def count_effective_cases(tree, X: np.ndarray, w: np.ndarray | None, policy: str) -> dict[int, float]:
    """Per node (ids in memory) whose effective number of cases differs from its weight: that
    number (module docstring), the training rows X (weights w) routed under the learner's
    training policy (engine.tree.node_cases.training_policy)."""
    # deferred: engine.tree.node_cases reads the splitters (only when a tree is counted)
    from ..tree.node_cases import divide_as_learned

    X = np.asarray(X, np.float64)
    weights = np.ones(len(X)) if w is None else np.asarray(w, np.float64)
    out: dict[int, float] = {}
    stack = [(0, np.arange(len(X)), weights)]
    while stack:
        i, rows, cw = stack.pop()
        node = tree.nodes[i]
        s1, s2 = float(cw.sum()), float(np.square(cw).sum())
        weight = node.weight
        n_eff = weight * s1 / s2 if s2 > 0 else weight
        if abs(n_eff - weight) > 1e-9 * max(1.0, weight):
            out[i] = n_eff
        if node.children and len(rows):
            for child, (r, w_child) in zip(node.children, divide_as_learned(tree, node, X, rows, cw, policy)):
                stack.append((child, r, w_child))
    return out


def keep_effective_cases(tree, X: np.ndarray, w: np.ndarray | None, info) -> None:
    """Store on `tree` its nodes' effective numbers of cases, counted on its training rows under
    the learner's (AlgorithmInfo's) training policy."""
    # deferred: engine.tree.node_cases reads the splitters (only when a tree is counted)
    from ..tree.node_cases import training_policy

    tree.effective_cases = count_effective_cases(tree, X, w, training_policy(info))


def effective_cases(tree, node_id: int) -> tuple[float, bool]:
    """(n_eff of the node, assumed): assumed is True when the tree's effective numbers were never
    counted (a model without its training rows): n_eff is then the node's weight."""
    node = tree.nodes[node_id]
    counted = getattr(tree, "effective_cases", None)
    if counted is None:
        return node.weight, True
    return float(counted.get(node_id, node.weight)), False


# ---- a leaf's trust ------------------------------------------------------------------------


@dataclass
class LeafTrust:
    node: int
    support: float  # the training weight reaching the node
    n_eff: float  # its effective number of cases
    confidence: float | None  # the share of the node's answer (None: an empty or PENDING leaf)
    low: float | None  # the interval of the confidence (None without a confidence)
    high: float | None
    few_cases: bool
    why: str  # why it is flagged, translated ("" when it is not)
    level: float = 0.95
    assumed: bool = False  # n_eff not counted from the training rows: taken as the weight

    @property
    def width(self) -> float | None:
        return None if self.low is None else self.high - self.low

    def to_json(self) -> dict:
        """The fields `rules --json` and a session's outcome carry."""
        return {"interval": None if self.low is None else [self.low, self.high],
                "effective_cases": self.n_eff, "few_cases": self.few_cases, "why": self.why}


def _number(value: float) -> str:
    """7 -> "7", 2.75 -> "2.75", 7.634 -> "7.63", 118.25 -> "118"."""
    if abs(value - round(value)) < 1e-9 or value >= 100:
        return f"{value:.0f}"
    return f"{value:.3g}"


def _percent(value: float) -> str:
    return f"{100.0 * value:.0f}"


def level_text(level: float) -> str:
    """0.95 -> "95", 0.975 -> "97.5"."""
    return f"{100.0 * level:.4g}"


def leaf_confidence(tree, node_id: int) -> float | None:
    node = tree.nodes[node_id]
    weight = node.weight
    if node.label == PENDING or weight <= 0 or node.label >= tree.n_classes:
        return None
    return float(node.counts[node.label] / weight)


def leaf_trust(tree, node_id: int, settings: TrustSettings | None = None, *,
               confidence: float | None = None) -> LeafTrust:
    """The node's support, effective cases, confidence and its interval, and whether it is
    flagged "few cases" and why. `confidence`: the rule's own (a coarser label's classes' share,
    engine.tree.rules), else the share of the node's label in its counts."""
    settings = settings or TrustSettings()
    node = tree.nodes[node_id]
    n_eff, assumed = effective_cases(tree, node_id)
    if confidence is None:
        confidence = leaf_confidence(tree, node_id)
    low = high = None
    if confidence is not None:
        low, high = wilson(confidence * n_eff, n_eff, settings.confidence_level)
    reasons = []
    if n_eff < settings.min_cases:
        if assumed or abs(n_eff - node.weight) < 1e-9 * max(1.0, node.weight):
            text = _("1 case (fewer than {min})") if _number(n_eff) == "1" else _("{n} cases (fewer than {min})")
            reasons.append(text.format(n=_number(n_eff), min=_number(settings.min_cases)))
        else:
            reasons.append(_("{n} effective cases of weight {weight} (fewer than {min})").format(
                n=_number(n_eff), weight=_number(node.weight), min=_number(settings.min_cases)))
    if low is not None and high - low > settings.max_interval_width + 1e-12:
        reasons.append(_("{level} % interval {low}–{high} %, wider than {width} points").format(
            level=level_text(settings.confidence_level), low=_percent(low), high=_percent(high),
            width=_number(100.0 * settings.max_interval_width)))
    return LeafTrust(node=node_id, support=node.weight, n_eff=n_eff, confidence=confidence, low=low, high=high,
                     few_cases=bool(reasons), why=_("; ").join(reasons), level=settings.confidence_level,
                     assumed=assumed)


def rule_trust(tree, rule, settings: TrustSettings | None = None) -> LeafTrust:
    """A rule's (engine.tree.rules.Rule) trust: its leaf's, with the rule's confidence."""
    return leaf_trust(tree, rule.leaf, settings, confidence=rule.confidence)


def interval_text(trust: LeafTrust) -> str:
    """"41–98 %" (empty without a confidence)."""
    if trust.low is None:
        return ""
    return f"{_percent(trust.low)}–{_percent(trust.high)} %"


def box_text(trust: LeafTrust) -> str:
    """A leaf box's line: "92 % [81–97 %]" ("n_eff 7" without a confidence)."""
    if trust.low is None:
        return f"n={_number(trust.n_eff)}"
    return f"{_percent(trust.confidence)} % [{interval_text(trust)}]"


def trust_tooltip(trust: LeafTrust) -> str:
    """Why a leaf is flagged (or what its interval says), and where the effective number comes
    from: the flags' tooltips in the window."""
    lines = []
    if trust.low is not None:
        lines.append(_("{level} % interval of the confidence: {interval} (Wilson score, {n} effective cases)").format(
            level=level_text(trust.level), interval=interval_text(trust), n=_number(trust.n_eff)))
    if trust.few_cases:
        lines.append(_("Few cases: {why}").format(why=trust.why))
    if trust.assumed:
        lines.append(_("The model does not keep its training cases' weights: each case is taken to weigh 1."))
    return "\n".join(lines)


def tree_trust(tree, settings: TrustSettings | None = None) -> dict[int, LeafTrust]:
    """Every reachable leaf's trust (node id in memory -> LeafTrust)."""
    return {i: leaf_trust(tree, i, settings) for i in tree.leaves()}
