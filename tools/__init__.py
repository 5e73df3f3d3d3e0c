"""Command-line programs around the game domain: the simulator (`python -m tools.sim`), the balance
report (`tools.balance`), the card gallery (`tools.gallery`) and terminal play (`tools.play`).

They build on `core`; nothing in `core` imports them."""
