"""The import layers of ``src/cardscore``: no import cycle, no import from a lower layer into
a higher one, every module placed in a layer.

Every ``import`` and ``from … import`` of every module counts, those inside functions too
(a lazy import is still a dependency: it only comes later).  Those under ``if
TYPE_CHECKING:`` are left out: they are never run, and name a type for the checker only (a
lower module may name the type of what a higher one hands it).  A package's own
``__init__`` running first (``import cardscore.games.base`` runs ``cardscore.games``) is
Python's doing, not the module's, and is not counted either.

The layers, lowest first, are what the code is meant to be: the base (the language, the
environment, writing a file whole...), the rules core (``cardscore.games``: pure rules, no
files, no prompts), the session and its files, what shows them, the questions, the
commands and the CLI.  A module may import its own layer and those below; a new module
must be placed in one (the test says which are not).
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parent.parent / "src"

#: the layers, lowest first: (name, modules); ``x.*`` is every module under package ``x``
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "base",
        (
            "cardscore",
            "cardscore.i18n",
            "cardscore.environment",
            "cardscore.atomic",
            "cardscore.flow",
            "cardscore.indented_json",
        ),
    ),
    ("rules core", ("cardscore.games", "cardscore.games.*")),
    # a tournament's draw: pure, like the rules core, which it reads the table sizes from
    # (and its ranking, from the tables' states)
    (
        "tournament",
        (
            "cardscore.tournament",
            "cardscore.tournament.draw",
            "cardscore.tournament.ranking",
            "cardscore.tournament.championship",
        ),
    ),
    (
        "table and changes",
        (
            "cardscore.change_records",
            "cardscore.tournament_seat",
            "cardscore.tournament.record",
            "cardscore.tournament.checks",
            "cardscore.seating",
            "cardscore.changes",
            "cardscore.table_effects",
            "cardscore.schema",
        ),
    ),
    ("session", ("cardscore.editing", "cardscore.session", "cardscore.stored_rounds")),
    (
        "files",
        (
            "cardscore.store",
            "cardscore.caches",
            "cardscore.cache_types",
            "cardscore.sametable",
            "cardscore.tournament.files",
            "cardscore.tournament.tables",
            "cardscore.tournament.organise",
            "cardscore.tournament.season",
        ),
    ),
    (
        "display",
        (
            "cardscore.rows",
            "cardscore.grid",
            "cardscore.document",
            "cardscore.render",
            "cardscore.catalog",
            "cardscore.export",
            "cardscore.export.*",
            "cardscore.stats",
            "cardscore.stats.*",
            "cardscore.live",
            "cardscore.live_address",
            "cardscore.live_token",
            "cardscore.tournament.document",
            "cardscore.tournament.views",
            "cardscore.tournament.page",
            "cardscore.tournament.sheets",
            "cardscore.tournament.live",
            "cardscore.tournament.live_page",
        ),
    ),
    ("questions", ("cardscore.prompts", "cardscore.prompts.*")),
    (
        "commands",
        (
            "cardscore.commands",
            "cardscore.commands.*",
            "cardscore.completion",
            "cardscore.typer_insides",
        ),
    ),
    ("cli", ("cardscore.cli", "cardscore.__main__")),
)


# --------------------------------------------------------------------------------------------
# The walker


def modules_of(source: Path, top: str) -> dict[str, Path]:
    """Every module of package ``top`` under ``source`` (a ``src`` folder), by dotted name."""
    found = {}
    for path in sorted((source / top).rglob("*.py")):
        parts = list(path.relative_to(source).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _is_type_checking(test: ast.expr) -> bool:
    """Whether an ``if``'s test is ``TYPE_CHECKING`` (or ``typing.TYPE_CHECKING``)."""
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _import_nodes(tree: ast.AST) -> Iterable[ast.Import | ast.ImportFrom]:
    """Every import statement of a module, at any depth, except under ``if TYPE_CHECKING:``
    (its ``else:`` is run, and counts)."""
    pending: list[ast.AST] = [tree]
    while pending:
        node = pending.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        elif isinstance(node, ast.If) and _is_type_checking(node.test):
            pending.extend(node.orelse)
        else:
            pending.extend(ast.iter_child_nodes(node))


def _owner(name: str, modules: Mapping[str, Path]) -> str | None:
    """The module ``name`` is, or is in (``a.b.C`` → ``a.b``); ``None`` outside them."""
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name or None


def imports_of(module: str, path: Path, modules: Mapping[str, Path]) -> set[str]:
    """The modules of ``modules`` that ``module`` imports (itself left out)."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in _import_nodes(ast.parse(path.read_text("utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            base = node.module or ""
            if node.level:  # relative: from the package, up level - 1
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, *([base] if base else [])])
            # ``from a import b``: b is a module of a, or a name in a
            names = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                for alias in node.names
            ]
        found.update(owner for name in names if (owner := _owner(name, modules)))
    found.discard(module)
    return found


def graph(source: Path, top: str) -> dict[str, set[str]]:
    """Each module of package ``top`` → the modules of the package it imports."""
    modules = modules_of(source, top)
    return {m: imports_of(m, path, modules) for m, path in modules.items()}


def cycles(edges: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """One cycle through each group of modules that import each other (a strongly connected
    component of more than one module), as ``[a, b, …, a]``, in sorted order.

    >>> cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}})
    [['a', 'b', 'c', 'a']]
    """
    found = []
    for group in _components(edges):
        if len(group) > 1:
            found.append(_cycle_in(group, edges))
    return sorted(found)


def _components(edges: Mapping[str, Iterable[str]]) -> list[set[str]]:
    """The strongly connected components (Tarjan's algorithm, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges.get(start, ()))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, following = work[-1]
            for nxt in following:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(edges.get(nxt, ())))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.add(member)
                        if member == node:
                            break
                    groups.append(group)
    return groups


