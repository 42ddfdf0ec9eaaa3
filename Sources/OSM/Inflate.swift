import CZlib

/// zlib inflation through the system library.
enum Inflate {
  /// Inflates a zlib stream whose inflated size is known.
  ///
  /// - Parameter offset: File offset of the blob, for errors.
  static func zlib(
    _ input: ArraySlice<UInt8>, rawSize: Int, offset: Int
  ) throws(OSMReadError) -> [UInt8] {
    guard rawSize >= 0, rawSize <= 64 << 20 else {
      throw .malformed(offset: offset, element: "Blob", reason: "raw_size \(rawSize) out of range")
    }
    var output = [UInt8](repeating: 0, count: rawSize)
    var destLength = uLongf(rawSize)
    let status = input.withUnsafeBufferPointer { src in
      output.withUnsafeMutableBufferPointer { dst in
        uncompress(dst.baseAddress, &destLength, src.baseAddress, uLong(src.count))
      }
    }
    guard status == Z_OK else {
      let reason: String
      switch status {
      case Z_BUF_ERROR: reason = "data longer than raw_size \(rawSize) or truncated"
      case Z_DATA_ERROR: reason = "corrupt deflate data"
      case Z_MEM_ERROR: reason = "out of memory"
      default: reason = "zlib status \(status)"
      }
      throw .inflateFailed(offset: offset, reason: reason)
    }
    guard Int(destLength) == rawSize else {
      throw .inflateFailed(
        offset: offset, reason: "inflated \(destLength) bytes, raw_size says \(rawSize)")
    }
    return output
  }
}
