// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "NavigationUIKit",
  products: [
    .library(name: "NavigationCore", targets: ["NavigationCore"]),
    .library(name: "Routing", targets: ["Routing"]),
  ],
  targets: [
    .target(name: "NavigationCore"),
    .executableTarget(name: "corebench", dependencies: ["NavigationCore"]),
    .testTarget(
      name: "NavigationCoreTests", dependencies: ["NavigationCore"], exclude: ["Snapshots"]),
    .systemLibrary(
      name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib",
      providers: [.apt(["zlib1g-dev"])]),
    .target(
      name: "Routing", dependencies: ["NavigationCore", "CZlib"],
      resources: [.copy("Resources/monaco.osm.pbf")]),
    .executableTarget(name: "routebench", dependencies: ["Routing", "NavigationCore"]),
    .testTarget(name: "RoutingTests", dependencies: ["Routing", "NavigationCore"]),
  ],
  swiftLanguageModes: [.v6]
)
