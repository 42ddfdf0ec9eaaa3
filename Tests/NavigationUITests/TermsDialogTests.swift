import Foundation
import NavigationCore
import NavigationUI
import Testing
import ViewKit

@MainActor
@Suite struct TermsDialogTests {
  @Test func dialogInTheWindowAcceptedByTapIsRememberedForTheUser() throws {
    try withTemporaryConfiguration { folder in
      let h = try Harness(delegate: nil)
      GMSNavigationServices.configurationDirectory = folder
      #expect(!GMSNavigationServices.areTermsAndConditionsAccepted())
      #expect(h.mapView.navigator == nil)
      var answers: [Bool] = []
      let options = GMSNavigationTermsAndConditionsOptions(companyName: "Acme Deliveries")
      options.title = "Before you drive"
      GMSNavigationServices.showTermsAndConditionsDialogIfNeeded(with: options) {
        answers.append($0)
      }
      let dialog = try #require(GMSNavigationServices.presentedTermsDialog)
      #expect(dialog.window === h.window)
      #expect(dialog.titleLabel.text == "Before you drive")
      #expect(dialog.messageLabel.text?.contains("Acme Deliveries") == true)
      #expect(answers.isEmpty)
      let tapped = tapWindow(h.window, at: centreInWindow(dialog.acceptButton))
      #expect(tapped === dialog.acceptButton)
      #expect(answers == [true])
      #expect(dialog.superview == nil)
      #expect(GMSNavigationServices.areTermsAndConditionsAccepted())
      let stored = try String(
        contentsOf: folder.appendingPathComponent("terms-accepted"), encoding: .utf8)
      #expect(stored.contains("Acme Deliveries"))
      #expect(h.mapView.navigator != nil)
      // Already accepted: no dialog, the answer at once.
      GMSNavigationServices.showTermsAndConditionsDialogIfNeeded(withCompanyName: "Acme") {
        answers.append($0)
      }
      #expect(GMSNavigationServices.presentedTermsDialog == nil)
      #expect(answers == [true, true])
    }
  }

  @Test func declineAnswersFalseAndResetForgetsAcceptance() throws {
    try withTemporaryConfiguration { folder in
      let h = try Harness(delegate: nil)
      GMSNavigationServices.configurationDirectory = folder
      var answers: [Bool] = []
      GMSNavigationServices.showTermsAndConditionsDialogIfNeeded(
        withTitle: nil, companyName: "Acme"
      ) { answers.append($0) }
      let dialog = try #require(GMSNavigationServices.presentedTermsDialog)
      #expect(dialog.titleLabel.text == GMSTermsAndConditionsDialogView.defaultTitle)
      tapWindow(h.window, at: centreInWindow(dialog.declineButton))
      #expect(answers == [false])
      #expect(!GMSNavigationServices.areTermsAndConditionsAccepted())
      h.mapView.isNavigationEnabled = true
      #expect(!h.mapView.isNavigationEnabled)  // no effect without the terms
      try GMSNavigationServices.acceptTermsAndConditions()
      h.mapView.isNavigationEnabled = true
      #expect(h.mapView.isNavigationEnabled)
      GMSNavigationServices.resetTermsAndConditionsAccepted()
      #expect(!GMSNavigationServices.areTermsAndConditionsAccepted())
      #expect(
        !FileManager.default.fileExists(
          atPath: folder.appendingPathComponent("terms-accepted").path))
      #expect(!h.mapView.isNavigationEnabled)
    }
  }

  @Test func dialogAsked_beforeAnyWindowAppearsWhenTheMapEntersOne() throws {
    try withTemporaryConfiguration { folder in
      GMSNavigationServices.configurationDirectory = folder
      let mapView = GMSMapView(options: GMSMapViewOptions())
      var answers: [Bool] = []
      GMSNavigationServices.showTermsAndConditionsDialogIfNeeded(withCompanyName: "Acme") {
        answers.append($0)
      }
      #expect(GMSNavigationServices.presentedTermsDialog == nil)
      let window = UIWindow(
        frame: CGRect(x: 0, y: 0, width: 390, height: 844), clock: ManualClock())
      mapView.frame = window.bounds
      window.addSubview(mapView)
      let dialog = try #require(GMSNavigationServices.presentedTermsDialog)
      #expect(dialog.window === window)
      tapWindow(window, at: centreInWindow(dialog.acceptButton))
      #expect(answers == [true])
    }
  }

  @Test func configurationFolderFollowsXDG() {
    let xdg = GMSNavigationServices.defaultConfigurationDirectory(
      environment: ["XDG_CONFIG_HOME": "/tmp/cfg", "HOME": "/home/u"])
    #expect(xdg?.path == "/tmp/cfg/navigationui")
    let home = GMSNavigationServices.defaultConfigurationDirectory(
      environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/home/u"])
    #expect(home?.path == "/home/u/.config/navigationui")
    #expect(GMSNavigationServices.defaultConfigurationDirectory(environment: [:]) == nil)
  }
}
