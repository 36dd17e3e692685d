"""pelit for learning agents: fixed action spaces and masks (``spaces``),
observation tensors from views (``observe``), PettingZoo AEC environments
(``env``), a Gymnasium single-seat wrapper (``gym``) and an OpenSpiel
adapter (``openspiel``).  See docs/RL.md."""

from __future__ import annotations


def env(game, **options):
    """A PettingZoo AEC environment of ``game`` (an id or a Game); keyword
    options are the game's options (``players=3``), or ``preset=NAME``;
    ``render_mode="ansi"`` renders the acting seat's view as text."""
    from .aec import PelitAEC
    return PelitAEC(game, **options)
