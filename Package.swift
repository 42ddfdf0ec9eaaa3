// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "NavigationUIKit",
  products: [
    .library(name: "NavigationCore", targets: ["NavigationCore"])
  ],
  targets: [
    .target(name: "NavigationCore"),
    .executableTarget(name: "corebench", dependencies: ["NavigationCore"]),
    .testTarget(
      name: "NavigationCoreTests", dependencies: ["NavigationCore"], exclude: ["Snapshots"]),
  ],
  swiftLanguageModes: [.v6]
)
