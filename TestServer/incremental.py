"""Hand-made @defer support on top of graphql-core 3.2 (which has none).

How it works
------------
1. The operation's selection set is rewritten: every named fragment spread is
   inlined, and every fragment carrying an active ``@defer`` is replaced by a
   *marker*: an inline fragment with the same type condition (and the same
   @include/@skip directives) that only selects ``<marker alias>: __typename``.
   The deferred fragment itself is remembered as a ``DeferRecord``.
2. The rewritten operation is executed once for the initial payload. A
   middleware notices every marker field that gets resolved and remembers the
   parent object (the Python source value), its runtime GraphQL type and its
   response path. The markers are stripped from the data afterwards; the
   places where they appeared are exactly the places where the deferred
   fragment applies (type condition matched, parent not null, list items
   expanded).
3. Each deferred fragment is then executed on its own, against the remembered
   source object at its path, with graphql-core's ``execute_fields`` (so a
   mutation is never executed twice, and error paths stay absolute). Nested
   @defer inside a deferred fragment is handled the same way, recursively.

The result is produced as an async iterator of JSON-ready payloads in either
Apollo's ``deferSpec=20220824`` format or the newer graphql-js 17 format.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any, AsyncIterator, Dict, List, Optional, Tuple

from graphql import (
    DocumentNode,
    FieldNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    GraphQLError,
    InlineFragmentNode,
    NameNode,
    OperationDefinitionNode,
    SelectionSetNode,
)
from graphql.execution import ExecutionContext
from graphql.execution.collect_fields import collect_fields
from graphql.execution.values import get_directive_values
from graphql.language import Visitor, visit
from graphql.pyutils import Path

from schema import DEFER_DIRECTIVE, GRAPHQL_SCHEMA

MARKER_PREFIX = "__deferMarker"

FORMAT_2022 = "20220824"
FORMAT_2023 = "2023"


def document_uses_defer(document: DocumentNode) -> bool:
    class Finder(Visitor):
        def __init__(self) -> None:
            super().__init__()
            self.found = False

        def enter_directive(self, node, *_args):
            if node.name.value == "defer":
                self.found = True
                return self.BREAK
            return None

    finder = Finder()
    visit(document, finder)
    return finder.found


def _copy_node(node: Any, **changes: Any) -> Any:
    values = {key: getattr(node, key, None) for key in node.keys}
    values.update(changes)
    return node.__class__(**values)


def _without_defer(directives: Any) -> Tuple[Any, ...]:
    return tuple(d for d in (directives or ()) if d.name.value != "defer")


def _errors_of(context: ExecutionContext) -> List[GraphQLError]:
    collected = getattr(context, "collected_errors", None)
    if collected is not None:
        return list(collected.errors)
    return list(getattr(context, "errors", []))


def _format_errors(errors: List[GraphQLError]) -> List[Dict[str, Any]]:
    errors = sorted(errors, key=lambda e: (e.locations or [], e.path or [], e.message))
    return [error.formatted for error in errors]


@dataclass
class DeferRecord:
    index: int
    label: Optional[str]
    type_condition: Any  # NamedTypeNode or None
    selection_set: SelectionSetNode  # already rewritten (nested defers -> markers)
    parent: Optional["DeferRecord"]

    @property
    def alias(self) -> str:
        return f"{MARKER_PREFIX}{self.index}"


@dataclass
class DeferInstance:
    """A deferred fragment applied at one concrete response path."""

    record: DeferRecord
    path: List[Any]
    source: Any
    runtime_type: Any
    path_node: Optional[Path]
    order: int = 0  # discovery order, keeps list items in response order
    pending_id: Optional[str] = None
    data: Any = None
    errors: List[Dict[str, Any]] = field(default_factory=list)


class DeferredOperation:
    """Plans and runs one operation that contains @defer."""

    def __init__(
        self,
        document: DocumentNode,
        operation_name: Optional[str],
        variables: Optional[Dict[str, Any]],
        context_value: Any,
        wire_format: str = FORMAT_2022,
    ) -> None:
        self.document = document
        self.operation_name = operation_name
        self.raw_variables = variables
        self.context_value = context_value
        self.wire_format = wire_format
        self.records: List[DeferRecord] = []
        self.fragments: Dict[str, FragmentDefinitionNode] = {}
        self.variable_values: Dict[str, Any] = {}
        self.seen_markers: Dict[Tuple[str, Tuple[Any, ...]], Tuple[Any, Any, Optional[Path]]] = {}
        self.next_pending_id = 0
        self.instance_count = 0

    # -- planning -------------------------------------------------------------

    def _defer_arguments(self, node: Any) -> Optional[Dict[str, Any]]:
        values = get_directive_values(DEFER_DIRECTIVE, node, self.variable_values)
        if values is None or values.get("if") is False:
            return None
        return values

    def _marker_for(self, record: DeferRecord, directives: Any) -> InlineFragmentNode:
        marker_field = FieldNode(
            alias=NameNode(value=record.alias),
            name=NameNode(value="__typename"),
            arguments=(),
            directives=(),
            selection_set=None,
        )
        return InlineFragmentNode(
            type_condition=record.type_condition,
            directives=_without_defer(directives),
            selection_set=SelectionSetNode(selections=(marker_field,)),
        )

    def _register(
        self,
        arguments: Dict[str, Any],
        type_condition: Any,
        selection_set: SelectionSetNode,
        directives: Any,
        parent: Optional[DeferRecord],
    ) -> InlineFragmentNode:
        record = DeferRecord(
            index=len(self.records),
            label=arguments.get("label"),
            type_condition=type_condition,
            selection_set=selection_set,
            parent=parent,
        )
        self.records.append(record)
        record.selection_set = self._rewrite(selection_set, record)
        return self._marker_for(record, directives)

    def _rewrite(
        self, selection_set: SelectionSetNode, parent: Optional[DeferRecord]
    ) -> SelectionSetNode:
        rewritten: List[Any] = []
        for selection in selection_set.selections:
            if isinstance(selection, FieldNode):
                if selection.selection_set is not None:
                    selection = _copy_node(
                        selection, selection_set=self._rewrite(selection.selection_set, parent)
                    )
                rewritten.append(selection)
            elif isinstance(selection, InlineFragmentNode):
                arguments = self._defer_arguments(selection)
                if arguments is not None:
                    rewritten.append(
                        self._register(
                            arguments,
                            selection.type_condition,
                            selection.selection_set,
                            selection.directives,
                            parent,
                        )
                    )
                else:
                    rewritten.append(
                        _copy_node(
                            selection,
                            directives=_without_defer(selection.directives),
                            selection_set=self._rewrite(selection.selection_set, parent),
                        )
                    )
            elif isinstance(selection, FragmentSpreadNode):
                fragment = self.fragments.get(selection.name.value)
                if fragment is None:
                    continue
                arguments = self._defer_arguments(selection)
                if arguments is not None:
                    rewritten.append(
                        self._register(
                            arguments,
                            fragment.type_condition,
                            fragment.selection_set,
                            selection.directives,
                            parent,
                        )
                    )
                else:
                    rewritten.append(
                        InlineFragmentNode(
                            type_condition=fragment.type_condition,
                            directives=_without_defer(selection.directives),
                            selection_set=self._rewrite(fragment.selection_set, parent),
                        )
                    )
        return SelectionSetNode(selections=tuple(rewritten))

    # -- execution helpers ----------------------------------------------------

    def _marker_middleware(self, next_resolver: Any, root: Any, info: Any, **args: Any) -> Any:
        key = info.path.key
        if isinstance(key, str) and key.startswith(MARKER_PREFIX):
            parent_path = info.path.prev
            location = tuple(parent_path.as_list()) if parent_path is not None else ()
            self.seen_markers[(key, location)] = (root, info.parent_type, parent_path)
        return next_resolver(root, info, **args)

    def _build_context(self, document: DocumentNode) -> Any:
        # graphql-core only accepts plain functions (or objects with a
        # ``resolve`` method) as middleware, not bound methods.
        def marker_middleware(next_resolver: Any, root: Any, info: Any, **args: Any) -> Any:
            return self._marker_middleware(next_resolver, root, info, **args)

        return ExecutionContext.build(
            GRAPHQL_SCHEMA,
            document,
            root_value=None,
            context_value=self.context_value,
            raw_variable_values=self.raw_variables,
            operation_name=self.operation_name,
            middleware=[marker_middleware],
        )

    def _strip_markers(self, value: Any, path: List[Any], found: List[Tuple[str, List[Any]]]) -> None:
        if isinstance(value, dict):
            for key in list(value.keys()):
                if key.startswith(MARKER_PREFIX):
                    found.append((key, list(path)))
                    del value[key]
                else:
                    self._strip_markers(value[key], path + [key], found)
        elif isinstance(value, list):
            for index, item in enumerate(value):
                self._strip_markers(item, path + [index], found)

    def _instances_from(self, data: Any, base_path: List[Any]) -> List[DeferInstance]:
        found: List[Tuple[str, List[Any]]] = []
        self._strip_markers(data, base_path, found)
        instances = []
        for alias, path in found:
            seen = self.seen_markers.get((alias, tuple(path)))
            if seen is None:
                continue
            record = self.records[int(alias[len(MARKER_PREFIX):])]
            source, runtime_type, path_node = seen
            self.instance_count += 1
            instances.append(
                DeferInstance(record, path, source, runtime_type, path_node, order=self.instance_count)
            )
        return instances

    async def _run_instance(self, instance: DeferInstance) -> DeferInstance:
        context = self._build_context(self.document)
        if isinstance(context, list):  # cannot happen: the initial build succeeded
            instance.errors = [error.formatted for error in context]
            return instance
        selection = SelectionSetNode(
            selections=(
                InlineFragmentNode(
                    type_condition=instance.record.type_condition,
                    directives=(),
                    selection_set=instance.record.selection_set,
                ),
            )
        )
        fields = collect_fields(
            GRAPHQL_SCHEMA,
            context.fragments,
            context.variable_values,
            instance.runtime_type,
            selection,
        )
        errors: List[GraphQLError] = []
        try:
            data = context.execute_fields(
                instance.runtime_type, instance.source, instance.path_node, fields
            )
            if context.is_awaitable(data):
                data = await data
        except GraphQLError as error:
            data = None
            errors.append(error)
        instance.data = data
        instance.errors = _format_errors(_errors_of(context) + errors)
        return instance

    def _assign_pending(self, instances: List[DeferInstance]) -> List[Dict[str, Any]]:
        pending = []
        for instance in instances:
            instance.pending_id = str(self.next_pending_id)
            self.next_pending_id += 1
            entry: Dict[str, Any] = {"id": instance.pending_id, "path": instance.path}
            if instance.record.label is not None:
                entry["label"] = instance.record.label
            pending.append(entry)
        return pending

    # -- the stream -----------------------------------------------------------

    def prepare(self) -> Optional[List[Dict[str, Any]]]:
        """Plans the operation; returns formatted request errors, if any."""
        context = ExecutionContext.build(
            GRAPHQL_SCHEMA,
            self.document,
            context_value=self.context_value,
            raw_variable_values=self.raw_variables,
            operation_name=self.operation_name,
        )
        if isinstance(context, list):
            return [error.formatted for error in context]
        self.fragments = context.fragments
        self.variable_values = context.variable_values
        operation: OperationDefinitionNode = context.operation
        rewritten_operation = _copy_node(
            operation, selection_set=self._rewrite(operation.selection_set, None)
        )
        definitions = [rewritten_operation] + list(self.fragments.values())
        self.document = DocumentNode(definitions=tuple(definitions))
        self.operation_name = operation.name.value if operation.name else None
        return None

    async def payloads(self) -> AsyncIterator[Dict[str, Any]]:
        """Yields the initial payload and then one payload per deferred fragment."""
        context = self._build_context(self.document)
        if isinstance(context, list):
            yield {"errors": [error.formatted for error in context], "hasNext": False}
            return
        data: Any
        try:
            data = context.execute_operation(context.operation, None)
            if context.is_awaitable(data):
                data = await data
        except GraphQLError as error:
            data = None
            context_errors = _errors_of(context) + [error]
        else:
            context_errors = _errors_of(context)

        instances = self._instances_from(data, []) if data is not None else []
        initial: Dict[str, Any] = {"data": data}
        if context_errors:
            initial["errors"] = _format_errors(context_errors)
        if self.wire_format == FORMAT_2023 and instances:
            initial["pending"] = self._assign_pending(instances)
        initial["hasNext"] = bool(instances)
        yield initial

        tasks: Dict[asyncio.Task, DeferInstance] = {}

        def launch(batch: List[DeferInstance]) -> None:
            for instance in batch:
                tasks[asyncio.ensure_future(self._run_instance(instance))] = instance

        launch(instances)
        try:
            while tasks:
                done, _ = await asyncio.wait(tasks.keys(), return_when=asyncio.FIRST_COMPLETED)
                # Group completed instances by fragment so that one fragment
                # applied to several list items is delivered in one payload.
                finished = sorted((tasks.pop(task) for task in done), key=lambda i: (i.record.index, i.order))
                groups: Dict[int, List[DeferInstance]] = {}
                for instance in finished:
                    groups.setdefault(instance.record.index, []).append(instance)
                group_list = list(groups.values())
                for position, group in enumerate(group_list):
                    nested: List[DeferInstance] = []
                    for instance in group:
                        if instance.data is not None:
                            nested.extend(self._instances_from(instance.data, instance.path))
                    payload = self._subsequent_payload(group, nested)
                    launch(nested)
                    payload["hasNext"] = bool(tasks) or position < len(group_list) - 1
                    yield payload
        finally:
            for task in tasks:
                task.cancel()

    def _subsequent_payload(
        self, group: List[DeferInstance], nested: List[DeferInstance]
    ) -> Dict[str, Any]:
        payload: Dict[str, Any] = {}
        if self.wire_format == FORMAT_2023:
            if nested:
                payload["pending"] = self._assign_pending(nested)
            incremental = []
            completed = []
            for instance in group:
                if instance.data is None:
                    entry: Dict[str, Any] = {"id": instance.pending_id}
                    if instance.errors:
                        entry["errors"] = instance.errors
                    completed.append(entry)
                    continue
                item: Dict[str, Any] = {"id": instance.pending_id, "data": instance.data}
                if instance.errors:
                    item["errors"] = instance.errors
                incremental.append(item)
                completed.append({"id": instance.pending_id})
            if incremental:
                payload["incremental"] = incremental
            payload["completed"] = completed
        else:
            incremental = []
            for instance in group:
                item = {"data": instance.data, "path": instance.path}
                if instance.record.label is not None:
                    item["label"] = instance.record.label
                if instance.errors:
                    item["errors"] = instance.errors
                incremental.append(item)
            payload["incremental"] = incremental
        return payload
