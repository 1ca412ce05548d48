"""muggins benchmarks: ``python -m bench`` runs every ``bench_*`` function in this package's modules."""
