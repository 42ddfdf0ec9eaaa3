import Foundation
import NavCLI
import NavigationCore
import NavigationUI
import Routing

/// One parser the fuzzer drives: its name (the value of `NAVFUZZ_TARGET`) and the function
/// that hands it one input. A target only calls the parser; thrown errors are the expected
/// outcome for bad input, a trap or a sanitizer report is a finding.
struct FuzzTarget: Sendable {
  /// The name `make fuzz` selects the target by; also its corpus and dictionary folder name.
  let name: String
  /// Feeds one input to the parser.
  let run: @Sendable ([UInt8]) -> Void

  /// Every target, in the order `make fuzz` runs them.
  static let all: [FuzzTarget] = [
    FuzzTarget(name: "osrm") { bytes in
      _ = try? RouteDecoder.decodeOSRM(Data(bytes))
      _ = try? RouteDecoder.decodeValhallaOSRM(Data(bytes))
    },
    FuzzTarget(name: "valhalla") { bytes in
      _ = try? RouteDecoder.decodeValhalla(Data(bytes))
    },
    FuzzTarget(name: "mapbox") { bytes in
      _ = try? RouteDecoder.decodeMapbox(Data(bytes))
      _ = try? RouteDecoder.decodeMapbox(Data(bytes), precision: 5)
    },
    FuzzTarget(name: "gpx") { bytes in
      if let gpx = try? RouteDecoder.decodeGPX(Data(bytes)) {
        for route in gpx.routes { _ = route.asRoute() }
        for track in gpx.tracks { _ = track.asRoute() }
      }
      _ = try? RouteDecoder.decode(Data(bytes))
    },
    FuzzTarget(name: "geojson") { bytes in
      _ = try? RouteDecoder.decodeGeoJSON(Data(bytes))
    },
    FuzzTarget(name: "polyline") { bytes in
      let text = String(decoding: bytes, as: UTF8.self)
      for precision in [5, 6] {
        if let points = try? Polyline.decode(text, precision: precision) {
          _ = Polyline.encode(points, precision: precision)
        }
      }
    },
    FuzzTarget(name: "instructions", run: InstructionsInput.run),
    FuzzTarget(name: "nmea") { bytes in
      let text = String(decoding: bytes, as: UTF8.self)
      _ = try? NMEAParser.parse(log: text)
      _ = try? NMEAParser.fixes(fromLog: text)
    },
    FuzzTarget(name: "map-style") { bytes in
      _ = try? GMSMapStyle(jsonString: String(decoding: bytes, as: UTF8.self))
    },
    FuzzTarget(name: "navui-args") { bytes in
      // One argument per line, as a shell would split them. `navui route` reads its
      // arguments while routing, so the batch test of `navui route` covers it instead.
      let arguments = String(decoding: bytes, as: UTF8.self)
        .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      _ = try? DemoCommand.parse(arguments)
      _ = try? RenderCommand.parse(arguments)
      _ = try? AuditCommand.parse(arguments)
      _ = try? InstructionsCheckCommand.parse(arguments)
    },
    FuzzTarget(name: "osm-xml") { bytes in
      if let data = try? OSMXMLReader.read(bytes), FuzzTarget.buildsGraphs {
        _ = RoadGraph.build(from: data)
      }
    },
    FuzzTarget(name: "osm-pbf") { bytes in
      if let data = try? OSMPBFReader.read(bytes), FuzzTarget.buildsGraphs {
        _ = RoadGraph.build(from: data)
      }
    },
  ]

  /// The target this process runs, set once by `main` before libFuzzer starts.
  nonisolated(unsafe) static var selected: FuzzTarget?

  /// Whether the OSM targets also build a road graph from what they read, as loading a map
  /// does (`RouteEngine(mapPath:)`); `NAVFUZZ_GRAPH=0` measures the readers alone.
  static let buildsGraphs = ProcessInfo.processInfo.environment["NAVFUZZ_GRAPH"] != "0"
}

/// The instruction-data target: the input is a translation file (`xx.json`), loaded through
/// ``InstructionCatalog/init(directory:languages:includeBuiltIn:)`` from a scratch folder, then
/// used to word a few steps.
enum InstructionsInput {
  /// The scratch folder with a `translations` subfolder, made once per process.
  static let directory: URL = {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("navfuzz-instructions-\(getpid())")
    try? FileManager.default.createDirectory(
      at: url.appendingPathComponent("translations"), withIntermediateDirectories: true)
    return url
  }()

  @Sendable static func run(_ bytes: [UInt8]) {
    // Foundation's `Data(contentsOf:)` leaks a 4 KB buffer reading an empty file (Swift
    // 6.3.1): not ours; InstructionCatalogTests.emptyTranslationFileIsInvalidJSON covers it.
    guard !bytes.isEmpty else { return }
    let file = directory.appendingPathComponent("translations/xx.json")
    guard (try? Data(bytes).write(to: file)) != nil else { return }
    guard
      let catalog = try? InstructionCatalog(
        directory: directory, languages: ["xx"], includeBuiltIn: false),
      let language = try? catalog.language("xx")
    else { return }
    _ = language.ordinal(3)
    _ = language.phrase("two linked by distance")
    for bearing in [0.0, 95, 181, 359] {
      _ = try? InstructionCompiler.direction(forBearing: bearing, language: language)
    }
    let compiler = InstructionCompiler(catalog: catalog)
    for step in steps { _ = try? compiler.compile(step, language: "xx") }
  }

  /// Steps that reach the common templates: depart, turn with a name, roundabout exit, arrive.
  static let steps: [InstructionStep] = [
    InstructionStep(maneuver: InstructionManeuver(type: "depart", bearingAfter: 90)),
    InstructionStep(maneuver: InstructionManeuver(type: "turn", modifier: "left"), name: "Rue"),
    InstructionStep(
      maneuver: InstructionManeuver(type: "roundabout", modifier: "right", exit: 2),
      destinations: "A1: Nice", rotaryName: "Place"),
    InstructionStep(
      maneuver: InstructionManeuver(type: "off ramp", modifier: "slight right"), ref: "A8",
      exits: "57"),
    InstructionStep(maneuver: InstructionManeuver(type: "arrive", modifier: "straight")),
  ]
}