def _cycle_in(group: set[str], edges: Mapping[str, Iterable[str]]) -> list[str]:
    """A shortest cycle through the first module (sorted) of a strongly connected group."""
    start = min(group)
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for nxt in sorted(set(edges.get(node, ())) & group):
                if nxt == start:
                    return [*paths[node], start]
                if nxt not in paths:
                    paths[nxt] = [*paths[node], nxt]
                    following.append(nxt)
        frontier = following
    raise AssertionError(f"no cycle through {start}")  # (a component always has one)


def layer_of(module: str, layers: Sequence[tuple[str, Sequence[str]]] = LAYERS) -> int | None:
    """The index of the layer ``module`` is in (the longest pattern that matches), or
    ``None``.

    >>> layer_of("cardscore.games.tarot.rules"), layer_of("cardscore.session")
    (1, 4)
    >>> layer_of("cardscore.gamesx") is None
    True
    """
    best, best_length = None, -1
    for number, (_, patterns) in enumerate(layers):
        for pattern in patterns:
            package = pattern.removesuffix(".*")
            matches = (
                module.startswith(package + ".") if pattern.endswith(".*") else module == pattern
            )
            if matches and len(package) > best_length:
                best, best_length = number, len(package)
    return best


def upward(
    edges: Mapping[str, Iterable[str]], layers: Sequence[tuple[str, Sequence[str]]] = LAYERS
) -> list[str]:
    """Every import from a lower layer into a higher one, said ``a (layer) → b (layer)``."""
    found = []
    for module in sorted(edges):
        mine = layer_of(module, layers)
        for target in sorted(edges[module]):
            theirs = layer_of(target, layers)
            if mine is not None and theirs is not None and theirs > mine:
                found.append(f"{module} ({layers[mine][0]}) → {target} ({layers[theirs][0]})")
    return found


# --------------------------------------------------------------------------------------------
# The checks


@pytest.fixture(scope="module")
def edges() -> dict[str, set[str]]:
    return graph(SOURCE, "cardscore")


def test_every_module_is_in_a_layer(edges: dict[str, set[str]]) -> None:
    unplaced = [m for m in sorted(edges) if layer_of(m) is None]
    assert not unplaced, "modules in no layer (place them in LAYERS): " + ", ".join(unplaced)


def test_every_layer_pattern_names_a_module(edges: dict[str, set[str]]) -> None:
    """A layer names no module that is gone (a renamed one would be left out unseen)."""
    stale = [
        pattern
        for _, patterns in LAYERS
        for pattern in patterns
        if not any(layer_of(m, [("", (pattern,))]) is not None for m in edges)
    ]
    assert not stale, "patterns that match no module: " + ", ".join(stale)


def test_no_import_cycle(edges: dict[str, set[str]]) -> None:
    found = [" → ".join(cycle) for cycle in cycles(edges)]
    assert not found, "import cycles:\n" + "\n".join(found)


def test_no_import_from_a_lower_layer_into_a_higher_one(edges: dict[str, set[str]]) -> None:
    found = upward(edges)
    assert not found, "upward imports:\n" + "\n".join(found)


# --------------------------------------------------------------------------------------------
# The walker finds what it must (so that the checks above can fail)


def test_the_walker_finds_a_cycle_and_an_upward_import(tmp_path: Path) -> None:
    package = tmp_path / "toy"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "sub" / "__init__.py").write_text("")
    (package / "low.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from toy import high  # a type only: not counted\n"
        "def later():\n"
        "    from toy.sub import mid  # lazy: counted\n"
    )
    (package / "sub" / "mid.py").write_text("from .. import low\nfrom toy.high import thing\n")
    (package / "high.py").write_text("import os\nimport toy.sub.mid\nthing = 1\n")
    edges = graph(tmp_path, "toy")
    assert edges["toy.low"] == {"toy.sub.mid"}
    assert edges["toy.sub.mid"] == {"toy.low", "toy.high"}
    assert edges["toy.high"] == {"toy.sub.mid"}
    assert cycles(edges) == [["toy.high", "toy.sub.mid", "toy.high"]]
    del edges["toy.high"]  # (mid still imports it: an import of a module of no edges)
    assert cycles(edges) == [["toy.low", "toy.sub.mid", "toy.low"]]
    layers = (
        ("low", ("toy", "toy.low")),
        ("mid", ("toy.sub", "toy.sub.*")),
        ("high", ("toy.high",)),
    )
    assert upward(edges, layers) == [
        "toy.low (low) → toy.sub.mid (mid)",
        "toy.sub.mid (mid) → toy.high (high)",
    ]
