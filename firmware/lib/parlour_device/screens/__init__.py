# Screens: base.py is the contract; menu.py the app's own menus; one module per
# game (stump.py, dartex.py, ...) with PLAYERS, start(app, players), resume(app).
