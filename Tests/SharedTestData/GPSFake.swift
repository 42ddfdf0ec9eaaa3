import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Why a free loopback port could not be had.
public struct GPSFakeError: Error, CustomStringConvertible {
  /// What failed.
  public var description: String
  init(_ description: String) { self.description = description }
}

/// gpsfake (Debian `gpsd-clients`) running a real gpsd on a loopback port.
public enum GPSFake {
  static func executable(_ name: String, in folders: [String]) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let all = path.split(separator: ":").map(String.init) + folders
    return all.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  public static let gpsfake = executable("gpsfake", in: ["/usr/bin", "/usr/local/bin"])
  public static let gpsd = executable("gpsd", in: ["/usr/sbin", "/usr/local/sbin"])
  public static var isAvailable: Bool { gpsfake != nil && gpsd != nil }

  /// A TCP port on 127.0.0.1 nobody listens on now (the kernel's choice).
  public static func freePort() throws -> UInt16 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw GPSFakeError("socket() failed") }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
      }
    }
    guard bound else { throw GPSFakeError("bind() failed") }
    return UInt16(bigEndian: address.sin_port)
  }

  /// Starts `gpsfake -1` on `log` at `port`. Foundation starts it as the leader of its own
  /// process group, which the gpsd it starts joins, so ``stop(_:)`` ends both.
  public static func start(log: URL, port: UInt16, cycle: Double) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: gpsfake ?? "/usr/bin/gpsfake")
    process.arguments = ["-1", "-q", "-c", "\(cycle)", "-P", "\(port)", log.path]
    var environment = ProcessInfo.processInfo.environment
    if let gpsd {
      environment["GPSD_HOME"] = URL(fileURLWithPath: gpsd).deletingLastPathComponent().path
    }
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
  }

  /// Ends gpsfake and its gpsd (the whole process group), waiting for gpsfake to exit.
  /// (gpsd runs as its own user after dropping privileges, but stays in the group.)
  public static func stop(_ process: Process) {
    let group = process.processIdentifier
    if process.isRunning { kill(-group, SIGINT) }
    let deadline = Date().addingTimeInterval(3)
    while process.isRunning && Date() < deadline { usleep(20_000) }
    // gpsfake may ignore the interrupt while it waits on gpsd: end the group for sure.
    kill(-group, SIGKILL)
    process.waitUntilExit()
  }

  /// A log being fed by gpsfake: its process and the file it reads.
  public struct Replay {
    /// The gpsfake process (leader of its group).
    public var process: Process
    /// The temporary log file gpsfake reads.
    public var file: URL
    /// The loopback port its gpsd listens on.
    public var port: UInt16

    /// Ends gpsfake and its gpsd and removes the file.
    public func stop() {
      GPSFake.stop(process)
      try? FileManager.default.removeItem(at: file)
    }
  }

  /// Replays `log` through gpsfake on a free port. gpsfake feeds its log from its start, and
  /// gpsd reads it only once a client is there: `leadIn` (receiver chatter without a fix,
  /// such as a void RMC sentence) is repeated 400 times first, so no fix is lost meanwhile.
  public static func replay(_ log: String, leadIn: String, cycle: Double = 0.005) throws
    -> Replay
  {
    let fed = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gpsfake-\(UUID().uuidString).nmea")
    try (String(repeating: leadIn + "\r\n", count: 400) + log).write(
      to: fed, atomically: true, encoding: .utf8)
    let port = try freePort()
    do {
      return Replay(process: try start(log: fed, port: port, cycle: cycle), file: fed, port: port)
    } catch {
      try? FileManager.default.removeItem(at: fed)
      throw error
    }
  }
}
