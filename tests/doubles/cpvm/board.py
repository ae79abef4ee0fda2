# Both boards' pins as plain objects (on a board they are C constants in flash);
# board_id follows PARLOUR_BOARD, so boards.choose() picks the board under test.
import os

from microcontroller import Pin

TFT = os.getenv("PARLOUR_BOARD") == "tft"
board_id = "adafruit_feather_rp2040" if TFT else "adafruit_macropad_rp2040"

_NAMES = ("KEY1 KEY2 KEY3 KEY4 KEY5 KEY6 KEY7 KEY8 KEY9 KEY10 KEY11 KEY12 ENCODER_A "
          "ENCODER_B ENCODER_SWITCH BUTTON ROTA ROTB NEOPIXEL SPEAKER SPEAKER_ENABLE LED "
          "SDA SCL A0 A1 A2 A3 D4 D5 D6 D9 D10 D11 D12 D13 D24 D25 RX TX SCK MOSI MISO")
for _name in _NAMES.split():
    globals()[_name] = Pin(_name)


def SPI():
    return Pin("SPI")


if not TFT:
    # The MacroPad's OLED: a display the board made at start-up (not on the heap).
    from busdisplay import BusDisplay
    DISPLAY = BusDisplay(None, b"", width=128, height=64)
