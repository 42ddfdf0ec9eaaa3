/// The parts of a banner component that only lanes, shields and abbreviations have.
struct ComponentExtras: Sendable, Hashable {
  var abbreviation: String?
  var directions: [ManeuverDirection] = []
  var active: Bool?
  var activeDirection: ManeuverDirection?

  var isEmpty: Bool {
    abbreviation == nil && directions.isEmpty && active == nil && activeDirection == nil
  }
}

/// One piece of a banner line: text, a shield, a delimiter, an exit number or a lane.
///
/// The type and text are stored inline; the abbreviation and the lane fields share one box
/// that plain text components do without.
public struct VisualInstructionComponent: Sendable, Hashable {
  /// `text`, `icon`, `delimiter`, `exit`, `exit-number`, `lane`, `guidance-view`, …
  public var type: String
  /// The text to show.
  public var text: String
  private var extrasStorage: Shared<ComponentExtras>?
  private var extras: ComponentExtras {
    get { extrasStorage?.value ?? ComponentExtras() }
    set { extrasStorage = newValue.isEmpty ? nil : Shared(newValue) }
  }
  /// A shorter form of `text`, when given.
  public var abbreviation: String? {
    get { extrasStorage?.value.abbreviation }
    set { extras.abbreviation = newValue }
  }
  /// For lanes: the lane's turn markings.
  public var directions: [ManeuverDirection] {
    get { extrasStorage?.value.directions ?? [] }
    set { extras.directions = newValue }
  }
  /// For lanes: whether the lane is usable for the maneuver.
  public var active: Bool? {
    get { extrasStorage?.value.active }
    set { extras.active = newValue }
  }
  /// For lanes: which marking the route uses.
  public var activeDirection: ManeuverDirection? {
    get { extrasStorage?.value.activeDirection }
    set { extras.activeDirection = newValue }
  }

  /// Shares equal strings and boxes with the rest of a decoded route.
  mutating func share(_ pool: inout StoragePool) {
    type = pool.intern(type)
    text = pool.intern(text)
    guard var e = extrasStorage?.value else { return }
    e.abbreviation = pool.intern(e.abbreviation)
    extrasStorage = pool.intern(Shared(e))
  }

  /// A component from its parts.
  public init(
    type: String, text: String, abbreviation: String? = nil, directions: [ManeuverDirection] = [],
    active: Bool? = nil, activeDirection: ManeuverDirection? = nil
  ) {
    self.type = type
    self.text = text
    self.extrasStorage = nil
    self.extras = ComponentExtras(
      abbreviation: abbreviation, directions: directions, active: active,
      activeDirection: activeDirection)
  }
}

/// One line of a banner (primary, secondary or sub).
public struct VisualInstructionLine: Sendable, Hashable {
  /// The whole line as text.
  public var text: String {
    didSet {
      // Components stay as they were when the text they may repeat changes.
      guard text != oldValue else { return }
      setComponents(
        componentsAreText
          ? [VisualInstructionComponent(type: "text", text: oldValue)] : componentsStorage)
    }
  }
  /// The maneuver type this line shows.
  public var maneuverType: ManeuverType? {
    get { details?.value.maneuverType }
    set { setDetails { $0.maneuverType = newValue } }
  }
  /// The maneuver direction this line shows.
  public var maneuverDirection: ManeuverDirection? {
    get { details?.value.maneuverDirection }
    set { setDetails { $0.maneuverDirection = newValue } }
  }
  /// For roundabouts: the exit's angle in degrees.
  public var degrees: Double? {
    get { details?.value.degrees }
    set { setDetails { $0.degrees = newValue } }
  }
  /// The pieces of the line.
  ///
  /// The most common line, one text component repeating the line's text, stores no array.
  public var components: [VisualInstructionComponent] {
    get {
      componentsAreText ? [VisualInstructionComponent(type: "text", text: text)] : componentsStorage
    }
    set { setComponents(newValue) }
  }

  /// Type, direction and angle: few combinations, so shared between the lines of a route.
  struct Details: Sendable, Hashable {
    var maneuverType: ManeuverType?
    var maneuverDirection: ManeuverDirection?
    var degrees: Double?
  }
  private var details: Shared<Details>?
  private var componentsStorage: [VisualInstructionComponent] = []
  private var componentsAreText = false

  private mutating func setDetails(_ change: (inout Details) -> Void) {
    var d = details?.value ?? Details()
    change(&d)
    details = d == Details() ? nil : Shared(d)
  }

  private mutating func setComponents(_ list: [VisualInstructionComponent]) {
    if list.count == 1, list[0] == VisualInstructionComponent(type: "text", text: text) {
      componentsAreText = true
      componentsStorage = []
    } else {
      componentsAreText = false
      componentsStorage = list
    }
  }

