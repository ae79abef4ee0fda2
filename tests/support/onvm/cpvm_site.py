# Imported first by every program run on the VM: displayio's stand-in goes in
# before any firmware module imports displayio.
import sys

import cpvm_displayio

sys.modules["displayio"] = cpvm_displayio
