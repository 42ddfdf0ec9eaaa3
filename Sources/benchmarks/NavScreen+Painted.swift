import Foundation
import NavigationCore
import Rendering
import ViewKit

extension NavScreen {
  /// The navigation screen as the `render` suite draws it: plain styled views over the map,
  /// laid out by frames: a turn card with icon and labels, a speed widget, a button column, a
  /// prompt, the ETA card and the logo — about what the navigation UI puts on a phone.
  @MainActor
  struct Painted {
    let window: UIWindow
    let mapView: UIView
    let viewport: UIView

    /// The painted screen, in a new ``NavScreen/window(clock:)``.
    init(clock: ManualClock) {
      window = NavScreen.window(clock: clock)
      window.backgroundColor = .white
      mapView = UIView(frame: window.bounds)
      mapView.accessibilityIdentifier = "map"
      window.addSubview(mapView)
      viewport = UIView(frame: CGRect(x: 0, y: 175, width: 390, height: 480))
      viewport.accessibilityIdentifier = "viewport"
      mapView.addSubview(viewport)

      let turnCard = Self.card(CGRect(x: 0, y: 0, width: 390, height: 175), rgb: 0x0B8043)
      turnCard.layer.maskedCorners = [.layerMinXMaxYCorner, .layerMaxXMaxYCorner]
      turnCard.accessibilityIdentifier = "turnCard"
      mapView.addSubview(turnCard)
      let arrow = UIImageView(image: UIImage(systemName: "arrow.turn.up.right"))
      arrow.frame = CGRect(x: 16, y: 63, width: 56, height: 56)
      arrow.tintColor = .white
      turnCard.addSubview(arrow)
      turnCard.addSubview(
        Self.label(
          "250 m", CGRect(x: 88, y: 58, width: 280, height: 36), size: 30, weight: .bold,
          color: .white))
      turnCard.addSubview(
        Self.label(
          "Avenue de Monte-Carlo", CGRect(x: 88, y: 96, width: 286, height: 30), size: 22,
          weight: .semibold, color: .white))
      turnCard.addSubview(
        Self.label(
          "then Place du Casino", CGRect(x: 88, y: 132, width: 286, height: 24), size: 16,
          weight: .regular, color: UIColor(white: 1, alpha: 0.85)))

      let speed = Self.card(CGRect(x: 12, y: 600, width: 64, height: 64), rgb: 0xFFFFFF)
      speed.layer.cornerRadius = 32
      speed.layer.borderWidth = 1
      speed.layer.borderColor = UIColor(white: 0.8, alpha: 1).cgColor
      speed.addSubview(
        Self.label(
          "42", CGRect(x: 0, y: 8, width: 64, height: 30), size: 24, weight: .bold,
          color: .black, alignment: .center))
      speed.addSubview(
        Self.label(
          "km/h", CGRect(x: 0, y: 38, width: 64, height: 16), size: 11, weight: .regular,
          color: .darkGray, alignment: .center))
      mapView.addSubview(speed)

      for (index, name) in ["safari", "exclamationmark.triangle.fill", "speaker.wave.2.fill"]
        .enumerated()
      {
        let button = Self.card(
          CGRect(x: 322, y: 420 + CGFloat(index) * 60, width: 52, height: 52), rgb: 0xFFFFFF)
        button.layer.cornerRadius = 26
        let icon = UIImageView(image: UIImage(systemName: name))
        icon.frame = CGRect(x: 12, y: 12, width: 28, height: 28)
        icon.tintColor = UIColor(rgb: 0x3C4043)
        button.addSubview(icon)
        mapView.addSubview(button)
      }

      let prompt = Self.card(CGRect(x: 12, y: 185, width: 366, height: 56), rgb: 0xFEF7E0)
      prompt.layer.borderWidth = 1
      prompt.layer.borderColor = UIColor(rgb: 0xF9AB00).cgColor
      let warning = UIImageView(image: UIImage(systemName: "exclamationmark.triangle.fill"))
      warning.frame = CGRect(x: 12, y: 14, width: 28, height: 28)
      warning.tintColor = UIColor(rgb: 0xF9AB00)
      prompt.addSubview(warning)
      prompt.addSubview(
        Self.label(
          "Accident ahead — expect delays", CGRect(x: 52, y: 14, width: 300, height: 28),
          size: 16, weight: .medium, color: .black))
      mapView.addSubview(prompt)

      let eta = Self.card(CGRect(x: 0, y: 700, width: 390, height: 144), rgb: 0xFFFFFF)
      eta.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
      eta.accessibilityIdentifier = "etaCard"
      eta.addSubview(
        Self.label(
          "3 min", CGRect(x: 20, y: 16, width: 200, height: 36), size: 28, weight: .bold,
          color: UIColor(rgb: 0x188038)))
      eta.addSubview(
        Self.label(
          "1.8 km · 10:42", CGRect(x: 20, y: 56, width: 220, height: 24), size: 17,
          weight: .regular, color: .darkGray))
      let end = Self.card(CGRect(x: 290, y: 22, width: 84, height: 48), rgb: 0xD93025)
      end.layer.cornerRadius = 24
      end.addSubview(
        Self.label(
          "Exit", CGRect(x: 0, y: 12, width: 84, height: 24), size: 17, weight: .semibold,
          color: .white, alignment: .center))
      eta.addSubview(end)
      mapView.addSubview(eta)

      let logo = Self.label(
        "Google", CGRect(x: 12, y: 666, width: 80, height: 24), size: 18, weight: .medium,
        color: UIColor(rgb: 0x5F6368))
      logo.accessibilityIdentifier = "googleLogo"
      mapView.addSubview(logo)
    }

    static func card(_ frame: CGRect, rgb: UInt32) -> UIView {
      let view = UIView(frame: frame)
      view.backgroundColor = UIColor(rgb: rgb)
      view.layer.cornerRadius = 12
      view.layer.shadowColor = UIColor.black.cgColor
      view.layer.shadowOpacity = 0.25
      view.layer.shadowRadius = 6
      view.layer.shadowOffset = CGSize(width: 0, height: 2)
      return view
    }

    static func label(
      _ text: String, _ frame: CGRect, size: CGFloat, weight: UIFont.Weight, color: UIColor,
      alignment: NSTextAlignment = .natural
    ) -> UILabel {
      let label = UILabel(frame: frame)
      label.text = text
      label.font = .systemFont(ofSize: size, weight: weight)
      label.textColor = color
      label.textAlignment = alignment
      return label
    }
  }
}
