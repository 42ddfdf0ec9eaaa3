// swift-tools-version:6.2
// An app team's package as it would depend on NavigationUIKit: its own layout delegate in a
// library, and a test target that drives it through every navigation state, audits it and
// compares a snapshot of the screen with a reference picture.
import PackageDescription

let package = Package(
  name: "DelegateTests",
  products: [.library(name: "FleetLayout", targets: ["FleetLayout"])],
  dependencies: [
    // An app names the repository's URL here instead: .package(url: "…", branch: "main").
    .package(name: "NavigationUIKit", path: "../..")
  ],
  targets: [
    .target(
      name: "FleetLayout",
      dependencies: [.product(name: "NavigationUI", package: "NavigationUIKit")]),
    .testTarget(
      name: "FleetLayoutTests",
      dependencies: [
        "FleetLayout",
        .product(name: "NavigationUI", package: "NavigationUIKit"),
        .product(name: "LayoutAudit", package: "NavigationUIKit"),
        .product(name: "NavigationUITesting", package: "NavigationUIKit"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
