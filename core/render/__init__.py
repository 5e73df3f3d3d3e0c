"""Board pictures and their plain-text descriptions (no Discord here)."""
