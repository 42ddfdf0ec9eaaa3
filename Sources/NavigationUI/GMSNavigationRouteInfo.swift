import Foundation
import Routing

/// Called with a route request's outcome (`GMSRouteStatusCallback` in the original).
public typealias GMSRouteStatusCallback = @MainActor (GMSRouteStatus) -> Void

/// Called with the waypoint now headed for (`nil` when none is left) and the routing status
/// (`GMSSetDestinationCompletionHandler`).
public typealias GMSSetDestinationCompletionHandler =
  @MainActor (GMSNavigationWaypoint?, GMSRouteStatus) -> Void

/// Called with the time and distance to a destination, `nil` when no route was found
/// (`GMSRouteInfoCallback`).
public typealias GMSRouteInfoCallback = @MainActor (GMSNavigationRouteInfo?) -> Void

/// Called when transaction IDs given to ``GMSNavigator/setTransactionIDs(_:errorHandler:)``
/// are refused (`GMSNavigationTransactionIDErrorHandler`).
public typealias GMSNavigationTransactionIDErrorHandler = @MainActor (any Error) -> Void

/// The travel time and length of one route (`GMSNavigationTimeAndDistance`).
public final class GMSNavigationTimeAndDistance: Sendable {
  /// The route's expected travel time in seconds.
  public let durationSeconds: TimeInterval
  /// The route's length in meters.
  public let distanceMeters: CLLocationDistance

  init(durationSeconds: TimeInterval, distanceMeters: CLLocationDistance) {
    self.durationSeconds = durationSeconds
    self.distanceMeters = distanceMeters
  }
}

/// The time and distance to one destination with each routing strategy
/// (`GMSNavigationRouteInfo`), from ``GMSNavigator/getRouteInfo(forDestination:with:callback:)``.
public final class GMSNavigationRouteInfo: Sendable {
  private let best: GMSNavigationTimeAndDistance?
  private let shorter: GMSNavigationTimeAndDistance?

  init(best: GMSNavigationTimeAndDistance?, shorter: GMSNavigationTimeAndDistance?) {
    self.best = best
    self.shorter = shorter
  }

  /// The time and distance of the main route with `routingStrategy`; `nil` when that
  /// strategy found no route. `deltaToTargetDistance` has no target here, so it answers
  /// `nil` as the original does for a strategy it did not compute.
  public func timeAndDistance(
    for routingStrategy: GMSNavigationRoutingStrategy
  ) -> GMSNavigationTimeAndDistance? {
    switch routingStrategy {
    case .defaultBest: best
    case .shorter: shorter
    case .deltaToTargetDistance: nil
    }
  }
}

/// A vehicle's licence-plate restriction (`GMSNavigationLicensePlateRestriction`): the last
/// digit of the plate and the country that restricts by it.
///
/// OpenStreetMap has no tagging for plate-digit restrictions, so routes here are the same
/// with or without one; the value is kept on the navigator and the simulator as the
/// original keeps it, for the app to read back.
public final class GMSNavigationLicensePlateRestriction: Sendable {
  /// The plate's country code, e.g. `"ID"` or `"BZ"`.
  public let countryCode: String
  /// The plate's last digit, 0–9.
  public let lastDigit: Int

  /// A restriction for a plate ending in `lastDigit` (0–9) from `countryCode` (two
  /// letters); `nil` when either is invalid.
  public init?(licensePlateLastDigit lastDigit: Int, countryCode: String) {
    guard (0...9).contains(lastDigit), countryCode.count == 2,
      countryCode.allSatisfy({ $0.isASCII && $0.isLetter })
    else { return nil }
    self.lastDigit = lastDigit
    self.countryCode = countryCode.uppercased()
  }
}

/// Why transaction IDs were refused.
public struct GMSNavigationTransactionError: Error, Equatable, CustomStringConvertible {
  /// The refused ID and its position in the list.
  public let transactionID: String
  /// The ID's index in the list given.
  public let index: Int

  /// A sentence saying what was wrong and where.
  public var description: String {
    "transaction ID \(index) (\"\(transactionID.prefix(80))\") must have 1 to 64 characters"
  }

  /// The first ID of `ids` that is not 1–64 characters long, as an error.
  static func check(_ ids: [String]) -> GMSNavigationTransactionError? {
    for (index, id) in ids.enumerated() where id.isEmpty || id.count > 64 {
      return GMSNavigationTransactionError(transactionID: id, index: index)
    }
    return nil
  }
}

extension GMSNavigator {
  /// The time and distance from the vehicle to `destination` with the best and the
  /// shorter routing strategies (the options' strategies are ignored, as in the original).
  /// Computed offline with the navigator's route provider and avoid settings; `callback`
  /// hears `nil` when the vehicle's location is unknown or no route exists.
  public func getRouteInfo(
    forDestination destination: GMSNavigationWaypoint,
    with routingOptions: GMSNavigationRoutingOptions,
    callback: @escaping GMSRouteInfoCallback
  ) {
    var info: GMSNavigationRouteInfo?
    if let origin = lastLocation?.coordinate, let target = resolve([destination])?.first {
      func measure(_ strategy: GMSNavigationRoutingStrategy) -> GMSNavigationTimeAndDistance? {
        guard
          let route = try? routeProvider.routes(
            through: [origin, target], heading: nil, alternates: 0,
            options: costOptions(strategy)
          ).first
        else { return nil }
        return GMSNavigationTimeAndDistance(
          durationSeconds: route.expectedTravelTime, distanceMeters: route.distance)
      }
      let best = measure(.defaultBest)
      let shorter = measure(.shorter)
      if best != nil || shorter != nil {
        info = GMSNavigationRouteInfo(best: best, shorter: shorter)
      }
    }
    let answer = info
    _ = clock.schedule(after: 0) { callback(answer) }
  }

