"""``python -m pelit`` is the ``pelit`` command."""

from .cli.main import run

run()
