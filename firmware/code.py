from parlour_device.main import run

run()
