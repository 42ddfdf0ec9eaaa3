/// Reads the OSM PBF format: length-prefixed `BlobHeader`/`Blob` pairs, zlib-inflated
/// `OSMHeader` and `OSMData` blocks, with dense nodes, ways, relations and string tables.
///
/// All protobuf decoding is done here by hand; only inflation uses the system zlib.
public enum OSMPBFReader {
  /// Features of `OSMHeader.required_features` this reader handles.
  static let supportedFeatures: Set<String> = ["OsmSchema-V0.6", "DenseNodes"]

  /// Decodes a whole PBF file.
  ///
  /// - Throws: ``OSMReadError`` naming the byte offset and the structure at fault.
  public static func read(_ bytes: [UInt8]) throws(OSMReadError) -> OSMData {
    var data = OSMData()
    var position = 0
    var sawHeader = false
    while position < bytes.count {
      let headerStart = position
      guard bytes.count - position >= 4 else {
        throw .truncated(offset: position, element: "BlobHeader length")
      }
      let length =
        Int(bytes[position]) << 24 | Int(bytes[position + 1]) << 16
        | Int(bytes[position + 2]) << 8 | Int(bytes[position + 3])
      position += 4
      guard length <= 64 * 1024 else {
        throw .malformed(
          offset: headerStart, element: "BlobHeader", reason: "length \(length) over 64 KiB")
      }
      guard bytes.count - position >= length else {
        throw .truncated(offset: headerStart, element: "BlobHeader")
      }
      let (type, dataSize) = try blobHeader(bytes, position..<(position + length))
      position += length
      guard dataSize >= 0, bytes.count - position >= dataSize else {
        throw .truncated(offset: position, element: "Blob (\(type))")
      }
      let blobRange = position..<(position + dataSize)
      position += dataSize
      let block = try blob(bytes, blobRange)
      switch type {
      case "OSMHeader":
        try header(block, base: blobRange.lowerBound, into: &data)
        sawHeader = true
      case "OSMData":
        guard sawHeader else {
          throw .malformed(
            offset: headerStart, element: "BlobHeader", reason: "OSMData before OSMHeader")
        }
        try primitiveBlock(block, base: blobRange.lowerBound, into: &data)
      default: continue  // Unknown blob types are skipped, as the format allows.
      }
    }
    guard sawHeader else {
      throw .malformed(offset: 0, element: "file", reason: "no OSMHeader block")
    }
    return data
  }

  static func blobHeader(
    _ bytes: [UInt8], _ range: Range<Int>
  ) throws(OSMReadError) -> (String, Int) {
    var r = ProtobufReader(bytes: bytes, range: range, element: "BlobHeader")
    var type: String?
    var size: Int?
    while !r.isAtEnd {
      let (field, wire) = try r.key()
      switch (field, wire) {
      case (1, .lengthDelimited): type = r.string(try r.lengthDelimited())
      case (3, .varint): size = Int(truncatingIfNeeded: try r.varint())
      default: try r.skip(wire)
      }
    }
    guard let type, let size else {
      throw .malformed(
        offset: range.lowerBound, element: "BlobHeader", reason: "missing type or datasize")
    }
    guard size <= 32 << 20 else {
      throw .malformed(
        offset: range.lowerBound, element: "BlobHeader", reason: "datasize \(size) over 32 MiB")
    }
    return (type, size)
  }

  /// Returns the blob's uncompressed bytes.
  static func blob(_ bytes: [UInt8], _ range: Range<Int>) throws(OSMReadError) -> [UInt8] {
    var r = ProtobufReader(bytes: bytes, range: range, element: "Blob")
    var rawSize: Int?
    var raw: Range<Int>?
    var zlib: Range<Int>?
    while !r.isAtEnd {
      let (field, wire) = try r.key()
      switch (field, wire) {
      case (1, .lengthDelimited): raw = try r.lengthDelimited()
      case (2, .varint): rawSize = Int(truncatingIfNeeded: try r.varint())
      case (3, .lengthDelimited): zlib = try r.lengthDelimited()
      case (4, _): throw .unsupportedCompression(offset: range.lowerBound, kind: "lzma")
      case (5, _): throw .unsupportedCompression(offset: range.lowerBound, kind: "bzip2")
      case (6, _): throw .unsupportedCompression(offset: range.lowerBound, kind: "lz4")
      case (7, _): throw .unsupportedCompression(offset: range.lowerBound, kind: "zstd")
      default: try r.skip(wire)
      }
    }
    if let raw { return Array(bytes[raw]) }
    guard let zlib, let rawSize else {
      throw .malformed(offset: range.lowerBound, element: "Blob", reason: "no data")
    }
    return try Inflate.zlib(bytes[zlib], rawSize: rawSize, offset: range.lowerBound)
  }

  static func header(
    _ block: [UInt8], base: Int, into data: inout OSMData
  ) throws(OSMReadError) {
    var r = ProtobufReader(bytes: block, base: base, element: "HeaderBlock")
    while !r.isAtEnd {
      let (field, wire) = try r.key()
      switch (field, wire) {
      case (1, .lengthDelimited):
        var b = r.sub(try r.lengthDelimited(), element: "HeaderBBox")
        var v = [Int64](repeating: 0, count: 4)  // left, right, top, bottom (nanodegrees)
        while !b.isAtEnd {
          let (f, w) = try b.key()
          if (1...4).contains(f), w == .varint {
            v[f - 1] = try b.signedVarint()
          } else {
            try b.skip(w)
          }
        }
        data.bounds = (
          Double(v[3]) * 1e-9, Double(v[0]) * 1e-9, Double(v[2]) * 1e-9, Double(v[1]) * 1e-9
        )
      case (4, .lengthDelimited):
        let feature = r.string(try r.lengthDelimited())
        guard supportedFeatures.contains(feature) else { throw .unsupportedFeature(feature) }
      case (16, .lengthDelimited): data.writingProgram = r.string(try r.lengthDelimited())
      default: try r.skip(wire)
      }
    }
  }
}
