"""Trivia questions for Believe or Doubt (seed 000 ch. 29).

The rule book plays with the question cards of a trivia game, which it does
not contain.  pelit ships its own bank: 515 questions in the six
categories of the classic trivia board (each with its colour), written for
this project; facts are common knowledge, the wording is ours.  More
questions load from a file in either of two formats:

**pelit text format** (the shipped ``questions_*.txt``)::

    # a comment
    == Geography | blue ==
    Which city is the capital of Australia? | Canberra | Sydney; Melbourne; Perth
    Which river flows through Paris? | Seine; the Seine | Loire; Rhone; Marne

A ``== CATEGORY | COLOUR ==`` line starts a category (the colour is the
board's, 29.4; any word).  A question line has three fields split by ``|``:
the question; the printed answer followed by any other forms a table would
accept, split by ``;``; and wrong answers a person might give, split by
``;`` (used by bots that do not know the answer and by multiple choice;
may be empty).

**OpenTDB JSON** (what opentdb.com's API returns, a ``results`` list of
``{category, type, question, correct_answer, incorrect_answers}`` with HTML
entities): each result is one question; categories keep their names and get
colours in turn.  A file ending ``.json`` is read as OpenTDB, anything else
as the text format.

Judging a typed answer (29.3: the printed answer is authoritative) is
``is_correct``: both sides are folded (case, accents, punctuation, a
leading article, number words up to twenty as digits); the answer is right
when it equals the printed answer or one of its accepted forms word for
word, allowing in each word of five letters or more a single slip of the
keyboard (a letter added, lost or changed, or two letters swapped), and a
name's first names given as initials ("H. C. Andersen").  Short words and
anything with digits must be exact, so "Henry VII" is not "Henry VIII" and
"1944" is not "1945".
"""

from __future__ import annotations

import html
import json
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..core.errors import OptionError

HERE = Path(__file__).resolve().parent
SHIPPED = ("questions_geography.txt", "questions_entertainment.txt", "questions_history.txt",
           "questions_arts.txt", "questions_science.txt", "questions_sports.txt")
COLOURS = ("blue", "pink", "yellow", "brown", "green", "orange")


@dataclass(frozen=True)
class Question:
    category: str
    text: str
    answers: tuple[str, ...]      # the printed answer first, then other accepted forms
    wrong: tuple[str, ...]        # plausible wrong answers

    @property
    def printed(self) -> str:
        return self.answers[0]

    def choices(self) -> tuple[str, ...]:
        """The printed answer and the wrong answers, in alphabetical order."""
        return tuple(sorted((self.printed, *self.wrong), key=str.lower))


class Bank:
    """Questions by category, in a fixed order (ids are places in ``questions``)."""

    __slots__ = ("questions", "categories", "colours", "by_category")

    def __init__(self, questions, colours=None):
        self.questions = tuple(questions)
        if not self.questions:
            raise OptionError("the question bank is empty")
        names = list(dict.fromkeys(q.category for q in self.questions))
        colours = dict(colours or {})
        for i, name in enumerate(names):
            colours.setdefault(name, COLOURS[i % len(COLOURS)])
        self.categories = tuple(names)
        self.colours = tuple(colours[c] for c in names)
        self.by_category = tuple(tuple(i for i, q in enumerate(self.questions) if q.category == c)
                                 for c in names)

    def __len__(self):
        return len(self.questions)

    def __add__(self, other: "Bank") -> "Bank":
        colours = dict(zip(self.categories, self.colours))
        for c, col in zip(other.categories, other.colours):
            colours.setdefault(c, col)
        return Bank(self.questions + other.questions, colours)


# -- reading ------------------------------------------------------------------

def _split(field: str) -> tuple[str, ...]:
    return tuple(x.strip() for x in field.split(";") if x.strip())


def parse_text(text: str, source: str = "questions") -> Bank:
    """A bank from the pelit text format (see the module docstring)."""
    questions, colours = [], {}
    category = None
    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("==") and line.endswith("=="):
            name, _, colour = line.strip("= ").partition("|")
            category = name.strip()
            if not category:
                raise OptionError(f"{source} line {no}: a category line needs a name")
            if colour.strip():
                colours[category] = colour.strip().lower()
            continue
        fields = line.split("|")
        if category is None:
            raise OptionError(f"{source} line {no}: a question before any '== CATEGORY ==' line")
        if len(fields) not in (2, 3) or not fields[0].strip() or not _split(fields[1]):
            raise OptionError(f"{source} line {no}: want 'question | answer; other forms | "
                              f"wrong; wrong', got {line[:60]!r}")
        wrong = _split(fields[2]) if len(fields) == 3 else ()
        questions.append(Question(category, fields[0].strip(), _split(fields[1]), wrong))
    return Bank(questions, colours)


