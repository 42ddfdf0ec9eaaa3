#!/usr/bin/env python3
"""Cuts a small routable extract out of an OSM XML file and writes it as OSM XML and as
OSM PBF (dense nodes, zlib blobs): the seeds of the mutated-file batch of `navui route --map`
and `navui demo --map` (Tests/NavCLITests/MutatedInputBatchTests.swift), small so that
thousands of mutated copies run in minutes.

    scripts/make-small-extract.py IN.osm SOUTH,WEST,NORTH,EAST OUT-BASENAME

Keeps every way with a `highway` tag that has a node inside the box, with all its nodes
(so streets leaving the box stay whole) and their tags.
"""
import importlib.util
import pathlib
import sys
import xml.etree.ElementTree as ET
from xml.sax.saxutils import quoteattr

spec = importlib.util.spec_from_file_location(
    "pbf", pathlib.Path(__file__).resolve().parent.parent / "Fuzz" / "make-pbf-seed.py")
pbf = importlib.util.module_from_spec(spec)
spec.loader.exec_module(pbf)


def read(path, box):
    south, west, north, east = box
    root = ET.parse(path).getroot()
    nodes = {}
    for node in root.iter("node"):
        tags = [(t.get("k"), t.get("v")) for t in node.iter("tag")]
        nodes[int(node.get("id"))] = (float(node.get("lat")), float(node.get("lon")), tags)
    ways = []
    for way in root.iter("way"):
        refs = [int(nd.get("ref")) for nd in way.iter("nd")]
        tags = [(t.get("k"), t.get("v")) for t in way.iter("tag")]
        if not any(k == "highway" for k, _ in tags) or not all(r in nodes for r in refs):
            continue
        if any(south <= nodes[r][0] <= north and west <= nodes[r][1] <= east for r in refs):
            ways.append((int(way.get("id")), refs, tags))
    used = sorted({r for _, refs, _ in ways for r in refs})
    return {i: nodes[i] for i in used}, ways


def write_xml(path, nodes, ways):
    lines = ["<?xml version='1.0' encoding='UTF-8'?>", '<osm version="0.6" generator="navui">']
    for i, (lat, lon, tags) in nodes.items():
        head = f'  <node id="{i}" lat="{lat:.7f}" lon="{lon:.7f}"'
        if not tags:
            lines.append(head + "/>")
            continue
        lines.append(head + ">")
        lines += [f"    <tag k={quoteattr(k)} v={quoteattr(v)}/>" for k, v in tags]
        lines.append("  </node>")
    for i, refs, tags in ways:
        lines.append(f'  <way id="{i}">')
        lines += [f'    <nd ref="{r}"/>' for r in refs]
        lines += [f"    <tag k={quoteattr(k)} v={quoteattr(v)}/>" for k, v in tags]
        lines.append("  </way>")
    lines.append("</osm>")
    pathlib.Path(path).write_text("\n".join(lines) + "\n")


def write_pbf(path, nodes, ways):
    strings = [b""]
    index = {}

    def string(text):
        data = text.encode()
        if data not in index:
            index[data] = len(strings)
            strings.append(data)
        return index[data]

    ids = list(nodes)
    lats = [round(nodes[i][0] * 1e7) for i in ids]  # units of 100 nanodegrees (granularity 100)
    lons = [round(nodes[i][1] * 1e7) for i in ids]
    keys_vals = []
    for i in ids:
        for k, v in nodes[i][2]:
            keys_vals += [string(k), string(v)]
        keys_vals.append(0)
    dense = pbf.packed(1, pbf.deltas(ids), True) + pbf.packed(8, pbf.deltas(lats), True)
    dense += pbf.packed(9, pbf.deltas(lons), True) + pbf.packed(10, keys_vals)
    group_ways = b""
    for i, refs, tags in ways:
        way = pbf.field(1, 0, i) + pbf.packed(2, [string(k) for k, _ in tags])
        way += pbf.packed(3, [string(v) for _, v in tags]) + pbf.packed(8, pbf.deltas(refs), True)
        group_ways += pbf.field(3, 2, way)
    table = pbf.field(1, 2, b"".join(pbf.field(1, 2, s) for s in strings))
    block = table + pbf.field(2, 2, pbf.field(2, 2, dense)) + pbf.field(2, 2, group_ways)
    header = pbf.field(4, 2, b"OsmSchema-V0.6") + pbf.field(4, 2, b"DenseNodes")
    data = pbf.blob("OSMHeader", header, True) + pbf.blob("OSMData", block, True)
    pathlib.Path(path).write_bytes(data)


if __name__ == "__main__":
    source, box, out = sys.argv[1], [float(x) for x in sys.argv[2].split(",")], sys.argv[3]
    nodes, ways = read(source, box)
    write_xml(out + ".osm", nodes, ways)
    write_pbf(out + ".osm.pbf", nodes, ways)
    print(f"{len(nodes)} nodes, {len(ways)} ways")
