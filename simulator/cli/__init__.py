"""The `cardsim` command line: one module per command."""
