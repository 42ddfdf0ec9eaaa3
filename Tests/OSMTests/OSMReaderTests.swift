import NavigationCore
import Testing

@testable import OSM

@Suite struct OSMReaderTests {
  @Test func monacoPBFLoads() throws {
    let data = try OSMData.read(path: TestData.osm("monaco.osm.pbf"))
    #expect(data.nodeIDs.count == 180_118)
    #expect(data.ways.count == 27_377)
    #expect(data.relations.count == 212)
    #expect(data.ways.filter { $0.tags["highway"] != nil }.count == 2_927)
    #expect(data.ways.filter { $0.tags["junction"] == "roundabout" }.count == 48)
    let b = try #require(data.bounds)
    #expect(abs(b.minLongitude - 7.349) < 0.01 && abs(b.maxLatitude - 43.77) < 0.01)
  }

  @Test func helsinkiPBFLoads() throws {
    let data = try OSMData.read(path: TestData.osm("helsinki-center.osm.pbf"))
    #expect(data.nodeIDs.count == 24_260)
    #expect(data.ways.count == 5_130)
    #expect(data.ways.filter { $0.tags["turn:lanes"] != nil }.count == 44)
  }

  @Test func xmlAgreesWithPBF() throws {
    let xml = try OSMData.read(path: TestData.osm("monaco-center-roads.osm"))
    let pbf = try OSMData.read(path: TestData.osm("monaco.osm.pbf"))
    #expect(xml.nodeIDs.count == 3_452)
    #expect(xml.ways.count == 549)
    #expect(xml.relations.count == 14)
    let pbfWays = Dictionary(pbf.ways.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    for way in xml.ways {
      let other = try #require(pbfWays[way.id])
      #expect(other.nodeIDs == way.nodeIDs, "way \(way.id)")
      #expect(other.tags == way.tags, "way \(way.id)")
    }
    let pbfIndex = pbf.nodeIndex()
    for (i, id) in xml.nodeIDs.enumerated() {
      let j = try #require(pbfIndex[id])
      #expect(abs(pbf.latitudes[j] - xml.latitudes[i]) < 1e-7)
      #expect(abs(pbf.longitudes[j] - xml.longitudes[i]) < 1e-7)
      #expect(pbf.nodeTags[j] == xml.nodeTags[i], "node \(id)")
    }
    let pbfRelations = Dictionary(
      pbf.relations.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    for relation in xml.relations {
      #expect(pbfRelations[relation.id]?.tags == relation.tags)
    }
  }

  @Test(arguments: [0, 3, 10, 200, 1_000, 50_000, 900_000, 1_759_000])
  func truncatedPBFThrowsTypedError(length: Int) throws {
    let bytes = Array(try TestData.bytes(TestData.osm("monaco.osm.pbf")).prefix(length))
    #expect(throws: OSMReadError.self) { try OSMPBFReader.read(bytes) }
  }

  @Test func bitFlippedPBFNeverCrashes() throws {
    let original = try TestData.bytes(TestData.osm("helsinki-center.osm.pbf"))
    var rng = SplitMix64(seed: 42)
    var failures = 0
    for _ in 0..<40 {
      var bytes = original
      for _ in 0..<3 {
        let at = Int(rng.next() % UInt64(bytes.count))
        bytes[at] ^= UInt8(1 << (rng.next() % 8))
      }
      do { _ = try OSMPBFReader.read(bytes) } catch { failures += 1 }
    }
    #expect(failures > 0)
  }

  @Test func corruptHeaderNamesOffset() throws {
    var bytes = try TestData.bytes(TestData.osm("monaco.osm.pbf"))
    bytes[0] = 0xFF
    #expect(
      throws: OSMReadError.malformed(
        offset: 0, element: "BlobHeader",
        reason:
          "length \(Int(0xFF00_0000) | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])) over 64 KiB"
      )
    ) {
      try OSMPBFReader.read(bytes)
    }
  }

  @Test func truncatedXMLNamesLine() throws {
    let bytes = Array(try TestData.bytes(TestData.osm("monaco-center-roads.osm")).prefix(5_000))
    #expect {
      try OSMXMLReader.read(bytes)
    } throws: { error in
      guard case .malformedXML(let line, _) = error as? OSMReadError else { return false }
      return line > 100
    }
  }

  @Test func xmlEntitiesDecode() throws {
    let xml = """
      <?xml version="1.0"?><osm version="0.6"><node id="1" lat="1.5" lon="2"><tag k="name" \
      v="A &amp; B &#233;"/></node></osm>
      """
    let data = try OSMXMLReader.read(Array(xml.utf8))
    #expect(data.nodeTags[0]?["name"] == "A & B é")
  }

  @Test func missingFileIsIOError() {
    #expect(throws: OSMReadError.self) { try OSMData.read(path: "/nonexistent/x.osm.pbf") }
  }
}

@Suite struct OSMPBFFuzzFindingTests {
  /// Fuzzer finding (osm-pbf target, CI run of 2026-12-01): dense nodes whose offset,
  /// granularity and coordinate multiply past 64 bits trapped on integer overflow. The
  /// input, byte for byte (299 bytes).
  static let overflowingDenseNodes: String = [
    "0000000d0a094f534d48656164657218280a26220e4f736d536368656d612d56302e36220a44656e73654e6f",
    "6465738201076e617666757a7a0000000c0a074f534d4461746118e2010adf010a690a000a07686967687769",
    "790a0b7265736964656e7469616c0a046e616d650a0c527565204772696d616c64690a066f6e657761790a03",
    "7965730a04747970650a0b7265737472796374696f6e0a0466726f6d0a02746f0a037669610a0c6e6f5f6c65",
    "66745f7475726e122f122d0a0402020202420ee0c886a19ca0af9ca0030101ea014a0d80cfe146a09c01c0b8",
    "02c0b802520603040000000012211a0f080a120201031a02020442030202021a0e080b120201051a02020642",
    "020602121b22190814120207081a02080c4203090b0a4a03140d105203010001880164",
  ].joined()

  @Test func overflowingCoordinatesDoNotTrap() throws {
    let hex = Array(Self.overflowingDenseNodes.utf8)
    let bytes = stride(from: 0, to: hex.count, by: 2).map { index in
      UInt8(String(decoding: hex[index..<(index + 2)], as: UTF8.self), radix: 16)!
    }
    #expect(bytes.count == 299)
    // Before the fix this trapped; now a typed error or data whose checks refuse it.
    _ = try? OSMPBFReader.read(bytes)
  }
}
