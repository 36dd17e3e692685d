"""The mathematical problems of seed 000 ch. 32, answered by computation.

``pelit math N`` (``report(N, ...)``) computes problem ``N`` and holds the
result against the book's solution in ch. 33, where it has one:

1. Musta Maija: for which numbers of players must someone go out
   (``maija``: the real engine, whole games and exhaustive search);
2. Hutunkeitto: who wins the bat, and with which first grip
   (``hutunkeitto``: game-tree search on a grid);
3. lines of five on an endless grid: a proof, with a simulator (``lines``);
4. colouring a circle without antipodal boundary points (``small_games``);
5. and 6. the stick games (``small_games``);
7. single-suit whist for two, open in the book (``whist``: an exact
   solver, the table of every deal, conjectures checked on every position;
   docs/MATH.md has the results).

Each report is a dict: ``problem``, ``title``, ``book`` (the book's answer in
our words, or None), ``lines`` (what was computed, for people), ``agrees``
(True/False where the book has an answer to compare with, else None) and
``data`` (the numbers, for ``--json`` and the tests).
"""

from __future__ import annotations

from ..core.errors import PelitError

TITLES = {
    1: "Musta Maija: with how many players must someone go out?",
    2: "Hutunkeitto: who holds the end of the bat?",
    3: "Lines of five on an endless grid: can the game go on for ever?",
    4: "Colouring 2n points on a circle: can the player colour them all?",
    5: "Sticks 1..2n, one a turn: by how much does the first player win?",
    6: "Sticks 1..2n, one then two a turn: by how much does the first player win?",
    7: "Single-suit whist for two: who wins, given the hands and the leader?",
}

BOOK = {
    1: "Someone must go out exactly when the number of players is even; with an "
       "odd number the game can go on for ever (each attacker plays one card and "
       "each defender picks it up).",
    2: "With f(y) the smallest positive number l(n+m)+y: the second player wins "
       "when f(k) > m; else the first, gripping f(k) when n <= f(k) <= m and n "
       "when f(k) < n.",
    3: "No: the free place-direction pairs stay as many as at the start, and a "
       "large figure would need more of them on its edge.",
    4: "No, the player cannot win.",
    5: "By n (taking the longest stick is always best).",
    6: "By one when n is odd; a draw when n is even (longest sticks first).",
    7: None,
}


def report(problem: int, **params) -> dict:
    runner = _RUNNERS.get(problem)
    if runner is None:
        raise PelitError(f"there is no problem {problem}; the problems are 1..7")
    out = {"problem": problem, "title": TITLES[problem], "book": BOOK[problem]}
    out.update(runner(**params))
    return out


def _need(value, name, lo, hi):
    if value is None:
        return None
    if not lo <= value <= hi:
        raise PelitError(f"{name} must be between {lo} and {hi}, not {value}")
    return value


# -- 1 ---------------------------------------------------------------------------

# (players, pack, cards a hand, stock, deals sampled or None for all of them)
MAIJA_SEARCHES = (
    (3, "7H 8H 9H 7C 8C 9C", 2, 0, None),
    (3, "7H 8H 9H 7C 8C 9C QS 8S", 2, 2, None),
    (4, "7H 8H 9H 7C 8C 9C QS 8S", 2, 0, None),
    (4, "7H 8H 9H 7C 8C 9C QS 8S 7D 8D", 2, 2, 400),
    (5, "7H 8H 9H 7C 8C 9C QS 8S 7D 8D", 2, 0, 200),
    (6, "7H 8H 9H 7C 8C 9C QS 8S 7D 8D 9D TD", 2, 0, 200),
)


