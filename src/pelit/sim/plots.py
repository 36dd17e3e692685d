"""The plots of a tournament (matplotlib, written as PNG without a display)."""

from __future__ import annotations

from pathlib import Path


def _pyplot():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def _short(bot: str) -> str:
    """A bot's name for a label: an import path by its class."""
    return bot.rpartition(":")[2] if "." in bot.partition(":")[0] else bot


def share_plot(summary: dict, path) -> Path:
    """Each pair's share per game with its 95% interval; the line at 0.5 is
    an even match, a bar clear of it a difference beyond chance."""
    plt = _pyplot()
    pairs = summary["pairs"]
    labels = [f"{p['game']}\n{_short(p['a'])}\nvs {_short(p['b'])}" for p in pairs]
    means = [p["share_a"] for p in pairs]
    errs = [[m - (p["ci95"] or [m, m])[0] for m, p in zip(means, pairs)],
            [(p["ci95"] or [m, m])[1] - m for m, p in zip(means, pairs)]]
    fig, ax = plt.subplots(figsize=(max(4.0, 1.5 * len(pairs) + 1.5), 4.0), dpi=100)
    colours = ["#2b7bba" if p["verdict"].endswith("better") else "#999999" for p in pairs]
    ax.bar(range(len(pairs)), means, yerr=errs, capsize=5, color=colours)
    ax.axhline(0.5, color="black", linewidth=0.8, linestyle="--")
    ax.set_xticks(range(len(pairs)), labels, fontsize=8)
    ax.set_ylim(0, 1)
    ax.set_ylabel("share of the first bot (95% interval)")
    ax.set_title(f"pelit tournament: {summary['deal_sets_per_pair']} deal sets per pair, "
                 f"seed {summary['seed']}", fontsize=10)
    fig.tight_layout()
    path = Path(path)
    fig.savefig(path)
    plt.close(fig)
    return path


def score_plot(scores: dict, path) -> Path:
    """The distribution of each bot's score per match (the mean of the seats
    it held), one panel per game, as box plots."""
    plt = _pyplot()
    games = [g for g, per in scores.items() if any(per.values())]
    fig, axes = plt.subplots(1, max(1, len(games)), figsize=(3.2 * max(1, len(games)), 3.4),
                             dpi=100, squeeze=False)
    for ax, gid in zip(axes[0], games):
        bots = [b for b, v in scores[gid].items() if v]
        ax.boxplot([scores[gid][b] for b in bots], showmeans=True)
        ax.set_xticks(range(1, len(bots) + 1), [_short(b) for b in bots], fontsize=8)
        ax.set_title(gid, fontsize=10)
        ax.set_ylabel("score per match")
    if not games:
        axes[0][0].text(0.5, 0.5, "no numeric scores", ha="center")
    fig.tight_layout()
    path = Path(path)
    fig.savefig(path)
    plt.close(fig)
    return path
