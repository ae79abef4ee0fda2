import cpvm_hw


class IncrementalEncoder:
    def __init__(self, pin_a, pin_b, divisor=4):
        self.position = 0
        cpvm_hw.encoders.append(self)

    def deinit(self):
        if self in cpvm_hw.encoders:
            cpvm_hw.encoders.remove(self)
