"""GraphQL multipart request spec (file uploads) for the test server.

A request is ``multipart/form-data`` with an ``operations`` field (the JSON
GraphQL request, or a list of them), a ``map`` field (JSON object: file field
name -> list of object paths such as ``"variables.file"`` or
``"0.variables.files.1"``) and one part per file. The parts are parsed with
python-multipart's low-level parser; the files are put into the operations at
the mapped paths as ``UploadedFile`` objects.
"""

from __future__ import annotations

import json
from typing import Any, Dict, List, Optional

from python_multipart.multipart import MultipartParser, parse_options_header

from schema import UploadedFile


class UploadError(Exception):
    """The request does not follow the multipart request spec."""


class _Part:
    def __init__(self) -> None:
        self.headers: Dict[str, str] = {}
        self.data = bytearray()


def parse_form_data(body: bytes, content_type: str) -> Dict[str, _Part]:
    _, options = parse_options_header(content_type)
    boundary = options.get(b"boundary")
    if not boundary:
        raise UploadError("Missing multipart boundary")

    parts: Dict[str, _Part] = {}
    state: Dict[str, Any] = {"part": None, "field": b"", "value": b""}

    def on_part_begin() -> None:
        state["part"] = _Part()

    def on_header_field(data: bytes, start: int, end: int) -> None:
        state["field"] += data[start:end]

    def on_header_value(data: bytes, start: int, end: int) -> None:
        state["value"] += data[start:end]

    def on_header_end() -> None:
        name = state["field"].decode("latin-1").strip().lower()
        state["part"].headers[name] = state["value"].decode("utf-8", errors="replace").strip()
        state["field"] = b""
        state["value"] = b""

    def on_part_data(data: bytes, start: int, end: int) -> None:
        state["part"].data += data[start:end]

    def on_part_end() -> None:
        part: _Part = state["part"]
        _, disposition = parse_options_header(part.headers.get("content-disposition", ""))
        name = disposition.get(b"name")
        if name is not None:
            part.headers["x-field-name"] = name.decode("utf-8", errors="replace")
            filename = disposition.get(b"filename")
            if filename is not None:
                part.headers["x-filename"] = filename.decode("utf-8", errors="replace")
            parts[part.headers["x-field-name"]] = part

    parser = MultipartParser(
        boundary,
        callbacks={
            "on_part_begin": on_part_begin,
            "on_header_field": on_header_field,
            "on_header_value": on_header_value,
            "on_header_end": on_header_end,
            "on_part_data": on_part_data,
            "on_part_end": on_part_end,
        },
    )
    try:
        parser.write(body)
        parser.finalize()
    except Exception as error:  # python-multipart raises its own error types
        raise UploadError(f"Invalid multipart body: {error}") from error
    return parts


def _set_path(target: Any, path: str, value: Any) -> None:
    keys = path.split(".")
    for position, key in enumerate(keys):
        last = position == len(keys) - 1
        if isinstance(target, list):
            try:
                index = int(key)
            except ValueError as error:
                raise UploadError(f"Invalid map path {path!r}") from error
            if not 0 <= index < len(target):
                raise UploadError(f"Map path {path!r} is out of range")
            if last:
                target[index] = value
            else:
                target = target[index]
        elif isinstance(target, dict):
            if last:
                target[key] = value
            else:
                if key not in target:
                    raise UploadError(f"Map path {path!r} does not exist in operations")
                target = target[key]
        else:
            raise UploadError(f"Map path {path!r} does not exist in operations")


def operations_from_form_data(body: bytes, content_type: str) -> Any:
    """Returns the ``operations`` JSON with the uploaded files put in place."""
    parts = parse_form_data(body, content_type)
    if "operations" not in parts:
        raise UploadError("Missing multipart field 'operations'")
    try:
        operations = json.loads(bytes(parts["operations"].data).decode("utf-8"))
    except ValueError as error:
        raise UploadError("Multipart field 'operations' is not valid JSON") from error
    mapping: Optional[Dict[str, List[str]]] = None
    if "map" in parts:
        try:
            mapping = json.loads(bytes(parts["map"].data).decode("utf-8"))
        except ValueError as error:
            raise UploadError("Multipart field 'map' is not valid JSON") from error
    if not isinstance(mapping, dict):
        raise UploadError("Missing or invalid multipart field 'map'")

    for field_name, paths in mapping.items():
        part = parts.get(field_name)
        if part is None:
            raise UploadError(f"File missing in the request: {field_name!r}")
        if not isinstance(paths, list):
            raise UploadError(f"Map entry {field_name!r} must be a list of paths")
        upload = UploadedFile(
            filename=part.headers.get("x-filename", field_name),
            content_type=part.headers.get("content-type", "application/octet-stream"),
            data=bytes(part.data),
        )
        for path in paths:
            _set_path(operations, str(path), upload)
    return operations
