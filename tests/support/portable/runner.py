# The guest side of the portability rig. The same file runs on CPython (the oracle)
# and inside MicroPython: it imports case modules, calls every case_* function,
# and prints one line per case: name, outcome as JSON, fuel used, bytes allocated.
# A case_* function returns JSON-able data; a keep_* function returns anything
# (a folded match, a solver) and is only measured, never compared.
#
# The garbage collector of the WebAssembly MicroPython build corrupts live objects
# (seen as traps and mangled values), so the guest runs with collection off and
# stops when the heap runs low; the host starts a fresh guest at the next case.
# A case therefore gets about 600 KB of allocation: split long property runs.
import gc
import json

from parlour_rules.errors import RulesError

LOW_HEAP = 400_000

try:
    import host

    def fuel_left():
        return json.loads(host.call("fuel", "{}"))["value"]

    def emit(line):
        # Through the host, not stdout: a guest that dies keeps what it said.
        host.call("emit", json.dumps({"args": [line]}))
except ImportError:
    def fuel_left():
        return 0

    def emit(line):
        print(line)


def heap_free():
    try:
        return gc.mem_free()
    except AttributeError:
        return LOW_HEAP + 1


def heap_used():
    # With collection off this grows by every byte a case allocates.
    try:
        return gc.mem_alloc()
    except AttributeError:
        return 0


def outcome(fn):
    try:
        return {"ok": fn()}
    except RulesError as e:
        return {"err": e.code, "msg": e.message}
    except MemoryError:
        return {"exc": "MemoryError"}
    except Exception as e:
        return {"exc": type(e).__name__}


def case_names(module):
    names = [n for n in dir(module) if n.startswith("case_") or n.startswith("keep_")]
    names.sort()
    return names


def read_case_list(path):
    # One "module<TAB>case" a line, in the order the host chose.
    cases = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line:
                module_name, _, name = line.partition("\t")
                cases.append((module_name, name))
    return cases


def calibrate():
    # The fuel a bracket costs around an empty call, subtracted from every case.
    best = None
    for _ in range(3):
        start = fuel_left()
        outcome(_empty)
        used = start - fuel_left()
        if best is None or used < best:
            best = used
    return best


def _empty():
    return None


def run_cases(list_path, start=0):
    # Modules are imported when their first case comes up, so a guest holds only
    # the case data it reaches before its heap runs low.
    if hasattr(gc, "disable"):
        gc.disable()
    overhead = calibrate()
    cases = read_case_list(list_path)
    modules = {}
    first = True
    for index in range(start, len(cases)):
        module_name, name = cases[index]
        full = module_name + "." + name
        if not first and heap_free() < LOW_HEAP:
            emit("FULL\t%d" % index)
            return
        emit("START\t%d\t%s" % (index, full))
        module = modules.get(module_name)
        if module is None:
            module = modules[module_name] = __import__(module_name)
        heap_before = heap_used()
        begin = fuel_left()
        result = outcome(getattr(module, name))
        used = begin - fuel_left() - overhead
        allocated = heap_used() - heap_before
        if result.get("exc") == "MemoryError" and not first:
            emit("FULL\t%d" % index)
            return
        first = False
        if name.startswith("keep_") and "ok" in result:
            result = {"kept": 1}
        emit("CASE\t%s\t%s\t%d\t%d" % (full, json.dumps(result), used, allocated))
    emit("DONE")


def heap_of(module_name, case):
    # Bytes still held once the case has returned (its result kept alive): run alone.
    module = __import__(module_name)
    fn = getattr(module, case)
    gc.collect()
    before = gc.mem_alloc()
    kept = fn()
    gc.collect()
    emit("HEAP\t%d" % (gc.mem_alloc() - before))
    return kept