  /// Sets the transaction IDs of the current navigation session (each 1–64 characters;
  /// an empty list ends the transaction). They are kept in ``transactionIDs`` and cleared
  /// when guidance ends; nothing is sent anywhere. A bad ID leaves the IDs unchanged and
  /// `errorHandler` hears a ``GMSNavigationTransactionError`` on the next clock turn.
  public func setTransactionIDs(
    _ transactionIDs: [String], errorHandler: GMSNavigationTransactionIDErrorHandler?
  ) {
    if let error = GMSNavigationTransactionError.check(transactionIDs) {
      if let errorHandler { _ = clock.schedule(after: 0) { errorHandler(error) } }
      return
    }
    self.transactionIDs = transactionIDs
  }
}

/// Called when recording a pickup or drop-off fails
/// (`GMSNavigationTransactionRecorderErrorHandler`).
public typealias GMSNavigationTransactionRecorderErrorHandler = @MainActor (any Error) -> Void

/// Records pickups and drop-offs for per-transaction billing
/// (`GMSNavigationTransactionRecorder`). There is no billing service here: events are kept in
/// ``events`` (and checked as the original checks them) for the app to read or export.
@preconcurrency @MainActor
public final class GMSNavigationTransactionRecorder {
  /// One recorded pickup or drop-off.
  public struct Event: Equatable, Sendable {
    /// Pickup or drop-off.
    public enum Kind: Equatable, Sendable {
      /// A passenger or delivery picked up.
      case pickup
      /// A passenger dropped off or a delivery delivered.
      case dropoff
    }
    /// What happened.
    public let kind: Kind
    /// The waypoint's title and coordinate, when a waypoint was given.
    public let waypointTitle: String?
    /// The waypoint's coordinate (invalid for a place-ID waypoint or none).
    public let coordinate: CLLocationCoordinate2D
    /// The transactions the event applies to.
    public let transactionIDs: [String]

    /// Events are equal when every field is.
    public static func == (lhs: Event, rhs: Event) -> Bool {
      lhs.kind == rhs.kind && lhs.waypointTitle == rhs.waypointTitle
        && lhs.transactionIDs == rhs.transactionIDs
        && lhs.coordinate.latitude.bitPattern == rhs.coordinate.latitude.bitPattern
        && lhs.coordinate.longitude.bitPattern == rhs.coordinate.longitude.bitPattern
    }
  }

  private static weak var current: GMSNavigationTransactionRecorder?
  /// The events recorded, oldest first.
  public private(set) var events: [Event] = []

  private init() {}

  /// The shared recorder, held weakly as in the original: keep a reference while you use it.
  public class func sharedInstance() -> GMSNavigationTransactionRecorder {
    if let current { return current }
    let made = GMSNavigationTransactionRecorder()
    current = made
    return made
  }

  /// A new unique transaction ID (a UUID, 36 characters).
  public class func generateTransactionID() -> String { UUID().uuidString }

  /// Records a pickup at `waypoint` for `transactionIDs` (at least one, each 1–64
  /// characters); otherwise `errorHandler` hears why on the next main-actor turn.
  public func recordPickup(
    at waypoint: GMSNavigationWaypoint?, forTransactionIDs transactionIDs: [String],
    withErrorHandler errorHandler: GMSNavigationTransactionRecorderErrorHandler? = nil
  ) {
    record(.pickup, waypoint, transactionIDs, errorHandler)
  }

  /// Records a drop-off at `waypoint`; see ``recordPickup(at:forTransactionIDs:withErrorHandler:)``.
  public func recordDropoff(
    at waypoint: GMSNavigationWaypoint?, forTransactionIDs transactionIDs: [String],
    withErrorHandler errorHandler: GMSNavigationTransactionRecorderErrorHandler? = nil
  ) {
    record(.dropoff, waypoint, transactionIDs, errorHandler)
  }

  private func record(
    _ kind: Event.Kind, _ waypoint: GMSNavigationWaypoint?, _ ids: [String],
    _ errorHandler: GMSNavigationTransactionRecorderErrorHandler?
  ) {
    let error: (any Error)? =
      ids.isEmpty
      ? GMSNavigationTransactionError(transactionID: "", index: 0)
      : GMSNavigationTransactionError.check(ids)
    if let error {
      if let errorHandler { Task { @MainActor in errorHandler(error) } }
      return
    }
    events.append(
      Event(
        kind: kind, waypointTitle: waypoint?.title,
        coordinate: waypoint?.coordinate ?? kCLLocationCoordinate2DInvalid, transactionIDs: ids))
  }
}
