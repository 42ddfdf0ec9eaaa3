#!/usr/bin/env python3
"""Writes the small OSM PBF seeds of the osm-pbf fuzz target (the real extracts are
hundreds of kilobytes, too slow to mutate): a header block and one data block with dense
nodes, a tagged way and a relation, once zlib-compressed and once raw.

    Fuzz/make-pbf-seed.py Fuzz/corpus/osm-pbf
"""
import struct
import sys
import zlib


def varint(n):
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def zigzag(n):
    return (n << 1) ^ (n >> 63)


def field(number, wire, payload):
    key = varint(number << 3 | wire)
    if wire == 0:
        return key + varint(payload)
    return key + varint(len(payload)) + payload


def packed(number, values, signed=False):
    return field(number, 2, b"".join(varint(zigzag(v) if signed else v) for v in values))


def deltas(values):
    prev, out = 0, []
    for v in values:
        out.append(v - prev)
        prev = v
    return out


def blob(kind, data, compress):
    if compress:
        body = field(2, 0, len(data)) + field(3, 2, zlib.compress(data))
    else:
        body = field(1, 2, data)
    header = field(1, 2, kind.encode()) + field(3, 0, len(body))
    return struct.pack(">I", len(header)) + header + body


def osm_file(compress):
    header = field(4, 2, b"OsmSchema-V0.6") + field(4, 2, b"DenseNodes")
    header += field(16, 2, b"navfuzz")
    strings = [b"", b"highway", b"residential", b"name", b"Rue Grimaldi", b"oneway", b"yes",
               b"type", b"restriction", b"from", b"to", b"via", b"no_left_turn"]
    table = field(1, 2, b"".join(field(1, 2, s) for s in strings))
    ids = [1, 2, 3, 4]
    lats = [437310000, 437320000, 437330000, 437315000]  # 1e-7 degrees (granularity 100)
    lons = [74200000, 74210000, 74230000, 74250000]
    dense = packed(1, deltas(ids), True) + packed(8, deltas(lats), True)
    dense += packed(9, deltas(lons), True) + packed(10, [3, 4, 0, 0, 0, 0])
    way1 = field(1, 0, 10) + packed(2, [1, 3]) + packed(3, [2, 4]) + packed(8, deltas([1, 2, 3]), True)
    way2 = field(1, 0, 11) + packed(2, [1, 5]) + packed(3, [2, 6]) + packed(8, deltas([3, 4]), True)
    relation = field(1, 0, 20) + packed(2, [7, 8]) + packed(3, [8, 12])
    relation += packed(8, [9, 11, 10]) + packed(9, deltas([10, 3, 11]), True) + packed(10, [1, 0, 1])
    group_nodes = field(2, 2, dense)
    group_ways = field(3, 2, way1) + field(3, 2, way2)
    group_relations = field(4, 2, relation)
    block = table + field(2, 2, group_nodes) + field(2, 2, group_ways) + field(2, 2, group_relations)
    block += field(17, 0, 100)
    return blob("OSMHeader", header, compress) + blob("OSMData", block, compress)


if __name__ == "__main__":
    out = sys.argv[1]
    for compress in (True, False):
        name = "seed-zlib.osm.pbf" if compress else "seed-raw.osm.pbf"
        with open(f"{out}/{name}", "wb") as f:
            f.write(osm_file(compress))
