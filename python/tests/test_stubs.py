"""The .pyi stubs say what the module has: every name, every parameter, every default."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import sudokit

STUB = Path(sudokit.__file__).with_name("_sudokit.pyi")


def stub_tree() -> ast.Module:
    return ast.parse(STUB.read_text())


def test_typed_package_files_are_installed():
    assert STUB.exists()
    assert STUB.with_name("py.typed").exists()


def test_every_function_matches_its_stub():
    functions = {f.name: f for f in stub_tree().body if isinstance(f, ast.FunctionDef)}
    public = {n for n in sudokit.__all__ if callable(getattr(sudokit, n)) and not inspect.isclass(getattr(sudokit, n))}
    assert {n for n in functions if not n.startswith("_")} == public
    # The private ones (for sudokit.chunks and pickle) are stubbed too.
    native = {n for n in dir(sudokit._sudokit) if n.startswith("_") and not n.startswith("__")}
    assert {n for n in functions if n.startswith("_")} == native
    for name, f in functions.items():
        sig = inspect.signature(getattr(sudokit._sudokit, name))
        stub_params = [a.arg for a in f.args.args] + [a.arg for a in f.args.kwonlyargs]
        assert list(sig.parameters) == stub_params, name
        kinds = [p.kind for p in sig.parameters.values()]
        assert kinds.count(inspect.Parameter.KEYWORD_ONLY) == len(f.args.kwonlyargs), name
        stub_defaults = [ast.literal_eval(d) for d in f.args.defaults] + [
            None if d is None else ast.literal_eval(d) for d in f.args.kw_defaults
        ]
        real_defaults = [
            p.default for p in sig.parameters.values() if p.default is not inspect.Parameter.empty
        ]
        assert stub_defaults == real_defaults, name
        assert getattr(sudokit._sudokit, name).__doc__, f"{name} has no docstring"


def test_every_class_and_attribute_is_stubbed():
    classes = {c.name: c for c in stub_tree().body if isinstance(c, ast.ClassDef)}
    public = {n for n in sudokit.__all__ if inspect.isclass(getattr(sudokit, n))}
    assert set(classes) == public
    for name, c in classes.items():
        cls = getattr(sudokit, name)
        stubbed = {f.name for f in c.body if isinstance(f, ast.FunctionDef)}
        real = {a for a in dir(cls) if not a.startswith("_")}
        assert real == {s for s in stubbed if not s.startswith("_")}, name
        # The special methods stubbed (__bool__, __len__, ...) are there.
        assert all(hasattr(cls, s) for s in stubbed), name
