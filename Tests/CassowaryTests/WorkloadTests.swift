import Foundation
import SolverWorkloads
import Testing

/// The benchmark workloads shipped with the package (`Workload.bundledDirectory`) solve to kiwi's
/// reference values, after the build and after the last frame.
@Suite("Benchmark workloads")
struct WorkloadTests {
  static let directory = Workload.bundledDirectory

  static var files: [String] {
    let names =
      (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?.filter {
        $0.hasSuffix(".json")
      } ?? []
    return names.sorted()
  }

  @Test func storedWorkloadsArePresent() {
    #expect(Self.files.count >= 3, "no workloads found in \(Self.directory.path)")
  }

  @Test(arguments: files)
  func matchesReferenceValues(file: String) throws {
    let workload = try Workload(path: Self.directory.appendingPathComponent(file).path)
    #expect(workload.expectInitial != nil, "\(file) has no reference values")
    let result = try runOnce(workload, measureHeap: false)
    let err = workload.maximumError(of: result) ?? .infinity
    #expect(workload.passes(result), "\(file): max error \(err)")
  }

  @Test func badWorkloadsGiveTypedErrors() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bad-workloads")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let cases: [(String, String)] = [
      ("{", "not"), ("{\"format\": \"other\"}", "format"),
      (
        "{\"format\": \"cassowary-bench-v1\", \"constraints\": [{\"t\": [[0, 1]], \"c\": 1, \"op\": \"<\", \"s\": \"required\"}]}",
        "constraints[0].op"
      ),
      (
        "{\"format\": \"cassowary-bench-v1\", \"constraints\": [{\"t\": [[0, 1]], \"c\": 1, \"op\": \"==\", \"s\": \"huge\"}]}",
        "constraints[0].s"
      ),
    ]
    for (i, (text, mention)) in cases.enumerated() {
      let file = dir.appendingPathComponent("bad\(i).json")
      try Data(text.utf8).write(to: file)
      do {
        _ = try Workload(path: file.path)
        Issue.record("bad\(i).json was accepted")
      } catch {
        #expect("\(error)".contains(mention) || "\(error)".contains("JSON"), "\(error)")
      }
    }
  }
}
