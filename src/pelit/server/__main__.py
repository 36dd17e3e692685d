"""``python -m pelit.server [--host --port --db]``: serve the web table."""

from .cli import main

main()
