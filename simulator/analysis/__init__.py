"""Statistics that decide: pairwise comparisons, ratings, SPRT, rule-variant balance, report.

Everything here reads the rows of ``deals.parquet`` (a polars LazyFrame) after the
run; nothing runs inside the workers' loop.
"""
