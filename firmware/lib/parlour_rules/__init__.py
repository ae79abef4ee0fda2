# parlour rules core: pure Python that runs unchanged on CPython and CircuitPython.
