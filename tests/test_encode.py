"""DataFrame + spec -> EncodedData, and back."""

import json

import numpy as np
import pytest

from engine.data import read_table
from engine.data.encode import DataSchema, encode
from engine.data.project import load_project
from engine.data.spec import ProblemSpec
from engine.errors import SpecError


@pytest.fixture
def car(demo_dir):
    project = load_project(demo_dir / "car_evaluation.rtproj")
    return read_table(project.data_path, project.sheet), project.spec


def test_car_demo_encoding(car):
    table, spec = car
    data = encode(table, spec)
    assert data.X.shape == (1728, 6) and data.X.dtype == np.float64
    assert data.schema.names == ["buying", "maint", "doors", "persons", "lug_boot", "safety"]
    assert [a.kind for a in data.schema.attributes] == ["ordinal"] * 6
    assert [a.monotone for a in data.schema.attributes] == [-1, -1, 1, 1, 1, 1]
    assert data.classes == ["unacc", "acc", "good", "vgood"] and data.schema.ordered
    # first row of the file: vhigh,vhigh,2,2,small,low,unacc
    assert data.X[0].tolist() == [3, 3, 0, 0, 0, 0] and data.y[0] == 0
    assert np.bincount(data.y).tolist() == [1210, 384, 69, 65]
    assert data.w.tolist() == [1.0] * 1728
    # back to labels
    assert list(data.decode_y(data.y[:3])) == list(table.frame["class"][:3])
    assert data.decode_x(2, data.X[:, 2]) == list(table.frame["doors"])


CSV = """age,town,grade,score,class
34,Lyon,low,10,yes
51,Paris,high,20,no
?,Nice,med,30,
62,,high,40,no
29,Lyon,low,50,?
18,Paris,med,60,yes
"""


@pytest.fixture
def small(tmp_path):
    (tmp_path / "s.csv").write_text(CSV)
    return read_table(tmp_path / "s.csv")


def test_codes_ranks_missing_and_dropped_rows(small):
    spec = ProblemSpec(target="class")
    spec.set_attribute("grade", type="ordinal", order=["low", "med", "high"], monotone="increasing")
    spec.set_attribute("score", type="ordinal")  # a numeric column: its numbers are its order
    data = encode(small, spec)
    assert data.classes == ["no", "yes"]  # natural order when unordered
    assert data.y.tolist() == [1, 0, 0, 1]
    assert data.rows.tolist() == [0, 1, 3, 5]
    assert data.dropped_rows == [4, 6]  # spreadsheet rows of the two missing targets
    assert "2 row(s)" in data.warnings[0] and "row 4" in data.warnings[0]
    X = data.X
    np.testing.assert_array_equal(X[:, 0], [34, 51, 62, 18])
    assert data.schema.attributes[1].categories == ["Lyon", "Nice", "Paris"]
    np.testing.assert_array_equal(X[:, 1], [0, 2, np.nan, 2])  # Lyon, Paris, missing, Paris
    np.testing.assert_array_equal(X[:, 2], [0, 2, 2, 1])  # ranks of low/high/high/med
    np.testing.assert_array_equal(X[:, 3], [10, 20, 40, 60])
    assert data.decode_x(1, X[:, 1]) == ["Lyon", "Paris", "?", "Paris"]


def test_numeric_column_as_nominal_uses_number_labels(small):
    spec = ProblemSpec(target="class")
    spec.set_attribute("age", type="nominal")
    data = encode(small, spec)
    assert data.schema.attributes[0].categories == ["18", "29", "34", "51", "62"]
    assert data.decode_x(0, data.X[:, 0]) == ["34", "51", "62", "18"]


def test_unused_columns_and_class_order(small):
    spec = ProblemSpec(target="class", class_order=["yes", "no"])
    spec.set_attribute("town", use=False)
    data = encode(small, spec)
    assert data.schema.names == ["age", "grade", "score"]
    assert data.y.tolist() == [0, 1, 1, 0]


def test_numeric_target_labels(demo_dir):
    project = load_project(demo_dir / "glass.rtproj")
    data = encode(read_table(project.data_path, project.sheet), project.spec)
    assert data.classes == ["1", "2", "3", "5", "6", "7"]
    assert np.bincount(data.y).tolist() == [70, 76, 17, 13, 9, 29]


def test_invalid_spec_is_refused(small):
    with pytest.raises(SpecError):
        encode(small, ProblemSpec(target="nope"))


def test_schema_json_and_new_data_with_unseen_category(small, tmp_path):
    spec = ProblemSpec(target="class")
    data = encode(small, spec)
    schema = DataSchema.from_json(json.loads(json.dumps(data.schema.to_json())))
    assert schema == data.schema
    (tmp_path / "new.csv").write_text("town,age,grade,score\nLyon,40,low,1\nRome,50,mid,2\n")
    new = read_table(tmp_path / "new.csv")
    warnings = []
    X = schema.encode_features(new, warnings=warnings)
    assert X[0, 1] == 0 and np.isnan(X[1, 1])  # Rome was never seen: missing
    assert any('"Rome"' in w and "row 3" in w for w in warnings)
    assert X[:, 0].tolist() == [40, 50]  # columns matched by name, not position


def test_arff_declared_order_gives_category_codes(tmp_path):
    (tmp_path / "w.arff").write_text("@relation r\n@attribute size {small,medium,large}\n"
                                     "@attribute c {p,q}\n@data\nlarge,p\nsmall,q\nmedium,p\n")
    data = encode(read_table(tmp_path / "w.arff"), ProblemSpec(target="c"))
    assert data.schema.attributes[0].categories == ["small", "medium", "large"]
    assert data.X[:, 0].tolist() == [2, 0, 1]
