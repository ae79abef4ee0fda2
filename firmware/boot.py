# Runs once at power-up or reset (not on a soft reload).
# - The second USB serial port ("CDC2") is the data channel the laptop syncs over.
# - The flash is writable by the code (the journal) and read-only for the computer,
#   unless maintenance was asked for: hold key 0 (top-left) while resetting, or let
#   the laptop / Settings > Maintenance mode set the flag. Then the CIRCUITPY drive
#   is writable for the computer (to install firmware) until the next reset.
import storage
import usb_cdc

from parlour_device.keys_at_boot import maintenance

usb_cdc.enable(console=True, data=True)
if maintenance():
    print("parlour: maintenance mode, the drive is writable for the computer")
else:
    storage.remount("/", readonly=False)
