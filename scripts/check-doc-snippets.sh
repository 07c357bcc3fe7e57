#!/usr/bin/env bash
# Compiles every Swift code block of README.md and MIGRATION.md, so the docs cannot drift from the API.
#
# Usage: bash scripts/check-doc-snippets.sh
#
# Convention (what a block in the docs must be):
# - Every block fenced ```swift is compiled. The info string's first word selects it; more words may follow:
#     ```swift                   the block is a module of its own;
#     ```swift group=NAME        every block of the document with the same NAME joins one module, in
#                                document order, so a later block can use what an earlier one declared;
#     ```swift fragment          not compiled. Only for a block that cannot compile on purpose; none does today.
#   GitHub highlights all three as Swift (it reads the first word only).
# - A module's code is its target's `main.swift`: top-level statements (including `try await`) and
#   declarations are both allowed, and two modules may declare the same names. Swift 6 language mode.
#   A block must compile without warnings too: a warning (a deprecated overload picked by a top-level
#   `try await`, an unused result, ...) usually means the code does not do what the text says.
# - A block writes its own Apollo imports (`import ApolloAsyncChain`, `import ApolloMigration`, …), as the
#   reader's file would. The script adds only what every app file has anyway: `import Foundation` (plus
#   FoundationNetworking where it exists, i.e. Linux) and `import DocSnippetPrelude`.
# - DocSnippetPrelude stands in for the app around the snippets: its generated operations (the sources of
#   Examples/StarWarsAPI, copied in, so operations live in one place) and its session object (`UserManager`,
#   scripts/doc-snippets-prelude.swift).
# - The modules depend on the products ApolloCore, ApolloAsyncChain, ApolloCallbackChain,
#   ApolloDelegateTransport, ApolloWebSocket and ApolloMigration of this package, by path.
#
# How: the blocks are written to a scratch package in .build/doc-snippets/ (Sources/<Doc>_L<line>/main.swift
# for a block on its own, Sources/<Doc>_<group>/main.swift for a group; one executable target each), which
# is built with `swift build --package-path .build/doc-snippets --scratch-path .build/doc-snippets-build`: a
# separate scratch path, so the main build is untouched (the package's modules are compiled once more
# there). Each block is wrapped in `#sourceLocation`, so compiler diagnostics name README.md / MIGRATION.md
# and the line in the document. SwiftPM stops at the first target that fails, so on failure every snippet
# target is then built on its own to report all failing blocks, each with its errors and warnings.
# The sources are written afresh on every run, so every block is compiled (and warns) every time.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
PACKAGE="$ROOT/.build/doc-snippets"
SCRATCH="$ROOT/.build/doc-snippets-build"
PRELUDE="$ROOT/scripts/doc-snippets-prelude.swift"
DOCS=(README.md MIGRATION.md)

mkdir -p "$PACKAGE"
# Generate the package: one executable target per block, plus the prelude.
python3 - "$ROOT" "$PACKAGE" "$PRELUDE" "${DOCS[@]}" <<'PY'
import os, re, shutil, sys

root, package, prelude = sys.argv[1:4]
docs = sys.argv[4:]
sources = os.path.join(package, "Sources")
if os.path.isdir(sources):
    shutil.rmtree(sources)
os.makedirs(os.path.join(sources, "DocSnippetPrelude"))
shutil.copyfile(prelude, os.path.join(sources, "DocSnippetPrelude", "Prelude.swift"))
# The operations the blocks use are the examples' own (one place for operations): compiled in beside it.
starwars = os.path.join(root, "Examples", "StarWarsAPI")
for name in sorted(os.listdir(starwars)):
    if name.endswith(".swift"):
        shutil.copyfile(os.path.join(starwars, name), os.path.join(sources, "DocSnippetPrelude", "StarWarsAPI-" + name))

fence = re.compile(r"^(\s*)(`{3,}|~{3,})(.*)$")
modules = {}  # target name -> list of (doc, first line, code lines); insertion order kept
for doc in docs:
    with open(os.path.join(root, doc), encoding="utf-8") as handle:
        lines = handle.read().split("\n")
    stem = re.sub(r"[^A-Za-z0-9]", "_", os.path.splitext(doc)[0])
    index = 0
    while index < len(lines):
        match = fence.match(lines[index])
        if not match:
            index += 1
            continue
        indent, marker, info = match.groups()
        words = info.strip().split()
        # The closing fence: same character, at least as long, nothing after it.
        end = index + 1
        while end < len(lines):
            closing = fence.match(lines[end])
            if closing and closing.group(2)[0] == marker[0] and len(closing.group(2)) >= len(marker) and not closing.group(3).strip():
                break
            end += 1
        if words[:1] == ["swift"] and "fragment" not in words[1:]:
            first = index + 2  # 1-based line number of the block's first code line
            body = [line[len(indent):] if line.startswith(indent) else line.lstrip() for line in lines[index + 1:end]]
            groups = [word[len("group="):] for word in words[1:] if word.startswith("group=")]
            unknown = [word for word in words[1:] if not word.startswith("group=")]
            if unknown or (groups and not re.fullmatch(r"[A-Za-z0-9_-]+", groups[0])):
                sys.exit(f"{doc}:{index + 1}: unknown words in the fence ```{info.strip()} (see scripts/check-doc-snippets.sh)")
            name = f"{stem}_{re.sub('[^A-Za-z0-9_]', '_', groups[0])}" if groups else f"{stem}_L{first}"
            modules.setdefault(name, []).append((doc, first, body))
        index = end + 1

