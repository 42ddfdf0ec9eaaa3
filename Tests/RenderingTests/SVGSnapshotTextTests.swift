import Foundation
import Rendering
import Testing

@Suite struct SVGSnapshotTextTests {
  private func normalized(_ text: String) -> String {
    SVGSnapshotText.normalized(Data(text.utf8))
  }

  @Test func decimalsAreRoundedToOnePlace() {
    #expect(
      normalized(#"<path d="M 2.04 -7.96 L 10.26 0.0001"/>"#)
        == #"<path d="M 2.0 -8.0 L 10.3 0.0"/>"#)
    #expect(normalized("x=\"-0.04\"") == "x=\"0.0\"")
  }

  @Test func wordsAndIntegersStayAsTheyAre() {
    let header = #"<svg xmlns="http://www.w3.org/2000/svg" width="390pt" id="glyph0-1">"#
    #expect(normalized(header) == header)
    #expect(normalized("version=\"1.1\" 3. .5") == "version=\"1.1\" 3. .5")
  }

  @Test func nearbyValuesGiveTheSameTextAndMovedOnesDoNot() {
    #expect(normalized("x=\"10.0000001\"") == normalized("x=\"9.9999999\""))
    #expect(normalized("x=\"10.0\"") != normalized("x=\"10.5\""))
  }
}
