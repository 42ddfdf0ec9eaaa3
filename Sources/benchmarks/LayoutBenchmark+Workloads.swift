import CMallocStats
import Cassowary
import Foundation
import SolverWorkloads
import ViewKit

@MainActor
func navScreenRows(runs: Int) -> [LayoutRow] {
  var cold: [Double] = []
  var relayout: [Double] = []
  var treeOnly: [Double] = []
  var firstLayout: [Double] = []
  for _ in 0..<runs {
    var fresh: NavScreen?
    treeOnly.append(microseconds { fresh = NavScreen(clock: ManualClock()) })
    firstLayout.append(microseconds { fresh!.window.layoutIfNeeded() })
    var screen: NavScreen?
    cold.append(
      microseconds {
        screen = NavScreen(clock: ManualClock())
        screen!.window.layoutIfNeeded()
      })
    // Re-solve with nothing changed structurally: the constant of one constraint.
    relayout.append(
      microseconds {
        screen!.promptBottom.constant = 120
        screen!.window.layoutIfNeeded()
      })
  }
  let screen = NavScreen(clock: ManualClock())
  screen.window.layoutIfNeeded()
  let sizes = [
    CGSize(width: 844, height: 390), CGSize(width: 390, height: 844),
    CGSize(width: 932, height: 430), CGSize(width: 430, height: 932),
  ]
  var rotations: [Double] = []
  for frame in 0..<60 {
    let size = sizes[frame % sizes.count]
    rotations.append(
      microseconds {
        screen.window.frame = CGRect(origin: .zero, size: size)
        screen.window.layoutIfNeeded()
      })
  }
  // Prompt slide by constraint constant (the solver-side `animate` workload): 600 frames.
  screen.window.frame = CGRect(x: 0, y: 0, width: 390, height: 844)
  screen.window.layoutIfNeeded()
  var slide: [Double] = []
  var hold: [Double] = []
  for frame in 0..<600 {
    let phase = frame % 150
    let offset: CGFloat =
      phase < 30
      ? 240 * (1 - CGFloat(phase) / 30)
      : phase < 90 ? 0 : phase < 120 ? 240 * CGFloat(phase - 90) / 30 : 240
    let moving = offset != screen.promptBottom.constant
    let time = microseconds {
      screen.promptBottom.constant = offset
      screen.window.layoutIfNeeded()
    }
    if moving { slide.append(time) } else { hold.append(time) }
  }
  // Presentation path (DESIGN decision 10): one animate call, then frames on the clock.
  let clock = ManualClock()
  let animated = NavScreen(clock: clock)
  animated.window.layoutIfNeeded()
  var presentation: [Double] = []
  var framesOnly: [Double] = []
  for round in 0..<20 {
    UIView.animate(withDuration: 0.4) {
      animated.promptBottom.constant = animated.promptBottom.constant == 0 ? 240 : 0
      animated.window.layoutIfNeeded()
    }
    for _ in 0..<24 {
      if round % 2 == 0 {
        presentation.append(
          microseconds {
            clock.advance(by: 1.0 / 60)
            for view in animated.views { _ = view.layer.presentation(at: clock.now).frame }
          })
      } else {
        framesOnly.append(
          microseconds {
            clock.advance(by: 1.0 / 60)
            for view in animated.views { _ = view.layer.presentationFrame(at: clock.now) }
          })
      }
    }
  }
  let stats = screen.window.layoutStatistics
  let views =
    "\(screen.views.count) views, \(stats.userConstraints) anchors' constraints,"
    + " \(stats.solverConstraints) in the solver"
  return [
    LayoutRow(name: "navscreen.cold", samples: cold, note: "\(views): build + first layout"),
    LayoutRow(name: "navscreen.cold.tree", samples: treeOnly, note: "views + activate only"),
    LayoutRow(name: "navscreen.cold.layout", samples: firstLayout, note: "first layoutIfNeeded"),
    LayoutRow(name: "navscreen.constant", samples: relayout, note: "one constant + layout"),
    LayoutRow(name: "navscreen.rotate", samples: rotations, note: "window resize + layout"),
    LayoutRow(
      name: "animate.constraint-frame", samples: slide, note: "prompt moving: constant + layout"),
    LayoutRow(name: "animate.hold-frame", samples: hold, note: "same constant: nothing to do"),
    LayoutRow(
      name: "animate.presentation-frame", samples: presentation,
      note: "advance clock + \(animated.views.count) presentation() copies"),
    LayoutRow(
      name: "animate.presentation-rects", samples: framesOnly,
      note: "advance clock + \(animated.views.count) presentationFrame(at:)"),
  ]
}

