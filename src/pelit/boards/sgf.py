"""SGF (Smart Game Format, FF[4]) text for board games, on top of sgfmill.

Games keep their own meaning of properties (Hex writes ``B[c5]``, Go would
write ``B[cc]``); this module only turns a root property map and a list of
moves into SGF text and back, with SGF's escaping and encodings handled by
sgfmill's grammar layer (sgfmill's ``Sgf_game`` reads moves as Go points, so
the game-neutral grammar layer is what fits here).
"""

from __future__ import annotations

from sgfmill import sgf_grammar

from ..core.errors import ParseError

MOVE_PROPS = ("B", "W")
SETUP_PROPS = ("AB", "AW", "AE")


def write_sgf(root: dict[str, str], moves: list[tuple[str, str]]) -> str:
    """``(;FF[4]CA[UTF-8]<root>;B[..];W[..]...)``: one node per move."""
    props = {"FF": "4", "CA": "UTF-8"}
    props.update(root)
    nodes = [props] + [{prop: value} for prop, value in moves]
    tree = sgf_grammar.Coarse_game_tree()
    tree.sequence = [
        {k: [sgf_grammar.escape_text(str(v).encode("utf-8"))] for k, v in node.items()}
        for node in nodes]
    tree.children = []
    return sgf_grammar.serialise_game_tree(tree, wrap=None).decode("utf-8")


def read_sgf(text: str | bytes) -> tuple[dict[str, str], list[tuple[str, str]]]:
    """The root properties and the moves (``B``/``W`` values, in order) of the
    first game in the text, following its main line."""
    data = text.encode("utf-8") if isinstance(text, str) else bytes(text)
    try:
        tree = sgf_grammar.parse_sgf_game(data)
    except ValueError as exc:
        raise ParseError(f"not SGF: {exc}") from None
    nodes = list(sgf_grammar.main_sequence_iter(tree))
    if not nodes:
        raise ParseError("the SGF holds no game")
    encoding = "utf-8"
    ca = nodes[0].get(b"CA") or nodes[0].get("CA")
    if ca:
        encoding = ca[0].decode("ascii", "replace").strip() or encoding

    def value(raw: bytes) -> str:
        try:
            return sgf_grammar.simpletext_value(raw).decode(encoding)
        except (LookupError, UnicodeDecodeError) as exc:
            raise ParseError(f"SGF text in an encoding that cannot be read: {exc}") from None

    def props(node) -> dict[str, list[bytes]]:
        return {(k.decode() if isinstance(k, bytes) else k): v for k, v in node.items()}

    root = {k: value(v[0]) for k, v in props(nodes[0]).items() if v}
    moves = []
    for i, node in enumerate(nodes):
        node = props(node)
        setup = [p for p in SETUP_PROPS if p in node]
        if setup:
            raise ParseError(f"node {i + 1} places or removes stones by setup "
                             f"({', '.join(setup)}): only move-by-move games can be read")
        if i == 0:
            continue
        for prop in MOVE_PROPS:
            if prop in node:
                moves.append((prop, value(node[prop][0])))
    return root, moves
