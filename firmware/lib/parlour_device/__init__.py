# parlour's device firmware: the app loop, screens, the journal and the boards.
VERSION = "0.1.0"
