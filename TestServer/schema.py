"""Star Wars flavoured GraphQL schema used by the Swift integration tests.

The schema is declared with strawberry; the server executes it through
graphql-core directly (``schema._schema``), passing a ``RequestContext`` as the
context value. Everything mutable lives in ``STATE`` so that ``/_test/reset``
can put the server back to a known state.
"""

from __future__ import annotations

import asyncio
import enum
import json
from dataclasses import dataclass, field
from typing import Any, AsyncGenerator, Dict, List, Optional

import strawberry
from graphql import (
    DirectiveLocation,
    GraphQLArgument,
    GraphQLBoolean,
    GraphQLDirective,
    GraphQLNonNull,
    GraphQLString,
)
from strawberry.file_uploads import Upload
from typing_extensions import Annotated


# ---------------------------------------------------------------------------
# Per-request context and shared mutable state
# ---------------------------------------------------------------------------


@dataclass
class RequestContext:
    """What resolvers may know about the request that triggered them."""

    transport: str  # "http" or "ws"
    headers: Dict[str, str] = field(default_factory=dict)  # lower-cased names
    connection_params: Optional[Dict[str, Any]] = None  # WebSocket only
    user: Optional[str] = None  # from a valid bearer token, if any


@dataclass
class UploadedFile:
    """One file part of a GraphQL multipart request."""

    filename: str
    content_type: str
    data: bytes


class ServerState:
    def __init__(self) -> None:
        self.reviews: List["Review"] = []
        self.review_listeners: "set[asyncio.Queue[Review]]" = set()

    def reset(self) -> None:
        self.reviews.clear()

    def add_review(self, review: "Review") -> None:
        self.reviews.append(review)
        for queue in list(self.review_listeners):
            queue.put_nowait(review)


STATE = ServerState()


# ---------------------------------------------------------------------------
# Types
# ---------------------------------------------------------------------------


@strawberry.enum
class Episode(enum.Enum):
    NEWHOPE = "NEWHOPE"
    EMPIRE = "EMPIRE"
    JEDI = "JEDI"


@strawberry.interface
class Character:
    id: strawberry.ID
    name: str
    appears_in: List[Optional[Episode]]
    friend_ids: strawberry.Private[List[str]]

    @strawberry.field
    def friends(self) -> Optional[List[Optional["Character"]]]:
        return [CHARACTERS.get(friend_id) for friend_id in self.friend_ids]


@strawberry.type
class Human(Character):
    home_planet: Optional[str] = None


@strawberry.type
class Droid(Character):
    primary_function: Optional[str] = None


@strawberry.type
class Review:
    episode: Optional[Episode]
    stars: int
    commentary: Optional[str] = None


@strawberry.input
class ReviewInput:
    stars: int
    commentary: Optional[str] = None


@strawberry.type
class File:
    filename: str
    mimetype: str
    size: int
    content: str


ALL_EPISODES = [Episode.NEWHOPE, Episode.EMPIRE, Episode.JEDI]

CHARACTERS: Dict[str, Character] = {
    "1000": Human(
        id=strawberry.ID("1000"),
        name="Luke Skywalker",
        appears_in=ALL_EPISODES,
        friend_ids=["1002", "1003", "2000", "2001"],
        home_planet="Tatooine",
    ),
    "1002": Human(
        id=strawberry.ID("1002"),
        name="Han Solo",
        appears_in=ALL_EPISODES,
        friend_ids=["1000", "1003", "2001"],
        home_planet=None,
    ),
    "1003": Human(
        id=strawberry.ID("1003"),
        name="Leia Organa",
        appears_in=ALL_EPISODES,
        friend_ids=["1000", "1002", "2000", "2001"],
        home_planet="Alderaan",
    ),
    "2000": Droid(
        id=strawberry.ID("2000"),
        name="C-3PO",
        appears_in=ALL_EPISODES,
        friend_ids=["1000", "1002", "1003", "2001"],
        primary_function="Protocol",
    ),
    "2001": Droid(
        id=strawberry.ID("2001"),
        name="R2-D2",
        appears_in=ALL_EPISODES,
        friend_ids=["1000", "1002", "1003"],
        primary_function="Astromech",
    ),
}


def _file_result(upload: Any) -> File:
    if not isinstance(upload, UploadedFile):
        raise ValueError("Expected an uploaded file (GraphQL multipart request)")
    return File(
        filename=upload.filename,
        mimetype=upload.content_type,
        size=len(upload.data),
        content=upload.data.decode("utf-8", errors="replace"),
    )