  /// Shares equal strings and boxes with the rest of a decoded route.
  mutating func share(_ pool: inout StoragePool) {
    text = pool.intern(text)
    for n in componentsStorage.indices { componentsStorage[n].share(&pool) }
    details = details.map { pool.intern($0) }
  }

  /// A line from its parts.
  public init(
    text: String, maneuverType: ManeuverType? = nil, maneuverDirection: ManeuverDirection? = nil,
    degrees: Double? = nil, components: [VisualInstructionComponent] = []
  ) {
    self.text = text
    let d = Details(
      maneuverType: maneuverType, maneuverDirection: maneuverDirection, degrees: degrees)
    self.details = d == Details() ? nil : Shared(d)
    setComponents(components)
  }
}

/// A banner to show from a distance before the end of its step.
public struct VisualInstruction: Sendable, Hashable {
  /// Show the banner when this many meters of the step remain.
  public var distanceAlongStep: CLLocationDistance
  /// The main line.
  public var primary: VisualInstructionLine
  /// A second line, when given (stored out of line: most banners have none).
  public var secondary: VisualInstructionLine? {
    get { secondaryStorage?.value }
    set { secondaryStorage = newValue.map { Shared($0) } }
  }
  /// The line below (often lanes or the next maneuver), when given.
  public var sub: VisualInstructionLine? {
    get { subStorage?.value }
    set { subStorage = newValue.map { Shared($0) } }
  }
  private var secondaryStorage: Shared<VisualInstructionLine>?
  private var subStorage: Shared<VisualInstructionLine>?

  /// Shares equal strings and boxes with the rest of a decoded route.
  mutating func share(_ pool: inout StoragePool) {
    primary.share(&pool)
    if var line = secondary {
      line.share(&pool)
      secondaryStorage = pool.intern(Shared(line))
    }
    if var line = sub {
      line.share(&pool)
      subStorage = pool.intern(Shared(line))
    }
  }

  /// A banner from its parts.
  public init(
    distanceAlongStep: CLLocationDistance, primary: VisualInstructionLine,
    secondary: VisualInstructionLine? = nil, sub: VisualInstructionLine? = nil
  ) {
    self.distanceAlongStep = distanceAlongStep
    self.primary = primary
    self.secondaryStorage = secondary.map { Shared($0) }
    self.subStorage = sub.map { Shared($0) }
  }
}

/// How an announcement's SSML is kept: around the plain text (most providers wrap the same
/// text in the same markup, so the wrapping is shared), or whole.
enum SSMLStorage: Sendable, Hashable {
  case around(prefix: String, suffix: String)
  case whole(String)
}

/// A voice announcement to speak when a given distance of its step remains.
public struct SpokenInstruction: Sendable, Hashable {
  /// Speak when this many meters of the step remain.
  public var distanceAlongStep: CLLocationDistance
  /// The plain text.
  public var text: String {
    didSet {
      // Keep the SSML as it was when the text it wraps changes.
      if let old = ssmlStorage, case .around(let prefix, let suffix) = old.value {
        ssmlStorage = Shared(.whole(prefix + oldValue + suffix))
      }
    }
  }
  /// The SSML text, when given.
  public var ssmlText: String? {
    get {
      switch ssmlStorage?.value {
      case .around(let prefix, let suffix)?: return prefix + text + suffix
      case .whole(let s)?: return s
      case nil: return nil
      }
    }
    set { ssmlStorage = newValue.map { Shared(SpokenInstruction.storage($0, around: text)) } }
  }
  private var ssmlStorage: Shared<SSMLStorage>?

  private static func storage(_ ssml: String, around text: String) -> SSMLStorage {
    guard !text.isEmpty, let range = ssml.range(of: text) else { return .whole(ssml) }
    return .around(
      prefix: String(ssml[..<range.lowerBound]), suffix: String(ssml[range.upperBound...]))
  }

  /// Shares equal strings and boxes with the rest of a decoded route.
  mutating func share(_ pool: inout StoragePool) {
    let ssml = ssmlStorage
    text = pool.intern(text)
    ssmlStorage = ssml.map { pool.intern($0) }
  }

  /// Announcements are equal when their public values are, whatever their storage.
  public static func == (a: SpokenInstruction, b: SpokenInstruction) -> Bool {
    a.distanceAlongStep == b.distanceAlongStep && a.text == b.text && a.ssmlText == b.ssmlText
  }

  /// Hashes the public values.
  public func hash(into h: inout Hasher) {
    h.combine(distanceAlongStep)
    h.combine(text)
    h.combine(ssmlText)
  }

  /// An announcement from its parts.
  public init(distanceAlongStep: CLLocationDistance, text: String, ssmlText: String? = nil) {
    self.distanceAlongStep = distanceAlongStep
    self.text = text
    self.ssmlStorage = ssmlText.map { Shared(SpokenInstruction.storage($0, around: text)) }
  }
}
