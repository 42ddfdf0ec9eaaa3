import Foundation
import NavigationCore
import NavigationUI
import Testing
import ViewKit

@MainActor
struct ValueTests {
  static let types: [ManeuverType] = [
    .depart, .arrive, .turn, .continue, .newName, .merge, .onRamp, .offRamp, .fork, .endOfRoad,
    .useLane, .roundabout, .rotary, .roundaboutTurn, .exitRoundabout, .exitRotary, .notification,
    .other("ferry"),
  ]
  static let modifiers: [ManeuverDirection?] = [
    nil, .uTurn, .sharpRight, .right, .slightRight, .straight, .slightLeft, .left, .sharpLeft,
    .none,
  ]

  @Test func everyManeuverHasAnArrow() {
    var names: Set<String> = []
    for type in Self.types {
      for modifier in Self.modifiers {
        let symbol = ManeuverSymbol(type: type, modifier: modifier)
        #expect(!symbol.name.isEmpty && !symbol.glyph.isEmpty)
        names.insert(symbol.name)
      }
    }
    #expect(names.count > 40)
    #expect(ManeuverSymbol(type: .turn, modifier: .left).name == "turn-left")
    #expect(ManeuverSymbol(type: .turn, modifier: .sharpRight).name == "turn-sharp-right")
    let right = ManeuverSymbol(type: .roundabout, modifier: .right, drivingSide: "right")
    let left = ManeuverSymbol(type: .roundabout, modifier: .right, drivingSide: "left")
    #expect(!right.isMirrored && left.isMirrored && right.glyph != left.glyph)
    #expect(
      ManeuverSymbol(type: .turn, modifier: .uTurn, drivingSide: "left").name == "uturn-right")
  }

  @Test func styleValuesAndWideModeRule() {
    #expect(NavigationStyleValues.headerNominalHeight == 120)
    #expect(NavigationStyleValues.headerTopPadding == 8)
    #expect(NavigationStyleValues.headerFooterHorizontalPadding == 8)
    #expect(NavigationStyleValues.buttonHorizontalPadding == 12)
    #expect(NavigationStyleValues.buttonVerticalPadding == 12)
    #expect(NavigationStyleValues.elementHorizontalPadding == 12)
    #expect(NavigationStyleValues.defaultCornerRadius == 12)
    #expect(!GMSMapView.isWide(CGSize(width: 390, height: 844)))
    #expect(GMSMapView.isWide(CGSize(width: 844, height: 390)))
    #expect(!GMSMapView.isWide(CGSize(width: 599, height: 300)))
    #expect(!GMSMapView.isWide(CGSize(width: 800, height: 1000)))
    #expect(GMSMapView.isWide(CGSize(width: 1024, height: 1366)))
  }

  @Test func sessionTermsGateNavigation() throws {
    let h = try Harness(delegate: BasicLayoutDelegate())
    let session = try #require(GMSNavigationServices.createNavigationSession())
    GMSNavigationServices.requiresTermsAndConditionsAcceptance = true
    defer { GMSNavigationServices.requiresTermsAndConditionsAcceptance = false }
    GMSNavigationServices.resetTermsAndConditionsAccepted()
    #expect(!h.mapView.enableNavigation(with: session))
    #expect(!h.mapView.isNavigationEnabled)
    #expect(GMSNavigationServices.createNavigationSession() == nil)
    try GMSNavigationServices.acceptTermsAndConditions(persisting: false)
    #expect(h.mapView.enableNavigation(with: session))
    #expect(h.mapView.navigator === session.navigator)
    #expect(h.mapView.isNavigationEnabled)
    #expect(h.mapView.layoutCallbackLog == ["enableNavigationUI"])
  }

  @Test func enumsKeepTheOriginalRawValues() {
    #expect(GMSRouteStatus.internalError.rawValue == 0)
    #expect(GMSRouteStatus.OK.rawValue == 1)
    #expect(GMSRouteStatus.travelModeUnsupported.rawValue == 11)
    #expect(GMSNavigationAlternateRoutesStrategy.all.rawValue == 0)
    #expect(GMSNavigationAlternateRoutesStrategy.none.rawValue == 1)
    #expect(GMSNavigationAlternateRoutesStrategy.one.rawValue == 2)
    #expect(GMSNavigationLightingMode.lowLight.rawValue == 1)
    #expect(GMSNavigationCameraMode.following.rawValue == 1)
    #expect(GMSNavigationHidingStackPosition.bottom.rawValue == 2)
    #expect(GMSNavigationHidingStackViewAlignment.trailing.rawValue == 1)
    #expect(EmbeddedRouteProvider.attribution.contains("ODbL"))
  }
}
