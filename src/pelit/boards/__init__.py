"""Board primitives (hex grid, union-find) shared by board games."""
