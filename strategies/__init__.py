"""Built-in strategy plug-ins."""
