import ApolloMigration

// The differences between native generations that the catalog declares, with their reasons.
// Each value is the aspect exactly as that generation renders it (ParityTrace.render), so a
// declared difference that drifts fails ParityCatalogTests.
extension ParityCatalog {
  private static let cancelMidBodyReason = "0.x delivers only once the whole body has arrived, so a cancel between parts completes the task with URLError.cancelled and caches nothing; 1.x and 2.x deliver (and cache) the initial part as it arrives and stay silent after the cancel. 0.x also sends variables: null."

  private static let reason401EmptyBody = "2.x checks the status per body chunk (upstream 2.x does the same, see 500-empty): a 401 without a body has no chunk, so no ResponseCodeError reaches the re-authenticating interceptor, nothing is retried and the chain ends with noResults. 0.x's retry delegate and a 1.x interceptor after the fetch see the empty 401, refresh the token and retry."

  static let declaredDifferences: [String: [ParityDeclaredDifference]] = [
    "500-empty": [
      ParityDeclaredDifference(.deliveries, [
        .v0: "step 1 · 1 deliveries\nstep 1 · delivery 1 · failure http(500)",
        .v1: "step 1 · 1 deliveries\nstep 1 · delivery 1 · failure http(500)",
        .v2: "step 1 · 1 deliveries\nstep 1 · delivery 1 · failure noResults",
      ], why: "2.x checks the status per body chunk (upstream 2.x does the same): an empty body has no chunk, so the chain ends with noResults instead of the 500."),
    ],
    "401-empty-body-refresh-retry": [
      ParityDeclaredDifference(.deliveries, [
        .v0: "step 1 · 1 deliveries\nstep 1 · delivery 1 · result server data={\"hero\":{\"__typename\":\"Droid\",\"id\":\"2001\",\"name\":\"R2-D2\"}}",
        .v1: "step 1 · 1 deliveries\nstep 1 · delivery 1 · result server data={\"hero\":{\"__typename\":\"Droid\",\"id\":\"2001\",\"name\":\"R2-D2\"}}",
        .v2: "step 1 · 1 deliveries\nstep 1 · delivery 1 · failure noResults",
      ], why: reason401EmptyBody),
      ParityDeclaredDifference(.wire, [.v0: "step 1 · 2 requests\nstep 1 · request 1 · POST http://parity.invalid/graphql\nstep 1 · request 1 · header authorization: <redacted 653b5caf>\nstep 1 · request 1 · body {\"operationName\":\"HeroName\",\"query\":\"query HeroName($episode: Episode) { hero(episode: $episode) { __typename id name } }\",\"variables\":{}}\nstep 1 · request 2 · POST http://parity.invalid/graphql\nstep 1 · request 2 · header authorization: <redacted b0bf7050>\nstep 1 · request 2 · body {\"operationName\":\"HeroName\",\"query\":\"query HeroName($episode: Episode) { hero(episode: $episode) { __typename id name } }\",\"variables\":{}}", .v1: "step 1 · 2 requests\nstep 1 · request 1 · POST http://parity.invalid/graphql\nstep 1 · request 1 · header authorization: <redacted 653b5caf>\nstep 1 · request 1 · body {\"operationName\":\"HeroName\",\"query\":\"query HeroName($episode: Episode) { hero(episode: $episode) { __typename id name } }\",\"variables\":{}}\nstep 1 · request 2 · POST http://parity.invalid/graphql\nstep 1 · request 2 · header authorization: <redacted b0bf7050>\nstep 1 · request 2 · body {\"operationName\":\"HeroName\",\"query\":\"query HeroName($episode: Episode) { hero(episode: $episode) { __typename id name } }\",\"variables\":{}}", .v2: "step 1 · 1 requests\nstep 1 · request 1 · POST http://parity.invalid/graphql\nstep 1 · request 1 · header authorization: <redacted 653b5caf>\nstep 1 · request 1 · body {\"operationName\":\"HeroName\",\"query\":\"query HeroName($episode: Episode) { hero(episode: $episode) { __typename id name } }\",\"variables\":{}}"],
                               why: reason401EmptyBody),
      ParityDeclaredDifference(.store, [.v0: "record Droid:2001.__typename = \"Droid\"\nrecord Droid:2001.id = \"2001\"\nrecord Droid:2001.name = \"R2-D2\"\nrecord QUERY_ROOT.hero = →Droid:2001", .v1: "record Droid:2001.__typename = \"Droid\"\nrecord Droid:2001.id = \"2001\"\nrecord Droid:2001.name = \"R2-D2\"\nrecord QUERY_ROOT.hero = →Droid:2001", .v2: ""],
                               why: reason401EmptyBody),
    ],
    "cache-and-network-401-refresh-retry": [
      ParityDeclaredDifference(.deliveries, [
        .v0: "step 1 · 1 deliveries\nstep 1 · delivery 1 · result server data={\"hero\":{\"__typename\":\"Droid\",\"id\":\"2001\",\"name\":\"R2-D2\"}}\nstep 2 · 2 deliveries\nstep 2 · delivery 1 · result cache data={\"hero\":{\"__typename\":\"Droid\",\"id\":\"2001\",\"name\":\"R2-D2\"}}\nstep 2 · delivery 2 · result server data={\"hero\":{\"__typename\":\"Droid\",\"id\":\"2001\",\"name\":\"R2-D2\"}}",
        .v1: "step 1 · 1 deliveries\nstep 1 · delivery 1 · result server data={\"hero\":{\"__typename\":\"Droid\",\"id\":\"2001\",\"name\":\"R2-D2\"}}\nstep 2 · 3 deliveries\nstep 2 · delivery 1 · result cache data={\"hero\":{\"__typename\":\"Droid\",\"id\":\"2001\",\"name\":\"R2-D2\"}}\nstep 2 · delivery 2 · result cache data={\"hero\":{\"__typename\":\"Droid\",\"id\":\"2001\",\"name\":\"R2-D2\"}}\nstep 2 · delivery 3 · result server data={\"hero\":{\"__typename\":\"Droid\",\"id\":\"2001\",\"name\":\"R2-D2\"}}",
        .v2: "step 1 · 1 deliveries\nstep 1 · delivery 1 · result server data={\"hero\":{\"__typename\":\"Droid\",\"id\":\"2001\",\"name\":\"R2-D2\"}}\nstep 2 · 3 deliveries\nstep 2 · delivery 1 · result cache data={\"hero\":{\"__typename\":\"Droid\",\"id\":\"2001\",\"name\":\"R2-D2\"}}\nstep 2 · delivery 2 · result cache data={\"hero\":{\"__typename\":\"Droid\",\"id\":\"2001\",\"name\":\"R2-D2\"}}\nstep 2 · delivery 3 · result server data={\"hero\":{\"__typename\":\"Droid\",\"id\":\"2001\",\"name\":\"R2-D2\"}}",
      ], why: "A retry after the cache's answer: 0.x's client read the cache once and its transport re-sent alone, so the cached result arrives once; a 1.x or 2.x retry starts the chain over at its cache read (1.x's CacheReadInterceptor, 2.x's CacheAndNetwork step), which delivers the cached result again. The 0.x adapters keep 0.x's single cache delivery."),
    ],
    "malformed-json": [
      ParityDeclaredDifference(.deliveries, [
        .v0: "step 1 · 1 deliveries\nstep 1 · delivery 1 · failure invalidResponse(JSONParsingError Invalid JSON at byte 9: unexpected end o)",
        .v1: "step 1 · 1 deliveries\nstep 1 · delivery 1 · failure invalidResponse(couldNotParseToJSON)",
        .v2: "step 1 · 1 deliveries\nstep 1 · delivery 1 · failure invalidResponse(couldNotParseToJSON)",
      ], why: "Each generation reports unparsable JSON with its own error: 0.x passes the JSON parser's error on, 1.x and 2.x wrap it in couldNotParseToJSON."),
    ],
    "not-an-object": [
      ParityDeclaredDifference(.deliveries, [
        .v0: "step 1 · 1 deliveries\nstep 1 · delivery 1 · failure invalidResponse",
        .v1: "step 1 · 1 deliveries\nstep 1 · delivery 1 · failure invalidResponse(couldNotParseToJSON)",
        .v2: "step 1 · 1 deliveries\nstep 1 · delivery 1 · failure invalidResponse(couldNotParseToJSON)",
      ], why: "0.x rejects a body that is not an object as GraphQLHTTPResponseError.invalidResponse; 1.x and 2.x cannot parse it as a response (couldNotParseToJSON)."),
    ],
    "veto": [
      ParityDeclaredDifference(.deliveries, [
        .v0: "step 1 · 1 deliveries\nstep 1 · delivery 1 · failure vetoed(cancelledByDelegate)",
        .v1: "step 1 · 1 deliveries\nstep 1 · delivery 1 · failure vetoed(hook)",
        .v2: "step 1 · 1 deliveries\nstep 1 · delivery 1 · failure vetoed(hook)",
      ], why: "0.x has a veto of its own (shouldSend false → cancelledByDelegate); 1.x and 2.x interceptors end the request with the error they choose."),
    ],
    "cache-only-miss": [
      ParityDeclaredDifference(.deliveries, [
        .v0: "step 1 · 1 deliveries\nstep 1 · delivery 1 · failure decoding",
        .v1: "step 1 · 1 deliveries\nstep 1 · delivery 1 · failure decoding",
        .v2: "step 1 · 1 deliveries\nstep 1 · delivery 1 · failure noResults",
      ], why: "0.x and 1.x report a cache miss as a missing-field decoding error; the 2.x chain ends without a result (noResults; the typed cacheOnly fetch returns nil)."),
    ],
    "defer-20220824": [
      ParityDeclaredDifference(.deliveries, [
        .v0: "step 1 · 1 deliveries\nstep 1 · delivery 1 · failure invalidResponse(JSONParsingError Invalid JSON at byte 3: invalid number)",
        .v1: "step 1 · 2 deliveries\nstep 1 · delivery 1 · result server data={\"hero\":{\"__typename\":\"Droid\",\"id\":\"2001\",\"name\":\"R2-D2\"}}\nstep 1 · delivery 2 · result server data={\"hero\":{\"__typename\":\"Droid\",\"friends\":[{\"__typename\":\"Human\",\"id\":\"1000\",\"name\":\"Luke Skywalker\"}],\"id\":\"2001\",\"name\":\"R2-D2\"}}",
        .v2: "step 1 · 2 deliveries\nstep 1 · delivery 1 · result server data={\"hero\":{\"__typename\":\"Droid\",\"id\":\"2001\",\"name\":\"R2-D2\"}}\nstep 1 · delivery 2 · result server data={\"hero\":{\"__typename\":\"Droid\",\"friends\":[{\"__typename\":\"Human\",\"id\":\"1000\",\"name\":\"Luke Skywalker\"}],\"id\":\"2001\",\"name\":\"R2-D2\"}}",
      ], why: "0.x predates @defer: it sends no multipart Accept header, cannot read the multipart body and caches nothing, and it sends variables: null for an operation without variables; 1.x and 2.x merge the increments and cache the result."),
      ParityDeclaredDifference(.wire, [
        .v0: "step 1 · 1 requests\nstep 1 · request 1 · POST http://parity.invalid/graphql\nstep 1 · request 1 · body {\"operationName\":\"HeroDeferred\",\"query\":\"query HeroDeferred { hero { __typename id name ... on Character @defer(label: \\\"friends\\\") { friends { __typename id name } } } }\",\"variables\":null}",
        .v1: "step 1 · 1 requests\nstep 1 · request 1 · POST http://parity.invalid/graphql\nstep 1 · request 1 · body {\"operationName\":\"HeroDeferred\",\"query\":\"query HeroDeferred { hero { __typename id name ... on Character @defer(label: \\\"friends\\\") { friends { __typename id name } } } }\"}",
        .v2: "step 1 · 1 requests\nstep 1 · request 1 · POST http://parity.invalid/graphql\nstep 1 · request 1 · body {\"operationName\":\"HeroDeferred\",\"query\":\"query HeroDeferred { hero { __typename id name ... on Character @defer(label: \\\"friends\\\") { friends { __typename id name } } } }\"}",
      ], why: "0.x predates @defer: it sends no multipart Accept header, cannot read the multipart body and caches nothing, and it sends variables: null for an operation without variables; 1.x and 2.x merge the increments and cache the result."),
      ParityDeclaredDifference(.store, [
        .v0: "",
        .v1: "record Droid:2001.__typename = \"Droid\"\nrecord Droid:2001.friends = [→Human:1000]\nrecord Droid:2001.id = \"2001\"\nrecord Droid:2001.name = \"R2-D2\"\nrecord Human:1000.__typename = \"Human\"\nrecord Human:1000.id = \"1000\"\nrecord Human:1000.name = \"Luke Skywalker\"\nrecord QUERY_ROOT.hero = →Droid:2001",
        .v2: "record Droid:2001.__typename = \"Droid\"\nrecord Droid:2001.friends = [→Human:1000]\nrecord Droid:2001.id = \"2001\"\nrecord Droid:2001.name = \"R2-D2\"\nrecord Human:1000.__typename = \"Human\"\nrecord Human:1000.id = \"1000\"\nrecord Human:1000.name = \"Luke Skywalker\"\nrecord QUERY_ROOT.hero = →Droid:2001",
      ], why: "0.x predates @defer: it sends no multipart Accept header, cannot read the multipart body and caches nothing, and it sends variables: null for an operation without variables; 1.x and 2.x merge the increments and cache the result."),
    ],
    "defer-pending-completed": [
      ParityDeclaredDifference(.deliveries, [
        .v0: "step 1 · 1 deliveries\nstep 1 · delivery 1 · failure invalidResponse(JSONParsingError Invalid JSON at byte 3: invalid number)",
        .v1: "step 1 · 2 deliveries\nstep 1 · delivery 1 · result server data={\"hero\":{\"__typename\":\"Droid\",\"id\":\"2001\",\"name\":\"R2-D2\"}}\nstep 1 · delivery 2 · result server data={\"hero\":{\"__typename\":\"Droid\",\"friends\":[{\"__typename\":\"Human\",\"id\":\"1000\",\"name\":\"Luke Skywalker\"}],\"id\":\"2001\",\"name\":\"R2-D2\"}}",
        .v2: "step 1 · 2 deliveries\nstep 1 · delivery 1 · result server data={\"hero\":{\"__typename\":\"Droid\",\"id\":\"2001\",\"name\":\"R2-D2\"}}\nstep 1 · delivery 2 · result server data={\"hero\":{\"__typename\":\"Droid\",\"friends\":[{\"__typename\":\"Human\",\"id\":\"1000\",\"name\":\"Luke Skywalker\"}],\"id\":\"2001\",\"name\":\"R2-D2\"}}",
      ], why: "As defer-20220824, for the newer pending/completed format."),
      ParityDeclaredDifference(.wire, [
        .v0: "step 1 · 1 requests\nstep 1 · request 1 · POST http://parity.invalid/graphql\nstep 1 · request 1 · body {\"operationName\":\"HeroDeferred\",\"query\":\"query HeroDeferred { hero { __typename id name ... on Character @defer(label: \\\"friends\\\") { friends { __typename id name } } } }\",\"variables\":null}",
        .v1: "step 1 · 1 requests\nstep 1 · request 1 · POST http://parity.invalid/graphql\nstep 1 · request 1 · body {\"operationName\":\"HeroDeferred\",\"query\":\"query HeroDeferred { hero { __typename id name ... on Character @defer(label: \\\"friends\\\") { friends { __typename id name } } } }\"}",
        .v2: "step 1 · 1 requests\nstep 1 · request 1 · POST http://parity.invalid/graphql\nstep 1 · request 1 · body {\"operationName\":\"HeroDeferred\",\"query\":\"query HeroDeferred { hero { __typename id name ... on Character @defer(label: \\\"friends\\\") { friends { __typename id name } } } }\"}",
      ], why: "As defer-20220824, for the newer pending/completed format."),
      ParityDeclaredDifference(.store, [
        .v0: "",
        .v1: "record Droid:2001.__typename = \"Droid\"\nrecord Droid:2001.friends = [→Human:1000]\nrecord Droid:2001.id = \"2001\"\nrecord Droid:2001.name = \"R2-D2\"\nrecord Human:1000.__typename = \"Human\"\nrecord Human:1000.id = \"1000\"\nrecord Human:1000.name = \"Luke Skywalker\"\nrecord QUERY_ROOT.hero = →Droid:2001",
        .v2: "record Droid:2001.__typename = \"Droid\"\nrecord Droid:2001.friends = [→Human:1000]\nrecord Droid:2001.id = \"2001\"\nrecord Droid:2001.name = \"R2-D2\"\nrecord Human:1000.__typename = \"Human\"\nrecord Human:1000.id = \"1000\"\nrecord Human:1000.name = \"Luke Skywalker\"\nrecord QUERY_ROOT.hero = →Droid:2001",
      ], why: "As defer-20220824, for the newer pending/completed format."),
    ],
    "multipart-subscription": [
      ParityDeclaredDifference(.deliveries, [
        .v0: "step 1 · 1 deliveries\nstep 1 · delivery 1 · failure unsupported(0.x subscribes over WebSocket only)",
        .v1: "step 1 · 3 deliveries\nstep 1 · delivery 1 · result server data={\"countdown\":2}\nstep 1 · delivery 2 · result server data={\"countdown\":1}\nstep 1 · delivery 3 · result server data={\"countdown\":0}",
        .v2: "step 1 · 3 deliveries\nstep 1 · delivery 1 · result server data={\"countdown\":2}\nstep 1 · delivery 2 · result server data={\"countdown\":1}\nstep 1 · delivery 3 · result server data={\"countdown\":0}",
      ], why: "0.x subscribes over WebSocket only; 1.x and 2.x subscribe over multipart HTTP and cache each payload."),
      ParityDeclaredDifference(.wire, [
        .v0: "step 1 · 0 requests",
        .v1: "step 1 · 1 requests\nstep 1 · request 1 · POST http://parity.invalid/graphql\nstep 1 · request 1 · body {\"operationName\":\"Countdown\",\"query\":\"subscription Countdown($from: Int!, $intervalMs: Int) { countdown(from: $from, intervalMs: $intervalMs) }\",\"variables\":{\"from\":2}}",
        .v2: "step 1 · 1 requests\nstep 1 · request 1 · POST http://parity.invalid/graphql\nstep 1 · request 1 · body {\"operationName\":\"Countdown\",\"query\":\"subscription Countdown($from: Int!, $intervalMs: Int) { countdown(from: $from, intervalMs: $intervalMs) }\",\"variables\":{\"from\":2}}",
      ], why: "0.x subscribes over WebSocket only; 1.x and 2.x subscribe over multipart HTTP and cache each payload."),
      ParityDeclaredDifference(.store, [
        .v0: "",
        .v1: "record SUBSCRIPTION_ROOT.countdown(from:2) = 0",
        .v2: "record SUBSCRIPTION_ROOT.countdown(from:2) = 0",
      ], why: "0.x subscribes over WebSocket only; 1.x and 2.x subscribe over multipart HTTP and cache each payload."),
    ],
    "cancel-before-response": [
      ParityDeclaredDifference(.deliveries, [
        .v0: "step 1 · 1 deliveries\nstep 1 · delivery 1 · failure transport(cancelled)",
        .v1: "step 1 · 0 deliveries",
        .v2: "step 1 · 0 deliveries",
      ], why: "Cancelling a 0.x request cancels its URLSessionTask, which completes with URLError.cancelled; the handler gets that error. 1.x and 2.x stay silent after a cancel."),
    ],
    "cancel-mid-body": [
      ParityDeclaredDifference(.deliveries, [
        .v0: "step 1 · 1 deliveries\nstep 1 · delivery 1 · failure transport(cancelled)",
        .v1: "step 1 · 1 deliveries\nstep 1 · delivery 1 · result server data={\"hero\":{\"__typename\":\"Droid\",\"id\":\"2001\",\"name\":\"R2-D2\"}}",
        .v2: "step 1 · 1 deliveries\nstep 1 · delivery 1 · result server data={\"hero\":{\"__typename\":\"Droid\",\"id\":\"2001\",\"name\":\"R2-D2\"}}",
      ], why: cancelMidBodyReason),
      ParityDeclaredDifference(.wire, [
        .v0: "step 1 · 1 requests\nstep 1 · request 1 · POST http://parity.invalid/graphql\nstep 1 · request 1 · body {\"operationName\":\"HeroDeferred\",\"query\":\"query HeroDeferred { hero { __typename id name ... on Character @defer(label: \\\"friends\\\") { friends { __typename id name } } } }\",\"variables\":null}",
        .v1: "step 1 · 1 requests\nstep 1 · request 1 · POST http://parity.invalid/graphql\nstep 1 · request 1 · body {\"operationName\":\"HeroDeferred\",\"query\":\"query HeroDeferred { hero { __typename id name ... on Character @defer(label: \\\"friends\\\") { friends { __typename id name } } } }\"}",
        .v2: "step 1 · 1 requests\nstep 1 · request 1 · POST http://parity.invalid/graphql\nstep 1 · request 1 · body {\"operationName\":\"HeroDeferred\",\"query\":\"query HeroDeferred { hero { __typename id name ... on Character @defer(label: \\\"friends\\\") { friends { __typename id name } } } }\"}",
      ], why: cancelMidBodyReason),
      ParityDeclaredDifference(.store, [
        .v0: "",
        .v1: "record Droid:2001.__typename = \"Droid\"\nrecord Droid:2001.id = \"2001\"\nrecord Droid:2001.name = \"R2-D2\"\nrecord QUERY_ROOT.hero = →Droid:2001",
        .v2: "record Droid:2001.__typename = \"Droid\"\nrecord Droid:2001.id = \"2001\"\nrecord Droid:2001.name = \"R2-D2\"\nrecord QUERY_ROOT.hero = →Droid:2001",
      ], why: cancelMidBodyReason),
    ],
  ]
}
