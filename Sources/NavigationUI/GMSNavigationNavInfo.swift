import Foundation

/// The state of navigation the navigator sends to
/// ``GMSNavigatorListener/navigator(_:didUpdate:)-(_,GMSNavigationNavInfo)`` on every fix during
/// guidance (`GMSNavigationNavInfo`): the upcoming maneuver, the steps after it, time and
/// distance to the step and to the final destination.
public final class GMSNavigationNavInfo: Sendable {
  /// Enroute, rerouting or stopped.
  public let navState: GMSNavigationNavState
  /// The upcoming maneuver; only while ``navState`` is `.enroute`.
  public let currentStep: GMSNavigationStepInfo?
  /// The steps after ``currentStep``, to the final destination.
  public let remainingSteps: [GMSNavigationStepInfo]
  /// Whether the route changed since the previous update (new destinations, reroute).
  public let routeChanged: Bool
  /// Seconds to the upcoming maneuver.
  public let timeToCurrentStepSeconds: TimeInterval
  /// Meters to the upcoming maneuver.
  public let distanceToCurrentStepMeters: CLLocationDistance
  /// Seconds to the final destination.
  public let timeToFinalDestinationSeconds: TimeInterval
  /// Meters to the final destination.
  public let distanceToFinalDestinationMeters: CLLocationDistance
  /// Seconds to the next destination (`nil` when unknown).
  public let timeToNextDestinationSeconds: TimeInterval?
  /// Meters to the next destination (`nil` when unknown).
  public let distanceToNextDestinationMeters: CLLocationDistance?

  init(
    navState: GMSNavigationNavState, currentStep: GMSNavigationStepInfo?,
    remainingSteps: [GMSNavigationStepInfo], routeChanged: Bool,
    timeToCurrentStep: TimeInterval, distanceToCurrentStep: CLLocationDistance,
    timeToFinal: TimeInterval, distanceToFinal: CLLocationDistance,
    timeToNext: TimeInterval?, distanceToNext: CLLocationDistance?
  ) {
    self.navState = navState
    self.currentStep = currentStep
    self.remainingSteps = remainingSteps
    self.routeChanged = routeChanged
    timeToCurrentStepSeconds = timeToCurrentStep
    distanceToCurrentStepMeters = distanceToCurrentStep
    timeToFinalDestinationSeconds = timeToFinal
    distanceToFinalDestinationMeters = distanceToFinal
    timeToNextDestinationSeconds = timeToNext
    distanceToNextDestinationMeters = distanceToNext
  }

  /// `timeSeconds` rounded to the nearest minute, at least one minute.
  public func roundedTime(_ timeSeconds: TimeInterval) -> TimeInterval {
    max(60, (timeSeconds / 60).rounded() * 60)
  }

  /// `distanceMeters` rounded for display: 10 m steps under 1 km, 0.1 km under 10 km, then
  /// whole kilometres.
  public func roundedDistance(_ distanceMeters: CLLocationDistance) -> Measurement<UnitLength> {
    if distanceMeters < 1000 {
      return Measurement(value: (distanceMeters / 10).rounded() * 10, unit: .meters)
    }
    let km = distanceMeters / 1000
    return Measurement(
      value: km < 10 ? (km * 10).rounded() / 10 : km.rounded(), unit: .kilometers)
  }
}

/// One maneuver of the route (`GMSNavigationStepInfo`).
public final class GMSNavigationStepInfo: Sendable {
  /// The maneuver.
  public let maneuver: GMSNavigationManeuver
  /// The lanes before the maneuver, left to right whatever the driving side; `nil` without
  /// lane data.
  public let lanes: [GMSNavigationLane]?
  /// The road after the maneuver with everything known: `"D6098 / Boulevard Albert 1er"`.
  public let fullRoadName: String
  /// The shorter road name: `"Boulevard Albert 1er"`.
  public let simpleRoadName: String
  /// The instruction: `"Turn left onto Boulevard Albert 1er"`.
  public let fullInstructionText: String
  /// The exit number, when the maneuver takes a numbered exit.
  public let exitNumber: String?
  /// The side traffic drives on.
  public let drivingSide: GMSNavigationDrivingSide
  /// The exit to take at a roundabout, counted from the entry; -1 elsewhere.
  public let roundaboutTurnNumber: Int
  /// The index of the step in the route (0 for the departure).
  public let stepNumber: Int
  /// The length of the stretch leading to this maneuver.
  public let distanceFromPrevStepMeters: CLLocationDistance
  /// The expected time of the stretch leading to this maneuver.
  public let timeFromPrevStepSeconds: TimeInterval
  /// The route step this describes (the maneuver starts it).
  public let step: RouteStep