def _problem_1(seed: int = 1, games: int = 10, searches=MAIJA_SEARCHES, **unused) -> dict:
    from . import maija
    _unused(unused, 1)
    lines, policy = [], {}
    for players in (3, 4, 5, 6):
        runs = [maija.play_policy(players, seed + i) for i in range(games)]
        first_out = [r for r in runs if r["out"]]
        deadlocked_none_out = sum(1 for r in runs if r["deadlock"] and not r["out"])
        policy[players] = {"games": games, "someone_out": len(first_out),
                           "deadlock_nobody_out": deadlocked_none_out,
                           "attacks": [r["attacks"] for r in runs]}
        attacks = sorted({r["attacks"] for r in runs})
        if players % 2:
            lines.append(f"{players} players, full pack, seeds {seed}..{seed + games - 1}: "
                         f"every attacker plays one card, every defender takes it; "
                         f"{deadlocked_none_out} of {games} games end by the engine's "
                         f"deadlock rule (a position seen 3 times) with nobody out, after "
                         f"{_span(attacks)} attacks.")
        else:
            lines.append(f"{players} players, same play: someone goes out in "
                         f"{len(first_out)} of {games} games (the attackers are always "
                         f"the same half of the table and shed their cards).")
    found = []
    for players, pack, hand, stock, sample in searches:
        got = maija.search_deals(players, pack, hand, stock, sample=sample, seed=seed)
        found.append(got)
        which = f"{got['deals']} random deals" if sample else f"all {got['deals']} deals"
        head = (f"{players} players, pack {pack}, {hand} cards each, stock {stock}, "
                f"{which}, every line of play ({got['states']:,} states): ")
        if got["never_ending"]:
            lines.append(head + f"a line that never ends exists in {got['never_ending']} "
                         f"deals, e.g. {' '.join(got['example']['cycle'])} and again.")
        else:
            lines.append(head + f"every line ends with someone out (the longest takes "
                         f"{got['longest']} actions).")
    odd_ok = all(policy[p]["deadlock_nobody_out"] == games for p in (3, 5)) and all(
        f["never_ending"] == f["deals"] for f in found if f["players"] % 2)
    even_ok = all(policy[p]["someone_out"] == games for p in (4, 6)) and all(
        f["never_ending"] == 0 for f in found if f["players"] % 2 == 0)
    return {"lines": lines, "agrees": odd_ok and even_ok,
            "data": {"policy": policy, "searches": found}}


def _span(values) -> str:
    return str(values[0]) if len(values) == 1 else f"{values[0]} to {values[-1]}"


# -- 2 ---------------------------------------------------------------------------

def _problem_2(k=None, n=None, m=None, **unused) -> dict:
    from . import hutunkeitto as h
    _unused(unused, 2)
    lines, data, agrees = [], {}, True
    if k is not None or n is not None or m is not None:
        if None in (k, n, m):
            raise PelitError("problem 2 takes --k, --n and --m together (e.g. --k 10 --n 1 --m 2)")
        got = h.search(k, n, m)
        said = h.book(got["k"], got["n"], got["m"])
        grips = ", ".join(f"{a}" if a == b else f"{a} to {b}" for a, b in got["grips"])
        lines.append(f"k={got['k']}, n={got['n']}, m={got['m']}: search on a grid of step "
                     f"{got['step']} ({got['positions']} positions): the {got['winner']} "
                     f"player wins" + (f"; winning first grips: {grips}" if grips else "") + ".")
        lines.append(f"The book: f(k)={said['f']}, the {said['winner']} player wins"
                     + (f", first grip {said['grip']}" if said["grip"] is not None else "") + ".")
        ok = said["winner"] == got["winner"] and (
            said["grip"] is None or any(a <= said["grip"] <= b for a, b in got["grips"]))
        agrees = agrees and ok
        data["case"] = {"k": str(got["k"]), "n": str(got["n"]), "m": str(got["m"]),
                        "winner": got["winner"], "book_winner": said["winner"],
                        "grips": [[str(a), str(b)] for a, b in got["grips"]],
                        "book_grip": None if said["grip"] is None else str(said["grip"])}
    sw = h.sweep(top_k=30, top_m=6, denominator=4, refine=2)
    lines.append(f"Sweep: every k up to {sw['top_k']} and n <= m up to {sw['top_m']} in steps "
                 f"of {sw['step']}, searched on a grid of {sw['grid']}: {sw['cases']:,} cases, "
                 f"{len(sw['disagreements'])} disagree with the book (winner, and the book's "
                 f"first grip among the winning ones).")
    data["sweep"] = sw
    return {"lines": lines, "agrees": agrees and not sw["disagreements"], "data": data}


