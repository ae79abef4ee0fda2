"""parlour on the laptop: scoring, sync, database, export, reports and the simulator."""

__version__ = "0.1.0"
