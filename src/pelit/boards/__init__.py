"""Board primitives shared by board games: the hex grid, the Go board, union-find."""
