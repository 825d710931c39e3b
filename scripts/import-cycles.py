#!/usr/bin/env python3
"""Lists import cycles between the files of the app's `src/` (issue 41): a file imports another
when it names a path into it (`use crate::a::b`, `super::x`, `crate::a::f(..)` in code, also inside
`use` braces). A folder's `mod.rs` naming its own files (declaring and re-exporting them) is not
counted. Exits 1 when any file imports one that imports it back, directly or through others, and
prints each such cycle; then the same between the top-level modules (a folder with its files
as one: the layers of `src/lib.rs`).
Usage: python3 scripts/import-cycles.py [SRC]"""
import os
import re
import sys

src = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '..', 'src')
src = os.path.normpath(src)

# Module path (tuple) -> file.
modules = {}
for root, _, files in os.walk(src):
    for f in files:
        if not f.endswith('.rs'):
            continue
        rel = os.path.relpath(os.path.join(root, f), src)
        parts = rel[:-3].split(os.sep)
        if parts[-1] in ('mod', 'lib', 'main'):
            parts = parts[:-1]
        if rel in ('main.rs',):
            continue
        modules[tuple(parts)] = os.path.join(src, rel)

def owner(path):
    """The file of the longest module prefix of `path`."""
    for n in range(len(path), -1, -1):
        if tuple(path[:n]) in modules:
            return tuple(path[:n])
    return None

def expand(text):
    """`a::{b, c::{d, e}}` -> ['a::b', 'a::c::d', 'a::c::e'] (nested braces)."""
    m = re.search(r'\{', text)
    if not m:
        return [text]
    head = text[:m.start()]
    depth, i = 0, m.start()
    for i in range(m.start(), len(text)):
        depth += text[i] == '{'
        depth -= text[i] == '}'
        if depth == 0:
            break
    inner, tail = text[m.start() + 1:i], text[i + 1:]
    parts, depth, cur = [], 0, ''
    for ch in inner:
        if ch == ',' and depth == 0:
            parts.append(cur)
            cur = ''
            continue
        depth += ch == '{'
        depth -= ch == '}'
        cur += ch
    parts.append(cur)
    out = []
    for p in parts:
        p = p.strip()
        if p:
            out += expand(head + p + tail)
    return out

edges = {m: set() for m in modules}
for mod, path in modules.items():
    text = open(path, encoding='utf-8').read()
    text = re.sub(r'//[^\n]*', '', text)  # comments name modules without importing them
    is_dir = os.path.basename(path) in ('mod.rs', 'lib.rs')
    here = list(mod) if is_dir else list(mod[:-1])  # `super` is relative to the parent module
    refs = []
    for use in re.findall(r'\buse\s+([^;]+);', text, re.S):
        refs += expand(re.sub(r'\s+', '', use))
    refs += re.findall(r'\b((?:crate|super|self)(?:::\w+)+)', text)
    for r in refs:
        r = re.sub(r'\bas\s*\w+$', '', r).split('::')
        r = [p for p in r if p]
        if not r:
            continue
        if r[0] == 'crate':
            target = r[1:]
        elif r[0] == 'super':
            base = list(mod) if not is_dir else list(mod)
            base = base[:-1]
            rest = r[1:]
            while rest and rest[0] == 'super':
                base, rest = base[:-1], rest[1:]
            target = base + rest
        elif r[0] == 'self':
            target = list(mod) + r[1:]
        elif is_dir and tuple(list(mod) + [r[0]]) in modules:
            target = list(mod) + r  # a child module, named from its parent (`use game::x`)
        else:
            continue
        t = owner(target)
        # A folder's face (its mod.rs) declaring and re-exporting its own files is not counted:
        # the files of a folder may use their parent's items, as Rust modules do.
        if t is not None and t != mod and t != () and not (is_dir and t[:len(mod)] == mod):
            edges[mod].add(t)

# Strongly connected components (Tarjan).
index, low, stack, on, sccs, counter = {}, {}, [], set(), [], [0]
sys.setrecursionlimit(10000)
def visit(v):
    index[v] = low[v] = counter[0]
    counter[0] += 1
    stack.append(v)
    on.add(v)
    for w in edges[v]:
        if w not in index:
            visit(w)
            low[v] = min(low[v], low[w])
        elif w in on:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        comp = []
        while True:
            w = stack.pop()
            on.discard(w)
            comp.append(w)
            if w == v:
                break
        if len(comp) > 1:
            sccs.append(comp)
for v in modules:
    if v not in index:
        visit(v)

name = lambda m: '::'.join(m) or 'crate'
print(f'{len(modules)} files, {sum(len(e) for e in edges.values())} imports between them')
for comp in sccs:
    print('cycle:', ', '.join(sorted(name(m) for m in comp)))

# The same between the top-level modules (the layers: a folder and its files count as one).
tops = sorted({m[0] for m in modules if m})
top_edges = {t: set() for t in tops}
for m, ts in edges.items():
    for t in ts:
        if m and t and m[0] != t[0]:
            top_edges[m[0]].add(t[0])
def reaches(a, b):
    seen, todo = set(), [a]
    while todo:
        v = todo.pop()
        for w in top_edges[v]:
            if w == b:
                return True
            if w not in seen:
                seen.add(w)
                todo.append(w)
    return False
layer_cycles = sorted({tuple(sorted((a, b))) for a in tops for b in top_edges[a] if reaches(b, a)})
print(f'{len(tops)} top-level modules, {sum(len(e) for e in top_edges.values())} imports between them')
for a, b in layer_cycles:
    print(f'layer cycle: {a} <-> {b}')
sys.exit(1 if sccs or layer_cycles else 0)
