"""Makes the sklearn2pmml fixtures of tests/test_pmml_import.py (run by hand, where sklearn2pmml
supports the installed scikit-learn and Java is there):

    python tests/data/pmml_import/make_fixtures.py

For iris (numbers) and car (every attribute a category, one-hot encoded in the pipeline): a
DecisionTreeClassifier fitted on every row, converted by sklearn2pmml to NAME.pmml, and
scikit-learn's own answers for every row of the data set in NAME.predictions.csv (the label,
then every class's probability written with repr, every digit)."""

from __future__ import annotations

import sys
from pathlib import Path

import pandas as pd

HERE = Path(__file__).resolve().parent
DATASETS = HERE.parent / "datasets"


def pipeline(name: str, frame: pd.DataFrame, target: str):
    from sklearn.compose import ColumnTransformer
    from sklearn.preprocessing import OneHotEncoder
    from sklearn.tree import DecisionTreeClassifier
    from sklearn2pmml.pipeline import PMMLPipeline

    X, y = frame.drop(columns=[target]), frame[target]
    if name == "car":
        steps = [("onehot", ColumnTransformer([("cats", OneHotEncoder(), list(X.columns))])),
                 ("tree", DecisionTreeClassifier(max_depth=6, random_state=0))]
    else:  # leaves of several classes: probabilities other than 0 and 1
        steps = [("tree", DecisionTreeClassifier(min_samples_leaf=3, random_state=0))]
    return PMMLPipeline(steps).fit(X, y), X


def make(name: str, out: Path = HERE) -> None:
    from sklearn2pmml import sklearn2pmml

    stem, target = {"iris": ("iris", "class"), "car": ("car_evaluation", "class")}[name]
    frame = pd.read_csv(DATASETS / f"{stem}.csv", dtype=str if name == "car" else None)
    fitted, X = pipeline(name, frame, target)
    sklearn2pmml(fitted, str(out / f"sklearn_{name}.pmml"))
    probs = fitted.predict_proba(X)
    rows = pd.DataFrame({"label": fitted.predict(X)})
    for k, c in enumerate(fitted.classes_):
        rows[f"probability({c})"] = [repr(float(p)) for p in probs[:, k]]
    rows.to_csv(out / f"sklearn_{name}.predictions.csv", index=False)


if __name__ == "__main__":
    for dataset in sys.argv[1:] or ["iris", "car"]:
        make(dataset)
