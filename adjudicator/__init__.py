"""adjudicator: rules adjudication for card games.

Nothing heavy is imported here: commands import what they need when they run.
"""

__version__ = "0.1.0"
