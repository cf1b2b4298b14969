"""cardsim: a tournament simulator for Sweep, Seep and Sueca italienne."""

from simulator import native

__version__ = "0.2.0"

native.startup()
