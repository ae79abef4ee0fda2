# A display: on the board a static object (a display slot), not heap. It keeps the
# root group, as the board's does, so the layers stay alive while shown.
class BusDisplay:
    def __init__(self, display_bus, init_sequence, width=0, height=0, auto_refresh=True,
                 **kwargs):
        self.width = width
        self.height = height
        self.auto_refresh = auto_refresh
        self.root_group = None
        self.refreshes = 0

    def refresh(self, target_frames_per_second=None, minimum_frames_per_second=0):
        self.refreshes += 1
        return True
