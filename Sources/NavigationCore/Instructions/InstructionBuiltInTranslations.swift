/// The translations this package writes itself and ships as Swift literals (`th`, `zh-Hant`).
///
/// Literals rather than resource files: they need no bundle lookup at run time, so an
/// installed `navui` binary finds them wherever it is copied.
enum InstructionBuiltInTranslations {
  /// Every built-in language.
  static var languages: [InstructionLanguage] {
    []
  }
}
