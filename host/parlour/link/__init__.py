"""The laptop's end of the serial link: a transport built on two primitives (send a
frame, receive a frame), the serial port behind them, and finding the board's port."""
