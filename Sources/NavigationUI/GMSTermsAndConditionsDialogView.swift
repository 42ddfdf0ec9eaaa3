/// The terms and conditions dialog ``GMSNavigationServices`` presents in the window: a dimmed
/// backdrop and a card with the title, the text naming the company, and Decline and Accept
/// buttons that answer through their normal `touchUpInside` actions.
@preconcurrency @MainActor
public final class GMSTermsAndConditionsDialogView: UIView {
  /// The default title.
  public static let defaultTitle = "Terms and Conditions"
  /// The card holding the content.
  public let cardView = UIView()
  /// The title.
  public let titleLabel = UILabel()
  /// The terms text, naming the company.
  public let messageLabel = UILabel()
  /// Declines the terms.
  public let declineButton = UIButton(type: .system)
  /// Accepts the terms.
  public let acceptButton = UIButton(type: .system)
  private let answer: @MainActor (Bool) -> Void
  private var answered = false

  init(options: GMSNavigationTermsAndConditionsOptions, answer: @escaping @MainActor (Bool) -> Void)
  {
    self.answer = answer
    super.init(frame: .zero)
    accessibilityIdentifier = "GMSTermsAndConditionsDialog"
    backgroundColor = UIColor(white: 0, alpha: 0.4)
    let params = options.uiParams
    cardView.backgroundColor = params?.backgroundColor ?? .white
    cardView.layer.cornerRadius = 8
    titleLabel.text = options.title ?? Self.defaultTitle
    titleLabel.font = params?.titleFont ?? .boldSystemFont(ofSize: 20)
    titleLabel.textColor = params?.titleColor ?? .black
    titleLabel.numberOfLines = 0
    messageLabel.text = Self.message(for: options)
    messageLabel.font = params?.mainTextFont ?? .systemFont(ofSize: 15)
    messageLabel.textColor = params?.mainTextColor ?? .darkGray
    messageLabel.numberOfLines = 0
    declineButton.setTitle("Decline", for: .normal)
    declineButton.titleLabel?.textColor = params?.cancelButtonTextColor ?? .systemBlue
    declineButton.accessibilityIdentifier = "GMSTermsDeclineButton"
    acceptButton.setTitle("Accept", for: .normal)
    acceptButton.titleLabel?.textColor = params?.acceptButtonTextColor ?? .systemBlue
    acceptButton.accessibilityIdentifier = "GMSTermsAcceptButton"
    if let font = params?.buttonsFont {
      declineButton.titleLabel?.font = font
      acceptButton.titleLabel?.font = font
    }
    declineButton.addAction(UIAction { [weak self] _ in self?.finish(false) }, for: .touchUpInside)
    acceptButton.addAction(UIAction { [weak self] _ in self?.finish(true) }, for: .touchUpInside)
    for view in [titleLabel, messageLabel, declineButton, acceptButton] {
      cardView.addSubview(view)
    }
    addSubview(cardView)
  }

  /// The dialog's text for `options`.
  static func message(for options: GMSNavigationTermsAndConditionsOptions) -> String {
    let awareness =
      "Stay alert and obey traffic laws: directions may be inaccurate or incomplete, and road "
      + "conditions change."
    if options.shouldOnlyShowDriverAwarenessDialog { return awareness }
    return awareness + " By tapping Accept you agree that \(options.companyName) may receive "
      + "your location during navigation to improve its operations, and you accept the "
      + "navigation terms of use and the OpenStreetMap data licence (ODbL)."
  }

  private func finish(_ accepted: Bool) {
    guard !answered else { return }
    answered = true
    answer(accepted)
  }

  /// Centres the card (at most 340 pt wide) and stacks its content.
  public override func layoutSubviews() {
    super.layoutSubviews()
    let width = min(340, max(0, bounds.width - 32))
    let inner = max(0, width - 40)
    let titleHeight = titleLabel.sizeThatFits(CGSize(width: inner, height: 1000)).height
    let messageHeight = messageLabel.sizeThatFits(CGSize(width: inner, height: 1000)).height
    titleLabel.frame = CGRect(x: 20, y: 20, width: inner, height: titleHeight)
    messageLabel.frame = CGRect(
      x: 20, y: titleLabel.frame.maxY + 12, width: inner, height: messageHeight)
    let buttonY = messageLabel.frame.maxY + 16
    acceptButton.frame = CGRect(x: width - 20 - 96, y: buttonY, width: 96, height: 44)
    declineButton.frame = CGRect(x: width - 20 - 200, y: buttonY, width: 96, height: 44)
    let height = buttonY + 44 + 12
    cardView.frame = CGRect(
      x: (bounds.width - width) / 2, y: (bounds.height - height) / 2, width: width,
      height: height)
  }
}
