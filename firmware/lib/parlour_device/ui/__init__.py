# The UI toolkit every screen is built on: frame, screen, lines, caches, menu, render.
