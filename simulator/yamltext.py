"""YAML text to Python values, through libyaml's C parser when PyYAML was built with it.

The safe loader either way (the same tags and values); the C one reads a strategy or
tournament file about ten times faster, which `cardsim list strategies` (every file of
configs/strategies) and every run's start notice.
"""

from __future__ import annotations

from typing import Any

import yaml

_LOADER: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_yaml(text: str) -> Any:
    """The value of one YAML document; ``yaml.YAMLError`` when the text is not YAML."""
    return yaml.load(text, Loader=_LOADER)
