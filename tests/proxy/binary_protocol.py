"""Prepared statements over a pymysql connection's socket: COM_STMT_PREPARE / EXECUTE / CLOSE /
RESET / SEND_LONG_DATA and binary result rows, decoded as the MySQL protocol lays them out.
pymysql only speaks the text protocol, so the suite drives the binary one with this."""

from __future__ import annotations

import struct
from dataclasses import dataclass, field
from typing import List, Optional, Sequence

COM_STMT_PREPARE = 0x16
COM_STMT_EXECUTE = 0x17
COM_STMT_SEND_LONG_DATA = 0x18
COM_STMT_CLOSE = 0x19
COM_STMT_RESET = 0x1A

TYPE_LONGLONG = 8
TYPE_DOUBLE = 5
TYPE_VAR_STRING = 253
TYPE_NULL = 6


class ServerError(Exception):
    def __init__(self, code: int, state: str, message: str) -> None:
        super().__init__(f"({code}, {state}) {message}")
        self.code, self.state, self.message = code, state, message


@dataclass
class Column:
    name: str
    type: int
    flags: int


@dataclass
class Prepared:
    statement_id: int
    params: int
    columns: List[Column] = field(default_factory=list)


def _lenenc(data: bytes, offset: int):
    first = data[offset]
    if first < 0xFB:
        return first, offset + 1
    if first == 0xFB:
        return None, offset + 1
    size = {0xFC: 2, 0xFD: 3, 0xFE: 8}[first]
    return int.from_bytes(data[offset + 1:offset + 1 + size], "little"), offset + 1 + size


def _lenenc_bytes(data: bytes, offset: int):
    size, offset = _lenenc(data, offset)
    return data[offset:offset + size], offset + size


class BinaryClient:
    """Commands on the socket of an open pymysql connection (which must stay idle meanwhile)."""

    def __init__(self, connection) -> None:
        self.connection = connection

    def _send(self, payload: bytes) -> None:
        # frames of at most 16 MiB - 1 bytes; a payload of a multiple of that ends with an empty one
        frames = b""
        sequence = 0
        offset = 0
        while True:
            chunk = payload[offset:offset + 0xFFFFFF]
            frames += struct.pack("<I", len(chunk))[:3] + bytes([sequence % 256]) + chunk
            sequence += 1
            offset += len(chunk)
            if len(chunk) < 0xFFFFFF:
                break
        self.connection._write_bytes(frames)
        self.connection._next_seq_id = 1

    def _read(self) -> bytes:
        payload = b""
        while True:
            header = self.connection._read_bytes(4)
            size = int.from_bytes(header[:3], "little")
            payload += self.connection._read_bytes(size)
            if size < 0xFFFFFF:
                break
        if payload[:1] == b"\xff":
            code = struct.unpack("<H", payload[1:3])[0]
            raise ServerError(code, payload[4:9].decode(), payload[9:].decode(errors="replace"))
        return payload

    def _read_column(self) -> Column:
        payload = self._read()
        offset = 0
        values = []
        for _ in range(6):
            value, offset = _lenenc_bytes(payload, offset)
            values.append(value)
        _, offset = _lenenc(payload, offset)
        _charset, _length, type_, flags = struct.unpack("<HIBH", payload[offset:offset + 9])
        return Column(values[4].decode(), type_, flags)

    def prepare(self, sql: str) -> Prepared:
        self._send(bytes([COM_STMT_PREPARE]) + sql.encode())
        payload = self._read()
        statement_id, columns, params = struct.unpack("<IHH", payload[1:9])
        prepared = Prepared(statement_id, params)
        if params:
            for _ in range(params):
                self._read_column()
            self._read()  # EOF
        if columns:
            prepared.columns = [self._read_column() for _ in range(columns)]
            self._read()  # EOF
        return prepared

    def send_long_data(self, prepared: Prepared, param: int, data: bytes) -> None:
        self._send(bytes([COM_STMT_SEND_LONG_DATA]) + struct.pack("<IH", prepared.statement_id, param) + data)

    def reset(self, prepared: Prepared) -> None:
        self._send(bytes([COM_STMT_RESET]) + struct.pack("<I", prepared.statement_id))
        self._read()

    def close(self, prepared: Prepared) -> None:
        self._send(bytes([COM_STMT_CLOSE]) + struct.pack("<I", prepared.statement_id))

    def execute(self, prepared: Prepared, params: Sequence = (), long_data: Sequence[int] = ()):
        """Returns (columns, rows) for a result set, else the OK packet's affected row count."""
        body = struct.pack("<IBI", prepared.statement_id, 0, 1)
        if prepared.params:
            nulls = bytearray((prepared.params + 7) // 8)
            types = b""
            values = b""
            for index, value in enumerate(params):
                if index in long_data:
                    types += struct.pack("<BB", TYPE_VAR_STRING, 0)
                elif value is None:
                    nulls[index // 8] |= 1 << (index % 8)
                    types += struct.pack("<BB", TYPE_NULL, 0)
                elif isinstance(value, int):
                    types += struct.pack("<BB", TYPE_LONGLONG, 0)
                    values += struct.pack("<q", value)
                elif isinstance(value, float):
                    types += struct.pack("<BB", TYPE_DOUBLE, 0)
                    values += struct.pack("<d", value)
                else:
                    data = value if isinstance(value, bytes) else str(value).encode()
                    types += struct.pack("<BB", TYPE_VAR_STRING, 0)
                    values += bytes([len(data)]) + data if len(data) < 251 else b"\xfc" + struct.pack("<H", len(data)) + data
            body += bytes(nulls) + b"\x01" + types + values
        self._send(bytes([COM_STMT_EXECUTE]) + body)
        payload = self._read()
        if payload[0] == 0x00:
            affected, _ = _lenenc(payload, 1)
            return affected
        count, _ = _lenenc(payload, 0)
        columns = [self._read_column() for _ in range(count)]
        self._read()  # EOF
        rows = []
        while True:
            payload = self._read()
            if payload[0] == 0xFE and len(payload) < 9:
                return columns, rows
            rows.append(self._decode_row(columns, payload))

    @staticmethod
    def _decode_row(columns: List[Column], payload: bytes) -> list:
        bitmap_size = (len(columns) + 9) // 8
        bitmap = payload[1:1 + bitmap_size]
        offset = 1 + bitmap_size
        row: List[Optional[object]] = []
        for index, column in enumerate(columns):
            if bitmap[(index + 2) // 8] & (1 << ((index + 2) % 8)):
                row.append(None)
                continue
            signed = not column.flags & 32
            fixed = {1: ("b", 1), 2: ("h", 2), 13: ("h", 2), 3: ("i", 4), 9: ("i", 4), 8: ("q", 8), 4: ("f", 4),
                     5: ("d", 8)}
            if column.type in fixed:
                code, size = fixed[column.type]
                if not signed and code in "bhiq":
                    code = code.upper()
                row.append(struct.unpack("<" + code, payload[offset:offset + size])[0])
                offset += size
            elif column.type in (7, 10, 12):
                size = payload[offset]
                parts = payload[offset + 1:offset + 1 + size]
                offset += 1 + size
                if size == 0:
                    row.append("0000-00-00")
                else:
                    year, month, day = struct.unpack("<HBB", parts[:4])
                    text = f"{year:04d}-{month:02d}-{day:02d}"
                    if size >= 7:
                        text += " %02d:%02d:%02d" % tuple(parts[4:7])
                    row.append(text)
            else:
                value, offset = _lenenc_bytes(payload, offset)
                row.append(value.decode(errors="replace"))
        return row
