import Foundation

/// Picks one screenshot per UI state: on the state's first run of frames, the first frame
/// at least ``settleTime`` after the run began (so slide-in animations have finished), or
/// the run's last frame when it is shorter.
///
/// Fed frame by frame, so a long run can let go of every other frame's pixels.
struct StateScreenshots {
  /// Seconds after a state begins before its screenshot is taken.
  static let settleTime: TimeInterval = 1

  /// The chosen frame index per state, in the order the states first appeared.
  private(set) var chosen: [(state: String, index: Int)] = []
  private var seen: Set<String> = []
  private var runState: String?
  private var runStart: TimeInterval = 0
  private var choosing = false

  /// Takes the next frame; returns the frame index the choice moved away from, if any.
  mutating func add(index: Int, time: TimeInterval, state: String) -> Int? {
    if state != runState {
      runState = state
      runStart = time
      choosing = !seen.contains(state)
      seen.insert(state)
      if choosing {
        chosen.append((state, index))
        if time - runStart >= Self.settleTime { choosing = false }
        return nil
      }
    }
    guard choosing, let last = chosen.last else { return nil }
    chosen[chosen.count - 1].index = index
    if time - runStart >= Self.settleTime { choosing = false }
    return last.index
  }

  /// Whether frame `index` is a chosen screenshot.
  func contains(_ index: Int) -> Bool { chosen.contains { $0.index == index } }

  /// The choice over a whole list of frames.
  static func choose(_ frames: [DemoRun.Frame]) -> [(state: String, index: Int)] {
    var shots = StateScreenshots()
    for frame in frames { _ = shots.add(index: frame.index, time: frame.time, state: frame.state) }
    return shots.chosen
  }
}
