# Test doubles for the device app: a scripted board and files in memory. They
# never go onto the drive; the MicroPython rig stages them beside the cases.
