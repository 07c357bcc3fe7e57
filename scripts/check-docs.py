#!/usr/bin/env python3
"""Lists the public and open declarations of the library modules that have no doc comment, or one that only
restates the name ("The interceptor." on `interceptor`), from the symbol graphs scripts/check-docs.sh extracts.

Usage: check-docs.py SYMBOL_GRAPH_DIR SOURCES_DIR MODULE... [--report]
Prints one line per finding (file:line: kind name: why), then one coverage line per module and a total.
Exits 1 when there is a finding, unless --report is given.

What counts:
- Every public or open declaration written in the module's own sources (Sources/<Module>/), in any of its
  symbol graphs (its own types and its extensions of other modules' types), enum cases included: a case is
  API that callers switch over, so it says when it happens.
- Left out: declarations with no place in the sources (synthesized by the compiler: memberwise and raw-value
  initializers, `Equatable`/`Hashable`/`Codable` conformances), and declarations re-exported from another module
  (each is counted in its own module).
- A declaration with no comment of its own that implements a protocol requirement counts as documented when the
  requirement has a doc comment (DocC shows that one): the symbol graph then carries the requirement's comment,
  written in another place than the declaration.
"""
import json
import os
import re
import sys
from collections import defaultdict

ARTICLES = {"the", "a", "an", "this", "its", "of", "to", "for"}


def words_of_name(name):
    """`requestBodyCreator(for:)` -> {request, body, creator, for}."""
    parts = re.split(r"[^A-Za-z0-9]+", name)
    words = set()
    for part in parts:
        for word in re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+", part):
            words.add(word.lower())
    return words


def is_filler(text, name):
    """A one-sentence comment whose words are all the name's words (bar articles): it says nothing more."""
    text = text.strip()
    if not text or "\n" in text:
        return False
    sentences = [s for s in re.split(r"(?<=[.!?])\s+", text) if s]
    if len(sentences) != 1:
        return False
    words = {w.lower() for w in re.findall(r"[A-Za-z0-9]+", text)} - ARTICLES
    name_words = words_of_name(name) | {w + "s" for w in words_of_name(name)}
    return bool(words) and words <= name_words


def main(argv):
    report_only = "--report" in argv
    args = [a for a in argv if a != "--report"]
    graph_dir, sources_dir, modules = args[0], os.path.abspath(args[1]), args[2:]
    findings = []
    coverage = {}
    for module in modules:
        module_dir = os.path.join(sources_dir, module) + os.sep
        seen = set()
        total = documented = inherited = 0
        for file in sorted(os.listdir(graph_dir)):
            if not (file == f"{module}.symbols.json" or file.startswith(f"{module}@")):
                continue
            with open(os.path.join(graph_dir, file)) as handle:
                graph = json.load(handle)
            for symbol in graph["symbols"]:
                if symbol.get("accessLevel") not in ("public", "open"):
                    continue
                location = symbol.get("location")
                if not location:
                    continue  # synthesized by the compiler
                path = location["uri"].removeprefix("file://")
                if not path.startswith(module_dir):
                    continue  # re-exported from another module
                key = symbol["identifier"]["precise"]
                if key in seen:
                    continue
                seen.add(key)
                total += 1
                line = location["position"]["line"] + 1
                name = ".".join(symbol["pathComponents"])
                kind = symbol["kind"]["displayName"].lower()
                where = f"{os.path.relpath(path)}:{line}"
                doc = symbol.get("docComment")
                text = "\n".join(l["text"] for l in doc["lines"]).strip() if doc else ""
                if not text:
                    findings.append(f"{where}: {kind} {name}: no doc comment")
                    continue
                doc_uri = doc.get("uri", "").removeprefix("file://")
                doc_end = max((l["range"]["end"]["line"] for l in doc["lines"] if "range" in l), default=-1)
                own = doc_uri == path and doc_end < location["position"]["line"] and \
                    location["position"]["line"] - doc_end <= 40
                if not own:
                    inherited += 1
                    documented += 1
                    continue
                if is_filler(text, symbol["pathComponents"][-1]):
                    findings.append(f"{where}: {kind} {name}: the comment only restates the name: \"{text}\"")
                    continue
                documented += 1
        coverage[module] = (documented, total, inherited)
    for finding in sorted(findings):
        print(finding)
    all_documented = sum(c[0] for c in coverage.values())
    all_total = sum(c[1] for c in coverage.values())
    for module, (doc, total, inherited) in coverage.items():
        percent = 100.0 * doc / total if total else 100.0
        print(f"  {module}: {doc}/{total} documented ({percent:.1f}%; {inherited} through the protocol requirement)")
    percent = 100.0 * all_documented / all_total if all_total else 100.0
    print(f"public API docs: {all_documented}/{all_total} public declarations documented ({percent:.1f}%), "
          f"{len(findings)} to fix")
    return 1 if findings and not report_only else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
