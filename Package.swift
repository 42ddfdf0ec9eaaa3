// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "NavigationUIKit",
  products: [
    .library(name: "Cassowary", targets: ["Cassowary"]),
    .library(name: "NavigationCore", targets: ["NavigationCore"]),
    .library(name: "NavCLI", targets: ["NavCLI"]),
    .executable(name: "navui", targets: ["navui"]),
  ],
  targets: [
    .target(name: "Cassowary"),
    .target(name: "NavigationCore"),
    .target(name: "NavCLI", dependencies: ["NavigationCore"]),
    .executableTarget(name: "navui", dependencies: ["NavCLI"]),
    .target(name: "CMallocStats"),
    .target(name: "SolverWorkloads", dependencies: ["Cassowary", "CMallocStats"]),
    .executableTarget(
      name: "benchmarks", dependencies: ["Cassowary", "SolverWorkloads", "CMallocStats"]),
    .executableTarget(name: "corebench", dependencies: ["NavigationCore"]),
    .testTarget(name: "CassowaryTests", dependencies: ["Cassowary", "SolverWorkloads"]),
    .testTarget(
      name: "NavigationCoreTests", dependencies: ["NavigationCore"], exclude: ["Snapshots"]),
    .testTarget(name: "NavCLITests", dependencies: ["NavCLI"], exclude: ["Snapshots"]),
  ],
  swiftLanguageModes: [.v6]
)
