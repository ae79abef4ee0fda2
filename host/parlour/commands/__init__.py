"""One module per `parlour` subcommand; each defines register(subparsers)."""
