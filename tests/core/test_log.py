"""core.log: a clone shares the append-only logs of its original (events,
history, packs, score sheet rows) and reads exactly as a copy would."""

import pickle
import random

import pytest

import pelit
from pelit.core.log import MAX_DEPTH, ForkedLog, fork


def test_fork_reads_as_a_copy_and_grows_on_its_own():
    orig = list(range(10))
    f = fork(orig)
    assert isinstance(f, list) and f == orig and len(f) == 10
    orig.append(10)                       # the original grows on: the fork does not see it
    f.append("x")
    assert f == list(range(10)) + ["x"] and orig == list(range(11))
    assert f[-1] == "x" and f[3] == 3 and f[-11] == 0 and f[9:] == [9, "x"]
    assert list(f) == list(range(10)) + ["x"] and list(reversed(f))[0] == "x"
    assert "x" in f and 10 not in f and f.index("x") == 10 and f.count(3) == 1
    with pytest.raises(IndexError):
        f[11]
    with pytest.raises(IndexError):
        f[-12]


def test_forks_of_forks_against_plain_copies():
    """Random forks and appends: every log reads as the plain list would."""
    rng = random.Random(4)
    logs = [([], [])]                     # (log under test, plain copy)
    for step in range(3000):
        i = rng.randrange(len(logs))
        log, plain = logs[i]
        if rng.random() < 0.2:
            logs.append((fork(log), plain.copy()))
        else:
            log.append(step)
            plain.append(step)
        if step % 97 == 0:
            for log, plain in logs:
                assert len(log) == len(plain) and log == plain and list(log) == plain
                if plain:
                    a = rng.randrange(len(plain))
                    b = rng.randrange(a, len(plain) + 1)
                    assert log[a:b] == plain[a:b] and log[a] == plain[a]
                    assert log[-1] == plain[-1] and log[::2] == plain[::2]


def test_a_chain_of_forks_is_flattened():
    log = [0]
    for i in range(3 * MAX_DEPTH):
        log = fork(log)
        log.append(i + 1)
        assert log._depth <= MAX_DEPTH
    assert log == list(range(3 * MAX_DEPTH + 1))


def test_a_fork_is_append_only_and_pickles_as_a_list():
    f = fork([1, 2])
    f.extend([3])
    for change in (lambda: f.pop(), lambda: f.insert(0, 9), lambda: f.__setitem__(0, 9),
                   lambda: f.__delitem__(0), lambda: f.clear(), lambda: f.sort()):
        with pytest.raises(TypeError):
            change()
    back = pickle.loads(pickle.dumps(f))
    assert type(back) is list and back == [1, 2, 3]
    assert type(f.copy()) is list and f + [4] == [1, 2, 3, 4] and [0] + f == [0, 1, 2, 3]
    assert list(f) == [1, 2, 3] and tuple(f) == (1, 2, 3) and [*f] == [1, 2, 3]


def test_clone_shares_the_logs_and_stays_independent():
    game = pelit.load("canasta")
    s = game.new_state(seed=3)
    rng = random.Random(3)
    for _ in range(300):
        s.apply(rng.choice(s.legal_actions()))
    c = s.clone()
    assert type(c.events) is ForkedLog and type(c.history) is ForkedLog
    assert c.history == s.history and len(c.events) == len(s.events)
    n_s, n_c = len(s.events), len(c.events)
    c.apply(c.legal_actions()[0])
    assert len(s.events) == n_s and len(c.events) > n_c and len(c.history) == len(s.history) + 1
    s.apply(s.legal_actions()[-1])
    assert c.history[:-1] == s.history[:-1]
    assert game.events_for(c, 0)[:n_s] == game.events_for(s, 0)[:n_s]
    assert [e["kind"] for e in game.events_for(c, 0)][:n_s] == [e["kind"] for e in game.events_for(s, 0)][:n_s]
