"""Each game's declaration of the game contract (`core.game`); `core.registry` lists them."""
