"""The .pyi stubs stay true: same public names and the same parameters as the runtime."""

import ast
import dataclasses
import inspect
from pathlib import Path

import pytest

import sqlroute
from sqlroute import _core

PACKAGE_DIR = Path(sqlroute.__file__).parent


def stub_module(name: str) -> ast.Module:
    return ast.parse((PACKAGE_DIR / name).read_text())


def public(name: str) -> bool:
    return not name.startswith("_")


def declared_names(body: list) -> dict:
    """name -> node for classes, functions and annotated or assigned names."""
    result = {}
    for node in body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            result[node.name] = node
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            result[node.target.id] = node
        elif isinstance(node, ast.Assign):
            result.update({target.id: node for target in node.targets if isinstance(target, ast.Name)})
    return result


def stub_parameters(function: ast.FunctionDef) -> list:
    args = function.args
    names = [a.arg for a in args.posonlyargs + args.args + args.kwonlyargs]
    return [name for name in names if name not in ("self", "cls")]


def runtime_parameters(function) -> list:
    return [name for name in inspect.signature(function).parameters if name not in ("self", "cls")]


def own_members(cls: type) -> set:
    """Public methods and properties the sqlroute classes of `cls`'s MRO define."""
    names = set()
    for klass in cls.__mro__:
        if klass.__module__.startswith("sqlroute"):
            names.update(name for name, value in vars(klass).items()
                         if public(name) and (callable(value) or isinstance(value, (property, classmethod, staticmethod))))
    return names


PUBLIC_STUB = declared_names(stub_module("__init__.pyi").body)
STUB_CLASSES = {name: node for name, node in PUBLIC_STUB.items() if isinstance(node, ast.ClassDef)}


def test_stub_declares_exactly_all() -> None:
    assert {name for name in PUBLIC_STUB if public(name)} == set(sqlroute.__all__)


@pytest.mark.parametrize("name", sorted(n for n, node in PUBLIC_STUB.items() if isinstance(node, ast.FunctionDef)))
def test_function_parameters_match(name: str) -> None:
    assert stub_parameters(PUBLIC_STUB[name]) == runtime_parameters(getattr(sqlroute, name))


def stub_class_members(name: str) -> dict:
    """Members a stub class declares, with those of its stub base classes."""
    node = STUB_CLASSES[name]
    members = {}
    for base in node.bases:
        if isinstance(base, ast.Name) and base.id in STUB_CLASSES:
            members.update(stub_class_members(base.id))
    members.update(declared_names(node.body))
    return members


@pytest.mark.parametrize("name", sorted(STUB_CLASSES))
def test_class_members_match(name: str) -> None:
    cls = getattr(sqlroute, name)
    members = stub_class_members(name)
    methods = {n: node for n, node in members.items() if isinstance(node, ast.FunctionDef)}
    assert {n for n in methods if public(n)} == own_members(cls)
    for method_name, node in methods.items():
        runtime = inspect.getattr_static(cls, method_name)
        if isinstance(runtime, property) or method_name == "__new__":
            continue
        assert stub_parameters(node) == runtime_parameters(getattr(cls, method_name)), method_name
    if dataclasses.is_dataclass(cls):
        attributes = {n for n, node in members.items() if isinstance(node, ast.AnnAssign)}
        assert attributes == {f.name for f in dataclasses.fields(cls)}


CORE_STUB = declared_names(stub_module("_core.pyi").body)


def test_core_stub_declares_every_native_name() -> None:
    def dunder(name: str) -> bool:
        return name.startswith("__") and name.endswith("__")

    runtime = {name for name in dir(_core) if not dunder(name)}
    assert {name for name in CORE_STUB if not dunder(name)} == runtime


@pytest.mark.parametrize("name", sorted(n for n, node in CORE_STUB.items() if isinstance(node, ast.ClassDef)))
def test_core_class_members_match(name: str) -> None:
    stub_members = set(declared_names(CORE_STUB[name].body))
    runtime = {member for member in vars(getattr(_core, name)) if public(member)}
    assert stub_members == runtime


def test_package_is_marked_typed() -> None:
    assert (PACKAGE_DIR / "py.typed").exists()
