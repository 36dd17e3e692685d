"""The web table: an ASGI server (Starlette on uvicorn) with SQLite storage.

``pelit serve`` (or ``python -m pelit.server``) runs it; ``create_app`` builds
the app for tests and embedding.
"""

from .app import create_app, run

__all__ = ["create_app", "run"]
