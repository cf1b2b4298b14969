"""A person at the table (`cardsim play`): the session model, independent of any interface
(:mod:`simulator.table.session`), the reading of what the person types
(:mod:`simulator.table.commands`), hints (:mod:`simulator.table.hints`), what one seat's screen
shows, per game (:mod:`simulator.table.sweep`, ``seep``, ``sueca``, found by
:func:`simulator.games.game_part`), and the terminal interface on top (:mod:`simulator.table.app`,
the only module that imports Textual)."""
