"""Imports point down (issue 35 item 5): no cycle among the modules of engine/ and app/, counting
the imports inside functions too (a cycle hidden by a function-level import is still a cycle:
the two modules cannot be understood, tested or moved one without the other).

The graph is grimp's (import-linter's engine), which reads every `import` statement of every
module, at any depth."""

from __future__ import annotations

import sys
import textwrap

import grimp
import pytest


def cycles(graph) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iteratively), each
    sorted, the list sorted: every import cycle of the graph, one component per tangle."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for start in sorted(graph.modules):
        if start in index:
            continue
        work = [(start, iter(sorted(graph.find_modules_directly_imported_by(start))))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.find_modules_directly_imported_by(child)))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return sorted(found)


def _explain(graph, component: list[str]) -> str:
    lines = []
    members = set(component)
    for importer in component:
        for imported in sorted(graph.find_modules_directly_imported_by(importer) & members):
            for detail in graph.get_import_details(importer=importer, imported=imported):
                lines.append(f"  {importer}:{detail['line_number']}: {detail['line_contents']}")
    return "\n".join(lines)


def test_no_import_cycle_in_engine_or_app():
    graph = grimp.build_graph("engine", "app", include_external_packages=False, cache_dir=None)
    found = cycles(graph)
    assert not found, "import cycles:\n" + "\n\n".join(_explain(graph, c) for c in found)


def test_a_planted_cycle_is_found(tmp_path, monkeypatch):
    """The check itself: a package whose modules import each other, one of them inside a
    function, is reported with both imports; a package that imports downwards is not."""
    package = tmp_path / "planted"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "low.py").write_text("X = 1\n")
    (package / "a.py").write_text("from . import low\n\ndef f():\n    from . import b\n    return b.Y\n")
    (package / "b.py").write_text("from .a import f\nY = 2\n")
    (package / "c.py").write_text("from . import low\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    graph = grimp.build_graph("planted", include_external_packages=False, cache_dir=None)
    found = cycles(graph)
    assert found == [["planted.a", "planted.b"]]
    text = _explain(graph, found[0])
    assert "planted.a:4: from . import b" in text and "planted.b:1: from .a import f" in text
    sys.modules.pop("planted", None)


def test_a_longer_planted_cycle_is_one_component(tmp_path, monkeypatch):
    package = tmp_path / "ring"
    package.mkdir()
    (package / "__init__.py").write_text("")
    for name, target in (("p", "q"), ("q", "r"), ("r", "p")):
        (package / f"{name}.py").write_text(textwrap.dedent(f"""
            def use():
                from . import {target}
                return {target}
        """))
    (package / "s.py").write_text("from . import p\n")  # imports the ring, is not in it
    monkeypatch.syspath_prepend(str(tmp_path))
    graph = grimp.build_graph("ring", include_external_packages=False, cache_dir=None)
    assert cycles(graph) == [["ring.p", "ring.q", "ring.r"]]


@pytest.mark.parametrize("edges, expected", [
    ({"a": {"b"}, "b": set()}, []),
    ({"a": {"a"}}, []),  # a module importing itself is no tangle of two
    ({"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": {"e"}, "e": {"d"}}, [["a", "b", "c"], ["d", "e"]]),
])
def test_cycles_on_hand_made_graphs(edges, expected):
    class Graph:
        modules = set(edges) | {m for targets in edges.values() for m in targets}

        @staticmethod
        def find_modules_directly_imported_by(module):
            return set(edges.get(module, set()))

    assert cycles(Graph()) == expected
