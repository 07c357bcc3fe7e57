"""Reads the outputs bench-compare.sh collected and prints each figure: old, new, new ÷ old (medians over rounds).

A figure is a benchmark line of the form "  <label>   <number> <unit>" (µs, µs/request, MB/s), an adapter row
"  (x) <label>   <wall µs>   <ratio>x   <cpu µs>   <ratio>x", or a `chains` row
"    <label>   <number> µs/request   own work   <number> µs" under its generation's "  <generation>: session alone"
line, a `streaming` row "    <label>   <number> MB/s" under its part size's "  <size> parts (…)" line, a `concurrent`
row (its sequential and concurrent µs per request), or the one line of a case run alone with BENCH_ONLY
"<label> alone: <number> µs/request[, CPU <number> µs/request]". A label printed by only one side is listed with a gap.
"""
import re
import statistics
import sys
from pathlib import Path

FIGURE = re.compile(r"^  (?P<label>\S.*?)\s+(?P<value>-?\d+\.\d+) (?P<unit>µs/request|µs|MB/s)\b")
GENERATION = re.compile(r"^  (?P<generation>\S[^:]*): session alone\s+(?P<value>\d+\.\d+) µs")
OWN_WORK = re.compile(r"^    (?P<label>\S.*?)\s+(?P<request>\d+\.\d+) µs/request\s+own work\s+(?P<own>-?\d+\.\d+) µs")
PART_SIZE = re.compile(r"^  (?P<size>\S.*? parts) \(")
STREAM = re.compile(r"^    (?P<label>\S.*?)\s+(?P<value>\d+\.\d+) MB/s")
CONCURRENT = re.compile(r"^  (?P<label>\S.*?)\s+sequential\s+(?P<sequential>\d+\.\d+) µs/req\s+concurrent\s+(?P<concurrent>\d+\.\d+) µs/req")
ALONE = re.compile(r"^(?P<label>\S.*?) alone:\s+(?P<wall>\d+\.\d+) µs/request(?:, CPU\s+(?P<cpu>\d+\.\d+) µs/request)?")
ADAPTER = re.compile(r"^  (?P<label>\([a-z]\) .+?)\s+(?P<wall>\d+\.\d+)\s+\d+\.\d+x\s+(?P<cpu>\d+\.\d+)\s+\d+\.\d+x")


def figures(text):
    found = {}
    section = ""
    generation = ""
    part_size = ""
    for line in text.splitlines():
        if match := ALONE.match(line):
            found[("alone", f"{match['label']}, wall µs/request")] = float(match["wall"])
            if match["cpu"]:
                found[("alone", f"{match['label']}, CPU µs/request")] = float(match["cpu"])
            continue
        if line and not line.startswith(" "):
            section = line.split(" ", 1)[0]
            continue
        if match := CONCURRENT.match(line):
            found[(section, f"{match['label']}, sequential (µs/request)")] = float(match["sequential"])
            found[(section, f"{match['label']}, 1,000 in flight (µs/request)")] = float(match["concurrent"])
        elif match := PART_SIZE.match(line):
            part_size = match["size"]
        elif match := STREAM.match(line):
            found[(section, f"{part_size}, {match['label'].strip()} (MB/s)")] = float(match["value"])
        elif match := GENERATION.match(line):
            generation = match["generation"]
            found[(section, f"{generation}: session alone (µs)")] = float(match["value"])
        elif match := OWN_WORK.match(line):
            found[(section, f"{generation}, {match['label'].strip()}: own work (µs)")] = float(match["own"])
        elif match := ADAPTER.match(line):
            label = match["label"].strip()
            found[(section, label + ", wall µs/req")] = float(match["wall"])
            found[(section, label + ", CPU µs/req")] = float(match["cpu"])
        elif line.lstrip().startswith("("):
            continue  # an aside such as "(first run …, second run …)", not a figure of its own
        elif match := FIGURE.match(line):
            found[(section, f"{match['label'].strip()} ({match['unit']})")] = float(match["value"])
    return found


def medians(out, side, rounds):
    samples = {}
    for round_ in range(1, rounds + 1):
        path = out / f"{side}.{round_}.txt"
        if not path.exists():
            continue
        for key, value in figures(path.read_text()).items():
            samples.setdefault(key, []).append(value)
    return {key: statistics.median(values) for key, values in samples.items()}


def main():
    out, rounds, old_rev, new_rev = Path(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
    old, new = medians(out, "old", rounds), medians(out, "new", rounds)
    keys = list(dict.fromkeys(list(old) + list(new)))
    print(f"old = {old_rev[:10]}, new = {new_rev}; medians over {rounds} alternating rounds; ratio = new ÷ old")
    print("(for MB/s a ratio above 1 is faster; for µs a ratio below 1 is faster)")
    width = max((len(f"{s} · {l}") for s, l in keys), default=20)
    print(f"{'figure'.ljust(width)}  {'old':>10}  {'new':>10}  {'ratio':>7}")
    for section, label in keys:
        name = f"{section} · {label}".ljust(width)
        o, n = old.get((section, label)), new.get((section, label))
        if o is None or n is None:
            print(f"{name}  {('%.2f' % o) if o is not None else '—':>10}  {('%.2f' % n) if n is not None else '—':>10}  {'':>7}")
        else:
            ratio = n / o if o else float("nan")
            print(f"{name}  {o:10.2f}  {n:10.2f}  {ratio:6.2f}x")


if __name__ == "__main__":
    main()
