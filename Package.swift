// swift-tools-version:6.2
import PackageDescription

let package = Package(
  name: "NavigationUIKit",
  products: [
    .library(name: "Cassowary", targets: ["Cassowary"]),
    .library(name: "Text", targets: ["Text"]),
    .library(name: "CairoGraphics", targets: ["CairoGraphics"]),
    // `import CoreGraphics` for code written for iOS: CairoGraphics under Apple's module name.
    .library(name: "CoreGraphics", targets: ["CoreGraphics"]),
    .library(name: "ViewKit", targets: ["ViewKit"]),
    .library(name: "NavigationCore", targets: ["NavigationCore"]),
    .library(name: "OSM", targets: ["OSM"]),
    .library(name: "Routing", targets: ["Routing"]),
    .library(name: "Rendering", targets: ["Rendering"]),
    // Demo rides along: it draws a GMSMapView's map when an app captures its window
    // (Demo.MapViewCapturePainting, found by name from ViewKit; Guides/Rendering.md).
    .library(name: "NavigationUI", targets: ["NavigationUI", "Demo"]),
    .library(name: "Location", targets: ["Location"]),
    .library(name: "Speech", targets: ["Speech"]),
    .library(name: "NavigationDevices", targets: ["NavigationDevices"]),
    .library(name: "LayoutAudit", targets: ["LayoutAudit"]),
    // Snapshot assertions for an app's own tests (imports Swift Testing).
    .library(name: "NavigationUITesting", targets: ["NavigationUITesting"]),
    // The live navigation screen in a window (SDL2) for an app's own small executable.
    .library(name: "LiveWindow", targets: ["LiveWindow"]),
    .executable(name: "navui", targets: ["navui"]),
  ],
  targets: [
    .target(name: "Cassowary"),
    .systemLibrary(
      name: "CPango", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev"])]),
    .target(name: "Text", dependencies: ["CPango"]),
    .target(name: "CairoGraphics", dependencies: ["CCairo"]),
    // The toolchain's Swift Testing declares a cross-import overlay `_Testing_CoreGraphics`: a
    // file importing Testing and CoreGraphics loads it. This one only re-exports Testing and
    // does not autolink it, so an app linking CoreGraphics does not need libTesting. (Tools
    // version 6.2 is what lets a package that depends on this one by version accept the
    // unsafe flag; with 6.0 SwiftPM refuses the whole dependency.)
    .target(
      name: "_Testing_CoreGraphics",
      swiftSettings: [
        .unsafeFlags(["-Xfrontend", "-disable-autolink-library", "-Xfrontend", "Testing"])
      ]),
    .target(name: "CoreGraphics", dependencies: ["CairoGraphics", "_Testing_CoreGraphics"]),
    .target(
      name: "ViewKit", dependencies: ["Cassowary", "Text", "CairoGraphics", "CCairo", "CPango"]),
    .target(name: "NavigationCore", resources: [.copy("Resources/instructions")]),
    .systemLibrary(
      name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib",
      providers: [.apt(["zlib1g-dev"])]),
    // OpenStreetMap reading (PBF, XML), its data model and tags, and the bundled Monaco map.
    .target(
      name: "OSM", dependencies: ["NavigationCore", "CZlib"],
      resources: [.copy("Resources/monaco.osm.pbf")]),
    .target(name: "Routing", dependencies: ["OSM", "NavigationCore"]),
    .target(
      name: "NavCLI",
      dependencies: [
        "NavigationCore", "Routing", "Demo", "LayoutAudit", "Rendering", "NavigationUI",
        "LiveWindow",
      ]),
    .systemLibrary(
      name: "CGPS", path: "Sources/CGPS", pkgConfig: "libgps", providers: [.apt(["libgps-dev"])]),
    .systemLibrary(
      name: "CEspeakNG", path: "Sources/CEspeakNG", pkgConfig: "espeak-ng",
      providers: [.apt(["libespeak-ng-dev"])]),
    // Location sources (NMEA, GPX, simulator, gpsd) behind CLLocationManager, and road snapping
    // with rerouting; speech of the guidance through espeak-ng.
    .target(name: "Location", dependencies: ["NavigationCore", "Routing", "ViewKit", "CGPS"]),
    .target(name: "Speech", dependencies: ["NavigationCore", "CEspeakNG"]),
    .target(name: "NavigationUI", dependencies: ["ViewKit", "NavigationCore", "Routing"]),
    // The seam between the navigation API and the device: location sources and road snapping
    // (Location) and speech (Speech) plugged into a session's hooks.
    .target(
      name: "NavigationDevices",
      dependencies: ["NavigationUI", "Location", "Speech", "ViewKit", "Routing", "NavigationCore"]),
    .target(
      name: "LayoutAudit", dependencies: ["NavigationUI", "ViewKit", "NavigationCore", "Routing"]),
    .systemLibrary(
      name: "CCairo", path: "Sources/CCairo", pkgConfig: "cairo",
      providers: [.apt(["libcairo2-dev"])]),
    .target(
      name: "Rendering",
      dependencies: [
        "ViewKit", "CairoGraphics", "Text", "NavigationCore", "OSM", "CCairo", "CPango",
        "CZlib",
      ]),
    .target(
      name: "Demo",
      dependencies: ["NavigationUI", "ViewKit", "NavigationCore", "Routing", "Rendering"]),
    .executableTarget(name: "navui", dependencies: ["NavCLI"]),
    .systemLibrary(
      name: "CSDL2", path: "Sources/CSDL2", pkgConfig: "sdl2", providers: [.apt(["libsdl2-dev"])]),
    // `navui run`: the live navigation screen in an SDL2 window, input, location, voice.
    .target(
      name: "LiveWindow",
      dependencies: [
        "Demo", "NavigationUI", "Rendering", "Location", "Speech", "ViewKit", "NavigationCore",
        "CSDL2",
      ]),
    .target(name: "NavigationUITesting", dependencies: ["Rendering", "ViewKit"]),
    .target(name: "CMallocStats"),
    .target(
      name: "SolverWorkloads", dependencies: ["Cassowary", "CMallocStats"],
      resources: [.copy("Resources/workloads")]),
    // Every benchmark, one executable with a subcommand per suite (Guides/Benchmarks.md).
    .executableTarget(
      name: "benchmarks",
      dependencies: [
        "Cassowary", "SolverWorkloads", "ViewKit", "CMallocStats", "Location", "Routing",
        "NavigationCore", "NavigationUI", "Rendering", "Demo", "CCairo", "NavigationDevices",
      ]),
    // libFuzzer targets of every parser (Guides/Reliability.md): `make fuzz` builds this with
    // `-sanitize=fuzzer,address`; a plain build replays input files through one target.
    .target(name: "CFuzzDriver", path: "Fuzz/Sources/CFuzzDriver"),
    .executableTarget(
      name: "navfuzz",
      dependencies: ["CFuzzDriver", "NavCLI", "NavigationCore", "NavigationUI", "Routing"],
      path: "Fuzz/Sources/navfuzz"),
    // Test support: the test data kept in the repo (Tests/SharedTestData/Fixtures, found
    // through Bundle.module; NAVUI_SHARED_DATA overrides) and one golden-file comparison for
    // every test target.
    .target(
      name: "SharedTestData", path: "Tests/SharedTestData",
      resources: [.copy("Fixtures")]),
    .testTarget(
      name: "CassowaryTests", dependencies: ["Cassowary", "SolverWorkloads", "SharedTestData"]),
    .testTarget(name: "TextTests", dependencies: ["Text"]),
    .testTarget(
      name: "ViewKitTests", dependencies: ["ViewKit", "Text", "Cassowary", "CoreGraphics"]),
    .testTarget(
      name: "NavigationCoreTests", dependencies: ["NavigationCore", "SharedTestData"],
      resources: [.copy("Snapshots")]),
    .testTarget(
      name: "OSMTests", dependencies: ["OSM", "NavigationCore", "SharedTestData"]),
    .testTarget(
      name: "RoutingTests", dependencies: ["Routing", "OSM", "NavigationCore", "SharedTestData"]),
    .testTarget(
      name: "RenderingTests",
      dependencies: ["Rendering", "ViewKit", "NavigationCore", "OSM", "SharedTestData"],
      resources: [.copy("Snapshots")]),
    .testTarget(
      name: "NavCLITests", dependencies: ["NavCLI", "SharedTestData"],
      resources: [.copy("Snapshots"), .copy("Fixtures")]),
    .testTarget(
      name: "DemoTests",
      dependencies: [
        "Demo", "NavCLI", "NavigationUI", "ViewKit", "Rendering", "NavigationCore",
        "SharedTestData", "NavigationUITesting",
      ],
      resources: [.copy("Snapshots")]),
    .testTarget(
      name: "LocationTests",
      dependencies: [
        "Location", "Routing", "NavigationCore", "ViewKit", "SharedTestData", "Speech",
      ],
      exclude: ["Fixtures/README.md"], resources: [.copy("Fixtures/monaco-drive.nmea")]),
    .testTarget(name: "SpeechTests", dependencies: ["Speech", "NavigationCore"]),
    .testTarget(
      name: "NavigationDevicesTests",
      dependencies: [
        "NavigationDevices", "NavigationUI", "Location", "Speech", "ViewKit", "Routing",
        "NavigationCore", "SharedTestData",
      ],
      exclude: ["Fixtures/README.md"], resources: [.copy("Fixtures/monaco-drive.nmea")]),
    .testTarget(
      name: "NavigationUITests",
      dependencies: [
        "NavigationUI", "ViewKit", "Cassowary", "NavigationCore", "Routing", "CMallocStats", "Demo",
      ]),
    // Swift 5 clients (Google's plugins) call the GMS API from non-isolated classes.
    .testTarget(
      name: "NavigationUISwift5Tests", dependencies: ["NavigationUI", "ViewKit", "NavigationCore"],
      swiftSettings: [.swiftLanguageMode(.v5)]),
    .testTarget(
      name: "LayoutAuditTests",
      dependencies: ["LayoutAudit", "NavigationUI", "ViewKit", "NavigationCore", "Demo"]),
    // Runs the built `navui run` under Xvfb and drives it with xdotool.
    .testTarget(
      name: "LiveWindowTests",
      dependencies: ["LiveWindow", "Rendering", "NavigationCore", "Location", "SharedTestData"]),
    .testTarget(
      name: "NavigationUITestingTests",
      dependencies: ["NavigationUITesting", "NavigationUI", "Rendering", "ViewKit"]),
  ],
  swiftLanguageModes: [.v6]
)
