# The drive is the code's (boot.py's normal start): the files go to PARLOUR_ROOT.
class _Mount:
    readonly = False


def getmount(path):
    return _Mount()


def remount(path, readonly=False, disable_concurrent_write_protection=False):
    pass