  init(
    step: RouteStep, number: Int, previous: RouteStep?, instruction: String
  ) {
    self.step = step
    let side: GMSNavigationDrivingSide =
      step.drivingSide == "left" ? .left : step.drivingSide == "right" ? .right : .none
    drivingSide = side
    maneuver = GMSNavigationManeuver(step: step, drivingSide: side)
    let lanes = step.lanesBeforeManeuver ?? []
    self.lanes = lanes.isEmpty ? nil : lanes.map { GMSNavigationLane(lane: $0, drivingSide: side) }
    let ref = step.ref.flatMap { $0.isEmpty ? nil : $0 }
    switch (ref, step.name.isEmpty) {
    case (let ref?, false): fullRoadName = "\(ref) / \(step.name)"
    case (let ref?, true): fullRoadName = ref
    case (nil, _): fullRoadName = step.name
    }
    simpleRoadName = step.name.isEmpty ? (ref ?? "") : step.name
    fullInstructionText = instruction
    exitNumber = step.maneuver.type == .offRamp ? step.exits.flatMap { $0.isEmpty ? nil : $0 } : nil
    switch step.maneuver.type {
    case .roundabout, .rotary, .roundaboutTurn:
      roundaboutTurnNumber = step.maneuver.exit ?? -1
    default:
      roundaboutTurnNumber = -1
    }
    stepNumber = number
    distanceFromPrevStepMeters = previous?.distance ?? 0
    timeFromPrevStepSeconds = previous?.expectedTravelTime ?? 0
  }

  /// The maneuver arrow, drawn by the renderer as a vector image at any size: 96 or 48
  /// points (``GMSNavigationStepInfoImageOptions/maneuverImageSize``) at the screen's scale;
  /// white, for the dark header it sits on in both day and night colours. `nil` for
  /// `.unknown`.
  @preconcurrency @MainActor
  public func maneuverImage(with options: GMSNavigationStepInfoImageOptions?) -> UIImage? {
    guard maneuver != .unknown else { return nil }
    let options = options ?? GMSNavigationStepInfoImageOptions()
    let side: CGFloat = options.maneuverImageSize == .square48 ? 48 : 96
    return UIImage(
      size: CGSize(width: side, height: side), scale: options.scale,
      name: GMSManeuverImageName.name(for: maneuver), renderingMode: .alwaysTemplate,
      tintColor: .white)
  }

  /// The lanes, one arrow per lane side by side (48 points tall, 48 wide per lane),
  /// recommended directions white and the others grey; `nil` without lane data.
  @preconcurrency @MainActor
  public func lanesImage(with options: GMSNavigationStepInfoImageOptions?) -> UIImage? {
    guard let lanes, !lanes.isEmpty else { return nil }
    let options = options ?? GMSNavigationStepInfoImageOptions()
    let key = lanes.map { lane in
      lane.laneDirections.map { "\($0.laneShape.rawValue)\($0.recommended ? "r" : "")" }
        .joined(separator: "+")
    }.joined(separator: ",")
    return UIImage(
      size: CGSize(width: 48 * CGFloat(lanes.count), height: 48), scale: options.scale,
      name: "gms.lanes:\(key)", renderingMode: .alwaysTemplate, tintColor: .white)
  }
}

/// Options for step images (`GMSNavigationStepInfoImageOptions`).
@preconcurrency @MainActor
public final class GMSNavigationStepInfoImageOptions {
  /// The screen the image is for (its scale); `nil` means the main screen.
  public var screenMetrics: (any GMSNavigationScreenMetrics)?
  /// The maneuver image size (default `.square96`).
  public var maneuverImageSize: GMSNavigationManeuverImageSize = .square96

  /// Default options.
  public init() {}

  var scale: CGFloat { screenMetrics?.scale ?? UIScreen.main.scale }
}

/// One lane before a maneuver (`GMSNavigationLane`).
public final class GMSNavigationLane: Sendable {
  /// The directions painted on the lane, the primary first.
  public let laneDirections: [GMSNavigationLaneDirection]