def parse_opentdb(data, source: str = "questions") -> Bank:
    """A bank from OpenTDB's JSON (the API's answer, or just its ``results``)."""
    results = data.get("results") if isinstance(data, dict) else data
    if not isinstance(results, list):
        raise OptionError(f"{source}: OpenTDB JSON wants a 'results' list")
    questions = []
    for i, r in enumerate(results, 1):
        try:
            questions.append(Question(html.unescape(r["category"]).strip(),
                                      html.unescape(r["question"]).strip(),
                                      (html.unescape(r["correct_answer"]).strip(),),
                                      tuple(html.unescape(w).strip()
                                            for w in r.get("incorrect_answers", ()))))
        except (KeyError, TypeError, AttributeError):
            raise OptionError(f"{source}: result {i} lacks category, question or "
                              "correct_answer") from None
    return Bank(questions)


@lru_cache(maxsize=8)
def _load_file(path: str, mtime: float) -> Bank:
    p = Path(path)
    text = p.read_text(encoding="utf-8")
    if p.suffix.lower() == ".json":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise OptionError(f"{path}: not JSON ({exc.msg}, line {exc.lineno})") from None
        return parse_opentdb(data, path)
    return parse_text(text, path)


def load_file(path: str) -> Bank:
    p = Path(path).expanduser()
    try:
        return _load_file(str(p.resolve()), p.stat().st_mtime)
    except OSError as exc:
        raise OptionError(f"cannot read the question file {path!r}: {exc.strerror}") from None


@lru_cache(maxsize=1)
def shipped_bank() -> Bank:
    bank = None
    for name in SHIPPED:
        part = parse_text((HERE / name).read_text(encoding="utf-8"), name)
        bank = part if bank is None else bank + part
    return bank


def bank_for(extra: str = "", shipped: bool = True) -> Bank:
    """The shipped bank, a file's questions, or both (shipped first)."""
    if not extra:
        if not shipped:
            raise OptionError("no questions: give a question file or keep the shipped bank")
        return shipped_bank()
    loaded = load_file(extra)
    return shipped_bank() + loaded if shipped else loaded


# -- judging ----------------------------------------------------------------------

_NUMBERS = {w: str(i) for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen twenty".split())}
_ARTICLES = ("the ", "a ", "an ")


@lru_cache(maxsize=4096)
def fold(text: str) -> str:
    """An answer reduced to what matters when comparing it: lower case, no
    accents or punctuation, no leading article, number words as digits."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).lower()
    text = text.replace("&", " and ").replace("-", " ")
    text = "".join(ch if ch.isalnum() or ch.isspace() else "" for ch in text)
    words = text.split()
    words = [_NUMBERS.get(w, w) for w in words]
    text = " ".join(words)
    for art in _ARTICLES:
        if text.startswith(art) and len(text) > len(art):
            text = text[len(art):]
            break
    return text


def _one_slip(a: str, b: str) -> bool:
    """Are ``a`` and ``b`` one keyboard slip apart (or equal)?"""
    if a == b:
        return True
    la, lb = len(a), len(b)
    if la == lb:
        diff = [i for i in range(la) if a[i] != b[i]]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1
                                  and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]])
    if abs(la - lb) != 1:
        return False
    short, long_ = (a, b) if la < lb else (b, a)
    i = 0
    while i < len(short) and short[i] == long_[i]:
        i += 1
    return short[i:] == long_[i + 1:]


def _word_matches(g: str, f: str) -> bool:
    if g == f:
        return True
    return len(f) >= 5 and not any(ch.isdigit() for ch in f + g) and _one_slip(g, f)


def _matches(given: str, form: str) -> bool:
    if given == form:
        return True
    gw, fw = given.split(), form.split()
    if len(gw) == len(fw) and all(_word_matches(g, f) for g, f in zip(gw, fw)):
        return True
    # a name with its first names as initials: "H. C. Andersen" (folded to
    # "h c andersen" or "hc andersen") for "Hans Christian Andersen"
    if len(fw) >= 2 and len(gw) >= 2 and _word_matches(gw[-1], fw[-1]):
        initials = "".join(gw[:-1])
        return initials.isalpha() and initials == "".join(w[0] for w in fw[:-1])
    return False


def is_correct(question: Question, given: str) -> bool:
    """29.3: is ``given`` the printed answer (or a form of it the table accepts)?"""
    g = fold(given)
    return bool(g) and any(_matches(g, fold(form)) for form in question.answers)
