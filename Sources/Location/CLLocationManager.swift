import Foundation
import NavigationCore
import ViewKit

/// The best accuracy a source can give, as CoreLocation's constant.
public let kCLLocationAccuracyBest: CLLocationAccuracy = -1
/// The best accuracy, for navigation, as CoreLocation's constant.
public let kCLLocationAccuracyBestForNavigation: CLLocationAccuracy = -2
/// About ten meters, as CoreLocation's constant.
public let kCLLocationAccuracyNearestTenMeters: CLLocationAccuracy = 10
/// About a hundred meters, as CoreLocation's constant.
public let kCLLocationAccuracyHundredMeters: CLLocationAccuracy = 100
/// About a kilometer, as CoreLocation's constant.
public let kCLLocationAccuracyKilometer: CLLocationAccuracy = 1000
/// About three kilometers, as CoreLocation's constant.
public let kCLLocationAccuracyThreeKilometers: CLLocationAccuracy = 3000
/// Every fix is delivered, whatever the distance moved, as CoreLocation's constant.
public let kCLDistanceFilterNone: CLLocationDistance = -1

/// Whether the app may use location, with CoreLocation's names and raw values.
///
/// Linux has no permission prompt: the process's access to the source (the gpsd socket, the
/// log file) is the permission, so a request grants what it asks for unless the manager was
/// made with `.denied` or `.restricted`.
public enum CLAuthorizationStatus: Int32, Sendable, Hashable {
  /// Not asked yet.
  case notDetermined = 0
  /// Not allowed by policy.
  case restricted = 1
  /// Refused.
  case denied = 2
  /// Allowed at any time.
  case authorizedAlways = 3
  /// Allowed while the app is in use.
  case authorizedWhenInUse = 4
}

/// A location error, with CoreLocation's codes.
public struct CLError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What kind of failure, with CoreLocation's raw values.
  public enum Code: Int, Sendable, Hashable {
    /// No fix could be had (the source stopped, gave bad data, or none arrived).
    case locationUnknown = 0
    /// Location use is not authorized.
    case denied = 1
    /// The source (gpsd) could not be reached.
    case network = 2
  }

  /// The code.
  public var code: Code
  /// What happened, for people.
  public var reason: String

  /// An error from its parts.
  public init(_ code: Code, _ reason: String) {
    self.code = code
    self.reason = reason
  }

  /// `code: reason`.
  public var description: String { "CLError \(code): \(reason)" }
}

/// What a ``CLLocationManager`` tells its delegate, with CoreLocation's method names.
/// Every method but the first has an empty default.
@MainActor
public protocol CLLocationManagerDelegate: AnyObject {
  /// New fixes, oldest first.
  func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation])
  /// The source failed (gpsd unreachable, a bad log sentence, authorization refused).
  func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error)
  /// ``CLLocationManager/authorizationStatus`` changed.
  func locationManagerDidChangeAuthorization(_ manager: CLLocationManager)
}

extension CLLocationManagerDelegate {
  /// Does nothing.
  public func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {}
  /// Does nothing.
  public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {}
}

/// A place fixes come from: a receiver, a log replayed on a clock, a simulator.
///
/// A source calls `deliver` on the main actor with each fix, its timestamp on the manager's
/// clock, and `fail` when it cannot go on.
@MainActor
public protocol LocationSource: AnyObject {
  /// Begins delivering fixes.
  func start(
    clock: any MainClock, deliver: @escaping @MainActor (CLLocation) -> Void,
    fail: @escaping @MainActor (any Error) -> Void)
  /// Stops; no fix is delivered after this returns.
  func stop()
}

/// CoreLocation's location manager over a pluggable ``LocationSource``: set a delegate, call
/// ``startUpdatingLocation()``, receive `locationManager(_:didUpdateLocations:)`.
///
/// ```swift
/// let source = try ReplayLocationSource(nmeaLog: text)
/// let manager = CLLocationManager(source: source, clock: clock)
/// manager.delegate = self
/// manager.startUpdatingLocation()
/// ```
@MainActor
public final class CLLocationManager {
  /// Receives fixes and errors (weak).
  public weak var delegate: (any CLLocationManagerDelegate)?
  /// The accuracy the app wants. A hint: sources deliver what they have.
  public var desiredAccuracy: CLLocationAccuracy = kCLLocationAccuracyBest
  /// Meters a fix must be from the last delivered one to be delivered;
  /// ``kCLDistanceFilterNone`` delivers every fix.
  public var distanceFilter: CLLocationDistance = kCLDistanceFilterNone
  /// The activity hint of CoreLocation; kept for source compatibility.
  public var allowsBackgroundLocationUpdates = false
  /// The last fix delivered.
  public private(set) var location: CLLocation?
  /// Whether the app may use location (see ``CLAuthorizationStatus``).
  public private(set) var authorizationStatus: CLAuthorizationStatus
  /// Whether updates are running.
  public private(set) var isUpdatingLocation = false
  /// Where fixes come from; replacing it while updating restarts with the new source.
  public var source: any LocationSource {
    didSet {
      guard isUpdatingLocation else { return }
      oldValue.stop()
      isUpdatingLocation = false
      startUpdatingLocation()
    }
  }
  /// The clock replays run on and timestamps are read from.
  public let clock: any MainClock

  /// A manager over `source` on `clock`; `authorization` is the answer requests will get.
  public init(
    source: any LocationSource, clock: any MainClock = RealTimeClock.shared,
    authorization: CLAuthorizationStatus = .notDetermined
  ) {
    self.source = source
    self.clock = clock
    self.authorizationStatus = authorization
  }

  /// Whether location services are available on this machine (always, on Linux).
  public static func locationServicesEnabled() -> Bool { true }

  /// Asks for use while in use; granted unless the manager was made denied or restricted.
  public func requestWhenInUseAuthorization() { grant(.authorizedWhenInUse) }

  /// Asks for use at any time; granted unless the manager was made denied or restricted.
  public func requestAlwaysAuthorization() { grant(.authorizedAlways) }

  private func grant(_ status: CLAuthorizationStatus) {
    guard authorizationStatus != .denied, authorizationStatus != .restricted,
      authorizationStatus != status
    else { return }
    if authorizationStatus == .authorizedAlways { return }
    authorizationStatus = status
    delegate?.locationManagerDidChangeAuthorization(self)
  }

  /// Starts the source; fixes arrive at the delegate. A denied manager reports
  /// ``CLError/Code/denied`` instead.
  public func startUpdatingLocation() {
    guard !isUpdatingLocation else { return }
    if authorizationStatus == .denied || authorizationStatus == .restricted {
      delegate?.locationManager(self, didFailWithError: CLError(.denied, "location use refused"))
      return
    }
    isUpdatingLocation = true
    source.start(
      clock: clock,
      deliver: { [weak self] fix in self?.receive(fix) },
      fail: { [weak self] error in
        guard let self, self.isUpdatingLocation else { return }
        self.delegate?.locationManager(self, didFailWithError: error)
      })
  }

  /// Stops the source; no fix arrives after this.
  public func stopUpdatingLocation() {
    guard isUpdatingLocation else { return }
    isUpdatingLocation = false
    source.stop()
  }

  private func receive(_ fix: CLLocation) {
    guard isUpdatingLocation else { return }
    if distanceFilter > 0, let last = location, fix.distance(from: last) < distanceFilter {
      return
    }
    location = fix
    delegate?.locationManager(self, didUpdateLocations: [fix])
  }
}
