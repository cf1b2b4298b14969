"""`cardsim tune`: tune a strategy's numeric params by SPSA over paired deal groups.

One module per job: the param space (``space``), the optimizer (``spsa``), the paired
evaluations on the run's machinery (``evaluate``), the saved state (``state``), the loop
with its progress bar (``session``), the files it writes (``outputs``, ``chart``) and the
verification match (``verify``).
"""