  init(lane: Lane, drivingSide: GMSNavigationDrivingSide) {
    let indications = lane.indications.isEmpty ? [ManeuverDirection.straight] : lane.indications
    let chosen = lane.validIndication
    laneDirections = indications.map { direction in
      GMSNavigationLaneDirection(
        laneShape: GMSNavigationLaneShape(direction, drivingSide: drivingSide),
        recommended: lane.valid && (chosen == nil || chosen == direction))
    }
  }
}

/// One direction of a lane (`GMSNavigationLaneDirection`).
public final class GMSNavigationLaneDirection: Sendable {
  /// Its shape.
  public let laneShape: GMSNavigationLaneShape
  /// Whether the route uses it.
  public let recommended: Bool

  init(laneShape: GMSNavigationLaneShape, recommended: Bool) {
    self.laneShape = laneShape
    self.recommended = recommended
  }
}

extension GMSNavigationLaneShape {
  init(_ direction: ManeuverDirection, drivingSide: GMSNavigationDrivingSide) {
    switch direction {
    case .straight, .none: self = .straight
    case .slightLeft: self = .slightLeft
    case .slightRight: self = .slightRight
    case .left: self = .normalLeft
    case .right: self = .normalRight
    case .sharpLeft: self = .sharpLeft
    case .sharpRight: self = .sharpRight
    case .uTurn: self = drivingSide == .left ? .uTurnRight : .uTurnLeft
    case .other: self = .unknown
    }
  }
}

extension GMSNavigationManeuver {
  /// The maneuver for a route step's OSRM maneuver type and modifier.
  init(step: RouteStep, drivingSide: GMSNavigationDrivingSide) {
    let modifier = step.maneuver.modifier ?? .none
    let clockwise = drivingSide == .left
    switch step.maneuver.type {
    case .depart:
      self = .depart
    case .arrive:
      self =
        modifier == .left || modifier == .slightLeft || modifier == .sharpLeft
        ? .destinationLeft
        : modifier == .right || modifier == .slightRight || modifier == .sharpRight
          ? .destinationRight : .destination
    case .roundabout, .rotary, .roundaboutTurn:
      self = Self.roundabout(modifier, clockwise: clockwise)
    case .exitRoundabout, .exitRotary:
      self = clockwise ? .roundaboutExitClockwise : .roundaboutExitCounterClockwise
    case .merge:
      switch modifier {
      case .left, .slightLeft, .sharpLeft: self = .mergeLeft
      case .right, .slightRight, .sharpRight: self = .mergeRight
      default: self = .mergeUnspecified
      }
    case .onRamp:
      self = Self.ramp(
        modifier, clockwise: clockwise,
        [
          .onRampUnspecified, .onRampLeft, .onRampRight, .onRampSlightLeft, .onRampSlightRight,
          .onRampSharpLeft, .onRampSharpRight, .onRampUTurnClockwise,
          .onRampUTurnCounterClockwise,
        ])
    case .offRamp:
      self = Self.ramp(
        modifier, clockwise: clockwise,
        [
          .offRampUnspecified, .offRampLeft, .offRampRight, .offRampSlightLeft,
          .offRampSlightRight, .offRampSharpLeft, .offRampSharpRight, .offRampUTurnClockwise,
          .offRampUTurnCounterClockwise,
        ])
    case .fork:
      switch modifier {
      case .left, .slightLeft, .sharpLeft: self = .forkLeft
      case .right, .slightRight, .sharpRight: self = .forkRight
      default: self = .straight
      }
    case .newName where modifier == .straight || modifier == .none:
      self = .nameChange
    case .notification where step.mode == .ferry:
      self = .ferryBoat
    case .notification where step.mode == .train:
      self = .ferryTrain
    default:
      switch modifier {
      case .left: self = .turnLeft
      case .right: self = .turnRight
      case .slightLeft: self = step.maneuver.type == .useLane ? .turnKeepLeft : .turnSlightLeft
      case .slightRight:
        self = step.maneuver.type == .useLane ? .turnKeepRight : .turnSlightRight
      case .sharpLeft: self = .turnSharpLeft
      case .sharpRight: self = .turnSharpRight
      case .uTurn: self = clockwise ? .turnUTurnClockwise : .turnUTurnCounterClockwise
      case .straight, .none, .other: self = .straight
      }
    }
  }

