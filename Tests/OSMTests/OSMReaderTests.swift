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
