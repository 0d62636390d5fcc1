"""The trust settings of a problem (issue 39): when a leaf is flagged "few cases", how wide an
interval may be, when a case's value is "outside what the model has seen", and what counts as the
same cut when the stability of a split is counted. A project's (and so a model's) `"trust"` object:

    "trust": {"min_cases": 10, "max_interval_width": 0.4, "confidence_level": 0.95,
              "range_margin": 0.05, "stability_tolerance": 0.1}

Every key is optional (the defaults below, which a statistician would pick: a 95 % Wilson interval;
fewer than 10 cases, or an interval wider than 40 points, is too little to act on; 5 % of an
attribute's training range beyond it is outside; cuts within 10 % of the range are the same cut).
Read with the shape checks of every setting, the key named in the message."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields

from ...i18n import _


@dataclass
class TrustSettings:
    #: a leaf (a rule) holding fewer cases (its effective number, for weighted cases) is flagged
    min_cases: float = 10.0
    #: a leaf whose confidence interval is wider than this (0..1) is flagged
    max_interval_width: float = 0.4
    #: the confidence level of the intervals (Wilson score)
    confidence_level: float = 0.95
    #: a number further outside its training range at the leaf's path than this share of the
    #: attribute's whole training range is outside what the model has seen
    range_margin: float = 0.05
    #: two cuts on an attribute within this share of its training range are the same (stability)
    stability_tolerance: float = 0.1

    KEYS = ("min_cases", "max_interval_width", "confidence_level", "range_margin", "stability_tolerance")

    def is_default(self) -> bool:
        return self == TrustSettings()

    def to_json(self) -> dict:
        """The settings that differ from the defaults (an empty object: all defaults)."""
        default = TrustSettings()
        return {k: v for k, v in asdict(self).items() if v != getattr(default, k)}


#: each key's allowed range: (lowest, highest, lowest allowed itself, highest allowed itself)
_BOUNDS = {
    "min_cases": (0.0, 1e9, True, True),
    "max_interval_width": (0.0, 1.0, False, True),
    "confidence_level": (0.5, 1.0, True, False),
    "range_margin": (0.0, 1e6, True, True),
    "stability_tolerance": (0.0, 1e6, True, True),
}


def read_trust(value, reader) -> TrustSettings:
    """`"trust"` of a project object (None: the defaults); shape errors name the key."""
    settings = TrustSettings()
    if value is None:
        return settings
    if not isinstance(value, dict):
        raise reader.error("trust", _("must be an object of settings ({keys})").format(
            keys=", ".join(TrustSettings.KEYS)))
    for key in value:
        if key not in TrustSettings.KEYS:
            raise reader.error(f"trust.{key}", _("is not a trust setting (known: {keys})").format(
                keys=", ".join(TrustSettings.KEYS)))
    for f in fields(TrustSettings):
        if f.name not in value:
            continue
        number = reader.number(value, f.name, getattr(settings, f.name), f"trust.{f.name}")
        low, high, low_in, high_in = _BOUNDS[f.name]
        if not ((low <= number if low_in else low < number) and (number <= high if high_in else number < high)):
            raise reader.error(f"trust.{f.name}", _("must be {low} {low_op} x {high_op} {high}, not {value}").format(
                low=low, high=high if high < 1e6 else "∞", low_op="<=" if low_in else "<",
                high_op="<=" if high_in else "<", value=number))
        setattr(settings, f.name, number)
    return settings
