// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "NavigationUIKit",
  products: [
    .library(name: "Cassowary", targets: ["Cassowary"]),
    .library(name: "Text", targets: ["Text"]),
    .library(name: "ViewKit", targets: ["ViewKit"]),
    .library(name: "NavigationCore", targets: ["NavigationCore"]),
    .library(name: "Routing", targets: ["Routing"]),
    .library(name: "Rendering", targets: ["Rendering"]),
    .library(name: "NavigationUI", targets: ["NavigationUI"]),
    .library(name: "LayoutAudit", targets: ["LayoutAudit"]),
    // Snapshot assertions for an app's own tests (imports Swift Testing).
    .library(name: "NavigationUITesting", targets: ["NavigationUITesting"]),
    .executable(name: "navui", targets: ["navui"]),
    // The `navui` commands as a library, for the fuzz package (Fuzz/) to link.
    .library(name: "NavCLI", targets: ["NavCLI"]),
  ],
  targets: [
    .target(name: "Cassowary"),
    .systemLibrary(
      name: "CPango", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev"])]),
    .target(name: "Text", dependencies: ["CPango"]),
    .target(name: "ViewKit", dependencies: ["Cassowary", "Text"]),
    .target(name: "NavigationCore", resources: [.copy("Resources/instructions")]),
    .systemLibrary(
      name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib",
      providers: [.apt(["zlib1g-dev"])]),
    .target(
      name: "Routing", dependencies: ["NavigationCore", "CZlib"],
      resources: [.copy("Resources/monaco.osm.pbf")]),
    .target(
      name: "NavCLI",
      dependencies: [
        "NavigationCore", "Routing", "Demo", "LayoutAudit", "Rendering", "NavigationUI",
      ]),
    .target(name: "NavigationUI", dependencies: ["ViewKit", "NavigationCore", "Routing"]),
    .target(
      name: "LayoutAudit", dependencies: ["NavigationUI", "ViewKit", "NavigationCore", "Routing"]),
    .executableTarget(
      name: "navuibench",
      dependencies: ["NavigationUI", "ViewKit", "NavigationCore", "CMallocStats"]),
    .systemLibrary(
      name: "CCairo", path: "Sources/CCairo", pkgConfig: "cairo",
      providers: [.apt(["libcairo2-dev"])]),
    .target(
      name: "Rendering",
      dependencies: ["ViewKit", "Text", "NavigationCore", "Routing", "CCairo", "CPango", "CZlib"]),
    .executableTarget(
      name: "renderbench", dependencies: ["Rendering", "ViewKit", "Routing", "Demo"]),
    .target(
      name: "Demo",
      dependencies: ["NavigationUI", "ViewKit", "NavigationCore", "Routing", "Rendering"]),
    .executableTarget(name: "navui", dependencies: ["NavCLI"]),
    .target(name: "NavigationUITesting", dependencies: ["Rendering", "ViewKit"]),
    .target(name: "CMallocStats"),
    .target(
      name: "SolverWorkloads", dependencies: ["Cassowary", "CMallocStats"],
      resources: [.copy("Resources/workloads")]),
    .executableTarget(
      name: "benchmarks", dependencies: ["Cassowary", "SolverWorkloads", "ViewKit", "CMallocStats"]),
    .executableTarget(name: "corebench", dependencies: ["NavigationCore", "CMallocStats"]),
    .executableTarget(name: "routebench", dependencies: ["Routing", "NavigationCore"]),
    // Test support: the test data kept in the repo (Tests/SharedTestData/Fixtures, found
    // through Bundle.module; NAVUI_SHARED_DATA overrides) and one golden-file comparison for
    // every test target.
    .target(
      name: "SharedTestData", path: "Tests/SharedTestData",
      resources: [.copy("Fixtures")]),
    .testTarget(
      name: "CassowaryTests", dependencies: ["Cassowary", "SolverWorkloads", "SharedTestData"]),
    .testTarget(name: "TextTests", dependencies: ["Text"]),
    .testTarget(name: "ViewKitTests", dependencies: ["ViewKit", "Text", "Cassowary"]),
    .testTarget(
      name: "NavigationCoreTests", dependencies: ["NavigationCore", "SharedTestData"],
      resources: [.copy("Snapshots")]),
    .testTarget(
      name: "RoutingTests", dependencies: ["Routing", "NavigationCore", "SharedTestData"]),
    .testTarget(
      name: "RenderingTests",
      dependencies: ["Rendering", "ViewKit", "NavigationCore", "Routing", "SharedTestData"],
      resources: [.copy("Snapshots")]),
    .testTarget(
      name: "NavCLITests", dependencies: ["NavCLI", "SharedTestData"], resources: [.copy("Snapshots")]),
    .testTarget(
      name: "DemoTests",
      dependencies: [
        "Demo", "NavCLI", "NavigationUI", "ViewKit", "Rendering", "NavigationCore",
        "SharedTestData", "NavigationUITesting",
      ],
      resources: [.copy("Snapshots")]),
    .testTarget(
      name: "NavigationUITests",
      dependencies: [
        "NavigationUI", "ViewKit", "Cassowary", "NavigationCore", "Routing", "CMallocStats", "Demo",
      ]),
    .testTarget(
      name: "LayoutAuditTests",
      dependencies: ["LayoutAudit", "NavigationUI", "ViewKit", "NavigationCore", "Demo"]),
    .testTarget(
      name: "NavigationUITestingTests",
      dependencies: ["NavigationUITesting", "NavigationUI", "Rendering", "ViewKit"]),
  ],
  swiftLanguageModes: [.v6]
)
