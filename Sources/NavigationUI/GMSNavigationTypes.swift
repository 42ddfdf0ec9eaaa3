import Foundation

// The Navigation SDK's enums with the raw values of `GMSNavigationTypes.h` and
// `GMSNavigationDelayCategory.h`, so code that stores or switches over raw values behaves as
// it does against the original.

/// Whether voice guidance plays (`GMSNavigationVoiceGuidance`).
public enum GMSNavigationVoiceGuidance: Int, Sendable, Hashable, CaseIterable {
  /// No voice guidance.
  case silent = 0
  /// Traffic alerts only.
  case alertsOnly = 1
  /// Turn-by-turn guidance and alerts (the default).
  case alertsAndGuidance = 2
}

/// Which audio devices voice guidance may use (`GMSVoiceGuidanceAudioDeviceType`).
public enum GMSVoiceGuidanceAudioDeviceType: Int, Sendable, Hashable, CaseIterable {
  /// The built-in speaker or headphones only.
  case builtInOnly = 0
  /// Bluetooth when connected, else the built-in speaker (the default).
  case bluetooth = 1
}

/// The state of navigation in a ``GMSNavigationNavInfo`` (`GMSNavigationNavState`).
public enum GMSNavigationNavState: Int, Sendable, Hashable, CaseIterable {
  /// Error or unspecified.
  case unknown = 0
  /// Navigating; the upcoming step is known.
  case enroute = 1
  /// Navigating, looking for a new route; no upcoming step yet.
  case rerouting = 2
  /// Navigation has ended.
  case stopped = 3
}

/// The side of the road traffic drives on for a step (`GMSNavigationDrivingSide`).
public enum GMSNavigationDrivingSide: UInt, Sendable, Hashable, CaseIterable {
  /// Not known.
  case none = 0
  /// Drive on the left.
  case left = 1
  /// Drive on the right.
  case right = 2
}

/// The shape of one lane direction (`GMSNavigationLaneShape`).
public enum GMSNavigationLaneShape: Int, Sendable, Hashable, CaseIterable {
  /// Not known.
  case unknown = 0
  /// Straight on.
  case straight = 1
  /// Slight left (10–45°).
  case slightLeft = 2
  /// Slight right (10–45°).
  case slightRight = 3
  /// Left (45–135°).
  case normalLeft = 4
  /// Right (45–135°).
  case normalRight = 5
  /// Sharp left (135–175°).
  case sharpLeft = 6
  /// Sharp right (135–175°).
  case sharpRight = 7
  /// U-turn to the left.
  case uTurnLeft = 8
  /// U-turn to the right.
  case uTurnRight = 9
}

/// How much traffic delays the trip to the next destination (`GMSNavigationDelayCategory`).
public enum GMSNavigationDelayCategory: Int, Sendable, Hashable, CaseIterable {
  /// No traffic data.
  case noData = 0
  /// Heavy delay.
  case heavy = 1
  /// Medium delay.
  case medium = 2
  /// Light or no delay.
  case light = 3
}

/// What route callouts show (`GMSNavigationRouteCalloutFormat`).
public enum GMSNavigationRouteCalloutFormat: Int, Sendable, Hashable, CaseIterable {
  /// Time with the default strategy, distance with the shorter one.
  case `default` = 0
  /// Time.
  case time = 1
  /// Distance.
  case distance = 2
}

/// The size of ``GMSNavigationStepInfo/maneuverImage(with:)`` (`GMSNavigationManeuverImageSize`).
public enum GMSNavigationManeuverImageSize: Int, Sendable, Hashable, CaseIterable {
  /// 48 × 48 points.
  case square48 = 0
  /// 96 × 96 points (the default).
  case square96 = 1
}

/// How far over the speed limit the driver is (`GMSNavigationSpeedAlertSeverity`).
public typealias GMSNavigationSpeedAlertSeverity = SpeedAlertSeverity

/// The value of ``GMSMapView/followingZoomLevel`` that lets the SDK choose the zoom.
public let GMSNavigationNoFollowingZoomLevel: Float = -1

/// The largest distance (`CLLocationDistanceMax`): "no route" for distances, and the value
/// that turns distance callbacks off.
public let CLLocationDistanceMax: CLLocationDistance = .greatestFiniteMagnitude

/// The largest time interval (`CLTimeIntervalMax`): "no route" for times.
public let CLTimeIntervalMax: TimeInterval = .greatestFiniteMagnitude

