// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "NavigationUIKit",
  products: [
    .library(name: "Cassowary", targets: ["Cassowary"]),
  ],
  targets: [
    .target(name: "Cassowary"),
    .target(name: "CMallocStats"),
    .executableTarget(name: "benchmarks", dependencies: ["Cassowary", "CMallocStats"]),
    .testTarget(name: "CassowaryTests", dependencies: ["Cassowary"]),
  ],
  swiftLanguageModes: [.v6]
)
