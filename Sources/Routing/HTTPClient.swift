#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// Why an HTTP request failed.
public enum HTTPError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The URL is not `http://host[:port]/path`.
  case badURL(String)
  /// The host name did not resolve or the connection was refused.
  case connectionFailed(host: String, port: Int, reason: String)
  /// No complete response within the timeout.
  case timedOut(host: String, port: Int, seconds: Double)
  /// The response is not valid HTTP/1.1.
  case malformedResponse(String)

  /// A message that says what and where.
  public var description: String {
    switch self {
    case .badURL(let u): return "bad URL \(u) (expected http://host:port/path)"
    case .connectionFailed(let h, let p, let r): return "cannot connect to \(h):\(p): \(r)"
    case .timedOut(let h, let p, let s): return "no response from \(h):\(p) within \(s) s"
    case .malformedResponse(let r): return "malformed HTTP response: \(r)"
    }
  }
}

/// A small blocking HTTP/1.1 client over sockets (GET only, plain `http`), used by the route
/// providers so that requests have hard timeouts and no run loop is needed.
public struct HTTPClient: Sendable {
  /// Seconds allowed for connecting, sending and receiving each.
  public var timeout: Double

  /// A client with a timeout in seconds.
  public init(timeout: Double = 10) { self.timeout = timeout }

  /// Splits `http://host:port/path?query`.
  static func parse(_ url: String) throws(HTTPError) -> (host: String, port: Int, path: String) {
    guard url.hasPrefix("http://") else { throw .badURL(url) }
    let rest = url.dropFirst(7)
    let slash = rest.firstIndex(of: "/") ?? rest.endIndex
    let authority = rest[..<slash]
    let path = slash == rest.endIndex ? "/" : String(rest[slash...])
    var host = String(authority)
    var port = 80
    if let colon = authority.lastIndex(of: ":") {
      guard let p = Int(authority[authority.index(after: colon)...]), (1...65535).contains(p)
      else { throw .badURL(url) }
      host = String(authority[..<colon])
      port = p
    }
    guard !host.isEmpty else { throw .badURL(url) }
    return (host, port, path)
  }

  /// Sends a GET and returns the status code and body.
  public func get(_ url: String) throws(HTTPError) -> (status: Int, body: [UInt8]) {
    let (host, port, path) = try Self.parse(url)
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var info: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, String(port), &hints, &info) == 0, let first = info else {
      throw .connectionFailed(host: host, port: port, reason: "host not found")
    }
    defer { freeaddrinfo(info) }
    let fd = socket(first.pointee.ai_family, first.pointee.ai_socktype, first.pointee.ai_protocol)
    guard fd >= 0 else { throw .connectionFailed(host: host, port: port, reason: "no socket") }
    defer { close(fd) }
    var tv = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1e6))
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
    guard connect(fd, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0 else {
      if errno == EINPROGRESS || errno == EAGAIN {
        throw .timedOut(host: host, port: port, seconds: timeout)
      }
      throw .connectionFailed(host: host, port: port, reason: String(cString: strerror(errno)))
    }
    let request = Array(
      "GET \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nAccept: application/json\r\nConnection: close\r\n\r\n"
        .utf8)
    var sent = 0
    while sent < request.count {
      let n = request[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
      guard n > 0 else { throw .timedOut(host: host, port: port, seconds: timeout) }
      sent += n
    }
    var response: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if n == 0 { break }
      guard n > 0 else {
        if errno == EAGAIN || errno == EWOULDBLOCK {
          throw .timedOut(host: host, port: port, seconds: timeout)
        }
        throw .connectionFailed(host: host, port: port, reason: String(cString: strerror(errno)))
      }
      response.append(contentsOf: buffer[0..<n])
      if Self.isComplete(response) { break }
    }
    return try Self.decode(response)
  }

  /// Whether a response is complete by its Content-Length or chunked terminator (servers may
  /// keep the connection open despite `Connection: close`).
  static func isComplete(_ raw: [UInt8]) -> Bool {
    guard raw.count >= 4 else { return false }
    var end: Int?
    for k in 0..<(raw.count - 3)
    where raw[k] == 13 && raw[k + 1] == 10 && raw[k + 2] == 13 && raw[k + 3] == 10 {
      end = k
      break
    }
    guard let end else { return false }
    let head = String(decoding: raw[0..<end], as: UTF8.self).lowercased()
    for line in head.split(separator: "\r\n") {
      if line.hasPrefix("content-length:"), let n = Int(line.dropFirst(15).trimmingWhitespace()) {
        return raw.count - (end + 4) >= n
      }
      if line.hasPrefix("transfer-encoding:"), line.contains("chunked") {
        return raw.suffix(5).elementsEqual([48, 13, 10, 13, 10])
      }
    }
    return false
  }

  /// Splits a raw response into status and body (identity or chunked).
  static func decode(_ raw: [UInt8]) throws(HTTPError) -> (status: Int, body: [UInt8]) {
    let separator: [UInt8] = [13, 10, 13, 10]
    guard
      let end = (0..<max(0, raw.count - 3)).first(where: {
        raw[$0..<($0 + 4)].elementsEqual(separator)
      })
    else { throw .malformedResponse("no end of headers") }
    let head = String(decoding: raw[0..<end], as: UTF8.self)
    let lines = head.split(separator: "\r\n")
    let statusParts = lines.first?.split(separator: " ") ?? []
    guard statusParts.count >= 2, statusParts[0].hasPrefix("HTTP/1."),
      let status = Int(statusParts[1])
    else { throw .malformedResponse("bad status line") }
    var body = Array(raw[(end + 4)...])
    let chunked = lines.contains {
      $0.lowercased().hasPrefix("transfer-encoding:") && $0.lowercased().contains("chunked")
    }
    if chunked {
      var out: [UInt8] = []
      var i = 0
      while true {
        guard
          let lineEnd = (i..<max(i, body.count - 1)).first(where: {
            body[$0] == 13 && body[$0 + 1] == 10
          }),
          let size = Int(
            String(decoding: body[i..<lineEnd], as: UTF8.self).split(separator: ";")[0], radix: 16)
        else { throw .malformedResponse("bad chunk header") }
        if size == 0 { break }
        let start = lineEnd + 2
        guard start + size <= body.count else { throw .malformedResponse("truncated chunk") }
        out.append(contentsOf: body[start..<(start + size)])
        i = start + size + 2
      }
      body = out
    } else if let lengthLine = lines.first(where: { $0.lowercased().hasPrefix("content-length:") }),
      let length = Int(lengthLine.split(separator: ":")[1].trimmingWhitespace())
    {
      guard body.count >= length else {
        throw .malformedResponse("body shorter than Content-Length")
      }
      body = Array(body.prefix(length))
    }
    return (status, body)
  }
}