# -- 3 ---------------------------------------------------------------------------

def _problem_3(start=None, seed: int = 1, games: int = 20, **unused) -> dict:
    from . import lines as grid
    _unused(unused, 3)
    marks = grid.cross() if start in (None, "cross") else grid.parse_places(start)
    runs = [grid.play(marks, seed + i) for i in range(games)]
    moves = [r["moves"] for r in runs]
    text = [
        "This is a proof about every finite start on an endless grid, not a computation "
        "(ch. 33: the free place-direction pairs).",
        f"Simulator: {games} random games from "
        + ("the 36-mark cross" if start in (None, "cross") else f"{len(marks)} marks")
        + f" (seeds {seed}..{seed + games - 1}): every game ended, after {min(moves)} to "
        f"{max(moves)} moves (mean {sum(moves) / games:.1f}); the free place-direction pairs "
        f"stayed {runs[0]['free_pairs']} (8 a mark) at every move"
        + (" in every game." if all(r["invariant_held"] for r in runs) else ": NOT in every game."),
    ]
    return {"lines": text, "agrees": all(r["invariant_held"] and r["ended"] for r in runs),
            "data": {"games": runs}}


# -- 4, 5, 6 ---------------------------------------------------------------------

def _problem_4(upto=None, **unused) -> dict:
    from .small_games import circle
    _unused(unused, 4)
    upto = _need(upto, "--upto", 1, 14) or 10
    rows = [circle(n) for n in range(1, upto + 1)]
    text = [f"Every order of colouring searched for n = 1..{upto} (2 to {2 * upto} points): "
            + ("no order colours them all." if not any(r["wins"] for r in rows)
               else "SOME ORDER WINS.")]
    text.append("The most points coloured before the loss, by n: "
                + ", ".join(f"{r['n']}: {r['most_safe']}" for r in rows) + ".")
    return {"lines": text, "agrees": not any(r["wins"] for r in rows), "data": {"rows": rows}}


def _problem_sticks(pairs: bool, upto=None, **unused) -> dict:
    from .small_games import sticks
    _unused(unused, 6 if pairs else 5)
    upto = _need(upto, "--upto", 1, 8) or 6
    rows = [sticks(n, pairs) for n in range(1, upto + 1)]
    want = [(n % 2 if pairs else n) for n in range(1, upto + 1)]
    got = [r["margin"] for r in rows]
    text = [f"Minimax over every set of sticks for n = 1..{upto}: the first player wins by "
            + ", ".join(f"{m} (n={n})" for n, m in zip(range(1, upto + 1), got)) + ".",
            "Taking the longest stick" + ("s" if pairs else "") + " is a best move in every "
            "position: " + ("yes." if all(r["greedy_best"] for r in rows) else "NO.")]
    return {"lines": text, "agrees": got == want and all(r["greedy_best"] for r in rows),
            "data": {"rows": rows}}


# -- 7 ---------------------------------------------------------------------------

