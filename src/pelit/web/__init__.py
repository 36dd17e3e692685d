"""The static web client (HTML, CSS, JS) served by pelit.server."""