targets = []
for name, blocks in modules.items():
    os.makedirs(os.path.join(sources, name))
    with open(os.path.join(sources, name, "main.swift"), "w", encoding="utf-8") as out:
        where = ", ".join(f"{doc}:{first}" for doc, first, _ in blocks)
        out.write(f"// Generated by scripts/check-doc-snippets.sh from the Swift blocks at {where}. Do not edit.\n")
        out.write("import DocSnippetPrelude\nimport Foundation\n#if canImport(FoundationNetworking)\nimport FoundationNetworking\n#endif\n")
        for doc, first, body in blocks:
            out.write(f'#sourceLocation(file: "{doc}", line: {first})\n')
            out.write("\n".join(body) + "\n")
            out.write("#sourceLocation()\n")
            targets.append((name, doc, first))

products = ["ApolloCore", "ApolloAsyncChain", "ApolloCallbackChain", "ApolloDelegateTransport", "ApolloWebSocket", "ApolloMigration"]
identity = os.path.basename(root).lower()
manifest = f"""// swift-tools-version:6.0
// Generated by scripts/check-doc-snippets.sh: one executable target per Swift block of {", ".join(docs)}.
import PackageDescription

let apollo: [Target.Dependency] = [
{"".join(f'  .product(name: "{p}", package: "{identity}"),{chr(10)}' for p in products)}]

/// (target, document, line of the block's first code line)
let snippets: [(String, String, Int)] = [
{"".join(f'  ("{name}", "{doc}", {line}),{chr(10)}' for name, doc, line in targets)}]
let modules = Array(Set(snippets.map(\.0))).sorted()

let package = Package(
  name: "DocSnippets",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
  dependencies: [.package(path: "{root}")],
  targets: [
    .target(name: "DocSnippetPrelude", dependencies: [.product(name: "ApolloCore", package: "{identity}")]),
  ] + modules.map {{ name in
    .executableTarget(name: name, dependencies: ["DocSnippetPrelude"] + apollo)
  }},
  swiftLanguageModes: [.v6]
)
"""
with open(os.path.join(package, "Package.swift"), "w", encoding="utf-8") as out:
    out.write(manifest)
with open(os.path.join(package, "snippets.tsv"), "w", encoding="utf-8") as out:
    for name, doc, line in targets:
        out.write(f"{name}\t{doc}\t{line}\n")
print(f"doc snippets: {len(targets)} Swift blocks from {', '.join(docs)}, in {len(modules)} modules")
PY

LOG="$PACKAGE/build.log"
start=$SECONDS
status=0
swift build --package-path "$PACKAGE" --scratch-path "$SCRATCH" >"$LOG" 2>&1 || status=$?

# SwiftPM stops at the first target that fails. When the failure is in a block (an error at README.md:<line>
# or MIGRATION.md:<line>, thanks to #sourceLocation), build every snippet target on its own to find them all.
if [[ $status -ne 0 ]] && grep -qE '^(.*/)?(README|MIGRATION)\.md:[0-9]+:[0-9]+: error:' "$LOG"; then
  for target in $(cut -f1 "$PACKAGE/snippets.tsv" | sort -u); do
    swift build --package-path "$PACKAGE" --scratch-path "$SCRATCH" --target "$target" >>"$LOG" 2>&1 || true
  done
fi
elapsed=$((SECONDS - start))

# Map each error and warning back to the block that contains it. A warning fails the check too: the docs
# show code that compiles cleanly (a deprecation warning, for instance, means a call picked an overload
# the text does not mean).
verdict=0
python3 - "$PACKAGE/snippets.tsv" "$LOG" "$status" <<'PY' >&2 || verdict=$?
import re, sys
snippets = [line.rstrip("\n").split("\t") for line in open(sys.argv[1], encoding="utf-8") if line.strip()]
log = open(sys.argv[2], encoding="utf-8", errors="replace").read().splitlines()
build_failed = sys.argv[3] != "0"
diagnostic = re.compile(r"^(?:.*/)?((?:README|MIGRATION)\.md):(\d+):(\d+): (error|warning): (.*)$")
failing = {}
for line in log:
    match = diagnostic.match(line)
    if not match:
        continue
    doc, at = match.group(1), int(match.group(2))
    owner = None
    for name, snippet_doc, first in snippets:
        if snippet_doc == doc and int(first) <= at and (owner is None or int(first) > int(owner[2])):
            owner = (name, snippet_doc, first)
    key = owner or ("?", doc, "?")
    entry = f"{doc}:{at}:{match.group(3)}: {match.group(4)}: {match.group(5)}"
    if entry not in failing.setdefault(key, []):
        failing[key].append(entry)
if build_failed and not failing:
    print("doc snippets: this package or the prelude failed to build, before any block:")
    errors = sorted({line for line in log if ": error:" in line})
    for line in (errors or log[-40:])[:40]:
        print("  " + line)
    sys.exit(1)
if not failing:
    sys.exit(0)
print("doc snippets: these Swift blocks do not compile cleanly:")
for (name, doc, first), entries in sorted(failing.items(), key=lambda item: (item[0][1], int(item[0][2]) if item[0][2] != "?" else 0)):
    print(f"FAIL {doc}, the Swift block starting at line {first} (target {name}):")
    for entry in entries:
        print("  " + entry)
sys.exit(1)
PY

count=$(wc -l <"$PACKAGE/snippets.tsv" | tr -d ' ')
if [[ $verdict -ne 0 ]]; then
  echo "doc snippets: FAILED after ${elapsed}s (build log: ${LOG#"$ROOT/"}). Fix the block in the document;" \
    "the conventions are at the top of scripts/check-doc-snippets.sh" >&2
  exit 1
fi
echo "doc snippets: all $count Swift blocks compile without warnings (${elapsed}s)"
