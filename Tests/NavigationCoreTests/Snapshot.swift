import SharedTestData

/// This target's golden files (`Snapshots/`, built into the test bundle).
enum Goldens {
  static let folder = SnapshotFolder(bundle: .module, target: "NavigationCoreTests")
}
