"""``pelit play``: a scripted session through stdin of the real command, the
prompt's answers to bad input, out-of-turn windows (bots answer first, but a
person who may pass is asked before bots that must move on; timed races
against bots with a human-like delay), and the generic table for every
registered game drawn from one seat's view."""

from __future__ import annotations

import importlib.util
import io
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

import pelit
from pelit.cards.deck import RANK_NAMES
from pelit.cli import render
from pelit.cli.play import Session

ROOT = Path(__file__).resolve().parents[2]
PELIT = Path(sys.executable).with_name("pelit")
GAMES = pelit.game_ids()


def quiet_console():
    return Console(file=io.StringIO(), width=100, force_terminal=False, highlight=False)


def scripted_moves(game_id, seed, seat=0, **overrides):
    """The moves a player at ``seat`` makes choosing its first legal action,
    found by playing the session in-process (bots are seeded, so the real
    command given the same seed and these lines plays the same match)."""
    moves = []
    session = None

    def answer(prompt):
        view = session.game.view(session.state, session.me)
        text = session.game.action_text(view["legal"][0])
        moves.append(text)
        return text

    session = Session(pelit.load(game_id), seat=seat, seed=seed, overrides=overrides,
                      console=quiet_console(), save=False, input_fn=answer)
    assert session.run() == 0
    return moves


def pelit_cmd(*args, stdin="", env_extra=None, tmp_path=None):
    env = {"PATH": "/usr/bin:/bin", "COLUMNS": "100", "HOME": str(tmp_path or ROOT)}
    env.update(env_extra or {})
    return subprocess.run([str(PELIT), *map(str, args)], input=stdin, capture_output=True,
                          text=True, env=env, timeout=120)


