"""One module per game; each reads like its rule book and registers itself."""
