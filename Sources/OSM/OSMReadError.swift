/// Why an OSM file could not be read; every case names where in the input it went wrong.
public enum OSMReadError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file could not be opened or read.
  case io(path: String, reason: String)
  /// The input ends inside the named structure, which started at `offset` (bytes).
  case truncated(offset: Int, element: String)
  /// A structure at `offset` (bytes) is not valid protobuf or not a valid OSM block.
  case malformed(offset: Int, element: String, reason: String)
  /// A blob at `offset` uses a compression this reader does not support (lzma, zstd, …).
  case unsupportedCompression(offset: Int, kind: String)
  /// zlib could not inflate the blob at `offset`.
  case inflateFailed(offset: Int, reason: String)
  /// The file requires a feature this reader does not have (from `OSMHeader`).
  case unsupportedFeature(String)
  /// The XML input is not well-formed OSM XML at `line`.
  case malformedXML(line: Int, reason: String)
  /// The file at `path` decodes but its content cannot be used: `element` (`node 123`,
  /// `way 45`) has a coordinate out of range, references a node the file lacks, has fewer than
  /// two nodes, or is absurdly large.
  case invalidData(path: String, element: String, reason: String)

  /// A message that says what and where.
  public var description: String {
    switch self {
    case .io(let path, let reason): return "cannot read \(path): \(reason)"
    case .truncated(let offset, let element):
      return "truncated input: \(element) at byte \(offset) runs past the end"
    case .malformed(let offset, let element, let reason):
      return "malformed \(element) at byte \(offset): \(reason)"
    case .unsupportedCompression(let offset, let kind):
      return "unsupported blob compression \(kind) at byte \(offset)"
    case .inflateFailed(let offset, let reason):
      return "zlib inflate failed for blob at byte \(offset): \(reason)"
    case .unsupportedFeature(let feature): return "unsupported required feature \(feature)"
    case .malformedXML(let line, let reason): return "malformed OSM XML at line \(line): \(reason)"
    case .invalidData(let path, let element, let reason):
      return "invalid OSM data in \(path): \(element) \(reason)"
    }
  }
}
