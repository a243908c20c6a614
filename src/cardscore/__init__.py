"""cardscore: the scorekeeper for French card games (tarot, belote, coinche, rami)."""

__version__ = "0.1.0"
