"""Class hierarchies from label,parent files and from path-like labels."""

import pytest

from engine.data import read_table
from engine.data.hierarchy import hierarchy_from_paths, read_hierarchy
from engine.data.spec import ProblemSpec, check
from engine.errors import DataError


def test_glass_hierarchy_file(demo_dir):
    h = read_hierarchy(demo_dir / "glass_hierarchy.csv")
    assert h == {"ALL": None, "WG": "ALL", "NWG": "ALL", "FP": "WG", "NFP": "WG", "1": "FP", "3": "FP", "2": "NFP",
                 "4": "NFP", "5": "NWG", "6": "NWG", "7": "NWG"}
    table = read_table(demo_dir / "glass.xlsx")
    assert check(ProblemSpec(target="Type", hierarchy=h), table) == []


def test_columns_found_by_name_in_any_order(tmp_path):
    (tmp_path / "h.csv").write_text("Parent,Label\nroot,a\nroot,b\n")
    assert read_hierarchy(tmp_path / "h.csv") == {"a": "root", "b": "root"}


def test_two_parents_is_an_error_naming_rows(tmp_path):
    (tmp_path / "h.csv").write_text("label,parent\na,X\nb,X\na,Y\n")
    with pytest.raises(DataError) as info:
        read_hierarchy(tmp_path / "h.csv")
    assert info.value.row == 4 and "row 2" in str(info.value) and '"a" has two parents' in str(info.value)


def test_path_labels():
    h = hierarchy_from_paths(["Rock/Sedimentary/Sandstone", "Rock/Igneous", "Mineral/Quartz"])
    assert h == {"Rock": "ALL", "Rock/Sedimentary": "Rock", "Rock/Sedimentary/Sandstone": "Rock/Sedimentary",
                 "Rock/Igneous": "Rock", "Mineral": "ALL", "Mineral/Quartz": "Mineral"}
