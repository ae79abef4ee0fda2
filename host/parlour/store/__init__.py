"""The laptop's database: SQLite, versioned schema, every synced match with its log,
the device's result and the replay's."""

from .db import SCHEMA_VERSION, Store, open_store

__all__ = ["SCHEMA_VERSION", "Store", "open_store"]
