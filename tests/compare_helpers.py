"""What the comparison tests share."""

import json

from engine.compare import TIMING_METRICS


def untimed(obj):
    """A comparison's (or one evaluate object's) JSON without the measured, not computed, metrics:
    fit and predict seconds differ from run to run, in the means, the folds and a learning curve."""
    obj = json.loads(json.dumps(obj))
    for item in obj if isinstance(obj, list) else [obj]:
        for name in TIMING_METRICS:
            item["metrics"].pop(name, None)
            item.get("folds", {}).get("metrics", {}).pop(name, None)
            if item.get("learning_curve"):
                item["learning_curve"]["metrics"].pop(name, None)
    return obj
