"""What ``muggins analyze`` analyses in each game, one module per game, found by the game's name:
``muggins.cli.analyses.<game>`` gives ``SUMMARY``, ``EXAMPLES``, ``DESCRIPTION``, ``FLAGS`` (the
names of the flags only it reads), ``add_flags(group)`` and ``analyze(cards, args) -> int`` (the
exit status). A game without such a module is not offered. A module loads no analyser until
``analyze`` runs, so building the parser stays light."""