# ---------------------------------------------------------------------------
# Root types
# ---------------------------------------------------------------------------


@strawberry.type
class Query:
    @strawberry.field
    def hero(self, episode: Optional[Episode] = None) -> Optional[Character]:
        if episode == Episode.EMPIRE:
            return CHARACTERS["1000"]
        return CHARACTERS["2001"]

    @strawberry.field
    def human(self, id: strawberry.ID) -> Optional[Human]:
        found = CHARACTERS.get(str(id))
        return found if isinstance(found, Human) else None

    @strawberry.field
    def droid(self, id: strawberry.ID) -> Optional[Droid]:
        found = CHARACTERS.get(str(id))
        return found if isinstance(found, Droid) else None

    @strawberry.field
    def reviews(self, episode: Episode) -> List[Review]:
        return [review for review in STATE.reviews if review.episode == episode]

    @strawberry.field
    def error_field(self) -> Optional[str]:
        raise Exception("errorField failed")

    @strawberry.field
    async def slow_field(self, delay_ms: int) -> Optional[str]:
        await asyncio.sleep(max(delay_ms, 0) / 1000)
        return "slow"

    @strawberry.field
    def request_header(self, info: strawberry.Info, name: str) -> Optional[str]:
        return info.context.headers.get(name.lower())

    @strawberry.field
    def connection_param(self, info: strawberry.Info, name: str) -> Optional[str]:
        params = info.context.connection_params
        if not isinstance(params, dict) or params.get(name) is None:
            return None
        value = params[name]
        return value if isinstance(value, str) else json.dumps(value)

    @strawberry.field
    def me(self, info: strawberry.Info) -> Optional[str]:
        return info.context.user


@strawberry.type
class Mutation:
    @strawberry.mutation
    def create_review(self, episode: Episode, review: ReviewInput) -> Optional[Review]:
        created = Review(episode=episode, stars=review.stars, commentary=review.commentary)
        STATE.add_review(created)
        return created

    @strawberry.mutation
    def single_upload(self, file: Upload) -> File:
        return _file_result(file)

    @strawberry.mutation
    def multiple_upload(self, files: List[Upload]) -> List[File]:
        return [_file_result(upload) for upload in files]


@strawberry.type
class Subscription:
    @strawberry.subscription
    async def review_added(
        self, episode: Optional[Episode] = None
    ) -> AsyncGenerator[Optional[Review], None]:
        queue: "asyncio.Queue[Review]" = asyncio.Queue()
        STATE.review_listeners.add(queue)
        try:
            while True:
                review = await queue.get()
                if episode is None or review.episode == episode:
                    yield review
        finally:
            STATE.review_listeners.discard(queue)

    @strawberry.subscription
    async def countdown(
        self,
        from_: Annotated[int, strawberry.argument(name="from")],
        interval_ms: Optional[int] = 10,
    ) -> AsyncGenerator[int, None]:
        delay = max(interval_ms or 0, 0) / 1000
        for value in range(from_, -1, -1):
            yield value
            if value > 0:
                await asyncio.sleep(delay)

    @strawberry.subscription
    async def erroring_countdown(
        self, from_: Annotated[int, strawberry.argument(name="from")]
    ) -> AsyncGenerator[int, None]:
        # Yields `from` values (from, from-1, ..., 1), then the source fails.
        for value in range(from_, 0, -1):
            yield value
            await asyncio.sleep(0.01)
        raise Exception("erroringCountdown failed")


schema = strawberry.Schema(
    query=Query,
    mutation=Mutation,
    subscription=Subscription,
    types=[Human, Droid],
)

# graphql-core 3.2 does not know @defer. Declare it so that documents using it
# validate; the server implements the incremental delivery itself
# (see incremental.py). Execution ignores the directive otherwise.
DEFER_DIRECTIVE = GraphQLDirective(
    name="defer",
    locations=[DirectiveLocation.FRAGMENT_SPREAD, DirectiveLocation.INLINE_FRAGMENT],
    args={
        "if": GraphQLArgument(GraphQLNonNull(GraphQLBoolean), default_value=True),
        "label": GraphQLArgument(GraphQLString),
    },
)

GRAPHQL_SCHEMA = schema._schema
GRAPHQL_SCHEMA.directives = tuple(GRAPHQL_SCHEMA.directives) + (DEFER_DIRECTIVE,)
