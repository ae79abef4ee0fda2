try:
    from parlour_device.main import run

    run()
except Exception as e:  # not even the app's module loaded: no traceback on the display
    print("parlour:", type(e).__name__)
    import time

    while True:
        time.sleep(1)
