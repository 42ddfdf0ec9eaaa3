/// The translations this package writes itself and ships as Swift literals (`th`, `zh-Hant`).
///
/// Literals rather than resource files: they need no bundle lookup at run time, so an
/// installed `navui` binary finds them wherever it is copied. Both follow the structure of
/// upstream's `en.json` key for key; neither language capitalises.
enum InstructionBuiltInTranslations {
  /// Every built-in language, sorted by code.
  static var languages: [InstructionLanguage] {
    [
      InstructionLanguage(
        code: "th", capitalizeFirstLetter: false,
        templates: InstructionTemplateNode.make(flat: thai)),
      InstructionLanguage(
        code: "zh-Hant", capitalizeFirstLetter: false,
        templates: InstructionTemplateNode.make(flat: traditionalChinese)),
    ]
  }
}
