#!/usr/bin/env bash
# Compiles every Swift code block of README.md and MIGRATION.md, so the docs cannot drift from the API; and
# compiles (and runs, where asked) the Apollo docs' own snippets in scripts/doc-snippets/ and the 0.x, 1.x
# and migration examples in the Swift 5 language mode, so that "only the import changes" holds.
#
# Usage: bash scripts/check-doc-snippets.sh
#
# 1. README.md and MIGRATION.md. Convention (what a block in the docs must be):
# - Every block fenced ```swift is compiled. The info string's first word selects it; more words may follow:
#     ```swift                   the block is a module of its own;
#     ```swift group=NAME        every block of the document with the same NAME joins one module, in
#                                document order, so a later block can use what an earlier one declared;
#     ```swift fragment          not compiled. Only for a block that cannot compile on purpose: the README's Package.swift
#                                excerpts (manifest code, not a program; this script's own manifest depends on
#                                the package the same way).
#   GitHub highlights all three as Swift (it reads the first word only).
# - A module's code is its target's `main.swift`: top-level statements (including `try await`) and
#   declarations are both allowed, and two modules may declare the same names. Swift 6 language mode.
#   A block must compile without warnings too: a warning (a deprecated overload picked by a top-level
#   `try await`, an unused result, ...) usually means the code does not do what the text says.
# - A block writes its own Apollo imports (`import ApolloAsyncChain`, `import ApolloMigration`, …), as the
#   reader's file would, and nothing else: no `import Foundation` or `FoundationNetworking`, because the
#   modules re-export them (Sources/ApolloCore/Exports.swift), so a block that compiles here compiles in a
#   reader's file on Linux too. The script adds only `import DocSnippetPrelude`.
# - DocSnippetPrelude stands in for the app around the snippets: its generated operations (the
#   Examples/StarWarsAPI package, re-exported, so operations live in one place) and its session object (`UserManager`,
#   scripts/doc-snippets-prelude.swift).
# - The modules depend on the products ApolloCore, ApolloAsyncChain, ApolloCallbackChain,
#   ApolloDelegateTransport, ApolloDelegateWebSocket, ApolloWebSocket, ApolloCallbackWebSocket and ApolloMigration of this
#   package, by path.
#
# 2. scripts/doc-snippets/*.swift: whole `main.swift` files, compiled exactly as written (nothing is added:
#    they import what they use, and the Apollo docs' snippets there import one Apollo module and nothing
#    else). Besides the products above they may import StarWarsAPI (the app's generated operations). Lines
#    `// check: …` at the top configure a file:
#      // check: language-modes 6 5      build one target per mode (default: 6 only);
#      // check: allow-warning TEXT      warnings containing TEXT do not fail the check (any other does);
#      // check: run REGEX               run each built executable (60 s at most): it must exit 0 and its
#                                        output must match the extended regular expression.
#
# 3. Every example under Examples/DelegateTransport, Examples/CallbackChain and Examples/Migration, copied
#    into a target of its own in the Swift 5 language mode: apps still on 0.x or 1.x are often Swift 5
#    code, and the old-generation API must serve them as it serves Swift 6 code (no errors, no warnings).
#
# How: everything is written to a scratch package in .build/doc-snippets/ (Sources/<Doc>_L<line>/main.swift
# for a block on its own, Sources/<Doc>_<group>/main.swift for a group, Sources/Snippet_<File>_swift<mode>/
# and Sources/Swift5_<Example>/; one executable target each), which is built with `swift build --package-path
# .build/doc-snippets --scratch-path .build/doc-snippets-build`: a separate scratch path, so the main build is
# untouched (the package's modules are compiled once more there). Every source is wrapped in
# `#sourceLocation`, so compiler diagnostics name README.md / MIGRATION.md and the line in the document, or
# the file under scripts/doc-snippets/ or Examples/. SwiftPM stops at the first target that fails, so on
# failure every target is then built on its own to report all failing ones, each with its errors and
# warnings. The sources are written afresh on every run, so everything is compiled (and warns) every time.
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
# The operations the blocks use are the examples' own generated package (one place for operations),
# re-exported so that a block sees them as an app's file sees its generated code.
with open(os.path.join(sources, "DocSnippetPrelude", "StarWarsAPI.swift"), "w", encoding="utf-8") as handle:
    handle.write("@_exported import StarWarsAPI\n")

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
        out.write("import DocSnippetPrelude\n")
        for doc, first, body in blocks:
            out.write(f'#sourceLocation(file: "{doc}", line: {first})\n')
            out.write("\n".join(body) + "\n")
            out.write("#sourceLocation()\n")
            targets.append((name, doc, first))

def wrap(relative, text):
    """A file's text, with diagnostics pointing at the file in the repository."""
    return f'#sourceLocation(file: "{relative}", line: 1)\n' + text.rstrip("\n") + "\n#sourceLocation()\n"

