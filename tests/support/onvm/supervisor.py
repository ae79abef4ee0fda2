import cpvm_hw


def ticks_ms():
    return cpvm_hw.clock & 0x1FFFFFFF


def reload():
    pass
