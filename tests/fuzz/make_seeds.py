#!/usr/bin/env python3
"""Writes the fuzz seed corpora from the golden files: OUT/<target>/<n> per input.

  parse, normalizer, lexer  every SQL of tests/golden/parse and tests/golden/route
  route              every route case: its rule set, hints and params encoded as fuzz_route.cc reads them
  packets            client byte streams (login, COM_QUERY / PREPARE / EXECUTE) around parse inputs
  yaml, distsql      tests/golden/rules/*.yaml and the yaml / distsql inputs of tests/golden/config
  inline             every inline expression found in those YAML files, as a list and as a closure
"""
import hashlib
import pathlib
import re
import struct
import sys

import yaml

GOLDEN = pathlib.Path(__file__).resolve().parent.parent / "golden"


class TaglessLoader(yaml.SafeLoader):
    """Reads ShardingSphere tags (!SHARDING ...) as plain nodes."""


def _untagged(loader, _suffix, node):
    if isinstance(node, yaml.MappingNode):
        return loader.construct_mapping(node, deep=True)
    if isinstance(node, yaml.SequenceNode):
        return loader.construct_sequence(node, deep=True)
    return loader.construct_scalar(node)


TaglessLoader.add_multi_constructor("!", _untagged)


def load(path):
    return yaml.load(path.read_text(), Loader=TaglessLoader)


def short(data):
    data = data[:255]
    return bytes([len(data)]) + data


def value(v):
    """fuzz_values.h: a kind byte, then the value's bytes."""
    if v is None:
        return b"\x00"
    if isinstance(v, bool):
        return b"\x05" + bytes([int(v)])
    if isinstance(v, int):
        if -2**31 <= v < 2**31:
            return b"\x01" + struct.pack("<i", v)
        if -2**63 <= v < 2**63:
            return b"\x02" + struct.pack("<q", v)
        return b"\x06" + bytes([int(v < 0)]) + short(str(abs(v)).encode())
    if isinstance(v, float):
        return b"\x04" + struct.pack("<d", v)
    if isinstance(v, dict):
        (kind, text), = v.items()
        if kind == "long":
            return b"\x02" + struct.pack("<q", int(text))
        if kind == "int":
            return b"\x01" + struct.pack("<i", int(text))
        if kind == "double":
            return b"\x04" + struct.pack("<d", float(text))
        if kind == "bigint":
            return b"\x06" + bytes([int(str(text).startswith("-"))]) + short(str(text).lstrip("-").encode())
        if kind == "decimal":
            whole, _, fraction = str(text).lstrip("-").partition(".")
            return b"\x07" + short(whole.encode()) + short(fraction.encode())
        return b"\x08\x00"
    return b"\x03" + short(str(v).encode())


def route_input(rule_index, case):
    hints = case.get("hints") or {}
    flags = (1 * bool(hints.get("write_route_only")) | 2 * bool(hints.get("shadow"))
             | 4 * bool(hints.get("skip_sql_rewrite")) | 8 * ("data_source_name" in hints)
             | 16 * ("database_value_only" in hints))
    params = case.get("params") or []
    data = bytes([rule_index, flags, len(params)]) + b"".join(value(p) for p in params)
    if "data_source_name" in hints:
        data += short(hints["data_source_name"].encode())
    if "database_value_only" in hints:
        data += value(hints["database_value_only"])
    return data + case["sql"].encode()


def expressions(node):
    if isinstance(node, dict):
        for item in node.values():
            yield from expressions(item)
    elif isinstance(node, list):
        for item in node:
            yield from expressions(item)
    elif isinstance(node, str) and ("${" in node or "$->{" in node):
        yield node


def closure_input(expression):
    names = sorted(set(re.findall(r"[A-Za-z_][A-Za-z_0-9]*", expression)))[:3]
    data = b"\x01" + bytes([len(names)])
    for name in names:
        data += short(name.encode()) + value(7)
    return data + expression.encode()


def frame(payload, sequence):
    return len(payload).to_bytes(3, "little") + bytes([sequence]) + payload


def client_stream(sql):
    """What a client sends: a handshake response, then COM_QUERY, COM_STMT_PREPARE and an execute."""
    login = (0x003FA685).to_bytes(4, "little") + (1 << 24).to_bytes(4, "little") + b"\x2d" + bytes(23)
    login += b"root\x00\x14" + bytes(range(20)) + b"sharding_db\x00mysql_native_password\x00"
    execute = b"\x17" + (1).to_bytes(4, "little") + b"\x00" + (1).to_bytes(4, "little") + b"\x00\x01"
    execute += b"\x08\x00" + (7).to_bytes(8, "little") + b"\x01"
    return (frame(login, 1) + frame(b"\x03" + sql, 0) + frame(b"\x16" + sql, 0) + frame(execute, 0)
            + frame(b"\x19" + (1).to_bytes(4, "little"), 0))


def main(out):
    corpora = {name: set() for name in ("parse", "normalizer", "lexer", "route", "yaml", "distsql", "inline",
                                        "packets")}
    rule_files = sorted((GOLDEN / "rules").glob("*.yaml"))
    yaml_docs = [load(path) for path in rule_files]
    for path in rule_files:
        corpora["yaml"].add(path.read_bytes())
    for path in sorted((GOLDEN / "parse").glob("*.yaml")):
        for case in load(path)["cases"]:
            corpora["parse"].add(case["sql"].encode())
    for path in sorted((GOLDEN / "route").glob("*.yaml")):
        golden = load(path)
        rule_index = [p.name for p in rule_files].index(pathlib.Path(golden["rules"]).name)
        for case in golden["cases"]:
            corpora["parse"].add(case["sql"].encode())
            corpora["route"].add(route_input(rule_index, case))
    corpora["packets"] = {client_stream(sql) for sql in sorted(corpora["parse"])[:200]}
    corpora["normalizer"] |= corpora["parse"]
    corpora["lexer"] |= corpora["parse"]
    for path in sorted((GOLDEN / "config").glob("*.yaml")):
        for case in load(path)["cases"]:
            if "yaml" in case:
                corpora["yaml"].add(case["yaml"].encode())
                try:
                    yaml_docs.append(yaml.load(case["yaml"], Loader=TaglessLoader))
                except yaml.YAMLError:
                    pass  # an error case's deliberately broken YAML
            if "distsql" in case:
                corpora["distsql"].add(case["distsql"].encode())
    for doc in yaml_docs:
        for expression in expressions(doc):
            corpora["inline"].add(b"\x00" + expression.encode())
            corpora["inline"].add(closure_input(expression))
    for name, inputs in corpora.items():
        directory = out / name
        directory.mkdir(parents=True, exist_ok=True)
        for data in inputs:
            (directory / hashlib.sha1(data).hexdigest()).write_bytes(data)
        print(f"{name}: {len(inputs)} seeds")


if __name__ == "__main__":
    main(pathlib.Path(sys.argv[1]))