/// A screen of `count` views: groups of ten, each group pinned in the root and its ten
/// children chained left to right with intrinsic sizes.
@MainActor
func makeScreen(views count: Int, in window: UIWindow) -> [UIView] {
  var groups: [UIView] = []
  var constraints: [NSLayoutConstraint] = []
  for group in 0..<(count / 10) {
    let container = UIView()
    container.translatesAutoresizingMaskIntoConstraints = false
    window.addSubview(container)
    groups.append(container)
    constraints += [
      container.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 4),
      container.topAnchor.constraint(
        equalTo: window.topAnchor, constant: CGFloat(group % 100) * 30),
      container.widthAnchor.constraint(equalToConstant: 380),
      container.heightAnchor.constraint(equalToConstant: 28),
    ]
    var previous: UIView?
    for item in 0..<9 {
      let child = BoxView("c\(item)", 30, 20)
      container.addSubview(child)
      constraints += [
        child.leadingAnchor.constraint(
          equalTo: previous?.trailingAnchor ?? container.leadingAnchor, constant: 4),
        child.centerYAnchor.constraint(equalTo: container.centerYAnchor),
      ]
      previous = child
    }
  }
  NSLayoutConstraint.activate(constraints)
  return groups
}

@MainActor
func scalingRows(runs: Int) -> [LayoutRow] {
  var rows: [LayoutRow] = []
  for count in [100, 1000, 10000] {
    var samples: [Double] = []
    for _ in 0..<(count == 10000 ? max(1, runs / 3) : runs) {
      let window = UIWindow(
        frame: CGRect(x: 0, y: 0, width: 390, height: 3000), clock: ManualClock())
      samples.append(
        microseconds {
          _ = makeScreen(views: count, in: window)
          window.layoutIfNeeded()
        })
    }
    let perView = median(samples.sorted()) / Double(count)
    rows.append(
      LayoutRow(
        name: "screen.\(count)", samples: samples,
        note: String(format: "build + layout, %.2f µs per view", perView)))
  }
  return rows
}

/// Heap per view and per active constraint on the 10,000-view screen, and what removing the
/// views gives back.
@MainActor
func memoryReport() -> String {
  let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 3000), clock: ManualClock())
  window.layoutIfNeeded()
  let before = heapBytes()
  var groups = makeScreen(views: 10000, in: window)
  window.layoutIfNeeded()
  let loaded = heapBytes()
  let constraints = groups.count * (4 + 9 * 2)
  for group in groups { group.removeFromSuperview() }
  groups = []
  window.layoutIfNeeded()
  let after = heapBytes()
  let used = Double(loaded - before)
  return String(
    format:
      "memory: 10000 views, %d constraints: %.0f KB (%.0f B per view incl. its constraints,"
      + " %.0f B per constraint); after removing every view: %+.0f KB from baseline",
    constraints, used / 1024, used / 10000, used / Double(constraints),
    Double(after - before) / 1024)
}

/// The same count of equalities straight into a solver, added then removed: what the
/// solver itself keeps after removal.
func solverMemoryReport(constraints count: Int) -> String {
  let solver = Solver()
  let before = heapBytes()
  var list: [Constraint] = []
  var variables: [Variable] = []
  for index in 0..<(count / 2) {
    let a = Variable()
    let b = Variable()
    variables += [a, b]
    list += [a == Double(index), b == a + 10]
  }
  for constraint in list { try? solver.addConstraint(constraint) }
  solver.updateVariables()
  let loaded = heapBytes()
  for constraint in list { try? solver.removeConstraint(constraint) }
  list = []
  variables = []
  solver.updateVariables()
  let after = heapBytes()
  return String(
    format: "solver-only: %d constraints: %.0f KB; after removing them: %+.0f KB from baseline",
    count, Double(loaded - before) / 1024, Double(after - before) / 1024)
}
