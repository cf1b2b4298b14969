"""cardsim: a tournament simulator for Sweep, Seep and Sueca italienne."""

__version__ = "0.1.0"