def _problem_7(upto=None, seconds=None, hand=None, lead="first", listing=None,
               progress=None, **unused) -> dict:
    from . import whist
    _unused(unused, 7)
    if lead not in ("first", "second"):
        raise PelitError(f"--lead is first or second, not {lead!r}")
    if hand is not None:
        cards = whist.parse_hand(hand)
        levels = whist.solve(upto=len(cards), check=False)
        got = whist.best_play(cards, lead == "first", levels)
        n = got["n"]
        leader_tricks = got["leader_tricks"]
        verdict = ("the leader wins" if 2 * leader_tricks > n else
                   "the follower wins" if 2 * leader_tricks < n else "a draw")
        text = [f"First player {' '.join(map(str, got['first_hand']))}, second player "
                f"{' '.join(map(str, got['second_hand']))}, the {lead} player leads: "
                f"the leader makes {leader_tricks} of {n} tricks with best play: {verdict}.",
                "A best line (lead, reply; the winner leads next): "
                + "; ".join(f"{p['lead']}-{p['reply']}" for p in got["plays"]) + "."]
        return {"lines": text, "agrees": None, "data": {"deal": got}}
    if listing is not None:
        _need(listing, "--list", 1, 10)
        levels = whist.solve(upto=listing, check=False)
        lv = levels[-1]
        text = [f"Every position with {listing} cards a hand (L: the leader's card, F: the "
                f"follower's, from card 1 up), and the leader's tricks:"]
        text += [f"{whist.positions_text(mask, listing)} {tricks}"
                 for mask, tricks in _masks_with_values(lv)]
        return {"lines": text, "agrees": None, "data": {"level": lv.to_json()}}
    if upto is None and seconds is None:
        seconds = 60.0
    _need(upto, "--upto", 1, whist.MAX_LEVEL)
    levels = whist.solve(upto=upto, seconds=seconds, progress=progress)
    return {"lines": table_lines(levels), "agrees": None,
            "data": {"levels": [lv.to_json() for lv in levels]}}


def _masks_with_values(level):
    """(mask, leader's tricks) for every position of a level, in colex order."""
    k = level.n
    m = (1 << k) - 1
    for value in level.values:
        yield m, int(value)
        t = m & -m
        r = m + t
        m = (((r ^ m) >> 2) // t) | r


def table_lines(levels) -> list[str]:
    """Problem 7's table and the checks of the conjectures, as text lines."""
    rows = ["  n  positions  leader wins      draws  follower wins  leading costs 0 / 1 "
            "trick   seconds"]
    for lv in levels:
        rows.append(f"{lv.n:>3} {lv.positions:>10,} {lv.leader_wins:>12,} {lv.draws:>10,} "
                    f"{lv.follower_wins:>14,}  {lv.lead_cost[0]:>10,} / {lv.lead_cost[1]:<10,}"
                    f" {lv.seconds:>7.2f}")
    top = levels[-1].n
    lead_ok = all(lv.lead_cost[2] == 0 for lv in levels)
    raise_ok = all(lv.raise_gain[2] == 0 for lv in levels)
    reply_ok = all(lv.reply_misses == 0 for lv in levels if lv.reply_misses is not None)
    checked = sum(lv.positions for lv in levels)
    rows.append(f"Every position up to {top} cards a hand solved ({checked:,} positions; "
                f"positions = the leader's possible hands, the follower holding the rest).")
    rows.append("Conjecture 1, leading never helps and costs at most one trick: "
                + ("holds in every position." if lead_ok else "FAILS somewhere."))
    rows.append("Conjecture 2, the follower's lowest card or his lowest winner is always a "
                "best reply: " + ("holds in every position." if reply_ok else "FAILS somewhere."))
    rows.append("Conjecture 3, a leader's card changing places with the follower's next "
                "higher card gains him 0 or 1 trick, never loses one: "
                + ("holds in every position." if raise_ok else "FAILS somewhere."))
    from .whist import ends_misses
    misses = ends_misses(levels)
    rows.append("Conjecture 4, the positions where the leader makes 0, 1, 2, n-2, n-1 or n "
                "tricks number 2, 10n-17, 28n^2-152n+204, 10n^2-38n+34, 4(n-1) and 1: "
                + ("holds for every n solved." if not misses else
                   "FAILS at " + ", ".join(f"n={n} ({t} tricks)" for n, t in misses) + "."))
    return rows


def _unused(params: dict, problem: int) -> None:
    given = [k for k, v in params.items() if v is not None and k != "progress"]
    if given:
        names = ", ".join("--" + k.replace("_", "-") for k in given)
        raise PelitError(f"problem {problem} takes no {names}")


_RUNNERS = {
    1: _problem_1,
    2: _problem_2,
    3: _problem_3,
    4: _problem_4,
    5: lambda **p: _problem_sticks(False, **p),
    6: lambda **p: _problem_sticks(True, **p),
    7: _problem_7,
}
