// swift-tools-version:6.0
// libFuzzer targets for every parser of the SDK (Guides/Reliability.md). Built only with
// `make fuzz`, which passes `-sanitize=fuzzer,address`: libFuzzer supplies `main`, so a plain
// `swift build` of this package does not link.
import PackageDescription

let package = Package(
  name: "NavigationUIKitFuzz",
  dependencies: [.package(name: "NavigationUIKit", path: "..")],
  targets: [
    .executableTarget(
      name: "navfuzz",
      dependencies: [
        .product(name: "NavigationCore", package: "NavigationUIKit"),
        .product(name: "Routing", package: "NavigationUIKit"),
      ])
  ],
  swiftLanguageModes: [.v6]
)
