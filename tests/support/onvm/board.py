# Every board's pins (on a board they are C constants in flash, no heap: here small
# ints, which take none either); board_id follows PARLOUR_BOARD, so
# boards.choose() picks the board under test.
import os

NAME = os.getenv("PARLOUR_BOARD") or "macropad"
TFT = NAME == "tft"
board_id = {"tft": "adafruit_feather_rp2040", "pico": "raspberry_pi_pico",
            "rp2350": "adafruit_feather_rp2350"}.get(NAME, "adafruit_macropad_rp2040")

KEY1 = 1
KEY2 = 2
KEY3 = 3
KEY4 = 4
KEY5 = 5
KEY6 = 6
KEY7 = 7
KEY8 = 8
KEY9 = 9
KEY10 = 10
KEY11 = 11
KEY12 = 12
ENCODER_SWITCH = BUTTON = 0
ENCODER_A = ROTA = 17
ENCODER_B = ROTB = 18
NEOPIXEL = 19
SPEAKER = 16
SPEAKER_ENABLE = 14
LED = 13
SDA = 20
SCL = 21
A0 = 26
A1 = 27
A2 = 28
A3 = 29
D4 = 6
D5 = 7
D6 = 8
D9 = 9
D10 = 10
D11 = 11
D12 = 12
D13 = 13
D24 = 24
D25 = 25
RX = 1
TX = 0
SCK = 18
MOSI = 19
MISO = 20


def SPI():
    return SCK


# The Pico's GPn (its board module names no other pins).
if NAME == "pico":
    for _n in range(29):
        globals()["GP%d" % _n] = _n

# The Feather RP2350 has no D4: a board module that asks for it fails here as there.
if NAME == "rp2350":
    del D4

if NAME == "macropad":
    # The MacroPad's OLED: a display the board made at start-up (not on the heap).
    from busdisplay import BusDisplay
    DISPLAY = BusDisplay(None, b"", width=128, height=64)
