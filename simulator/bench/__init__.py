"""Throughput measurements for `make bench` (`cardsim bench`, simulator/cli/bench.py; never used
in tests), one module per concern:

* :mod:`.measure`: the clock and the record of a measure, and the reference workload;
* :mod:`.engines`: the engines alone and the play loop, and the look-ahead costs;
* :mod:`.reference`: OpenSpiel's hearts, the side-by-side reference engine;
* :mod:`.pipeline`: the whole of `cardsim run` in wall and CPU time;
* :mod:`.envs`: the RL environments' step rates;
* :mod:`.montecarlo`: where the time of Monte Carlo decisions goes.
* :mod:`.instrument` and :mod:`.oracle`: the gap to perfect play, the search given all or part of
  the true deal (instruments, never strategies).

Every figure is deals per second on one core (the pipeline's two-job figure
aside), in CPU time of the process (``CPU``): the machine is shared, and wall time
would count the other jobs' load; only the 2-job pipeline speedup is in wall time
(it is about two processes). Ratios are against references measured in the same run: a
fixed pure-Python workload (to compare machines) and, for the pipeline, the
engine loops (to show what the runner costs).
"""