def test_scripted_xeri_match_through_stdin(tmp_path):
    """A whole short Xeri match (hands=1) typed at the real prompt, with bad
    input, help and the other prompt commands on the way."""
    moves = scripted_moves("xeri", 21, hands=1)
    chatter = ["zz", "AS AS", "help", "legal", "log 3", "log x", "rules", "", "table"]
    first = moves[0]
    lines = chatter + [first.lower()] + moves[1:]      # card text in any case
    record = tmp_path / "match.json"
    r = pelit_cmd("play", "xeri", "--seed", 21, "-o", "hands=1", "--record", record,
                  stdin="\n".join(lines) + "\n", tmp_path=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "Traceback" not in r.stdout + r.stderr
    out = r.stdout
    assert "✗ 'zz' is not an action here. Legal now:" in out
    assert "✗ 'AS AS' is not an action here" in out or "✗ AS" in out
    assert "log takes a number" in out
    assert "Your hand" in out and "Your turn" in out and "Legal:" in out
    assert "hands played" in out and ("You won!" in out or "You lost" in out
                                      or "a draw" in out)
    assert "Seed 21" in out and f"Record saved to {record}" in out
    rec = json.loads(record.read_text())
    assert rec["seed"] == 21 and rec["options"] == {"hands": 1} and rec["result"]
    check = pelit_cmd("replay", record, "--check", tmp_path=tmp_path)
    assert check.returncode == 0, check.stderr


def test_quit_and_end_of_input_save_the_record(tmp_path):
    r = pelit_cmd("play", "xeri", "--seed", 4, stdin="quit\n", tmp_path=tmp_path,
                  env_extra={"PELIT_RECORDS": str(tmp_path / "recs")})
    assert r.returncode == 0 and "you left the match" in r.stdout
    assert (tmp_path / "recs" / "xeri-4.json").exists()
    r = pelit_cmd("play", "xeri", "--seed", 4, "--no-record", stdin="", tmp_path=tmp_path)
    assert r.returncode == 1 and "input ended" in r.stdout and "no record kept" in r.stdout
    assert "Traceback" not in r.stdout + r.stderr


def test_the_seed_is_shown_only_when_the_match_is_over(tmp_path):
    """The seed tells the deal: it is printed after the match, not during it."""
    r = pelit_cmd("play", "xeri", "--seed", 987654321, "--no-record",
                  stdin="legal\nhelp\nlog\nquit\n", tmp_path=tmp_path)
    during, _, after = r.stdout.partition("Match stopped")
    assert "987654321" not in during and "Seed 987654321" in after


def test_user_error_is_one_line_without_traceback(tmp_path):
    r = pelit_cmd("play", "nope", tmp_path=tmp_path)
    assert r.returncode == 2
    assert r.stderr.strip().startswith("pelit: unknown game 'nope'")
    assert len(r.stderr.strip().splitlines()) == 1 and r.stdout == ""


def test_the_table_shows_only_what_the_seat_may_see():
    """The drawn table is built from the seat's view: the opponent's hand and
    the stock never appear, the own hand does (sorted by suit)."""
    g = pelit.load("xeri")
    s = g.new_state(seed=9, hands=1)
    for _ in range(5):
        s.apply(g.legal_actions(s)[0])
    con = quiet_console()
    view = g.view(s, s.to_act[0])
    me = s.to_act[0]
    con.print(render.table_renderable(g, view, ["you", "bot"],
                                      [render.describe_event(g, e, me, None, 2)
                                       for e in g.events_for(s, me)]))
    text = con.file.getvalue()
    hidden = s.hands[1 - me] | g.unknown_cards(s, me)
    for c in range(52):
        shown = render.card_text(g, c).plain
        if (hidden >> c) & 1:
            assert shown not in text, f"{shown} leaked"
    own = [render.card_text(g, c).plain for c in render.sorted_hand(g, list(view["hand"]))]
    assert "Yourhand" + "".join(own) in text.replace(" ", "")


def test_hand_is_grouped_by_suit_high_first():
    g = pelit.load("xeri")
    mask = 0
    for t in "2C AS 5H KS TD JH".split():
        mask |= 1 << g.deck.parse(t)
    assert render.hand_text(g, mask).plain == "A♠ K♠   J♥ 5♥   2♣   10♦"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_plays_to_the_end_at_the_prompt(game_id):
    """The generic table, prompt and bots work for every registered game."""
    g = pelit.load(game_id)
    rng = random.Random(5)
    session = None
    prompts = 0

    def answer(prompt):
        nonlocal prompts
        prompts += 1
        if prompts == 1:
            return "this is not an action"
        view = session.game.view(session.state, session.me)
        return session.game.action_text(rng.choice(view["legal"]))

    # an outdoor referee game's facts are its scorekeeper's, seat 0 (games/_referee.py):
    # at another seat of a game of facts only, nothing is ever the person's to enter
    seat = 0 if g.info.family == "outdoor referee" else g.info.min_seats - 1
    session = Session(g, seat=seat, seed=5, overrides=dict(g.test_options),
                      console=quiet_console(), save=False, input_fn=answer)
    assert session.run() == 0
    text = session.console.file.getvalue()
    assert "is not an action" in text and "Legal now:" in text
    assert session.state.outcome.reason in " ".join(text.split())


# -- out-of-turn windows: the toy game of tests/core/test_windows.py ---------

def _toy():
    mod = sys.modules.get("toy_windows")
    if mod is None:
        spec = importlib.util.spec_from_file_location(
            "toy_windows", ROOT / "tests" / "core" / "test_windows.py")
        mod = importlib.util.module_from_spec(spec)
        sys.modules["toy_windows"] = mod
        spec.loader.exec_module(mod)
    return mod.Claims()


def test_bots_in_a_window_answer_before_the_person():
    game = _toy()
    asked = []
    session = None

    def answer(prompt):
        st = session.state
        asked.append((st.phase.name, tuple(st.to_act),
                      (st.window.seats, dict(st.window.answers)) if st.window else None))
        view = game.view(st, session.me)
        return game.action_text(view["legal"][0])

    session = Session(game, seat=1, seed=3, console=quiet_console(), save=False,
                      input_fn=answer)
    assert session.run() == 0
    claims = [a for a in asked if a[0] == "CLAIM"]
    assert claims, "the person was never asked in a claim window"
    for _, to_act, (seats, answers) in claims:
        # the bot in the window answered first, then the person was asked
        assert to_act == (1,) and set(answers) == set(seats) - {1}
    # the race to slap: a bot always arrives before the person is asked
    assert all(a[0] != "SLAP" for a in asked)
    assert session.state.outcome.winners[0] in (0, 2)


def test_window_arrival_order_is_seeded():
    def winners(seed):
        game = _toy()
        session = Session(game, seat=1, seed=seed, console=quiet_console(), save=False,
                          input_fn=lambda p: "pass" if session.state.phase.name == "CLAIM"
                          else "lay 1")
        session.run()
        return session.state.outcome.winners

    assert all(winners(s) == winners(s) for s in range(4))
    assert len({winners(s) for s in range(12)}) == 2        # both bots win some races


# -- boards ---------------------------------------------------------------------

class _Info:
    def __init__(self, gid):
        self.id, self.family, self.name = gid, "connection", gid.title()


class _BoardGame:
    deck = None
    actions = None

    def __init__(self, gid):
        self.info = _Info(gid)


def _board_view(board, gid):
    return {"game": gid, "seat": 0, "players": 2, "phase": "play", "to_act": [0],
            "legal": [], "version": 0, "board": board}


def test_hex_board_drawn_as_a_rhombus_with_coordinates():
    board = [[None] * 4 for _ in range(4)]
    board[0][1], board[2][2] = 0, 1
    text = render.board_renderable(_BoardGame("hex"), _board_view(board, "hex")).plain
    lines = text.splitlines()
    assert lines[0].split() == ["a", "b", "c", "d"]
    assert lines[1] == "1 · ● · ·" and lines[3] == "3   · · ○ ·"      # by shape: NO_COLOR
    assert "● You" in lines[-1] and "○ Seat 1" in lines[-1]


def test_y_board_drawn_as_a_triangle():
    board = [[0] * (i + 1) for i in range(4)]
    board[3][0] = 2
    text = render.board_renderable(_BoardGame("y"), _board_view(board, "y")).plain
    lines = text.splitlines()
    assert lines[0] == "1    ·" and lines[3] == "4 ○ · · ·"          # player 2's stone


def test_a_game_may_draw_its_own_board():
    g = _BoardGame("hex")
    g.render_board = lambda view: "my board"
    assert render.board_renderable(g, _board_view([[0]], "hex")).plain == "my board"


def test_named_colour_stones_and_legend():
    """A Hex-style view: rows of ``.``/``R``/``B`` and a colours map (who is red)."""
    view = _board_view([".R.", "..B", "..."], "hex")
    view["colours"] = {"red": 1, "blue": 0}
    text = render.board_renderable(_BoardGame("hex"), view, ["you", "heuristic"]).plain
    lines = text.splitlines()
    assert lines[1] == "1 · ● · 1" and lines[2] == "2  · · ○ 2"
    assert lines[-1].strip() == "● red: Seat 1   ○ blue: You"


def test_a_move_list_is_never_a_seat_column():
    g = _BoardGame("hex")
    memory = set()
    view = _board_view([".."], "hex")
    view["moves"] = []
    con = quiet_console()
    con.print(render.table_renderable(g, view, memory=memory))
    view["moves"] = ["a1", "b1"]          # as long as the number of seats, by chance
    view["hands_won"] = [1, 0]
    con = quiet_console()
    con.print(render.table_renderable(g, view, memory=memory))
    lines = con.file.getvalue().splitlines()
    header = lines[1]                                   # the seats table's header row
    assert "hands won" in header and "moves" not in header
    assert any("moves" in ln and "a1, b1" in ln for ln in lines[2:])


def test_long_runs_of_legal_actions_are_shortened():
    """Board cells and runs of one verb show their first few, the last and a
    count; card plays are all listed."""
    from pelit.core.actions import ActionSpace

    class Many:
        deck = None
        actions = ActionSpace()
        actions.choice("", [f"c{i}" for i in range(30)])
        actions.numbers("bid", range(1, 21))
        actions.verb("pass")

        def action_text(self, a):
            return self.actions.text(a)

    g = Many()
    text = render.legal_text(g, {"legal": list(range(g.actions.size))}).plain
    assert text == ("c0  c1  c2  c3  …  c29 (30 in all)  bid 1  bid 2  bid 3  bid 4  …  "
                    "bid 20 (20 in all)  pass")
    xeri = pelit.load("xeri")
    cards = xeri.deck.parse_many("2C AS 5H KS TD JH 9S 8S")
    assert render.legal_text(xeri, {"legal": cards}).plain == "A♠  K♠  9♠  8♠  J♥  5♥  2♣  10♦"


def test_values_read_as_words():
    """Tricks as seat-labelled plays, records without their empty entries,
    seat numbers in records as seat names."""
    from pelit.cards.deck import Card
    g = pelit.load("xeri")
    c = g.deck.parse
    trick = [[2, Card(c("QS"))], [0, Card(c("KS"))]]
    assert render.value_text(g, trick, me=0).plain == "Seat 2 Q♠ · You K♠"
    bid = {"verbal": False, "exposed": True, "bid": "rami", "card": None, "winner": 1}
    assert render.value_text(g, bid, me=1).plain == "exposed; bid rami; winner You"
    lines = [{"hand": 0, "xeri": 10}, {"hand": 1, "xeri": 0}]
    assert render.value_text(g, lines).plain == "hand 0; xeri 10 | hand 1; xeri 0"
    assert render.value_text(g, lines, terse=True).plain == "xeri 10 | hand 1"


def test_lists_in_records_read_as_words_not_python_lists():
    """Issue 10: no '[6, 7]' for a person: numbers per seat or per team are
    named, lists of seats are seat names."""
    tuppi = pelit.load("tuppi")
    scored = {"tricks": [6, 7], "scores": [0, 24], "won_by": 2}
    assert render.value_text(tuppi, scored, players=4).plain == \
        "tricks team 0: 6, team 1: 7; scores team 0: 0, team 1: 24; won by Seat 2"
    xeri = pelit.load("xeri")
    assert render.value_text(xeri, {"points": [3, 5]}, me=1, players=2).plain == \
        "points Seat 0: 3, You: 5"
    assert render.field_text(tuppi, "play_order", [1, 3, 0], me=0, players=4).plain == \
        "Seat 1, Seat 3, You"
    event = {"kind": "hand_scored", "seat": None, "tricks": [6, 7], "sooli_passed": [2]}
    line = render.describe_event(tuppi, event, 2, None, 4).plain
    assert "[" not in line and "team 0: 6, team 1: 7" in line and "sooli passed You" in line


def _asked_out_of_turn(game_id, seat, first_word):
    """Play a session answering ``first_word`` when offered, else the first
    legal action; return the prompts met while it was a bot's turn."""
    game = pelit.load(game_id)
    out_of_turn = []
    session = None

    def answer(prompt):
        st = session.state
        view = game.view(st, session.me)
        texts = [game.action_text(a) for a in view["legal"]]
        if view.get("turn") is not None and view["turn"] != session.me:
            out_of_turn.append((tuple(st.to_act), texts))
        pick = next((t for t in texts if t.startswith(first_word)), texts[0])
        return pick

    session = Session(game, seat=seat, seed=4, console=quiet_console(), save=False,
                      input_fn=answer)
    assert session.run() == 0
    return out_of_turn


def test_a_person_who_may_pass_is_asked_before_the_bot_whose_move_closes_the_window():
    # Valepaska 27.4: a doubt must be offered before the next player's play
    asked = _asked_out_of_turn("valepaska", 2, "pass")
    assert any("doubt" in texts and len(to_act) > 1 for to_act, texts in asked)
    # Cactus (Matching cards): a match may be made during the opponent's turn
    asked = _asked_out_of_turn("cactus", 1, "pass")
    assert any(any(t.startswith("match") for t in texts) and 0 in to_act
               for to_act, texts in asked)


def _salute_session(answer_in_time):
    """Salute the King from seat 0; in a reaction window the timed prompt
    answers the right gesture at once, or lets the time run out."""
    game = pelit.load("salute-the-king")
    offered = []
    session = None

    def right_gesture():
        view = game.view(session.state, 0)
        rank = game.pack(session.state).rank_of[int(view["middle_top"])]
        return {t[0]: t[1] for t in view["triggers"]}[RANK_NAMES[rank]]

    def timed(prompt, seconds):
        offered.append(seconds)
        return right_gesture() if answer_in_time else None

    def answer(prompt):
        view = game.view(session.state, 0)
        if view["phase"] == "react":
            return right_gesture()
        return "turn"

    session = Session(game, seat=0, seed=5, overrides={"players": 3}, console=quiet_console(),
                      save=False, input_fn=answer, timed_input_fn=timed)
    assert session.run() == 0
    last = [e for e in session.state.events if e.kind == "collect"]
    return offered, last


def test_reaction_race_the_person_answering_in_time_beats_the_bots():
    # Salute the King: the bots answer after their human-like delay; a person
    # quicker than that is never the last to react
    offered, collects = _salute_session(answer_in_time=True)
    assert offered and all(0 < s < 2.0 for s in offered)
    assert not any(e.seat == 0 and e.public["why"] == "last to react" for e in collects)


def test_reaction_race_the_person_too_slow_collects_as_the_last():
    offered, collects = _salute_session(answer_in_time=False)
    assert any(e.seat == 0 and e.public["why"] == "last to react" for e in collects)


def test_every_bot_play_is_offered_to_the_person_to_doubt_before_the_next_play():
    # Valepaska 27.4, four players: other bots may doubt or pass first, but
    # the next bot's play waits until the person has answered
    game = pelit.load("valepaska")
    session = None

    def answer(prompt):
        texts = [game.action_text(a) for a in game.view(session.state, 2)["legal"]]
        return "pass" if "pass" in texts else texts[0]

    session = Session(game, seat=2, seed=6, console=quiet_console(), save=False,
                      input_fn=answer)
    assert session.run() == 0
    open_play = None
    checked = 0
    out_now = set()
    for e in session.state.events:
        if e.kind == "play" and e.seat != 2:
            open_play = e.seat
        elif e.kind in ("doubt", "take") or (e.kind == "pass" and e.seat == 2):
            open_play = None
        elif e.kind == "say" and open_play is not None:
            # another's play started while the person could still doubt the last
            assert e.seat == 2 or 2 in out_now, (e.seat, e.public)
            open_play = None
        if e.kind == "out":
            out_now.add(e.seat)
        if e.kind == "pass" and e.seat == 2:
            checked += 1
    assert checked > 10


def test_a_verb_may_be_shortened_when_only_one_legal_action_fits():
    """Typing the start of the one legal verb action acts (``ap`` for
    ``applaud``); cards are never guessed from a prefix, and an ambiguous or
    unknown start is refused with the legal actions."""
    game = pelit.load("tuppi")
    lines = iter(["b", "bid", "zzz"])
    said = []
    session = Session(game, seat=0, seed=3, console=quiet_console(), save=False,
                      input_fn=lambda prompt: next(lines))
    while 0 not in session.state.to_act:
        session._bot_move(session.state.to_act[0])
    texts = {game.action_text(a) for a in game.legal_actions(session.state, 0)}
    assert len([t for t in texts if t.startswith("b")]) > 1      # "bid 7H", "bid 5C", ...
    before = len(session.state.history)
    for line in ("b", "zzz", "7"):
        session._handle(line)
        said.append(len(session.state.history))
    assert said == [before] * 3                                # ambiguous, unknown, a card prefix
    g2 = pelit.load("salute-the-king")
    s2 = Session(g2, seat=0, seed=5, overrides={"players": 3}, console=quiet_console(),
                 save=False, input_fn=lambda prompt: "")
    st = s2.state
    for _ in range(500):
        if 0 in st.to_act and any(g2.action_text(a) in ("stand", "salute", "bow", "applaud")
                                  for a in g2.legal_actions(st, 0)):
            break
        seat = st.to_act[0]
        st.apply(g2.legal_actions(st, seat)[0], seat)
    gesture = next(g2.action_text(a) for a in g2.legal_actions(st, 0)
                   if g2.action_text(a) in ("stand", "salute", "bow", "applaud"))
    n = len(st.history)
    assert s2._handle(gesture[:2]) == "acted" and len(st.history) == n + 1
    assert g2.action_text(st.history[-1][1]) == gesture


def test_an_event_field_named_like_the_event_is_not_labelled_twice():
    """'Seat 1: call  1 canasta', not 'call  call 1 canasta'."""
    g = pelit.load("contract-samba")
    line = render.describe_event(g, {"kind": "call", "seat": 1, "call": "1 canasta",
                                     "level": 1}, 0, None, 4).plain
    assert line == "Seat 1: call  1 canasta · level 1"


def test_a_typo_is_answered_with_what_was_probably_meant():
    """Issue 10: 'did you mean' for a slip in a move or a prompt command."""
    game = pelit.load("tuppi")
    console = quiet_console()
    session = Session(game, seat=0, seed=5, console=console, save=False,
                      input_fn=lambda prompt: "quit")
    before = len(session.state.history)
    session._handle("lgeal")
    session._handle("bid 4x")
    text = console.file.getvalue()
    assert "Did you mean legal? Legal now:" in text
    assert "Did you mean bid 4♠ or bid 4♣" in " ".join(text.split())
    assert len(session.state.history) == before


def test_the_record_path_is_checked_before_the_match_starts(tmp_path):
    """Issue 10: a folder or an unwritable place for --record fails at once,
    in one line, before any move is asked for."""
    r = pelit_cmd("play", "xeri", "--record", tmp_path, stdin="AS\n", tmp_path=tmp_path)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.strip() == f"pelit: cannot save the record to {tmp_path}: it is a folder; " \
                               "give a file name"
    blocker = tmp_path / "file"
    blocker.write_text("")
    r = pelit_cmd("play", "xeri", "--record", blocker / "x.json", tmp_path=tmp_path)
    assert r.returncode == 2 and "is a file, not a folder" in r.stderr and r.stdout == ""


def test_canasta_meld_start_never_fills_in_a_wild_card():
    """Issue 10: 'meld 7 7' used to run 'meld 7 7 2', melding a wild two the
    player meant to keep.  The prompt now names the action and asks."""
    from pelit.games.canasta import DECK as CDECK
    game = pelit.load("canasta")
    console = quiet_console()
    session = Session(game, seat=0, seed=3, console=console, save=False,
                      input_fn=lambda prompt: "quit")
    s = session.state
    s.play("draw", 0)
    keep = CDECK.parse_many("7S 7H 2C KD QD JD 9S 8H 6C 5D 4S 4H")
    spare = s.hands[0]
    for p in range(4):
        s.hands[p] &= ~sum(1 << c for c in keep)
    s.stock = [c for c in s.stock if c not in keep] + [c for c in pelit.cards.deck.ids(spare)
                                                       if c not in keep]
    s.hands[0] = sum(1 << c for c in keep)
    s._legal = None
    texts = {game.action_text(a) for a in game.legal_actions(s, 0)}
    assert "meld 7 7 2" in texts and not {"meld 7 7 7", "meld 7 7 jk"} & texts
    before = len(s.history)
    assert session._handle("meld 7 7") is None and len(s.history) == before
    assert "'meld 7 7' could be: meld 7" in console.file.getvalue()
    assert session._handle("meld 7 7 2") == "acted"


def test_log_does_not_turn_up_won_tricks():
    """Ch. 2 in the terminal: 'log' shows the cards of the trick on the table
    and of the last trick until the next lead; earlier tricks lie face down."""
    from pelit.cli.play import _face_down_plays
    ev = [{"kind": "new_deal"}, {"kind": "play", "card": 1}, {"kind": "play", "card": 2},
          {"kind": "trick"}, {"kind": "play", "card": 3}, {"kind": "play", "card": 4},
          {"kind": "trick"}]
    assert _face_down_plays(ev) == {1, 2}                     # the last trick shows
    assert _face_down_plays(ev + [{"kind": "lead", "card": 5}]) == {1, 2, 4, 5}
    assert _face_down_plays(ev + [{"kind": "new_deal"}]) == set()
    game = pelit.load("tuppi")
    console = quiet_console()
    session = Session(game, seat=0, seed=3, console=console, save=False,
                      input_fn=lambda prompt: "quit")
    st = session.state
    while len([e for e in st.events if e.kind == "trick"]) < 3 or st.trick:
        seat = st.to_act[0]
        st.apply(game.legal_actions(st, seat)[0], seat)
    session._handle("log all")
    text = console.file.getvalue()
    plays = [ln for ln in text.splitlines() if ": play" in ln]
    with_card = [ln for ln in plays if "card" in ln]
    assert len(plays) > 8 and len(with_card) == 4              # the last trick only


def test_hint_command_asks_the_games_solver_and_a_patience_has_no_bots():
    # La Belle Lucie offers hint(view); Xeri offers none: the prompt says so
    lines = iter(["hint", "quit"])
    out = io.StringIO()
    session = Session(pelit.load("la-belle-lucie"), seat=0, seed=4,
                      console=Console(file=out, width=120, force_terminal=False),
                      save=False, input_fn=lambda prompt: next(lines))
    assert session.bots == {}
    assert session.run() == 0
    text = out.getvalue()
    assert "you play alone" in text and "Next: " in text
    lines = iter(["hint", "quit"])
    out = io.StringIO()
    session = Session(pelit.load("xeri"), seat=0, seed=4,
                      console=Console(file=out, width=120, force_terminal=False),
                      save=False, input_fn=lambda prompt: next(lines))
    session.run()
    assert "Xeri gives no hints" in out.getvalue()
