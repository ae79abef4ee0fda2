"""The firmware's modules as a graph, read statically with ast: the device and rules
packages have no import circle (an import inside a function counts: it holds a
circle open at run time as surely as one at the top), and no module reads a
private name (`_name`) that another module defines."""

import ast
import re
from pathlib import Path

LIB = Path(__file__).resolve().parents[2] / "firmware" / "lib"
PACKAGES = ("parlour_device", "parlour_rules")


def modules(packages=PACKAGES):
    out = {}
    for package in packages:
        for path in sorted((LIB / package).rglob("*.py")):
            parts = list(path.relative_to(LIB).with_suffix("").parts)
            is_package = parts[-1] == "__init__"
            if is_package:
                parts.pop()
            out[".".join(parts)] = (path, is_package)
    return out


def _type_only(tree):
    # Names under `if TYPE_CHECKING:` are for the checker, never run.
    skip = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.dump(node.test):
            skip.update(id(n) for n in ast.walk(node))
    return skip


def imports(name, path, is_package, known):
    tree = ast.parse(path.read_text())
    skip = _type_only(tree)
    here = name if is_package else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names if alias.name in known)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = here.split(".")
                parts = parts[:len(parts) - node.level + 1]
                base = ".".join(parts + ([node.module] if node.module else []))
            for alias in node.names:
                if base + "." + alias.name in known:
                    out.add(base + "." + alias.name)
                elif base in known:
                    out.add(base)
    out.discard(name)
    return out


def graph():
    known = modules()
    return {name: imports(name, path, is_package, known)
            for name, (path, is_package) in known.items()}


def circles(edges):
    # Tarjan's strongly connected components of more than one module.
    index, low, stack, on, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_the_graph_reader_sees_imports_inside_functions_and_finds_a_circle():
    edges = graph()
    assert "parlour_device.menus" in edges["parlour_device.app"]      # App.menu, lazily
    assert "parlour_device.sync" in edges["parlour_device.link"]      # on the first frame
    edges["parlour_device.system"] = {"parlour_device.menus"}
    assert any({"parlour_device.menus", "parlour_device.system"} <= set(part)
               for part in circles(edges))


def test_the_device_and_rules_packages_have_no_import_circle():
    # The storage modules too: the journal loads the boot's repair (mend) and filing
    # lazily, and nothing under them reaches back up (twin.py, the layout and the
    # lines, sits under them all).
    assert circles(graph()) == []


def test_the_ui_toolkit_imports_nothing_above_it():
    edges = graph()
    for name, out in edges.items():
        if name.startswith("parlour_device.ui."):
            assert all(o.startswith("parlour_device.ui") for o in out if
                       o.startswith("parlour_device")), (name, out)


def _defined_here(tree):
    # Private names this module owns: its functions, classes, module names, and the
    # attributes its code sets on itself or lists in __slots__.
    own = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            own.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            if isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
                own.add(node.attr)
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    own.add(target.id)
                    if target.id == "__slots__" and isinstance(node.value, ast.Tuple):
                        own.update(e.value for e in node.value.elts
                                   if isinstance(e, ast.Constant))
    return own


def private_reads(path):
    tree = ast.parse(path.read_text())
    own = _defined_here(tree)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            name = node.attr
            if not name.startswith("_") or name.startswith("__"):
                continue
            if isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
                if name in own:
                    continue
            elif name in own:
                continue
            out.append("%s:%d %s" % (path.name, node.lineno, ast.unparse(node)))
        elif isinstance(node, ast.ImportFrom):
            out.extend("%s:%d import %s" % (path.name, node.lineno, alias.name)
                       for alias in node.names
                       if alias.name.startswith("_") and not alias.name.startswith("__"))
    return out


def test_the_private_name_reader_catches_a_read_across_modules(tmp_path):
    source = tmp_path / "m.py"
    source.write_text("from x import _hidden\n\ndef f(app):\n    return app._refuse(1)\n")
    assert sorted(private_reads(source)) == ["m.py:1 import _hidden", "m.py:4 app._refuse"]


def test_no_module_reads_a_private_name_of_another():
    found = []
    for path, _ in modules(("parlour_device", "parlour_rules", "parlour_wire")).values():
        found.extend(private_reads(path))
    assert found == []


def _public_int_constants(path):
    # NAME = 12 or NAME = const(12) at a module's top level
    for node in ast.parse(path.read_text()).body:
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name)):
            continue
        name = node.targets[0].id
        value = node.value
        if isinstance(value, ast.Call) and getattr(value.func, "id", "") == "const":
            value = value.args[0]
        if isinstance(value, ast.UnaryOp):
            value = value.operand
        if name[0] != "_" and name.isupper() and isinstance(value, ast.Constant) \
                and type(value.value) is int:
            yield name


def test_a_constant_only_its_own_module_uses_is_folded_away():
    # On the board a public module-level name is interned for good and held in the
    # module's globals; `_NAME = const(N)` is folded into the code instead
    # (docs/device.md, "Interned names").
    root = LIB.parents[1]
    sources = {path: path.read_text() for folder in ("firmware", "host", "tests", "bench")
               for path in (root / folder).rglob("*.py")}
    unfolded = []
    for package in PACKAGES + ("parlour_wire",):
        for path in sorted((LIB / package).rglob("*.py")):
            for name in _public_int_constants(path):
                word = re.compile(r"\b%s\b" % name)
                if not any(word.search(text) for other, text in sources.items()
                           if other != path):
                    unfolded.append("%s: %s" % (path.relative_to(LIB), name))
    assert unfolded == []