# 2. The docs' own snippets, compiled as written; `// check:` lines configure them.
standalone = []  # (target, file, language mode, allowed warning texts, run pattern or "")
snippet_dir = os.path.join(root, "scripts", "doc-snippets")
for file in sorted(os.listdir(snippet_dir)) if os.path.isdir(snippet_dir) else []:
    if not file.endswith(".swift"):
        continue
    relative = f"scripts/doc-snippets/{file}"
    with open(os.path.join(snippet_dir, file), encoding="utf-8") as handle:
        text = handle.read()
    modes, allowed, run = ["6"], [], ""
    for line in text.split("\n"):
        if not line.startswith("//"):
            break
        words = line[2:].strip()
        if not words.startswith("check:"):
            continue
        key, _, value = words[len("check:"):].strip().partition(" ")
        if key == "language-modes" and value.split() and set(value.split()) <= {"5", "6"}:
            modes = value.split()
        elif key == "allow-warning" and value.strip():
            allowed.append(value.strip())
        elif key == "run" and value.strip():
            run = value.strip()
        else:
            sys.exit(f"{relative}: unknown directive '{line}' (see scripts/check-doc-snippets.sh)")
    for mode in modes:
        name = f"Snippet_{re.sub('[^A-Za-z0-9_]', '_', os.path.splitext(file)[0])}_swift{mode}"
        os.makedirs(os.path.join(sources, name))
        with open(os.path.join(sources, name, "main.swift"), "w", encoding="utf-8") as out:
            out.write(wrap(relative, text))
        standalone.append((name, relative, mode, allowed, run))

# 3. The old-generation and migration examples, in the Swift 5 language mode.
for folder in ["DelegateTransport", "CallbackChain", "Migration"]:
    base = os.path.join(root, "Examples", folder)
    for example in sorted(os.listdir(base)) if os.path.isdir(base) else []:
        if not os.path.isdir(os.path.join(base, example)):
            continue
        name = f"Swift5_{example}"
        os.makedirs(os.path.join(sources, name))
        for file in sorted(os.listdir(os.path.join(base, example))):
            if file.endswith(".swift"):
                with open(os.path.join(base, example, file), encoding="utf-8") as handle:
                    text = handle.read()
                with open(os.path.join(sources, name, file), "w", encoding="utf-8") as out:
                    out.write(wrap(f"Examples/{folder}/{example}/{file}", text))
        standalone.append((name, f"Examples/{folder}/{example}/", "5", [], ""))

products = ["ApolloCore", "ApolloAsyncChain", "ApolloCallbackChain", "ApolloDelegateTransport", "ApolloDelegateWebSocket",
            "ApolloWebSocket", "ApolloCallbackWebSocket", "ApolloMigration"]
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

/// (target, language mode): the files of scripts/doc-snippets/ and the Swift 5 copies of the examples.
let standalone: [(String, Int)] = [
{"".join(f'  ("{name}", {mode}),{chr(10)}' for name, _, mode, _, _ in standalone)}]