/// A navigation action (`GMSNavigationManeuver`): the header's 66 cases and raw values.
public enum GMSNavigationManeuver: UInt, Sendable, Hashable, CaseIterable {
  /// An unknown maneuver.
  case unknown = 0
  /// The start of the route.
  case depart = 1
  /// Arrival at a destination.
  case destination = 2
  /// Arrival at a destination on the left.
  case destinationLeft = 3
  /// Arrival at a destination on the right.
  case destinationRight = 4
  /// Continue straight.
  case straight = 5
  /// A left turn.
  case turnLeft = 6
  /// A right turn.
  case turnRight = 7
  /// Keep left as the road diverges.
  case turnKeepLeft = 8
  /// Keep right as the road diverges.
  case turnKeepRight = 9
  /// A slight left turn.
  case turnSlightLeft = 10
  /// A slight right turn.
  case turnSlightRight = 11
  /// A sharp left turn.
  case turnSharpLeft = 12
  /// A sharp right turn.
  case turnSharpRight = 13
  /// A clockwise U-turn.
  case turnUTurnClockwise = 14
  /// A counterclockwise U-turn.
  case turnUTurnCounterClockwise = 15
  /// The road joins another.
  case mergeUnspecified = 16
  /// The road joins another on the left.
  case mergeLeft = 17
  /// The road joins another on the right.
  case mergeRight = 18
  /// Take the left branch of a fork.
  case forkLeft = 19
  /// Take the right branch of a fork.
  case forkRight = 20
  /// Enter a freeway.
  case onRampUnspecified = 21
  /// Turn left onto a freeway ramp.
  case onRampLeft = 22
  /// Turn right onto a freeway ramp.
  case onRampRight = 23
  /// Keep left onto a freeway ramp.
  case onRampKeepLeft = 24
  /// Keep right onto a freeway ramp.
  case onRampKeepRight = 25
  /// Slight left onto a freeway ramp.
  case onRampSlightLeft = 26
  /// Slight right onto a freeway ramp.
  case onRampSlightRight = 27
  /// Sharp left onto a freeway ramp.
  case onRampSharpLeft = 28
  /// Sharp right onto a freeway ramp.
  case onRampSharpRight = 29
  /// Clockwise U-turn onto a freeway ramp.
  case onRampUTurnClockwise = 30
  /// Counterclockwise U-turn onto a freeway ramp.
  case onRampUTurnCounterClockwise = 31
  /// Exit a freeway.
  case offRampUnspecified = 32
  /// Turn left to exit a freeway.
  case offRampLeft = 33
  /// Turn right to exit a freeway.
  case offRampRight = 34
  /// Keep left to exit a freeway.
  case offRampKeepLeft = 35
  /// Keep right to exit a freeway.
  case offRampKeepRight = 36
  /// Slight left to exit a freeway.
  case offRampSlightLeft = 37
  /// Slight right to exit a freeway.
  case offRampSlightRight = 38
  /// Sharp left to exit a freeway.
  case offRampSharpLeft = 39
  /// Sharp right to exit a freeway.
  case offRampSharpRight = 40
  /// Clockwise U-turn to exit a freeway.
  case offRampUTurnClockwise = 41
  /// Counterclockwise U-turn to exit a freeway.
  case offRampUTurnCounterClockwise = 42
  /// Enter a clockwise roundabout.
  case roundaboutClockwise = 43
  /// Enter a counterclockwise roundabout.
  case roundaboutCounterClockwise = 44
  /// Clockwise roundabout, straight on.
  case roundaboutStraightClockwise = 45
  /// Counterclockwise roundabout, straight on.
  case roundaboutStraightCounterClockwise = 46
  /// Clockwise roundabout, turn left.
  case roundaboutLeftClockwise = 47
  /// Counterclockwise roundabout, turn left.
  case roundaboutLeftCounterClockwise = 48
  /// Clockwise roundabout, turn right.
  case roundaboutRightClockwise = 49
  /// Counterclockwise roundabout, turn right.
  case roundaboutRightCounterClockwise = 50
  /// Clockwise roundabout, slight left.
  case roundaboutSlightLeftClockwise = 51
  /// Counterclockwise roundabout, slight left.
  case roundaboutSlightLeftCounterClockwise = 52
  /// Clockwise roundabout, slight right.
  case roundaboutSlightRightClockwise = 53
  /// Counterclockwise roundabout, slight right.
  case roundaboutSlightRightCounterClockwise = 54
  /// Clockwise roundabout, sharp left.
  case roundaboutSharpLeftClockwise = 55
  /// Counterclockwise roundabout, sharp left.
  case roundaboutSharpLeftCounterClockwise = 56
  /// Clockwise roundabout, sharp right.
  case roundaboutSharpRightClockwise = 57
  /// Counterclockwise roundabout, sharp right.
  case roundaboutSharpRightCounterClockwise = 58
  /// Clockwise roundabout, U-turn.
  case roundaboutUTurnClockwise = 59
  /// Counterclockwise roundabout, U-turn.
  case roundaboutUTurnCounterClockwise = 60
  /// Leave a clockwise roundabout.
  case roundaboutExitClockwise = 61
  /// Leave a counterclockwise roundabout.
  case roundaboutExitCounterClockwise = 62
  /// Take the boat ferry.
  case ferryBoat = 63
  /// Take the train ferry.
  case ferryTrain = 64
  /// The street name changes.
  case nameChange = 65
}
