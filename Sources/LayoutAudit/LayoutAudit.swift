import Foundation
import NavigationCore
import NavigationUI
import Routing
import ViewKit

/// Runs a layout delegate through every navigation state, prompt and resize on a manual
/// clock with a real embedded route, and checks the spec's rules for delegate authors
/// (Guides/Spec.md §10.A) at each settled moment.
///
/// ```swift
/// let findings = LayoutAudit(matrix: .quick).run(makeDelegate: { MyDelegate() })
/// ```
@MainActor
public struct LayoutAudit {
  /// The screens to run on.
  public let matrix: AuditMatrix
  /// Overlaps of opaque views the layout means to have (the `overlap` rule lets them pass).
  public var allowedOverlaps: [AllowedOverlap]
  /// Called at each checked moment that produced findings, with the window still showing
  /// that moment: for pictures of failing frames (`navui audit` renders them).
  public var onFailingFrame: (@MainActor (AuditFrame) -> Void)?

  /// An audit over `matrix`, allowing the overlaps in `allowedOverlaps` (besides those the
  /// delegate declares through ``LayoutAuditDeclaring``).
  public init(matrix: AuditMatrix = .default, allowedOverlaps: [AllowedOverlap] = []) {
    self.matrix = matrix
    self.allowedOverlaps = allowedOverlaps
  }

  /// Runs a fresh delegate from `makeDelegate` on every configuration of the matrix and
  /// returns the findings, in run order, without duplicates.
  public func run(makeDelegate: () -> any NavigationLayoutDelegate) -> [LayoutFinding] {
    runAll { makeDelegate() }
  }

  /// Runs the SDK's built-in layout (no layout delegate set) through the same moments and
  /// rules and returns the findings.
  ///
  /// `configure` sets the map up first, for the built-in layout's options, e.g.
  /// `{ $0.settings.isNavigationTripProgressBarEnabled = true }`.
  public func runBuiltInLayout(configure: (GMSMapView) -> Void = { _ in }) -> [LayoutFinding] {
    runAll(configure: configure) { nil }
  }

  private func runAll(
    configure: (GMSMapView) -> Void = { _ in }, _ make: () -> (any NavigationLayoutDelegate)?
  ) -> [LayoutFinding] {
    let logs = LayoutIssue.logsToStandardError
    LayoutIssue.logsToStandardError = false
    defer { LayoutIssue.logsToStandardError = logs }
    var all: [LayoutFinding] = []
    var seen = Set<LayoutFinding>()
    var firstRun: AuditRun?
    func makeRun(_ configuration: AuditConfiguration, probe: Bool = false) -> AuditRun {
      let delegate = make()
      var allowed = allowedOverlaps
      if let declaring = delegate as? any LayoutAuditDeclaring {
        allowed += declaring.allowedOverlaps
      }
      let run = AuditRun(
        configuration: configuration, delegate: delegate, allowedOverlaps: allowed,
        onFailingFrame: probe ? nil : onFailingFrame)
      configure(run.mapView)
      return run
    }
    for configuration in matrix.configurations {
      let run = makeRun(configuration)
      run.drive()
      firstRun = firstRun ?? run
      for finding in run.findings where seen.insert(finding).inserted { all.append(finding) }
    }
    // D11: the first configuration again, the buttons handed over in reverse order; a
    // delegate that finds buttons by type shows and places the same buttons.
    if let first = firstRun, !first.builtIn {
      let probe = makeRun(first.configuration, probe: true)
      probe.recorder.reversesButtons = true
      probe.drive()
      for finding in first.compareButtons(with: probe) where seen.insert(finding).inserted {
        all.append(finding)
      }
    }
    return all
  }
}
