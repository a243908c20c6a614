"""StoredRounds (a file's rounds, parsed when read) behaves exactly like a list, and the
lines it gives back to the writer (``block()`` then ``extra()``) are always the lines of the
list encoded as :func:`cardscore.store.encode` writes them."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardscore import store
from cardscore.stored import SEPARATOR, StoredRounds

ENCODE = store._ROUND_ENCODER.encode

TEXT = st.text(alphabet=st.sampled_from('ab é,:"\\\n{}[]    '), max_size=8)
VALUE = st.one_of(
    st.integers(-500, 500), TEXT, st.none(), st.booleans(), st.lists(st.integers(0, 9), max_size=3)
)
ITEM = st.dictionaries(st.sampled_from(["taker", "points", "n", "hand", "x, y"]), VALUE, max_size=3)


def stored(items: list[dict[str, Any]]) -> StoredRounds:
    """A list of rounds as a file stores them."""
    block = SEPARATOR.join(ENCODE(item).encode() for item in items)
    return StoredRounds(block, len(items))


def lines(items: Any) -> bytes:
    """The rounds' part of a file (store.encode's writer)."""
    return b"".join(bytes(part) for part in store._block(items, b"[", b"]", b"[]"))


def check(rounds: StoredRounds, model: list[dict[str, Any]]) -> None:
    assert len(rounds) == len(model)
    assert 0 <= rounds.intact <= len(model)
    block = bytes(rounds.block())
    assert block == SEPARATOR.join(ENCODE(item).encode() for item in model[: rounds.intact])
    assert rounds.extra() == model[rounds.intact :]
    assert lines(rounds) == lines(model)
    assert list(rounds) == model


INDEX = st.integers(-12, 12)
SLICE = st.builds(
    slice,
    st.one_of(st.none(), INDEX),
    st.one_of(st.none(), INDEX),
    st.one_of(st.none(), st.sampled_from([1, 2, 3, -1, -2])),
)
OPERATION = st.one_of(
    st.tuples(st.just("get"), INDEX),
    st.tuples(st.just("get slice"), SLICE),
    st.tuples(st.just("set"), INDEX, ITEM),
    st.tuples(
        st.just("set slice"),
        st.builds(slice, st.one_of(st.none(), INDEX), st.one_of(st.none(), INDEX)),
        st.lists(ITEM, max_size=3),
    ),
    st.tuples(st.just("del"), INDEX),
    st.tuples(st.just("del slice"), SLICE),
    st.tuples(st.just("insert"), INDEX, ITEM),
    st.tuples(st.just("append"), ITEM),
    st.tuples(st.just("pop"), st.one_of(st.none(), INDEX)),
    st.tuples(st.just("head"), st.integers(0, 12)),
    st.tuples(
        st.just("iterate"),
    ),
    st.tuples(st.just("extend"), st.lists(ITEM, max_size=3)),
    st.tuples(st.just("remove value"), ITEM),
)


def run(target: Any, operation: tuple[Any, ...]) -> Any:
    """Do ``operation`` to ``target``: what it returns, or the type of what it raised."""
    kind, *args = operation
    try:
        if kind in ("get", "get slice"):
            return target[args[0]]
        if kind in ("set", "set slice"):
            target[args[0]] = args[1]
        elif kind in ("del", "del slice"):
            del target[args[0]]
        elif kind == "insert":
            target.insert(args[0], args[1])
        elif kind == "append":
            target.append(args[0])
        elif kind == "pop":
            return target.pop() if args[0] is None else target.pop(args[0])
        elif kind == "iterate":
            return list(target)
        elif kind == "extend":
            target.extend(args[0])
        elif kind == "remove value":
            target.remove(args[0])
        return None
    except (IndexError, ValueError) as exc:
        return type(exc)


@settings(
    max_examples=400,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.lists(ITEM, max_size=10), st.lists(OPERATION, max_size=12))
def test_stored_rounds_behave_as_a_list_and_write_the_list(items, operations) -> None:
    model = [dict(item) for item in items]
    rounds = stored(items)
    check(rounds, model)
    heads: list[tuple[Any, list[dict[str, Any]]]] = []
    for operation in operations:
        if operation[0] == "head":
            count = operation[1]
            if count <= rounds.intact:
                heads.append((rounds.head(count), model[:count]))
            continue
        expected = run(model, operation)
        got = run(rounds, operation)
        assert got == expected, operation
        check(rounds, model)
        # a head taken earlier still gives the rounds as they were then
        for first, then in heads:
            assert first() == then
