import CMallocStats
import Cassowary
import Foundation
import SolverWorkloads
import ViewKit

/// Only the cold navscreen build and first layout, many times (for profilers).
@MainActor
func coldOnlyRows(runs: Int) -> [LayoutRow] {
  var cold: [Double] = []
  for _ in 0..<runs { cold.append(coldScreen().microseconds) }
  return [LayoutRow(name: "navscreen.cold", samples: cold, note: "build + first layout only")]
}

/// A navscreen built and laid out for the first time, and how long that took. The screen is
/// returned, so its teardown happens after the timed block: it is not part of a cold layout.
@MainActor
func coldScreen() -> (screen: NavScreen, microseconds: Double) {
  var screen: NavScreen?
  let time = microseconds {
    screen = NavScreen(clock: ManualClock())
    screen!.window.layoutIfNeeded()
  }
  return (screen!, time)
}

@MainActor
func navScreenRows(runs: Int, workloads: String) -> [LayoutRow] {
  var cold: [Double] = []
  var relayout: [Double] = []
  var treeOnly: [Double] = []
  var firstLayout: [Double] = []
  var solverBuild: [Double] = []
  var solverFrame: [Double] = []
  let workload = try? Workload(path: workloads + "/navscreen.json")
  for _ in 0..<runs {
    // The solver-only build of the same screen, in the same loop.
    if let workload, let result = try? runOnce(workload, measureHeap: false) {
      solverBuild.append(result.build)
      solverFrame.append(Samples(result.frames).median)
    }
    var fresh: NavScreen?
    treeOnly.append(microseconds { fresh = NavScreen(clock: ManualClock()) })
    firstLayout.append(microseconds { fresh!.window.layoutIfNeeded() })
    let (screen, coldTime) = coldScreen()
    cold.append(coldTime)
    // Re-solve with nothing changed structurally: the constant of one constraint.
    relayout.append(
      microseconds {
        screen.promptBottom.constant = 120
        screen.window.layoutIfNeeded()
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
  // Presentation path (Guides/Decisions.md 10): one animate call, then frames on the clock.
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
    LayoutRow(
      name: "navscreen.cold", samples: cold,
      note: "\(views): build + first layout",
      peer: ("solver-only build", solverBuild)),
    LayoutRow(
      name: "navscreen.solver-only.build", samples: solverBuild,
      note: "workload navscreen.json (157 constraints), same loop"),
    LayoutRow(name: "navscreen.cold.tree", samples: treeOnly, note: "views + activate only"),
    LayoutRow(name: "navscreen.cold.layout", samples: firstLayout, note: "first layoutIfNeeded"),
    LayoutRow(name: "navscreen.constant", samples: relayout, note: "one constant + layout"),
    LayoutRow(
      name: "navscreen.rotate", samples: rotations,
      note: "window resize + layout", peer: ("solver-only frame", solverFrame)),
    LayoutRow(
      name: "navscreen.solver-only.frame", samples: solverFrame,
      note: "navscreen.json resize frame (median per run)"),
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

/// ``makeScreen(views:in:)``'s constraints straight into a solver: the same variables (four
/// per view), the same user constraints and the same intrinsic-size preferences (hugging
/// 250, compression 750 per axis of each box, encoded as the view layer does: one soft
/// equality per axis), the root's size as edits. Returns the time to make and solve them.
func solverOnlyScreen(views count: Int) -> Double {
  microseconds {
    let solver = Solver()
    func box() -> [Variable] { [Variable(), Variable(), Variable(), Variable()] }
    let root = box()
    let sizes: [Double] = [0, 0, 390, 3000]
    for (variable, value) in zip(root, sizes) {
      try? solver.addEditVariable(variable, strength: Strength(999_900))
      try? solver.suggestValue(value, for: variable)
    }
    let hug = Strength(250_000)
    let resist = Strength(750_000)
    for group in 0..<(count / 10) {
      let c = box()
      for constraint in [
        c[0] == root[0] + 4, c[1] == root[1] + Double(group % 100) * 30, c[2] == 380.0,
        c[3] == 28.0,
      ] {
        try? solver.addConstraint(constraint)
      }
      var previousRight: Cassowary.Expression = c[0] + 0
      for _ in 0..<9 {
        let v = box()
        for constraint in [
          v[0] == previousRight + 4, v[1] + v[3] * 0.5 == c[1] + c[3] * 0.5,
          Constraint(v[2] - 30, above: hug, below: resist),
          Constraint(v[3] - 20, above: hug, below: resist),
        ] {
          try? solver.addConstraint(constraint)
        }
        previousRight = v[0] + v[2]
      }
    }
    solver.updateVariables()
  }
}

@MainActor
func scalingRows(runs: Int) {
  for count in [100, 1000, 10000] {
    var samples: [Double] = []
    var solverSamples: [Double] = []
    for _ in 0..<(count == 10000 ? max(3, runs / 3) : runs) {
      solverSamples.append(solverOnlyScreen(views: count))
      let window = UIWindow(
        frame: CGRect(x: 0, y: 0, width: 390, height: 3000), clock: ManualClock())
      samples.append(
        microseconds {
          _ = makeScreen(views: count, in: window)
          window.layoutIfNeeded()
        })
    }
    let views = Samples(samples)
    let solver = Samples(solverSamples)
    LayoutRow(
      name: "screen.\(count)", samples: samples,
      note: String(
        format: "build + layout: %.2f µs per view (median), %.2f (min)",
        views.median / Double(count), views.minimum / Double(count)),
      peer: ("solver-only", solverSamples)
    ).report()
    LayoutRow(
      name: "screen.\(count).solver-only", samples: solverSamples,
      note: String(
        format: "same constraints, no views: %.2f µs per view (median)",
        solver.median / Double(count))
    ).report()
  }
}

/// Heap per view and per active constraint on the 10,000-view screen, and what removing the
/// views gives back: the solver's constraint count and item list return exactly to the
/// empty window's; the heap returns to within what the solver's buffers keep (capacity
/// reused by the next views, not leaked: a second build and removal does not grow it).
@MainActor
func memoryReport() {
  let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 3000), clock: ManualClock())
  // The baseline: the window after a small screen came and went (its engine and solver
  // exist, nothing else).
  for group in makeScreen(views: 10, in: window) { group.removeFromSuperview() }
  window.layoutIfNeeded()
  let emptyStats = window.layoutStatistics
  let before = heapBytes()
  var afterFirst = 0
  for round in 1...2 {
    var groups = makeScreen(views: 10000, in: window)
    window.layoutIfNeeded()
    let loaded = heapBytes()
    let stats = window.layoutStatistics
    for group in groups { group.removeFromSuperview() }
    groups = []
    window.layoutIfNeeded()
    let after = heapBytes()
    if round == 1 { afterFirst = after }
    let used = Double(loaded - before)
    let back = window.layoutStatistics == emptyStats
    fact(
      "memory round \(round)",
      String(
        format:
          "10000 views, %d constraints (%d in the solver): %.0f KB = %.0f B per"
          + " view incl. its constraints, %.0f B per active constraint; after removing every"
          + " view: %+.0f KB from the empty window (%+.0f KB from round 1), solver and items"
          + " back to the empty window's: %@",
        stats.userConstraints, stats.solverConstraints, used / 1024, used / 10000,
        used / Double(stats.solverConstraints), Double(after - before) / 1024,
        Double(after - afterFirst) / 1024, back ? "yes" : "NO"))
  }
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