let package = Package(
  name: "DocSnippets",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
  dependencies: [.package(path: "{root}")],
  targets: [
    .target(name: "DocSnippetPrelude", dependencies: [.product(name: "ApolloCore", package: "{identity}"),
                                                      .product(name: "StarWarsAPI", package: "{identity}")]),
  ] + modules.map {{ name in
    .executableTarget(name: name, dependencies: ["DocSnippetPrelude"] + apollo)
  }} + standalone.map {{ name, mode in
    .executableTarget(name: name, dependencies: apollo + [.product(name: "StarWarsAPI", package: "{identity}")],
                      swiftSettings: mode == 5 ? [.swiftLanguageMode(.v5)] : [])
  }},
  swiftLanguageModes: [.v6]
)
"""
with open(os.path.join(package, "Package.swift"), "w", encoding="utf-8") as out:
    out.write(manifest)
# One row per compiled unit: target, file (a document, a snippet file, or an example folder ending in /),
# first line (a block's; 1 for a file), allowed warning texts (joined by \x1f), run pattern.
with open(os.path.join(package, "snippets.tsv"), "w", encoding="utf-8") as out:
    for name, doc, line in targets:
        out.write(f"{name}\t{doc}\t{line}\t\t\n")
    for name, relative, mode, allowed, run in standalone:
        out.write(f"{name}\t{relative}\t1\t{chr(31).join(allowed)}\t{run}\n")
snippet_files = len({relative for _, relative, _, _, _ in standalone if relative.startswith("scripts/")})
examples = len([1 for _, relative, _, _, _ in standalone if relative.startswith("Examples/")])
print(f"doc snippets: {len(targets)} Swift blocks from {', '.join(docs)} in {len(modules)} modules; "
      f"{snippet_files} files of scripts/doc-snippets in {len(standalone) - examples} targets; {examples} examples in Swift 5 mode")
PY

LOG="$PACKAGE/build.log"
start=$SECONDS
status=0
swift build --package-path "$PACKAGE" --scratch-path "$SCRATCH" >"$LOG" 2>&1 || status=$?

# SwiftPM stops at the first target that fails. When the failure is in a unit of ours (an error at
# README.md:<line>, scripts/doc-snippets/<file> or Examples/<file>, thanks to #sourceLocation), build every
# target on its own to find them all.
OURS='^(.*/)?(README\.md|MIGRATION\.md|scripts/doc-snippets/[^:]+\.swift|Examples/[^:]+\.swift):[0-9]+:[0-9]+: error:'
if [[ $status -ne 0 ]] && grep -qE "$OURS" "$LOG"; then
  for target in $(cut -f1 "$PACKAGE/snippets.tsv" | sort -u); do
    swift build --package-path "$PACKAGE" --scratch-path "$SCRATCH" --target "$target" >>"$LOG" 2>&1 || true
  done
fi
elapsed=$((SECONDS - start))

# Map each error and warning back to the block or file that contains it. A warning fails the check too: the
# docs show code that compiles cleanly (a deprecation warning, for instance, means a call picked an overload
# the text does not mean); a snippet file may allow the warnings it is about (`// check: allow-warning`).
verdict=0
python3 - "$PACKAGE/snippets.tsv" "$LOG" "$status" <<'PY' >&2 || verdict=$?
import re, sys
units = [line.rstrip("\n").split("\t") for line in open(sys.argv[1], encoding="utf-8") if line.strip()]
log = open(sys.argv[2], encoding="utf-8", errors="replace").read().splitlines()
build_failed = sys.argv[3] != "0"
diagnostic = re.compile(
    r"^(?:.*/)?(README\.md|MIGRATION\.md|scripts/doc-snippets/[^:]+\.swift|Examples/[^:]+\.swift):(\d+):(\d+): (error|warning): (.*)$")
failing = {}
for line in log:
    match = diagnostic.match(line)
    if not match:
        continue
    doc, at, kind, message = match.group(1), int(match.group(2)), match.group(4), match.group(5)
    owner = None
    for name, unit, first, allowed, _ in units:
        # A document's block owns the lines from its first one on; a file or an example folder owns its files.
        if unit.endswith(".md"):
            if unit == doc and int(first) <= at and (owner is None or int(first) > int(owner[2])):
                owner = (name, unit, first, allowed)
        elif (doc == unit or (unit.endswith("/") and doc.startswith(unit))) and (owner is None or owner[0] > name):
            owner = (name, unit, first, allowed)  # the same file in two language modes: name the first target
    if kind == "warning" and owner and any(text and text in message for text in owner[3].split("\x1f")):
        continue
    key = owner[:3] if owner else ("?", doc, "?")
    entry = f"{doc}:{at}:{match.group(3)}: {kind}: {message}"
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
print("doc snippets: these do not compile cleanly:")
for (name, doc, first), entries in sorted(failing.items(), key=lambda item: (item[0][1], int(item[0][2]) if item[0][2] != "?" else 0)):
    what = f"the Swift block starting at line {first}" if doc.endswith(".md") else "the file" if not doc.endswith("/") else "the example"
    print(f"FAIL {doc}, {what} (target {name}):")
    for entry in entries:
        print("  " + entry)
sys.exit(1)
PY

count=$(wc -l <"$PACKAGE/snippets.tsv" | tr -d ' ')
if [[ $verdict -ne 0 ]]; then
  echo "doc snippets: FAILED after ${elapsed}s (build log: ${LOG#"$ROOT/"}). Fix the block in the document or the" \
    "file named; the conventions are at the top of scripts/check-doc-snippets.sh" >&2
  exit 1
fi

# Run the snippet files that ask for it: exit status 0 and the expected output.
runs=0
while IFS= read -r row; do
  # cut, not `read` with IFS=tab: a tab is IFS whitespace, so `read` would merge the empty fields.
  target=$(cut -f1 <<<"$row") unit=$(cut -f2 <<<"$row") pattern=$(cut -f5 <<<"$row")
  [[ -n "$pattern" ]] || continue
  runs=$((runs + 1))
  run_status=0
  output=$(timeout 60 "$SCRATCH/debug/$target" 2>&1) || run_status=$?
  if [[ $run_status -ne 0 ]] || ! grep -Eq -- "$pattern" <<<"$output"; then
    echo "FAIL $unit (target $target) ran with exit status $run_status; its output should match /$pattern/:" >&2
    sed 's/^/  /' <<<"$output" | tail -n 30 >&2
    verdict=1
  fi
done <"$PACKAGE/snippets.tsv"
if [[ $verdict -ne 0 ]]; then
  echo "doc snippets: FAILED: a snippet that compiled did not run as expected (scripts/check-doc-snippets.sh)" >&2
  exit 1
fi
echo "doc snippets: all $count targets compile without warnings (Swift blocks of the docs, scripts/doc-snippets," \
  "the Swift 5 examples); $runs ran as expected (${elapsed}s)"
