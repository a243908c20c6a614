"""The interactive flows (questionary): creating a game, recording a round, the round loop.

Only interactive commands import this package, so questionary stays off the start-up path of
``add``, ``show`` and the others.
"""
