// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "NavigationUIKit",
  products: [
    .library(name: "Cassowary", targets: ["Cassowary"]),
    .library(name: "NavigationCore", targets: ["NavigationCore"]),
    .library(name: "NavCLI", targets: ["NavCLI"]),
    .library(name: "Text", targets: ["Text"]),
    .library(name: "ViewKit", targets: ["ViewKit"]),
    .executable(name: "navui", targets: ["navui"]),
  ],
  targets: [
    .target(name: "Cassowary"),
    .target(name: "NavigationCore"),
    .systemLibrary(
      name: "CPango", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev"])]),
    .target(name: "Text", dependencies: ["CPango"]),
    .target(name: "ViewKit", dependencies: ["Cassowary", "Text"]),
    .target(name: "NavCLI", dependencies: ["NavigationCore"]),
    .executableTarget(name: "navui", dependencies: ["NavCLI"]),
    .target(name: "CMallocStats"),
    .executableTarget(
      name: "benchmarks", dependencies: ["Cassowary", "ViewKit", "CMallocStats"]),
    .testTarget(name: "CassowaryTests", dependencies: ["Cassowary"]),
    .testTarget(name: "NavigationCoreTests", dependencies: ["NavigationCore"]),
    .testTarget(name: "TextTests", dependencies: ["Text"]),
    .testTarget(name: "ViewKitTests", dependencies: ["ViewKit", "Text", "Cassowary"]),
    .testTarget(name: "NavCLITests", dependencies: ["NavCLI"], exclude: ["Snapshots"]),
  ],
  swiftLanguageModes: [.v6]
)