  private static func roundabout(_ modifier: ManeuverDirection, clockwise: Bool) -> Self {
    let pair: (Self, Self)
    switch modifier {
    case .straight: pair = (.roundaboutStraightClockwise, .roundaboutStraightCounterClockwise)
    case .left: pair = (.roundaboutLeftClockwise, .roundaboutLeftCounterClockwise)
    case .right: pair = (.roundaboutRightClockwise, .roundaboutRightCounterClockwise)
    case .slightLeft:
      pair = (.roundaboutSlightLeftClockwise, .roundaboutSlightLeftCounterClockwise)
    case .slightRight:
      pair = (.roundaboutSlightRightClockwise, .roundaboutSlightRightCounterClockwise)
    case .sharpLeft: pair = (.roundaboutSharpLeftClockwise, .roundaboutSharpLeftCounterClockwise)
    case .sharpRight:
      pair = (.roundaboutSharpRightClockwise, .roundaboutSharpRightCounterClockwise)
    case .uTurn: pair = (.roundaboutUTurnClockwise, .roundaboutUTurnCounterClockwise)
    case .none, .other: pair = (.roundaboutClockwise, .roundaboutCounterClockwise)
    }
    return clockwise ? pair.0 : pair.1
  }

  /// `cases`: unspecified, left, right, slight left, slight right, sharp left, sharp right,
  /// U-turn clockwise, U-turn counterclockwise.
  private static func ramp(_ modifier: ManeuverDirection, clockwise: Bool, _ cases: [Self]) -> Self
  {
    switch modifier {
    case .left: return cases[1]
    case .right: return cases[2]
    case .slightLeft: return cases[3]
    case .slightRight: return cases[4]
    case .sharpLeft: return cases[5]
    case .sharpRight: return cases[6]
    case .uTurn: return clockwise ? cases[7] : cases[8]
    case .straight, .none, .other: return cases[0]
    }
  }
}

/// The names of the maneuver images: vector pictures in the renderer's image catalogue
/// (`Rendering/ManeuverIcons`), `gms.maneuver.<kind>`.
public enum GMSManeuverImageName {
  /// The image name for a maneuver.
  public static func name(for maneuver: GMSNavigationManeuver) -> String {
    "gms.maneuver." + kind(of: maneuver)
  }

  /// The picture's kind: `straight`, `turn-left`, `roundabout-left-ccw`, …
  static func kind(of maneuver: GMSNavigationManeuver) -> String {
    switch maneuver {
    case .unknown, .straight, .nameChange, .depart, .onRampUnspecified, .offRampUnspecified,
      .mergeUnspecified:
      return "straight"
    case .destination, .destinationLeft, .destinationRight: return "destination"
    case .turnLeft, .onRampLeft, .offRampLeft: return "turn-left"
    case .turnRight, .onRampRight, .offRampRight: return "turn-right"
    case .turnSlightLeft, .turnKeepLeft, .forkLeft, .mergeLeft, .onRampSlightLeft,
      .onRampKeepLeft, .offRampSlightLeft, .offRampKeepLeft:
      return "slight-left"
    case .turnSlightRight, .turnKeepRight, .forkRight, .mergeRight, .onRampSlightRight,
      .onRampKeepRight, .offRampSlightRight, .offRampKeepRight:
      return "slight-right"
    case .turnSharpLeft, .onRampSharpLeft, .offRampSharpLeft: return "sharp-left"
    case .turnSharpRight, .onRampSharpRight, .offRampSharpRight: return "sharp-right"
    case .turnUTurnCounterClockwise, .onRampUTurnCounterClockwise,
      .offRampUTurnCounterClockwise:
      return "uturn-left"
    case .turnUTurnClockwise, .onRampUTurnClockwise, .offRampUTurnClockwise:
      return "uturn-right"
    case .ferryBoat: return "ferry"
    case .ferryTrain: return "train"
    default:
      return roundaboutKind(of: maneuver)
    }
  }

  /// `roundabout-<exit>-<cw|ccw>` from the case name (`roundaboutSharpLeftClockwise`).
  private static func roundaboutKind(of maneuver: GMSNavigationManeuver) -> String {
    var name = "\(maneuver)".dropFirst("roundabout".count)
    let counter = name.hasSuffix("CounterClockwise")
    name = name.dropLast(counter ? "CounterClockwise".count : "Clockwise".count)
    let exits: [Substring: String] = [
      "": "enter", "Straight": "straight", "Left": "left", "Right": "right",
      "SlightLeft": "slight-left", "SlightRight": "slight-right", "SharpLeft": "sharp-left",
      "SharpRight": "sharp-right", "UTurn": "uturn", "Exit": "exit",
    ]
    return "roundabout-\(exits[name] ?? "enter")-\(counter ? "ccw" : "cw")"
  }
}
