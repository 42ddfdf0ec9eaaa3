@testable import Demo

/// The example layout delegates the tests drive are the Demo module's, so the demo, these
/// tests and the audit's clean examples exercise one implementation of each.
typealias BasicLayoutDelegate = SampleLayoutDelegate
/// The wide-mode example (turn card and ETA card on the leading side in wide mode).
typealias WideModeDelegate = WideLayoutDelegate
/// The bottom-sheet example (prompts rounded on all corners).
typealias BottomSheetDelegate = SheetLayoutDelegate
