import Foundation
import Rendering

#if canImport(Glibc)
  import Glibc
#endif

/// A tool on PATH or in the usual folders.
func executable(_ name: String) -> String? {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
  let folders = path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/sbin"]
  return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// A private X server (Xvfb) for one test, with xdotool and xwd pointed at it.
final class XDisplay {
  let number: Int
  let process: Process
  var name: String { ":\(number)" }

  /// Why no X server can be started here, or `nil` when one can (Xvfb, xdotool and xwd are
  /// installed: `make setup` installs xvfb, xdotool and x11-apps).
  static let unavailableReason: String? = {
    let missing = ["Xvfb", "xdotool", "xwd"].filter { executable($0) == nil }
    guard missing.isEmpty else {
      return "no X server can be started: \(missing.joined(separator: ", ")) not installed"
        + " (make setup installs xvfb, xdotool, x11-apps)"
    }
    return nil
  }()

  /// Starts Xvfb on a free display with a `width` × `height` screen.
  init(width: Int = 1600, height: Int = 1300) throws {
    var lastError = "no free display"
    for _ in 0..<20 {
      let number = Int.random(in: 150...900)
      if FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)")
        || FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock")
      {
        continue
      }
      let process = Process()
      process.executableURL = URL(fileURLWithPath: executable("Xvfb") ?? "/usr/bin/Xvfb")
      process.arguments = [
        ":\(number)", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp",
      ]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      let deadline = Date().addingTimeInterval(10)
      while Date() < deadline, process.isRunning,
        !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)")
      {
        usleep(20_000)
      }
      if process.isRunning {
        self.number = number
        self.process = process
        return
      }
      lastError = "Xvfb :\(number) exited with \(process.terminationStatus)"
    }
    throw TestFailure("cannot start Xvfb: \(lastError)")
  }

  deinit {
    // Children of the test runner may ignore SIGTERM: end it for sure.
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }

  /// Runs xdotool with `arguments` on this display; its standard output.
  @discardableResult
  func xdotool(_ arguments: [String]) throws -> String {
    try run(executable("xdotool") ?? "/usr/bin/xdotool", arguments)
  }

  /// The whole screen now.
  func screenshot() throws -> XWDImage {
    let data = try runData(executable("xwd") ?? "/usr/bin/xwd", ["-root", "-silent"])
    return try XWDImage(data)
  }

  private func run(_ tool: String, _ arguments: [String]) throws -> String {
    String(decoding: try runData(tool, arguments), as: UTF8.self)
  }

  private func runData(_ tool: String, _ arguments: [String]) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = name
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw TestFailure("\(tool) \(arguments) exited with \(process.terminationStatus)")
    }
    return data
  }
}

/// A failure of the test's own machinery.
struct TestFailure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// An X window dump (`xwd` output, TrueColor, 32 bits per pixel) read into RGB.
struct XWDImage {
  let width: Int
  let height: Int
  private let data: Data
  private let offset: Int
  private let bytesPerLine: Int
  private let msbFirst: Bool
  private let bytesPerPixel: Int
  private let masks: (red: UInt32, green: UInt32, blue: UInt32)

  init(_ data: Data) throws {
    func card32(_ index: Int) -> UInt32 {
      let i = data.startIndex + index * 4
      guard i + 4 <= data.endIndex else { return 0 }
      return data[i..<i + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
    guard data.count >= 100 else { throw TestFailure("xwd: \(data.count) bytes") }
    let headerSize = Int(card32(0))
    width = Int(card32(4))
    height = Int(card32(5))
    msbFirst = card32(7) == 1
    let bitsPerPixel = card32(11)
    bytesPerLine = Int(card32(12))
    masks = (card32(14), card32(15), card32(16))
    let colors = Int(card32(19))
    offset = headerSize + colors * 12
    self.data = data
    // Xvfb's depth-24 dumps have 24 or 32 bits per pixel (rows padded either way).
    bytesPerPixel = Int(bitsPerPixel) / 8
    guard bitsPerPixel == 24 || bitsPerPixel == 32, width > 0,
      offset + bytesPerLine * height <= data.count
    else {
      throw TestFailure(
        "xwd: \(bitsPerPixel) bits per pixel, \(data.count) bytes, header "
          + (0..<25).map { "\(card32($0))" }.joined(separator: " "))
    }
  }

  /// The colour at a screen pixel.
  func pixel(x: Int, y: Int) -> (r: Int, g: Int, b: Int) {
    let i = data.startIndex + offset + y * bytesPerLine + x * bytesPerPixel
    let bytes = (0..<bytesPerPixel).map { data[i + $0] }
    let value =
      msbFirst
      ? bytes.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
      : bytes.reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    func channel(_ mask: UInt32) -> Int {
      guard mask != 0 else { return 0 }
      return Int((value & mask) >> UInt32(mask.trailingZeroBitCount))
    }
    return (channel(masks.red), channel(masks.green), channel(masks.blue))
  }

  /// A PNG of the `width` × `height` pixels at (x, y) of the screen.
  func png(x: Int, y: Int, width: Int, height: Int) throws -> Data {
    var rgba: [UInt8] = []
    rgba.reserveCapacity(width * height * 4)
    for row in y..<y + height {
      for column in x..<x + width {
        let p = pixel(x: column, y: row)
        rgba += [UInt8(p.r), UInt8(p.g), UInt8(p.b), 255]
      }
    }
    guard let image = RasterImage(width: width, height: height, rgba: rgba) else {
      throw TestFailure("no image")
    }
    return try image.pngData()
  }
}
