"""The deal viewer: a replay log folded into one visible state per step, drawn by a small page."""
