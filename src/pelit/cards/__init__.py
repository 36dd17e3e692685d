"""Card primitives shared by every card game; this package knows no game."""
