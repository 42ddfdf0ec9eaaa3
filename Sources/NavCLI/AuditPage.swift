import Foundation
import LayoutAudit
import NavigationUI
import Rendering
import ViewKit

/// Pictures of the audit's failing frames, rendered with the debug overlay as they happen.
@MainActor
final class AuditPictures {
  /// One failing moment: where, the PNG (or why there is none) and its findings.
  struct Frame {
    let configuration: String
    let state: String
    let png: Data?
    let error: String?
    let findings: [LayoutFinding]
    /// The window's size in points.
    let size: CGSize
    /// The frames, in window points, of the views the findings name (by identifier).
    let highlights: [CGRect]
  }

  /// At most this many frames are pictured (the page stays a few megabytes at worst).
  static let limit = 40
  private(set) var frames: [Frame] = []
  private(set) var leftOut = 0
  private let map: BaseMap? = try? BaseMap.bundled()

  func capture(_ frame: AuditFrame) {
    guard let first = frame.findings.first else { return }
    guard frames.count < Self.limit else {
      leftOut += 1
      return
    }
    var png: Data?
    var failure: String?
    do { png = try render(frame) } catch { failure = error.description }
    let names = Set(frame.findings.flatMap(\.views))
    var highlights: [CGRect] = []
    func walk(_ view: UIView) {
      if let id = view.accessibilityIdentifier, names.contains(id), !view.isHidden {
        let r = view.convert(view.bounds, to: nil)
        if r.width.isFinite, r.height.isFinite, abs(r.minX) < 1e5, abs(r.minY) < 1e5 {
          highlights.append(r)
        }
      }
      for sub in view.subviews { walk(sub) }
    }
    walk(frame.window)
    frames.append(
      Frame(
        configuration: first.configuration, state: first.state, png: png, error: failure,
        findings: frame.findings, size: frame.window.bounds.size, highlights: highlights))
  }

  private func render(_ frame: AuditFrame) throws(RenderError) -> Data {
    let mapView = frame.mapView
    let viewport = mapView.navigationUIState?.viewport
    let viewportFrame = viewport.flatMap { v in
      v.window === frame.window ? v.convert(v.bounds, to: nil) : nil
    }
    let camera = MapCamera(
      center: mapView.camera.target, metersPerPoint: mapView.metersPerPoint,
      heading: mapView.camera.bearing)
    var scene = MapScene(map: map, camera: camera, attribution: nil)
    if let navigator = mapView.navigator {
      if let route = navigator.currentRoute {
        scene.route = RouteOverlay(
          route: route, distanceTraveled: navigator.routeProgress?.distanceTraveled ?? 0)
        scene.destinations = route.geometry.last.map { [$0] } ?? []
      }
      if let fix = navigator.lastLocation {
        scene.vehicle = VehicleMarker(coordinate: fix.coordinate, course: max(0, fix.course))
      }
    }
    var renderer = Renderer(debugOverlay: DebugOverlay(viewport: viewportFrame))
    renderer.rendersInParallel = false
    return try renderer.png(
      window: frame.window, at: frame.time,
      map: MapLayer(scene: scene, view: mapView, viewport: viewport))
  }
}

/// The audit's HTML page: a summary, every finding, and each failing frame's picture (PNG as
/// a data URI, the views the findings name outlined in red over it) with its findings. One
/// file, no outside resources.
struct AuditPage {
  let layout: String
  let matrix: String
  let findings: [LayoutFinding]
  let frames: [AuditPictures.Frame]
  let framesLeftOut: Int

  var html: String {
    var out = """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8">
      <title>Layout audit: \(escape(layout))</title>
      <style>
      body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#202124}
      table{border-collapse:collapse}td,th{border:1px solid #dadce0;padding:3px 6px;text-align:left;vertical-align:top}
      .rule{font-weight:600;white-space:nowrap}.clean{color:#188038;font-weight:600}
      figure{display:inline-block;margin:0 16px 24px 0;vertical-align:top;max-width:900px}
      img{border:1px solid #dadce0;max-width:100%;display:block}figcaption{font-weight:600;margin-bottom:4px}
      .shot{position:relative;display:inline-block}
      .shot svg{position:absolute;left:1px;top:1px;width:calc(100% - 2px);height:calc(100% - 2px);pointer-events:none}
      .shot rect{fill:rgba(217,48,37,.12);stroke:#d93025;stroke-width:2}
      </style></head><body>
      <h1>Layout audit: \(escape(layout))</h1>
      <p>Matrix: \(escape(matrix)). 
      """
    if findings.isEmpty {
      out += "<span class=\"clean\">Clean: no findings.</span></p>\n"
    } else {
      out += "\(findings.count) finding\(findings.count == 1 ? "" : "s").</p>\n"
      out += "<h2>Findings</h2>\n<table id=\"findings\"><tr><th>Rule</th><th>Configuration</th>"
      out += "<th>State</th><th>Size</th><th>Views</th><th>Message</th></tr>\n"
      for f in findings {
        out += "<tr><td class=\"rule\">\(escape(f.rule.id))</td><td>\(escape(f.configuration))</td>"
        out += "<td>\(escape(f.state))</td><td>\(size(f))</td>"
        out +=
          "<td>\(escape(f.views.joined(separator: ", ")))</td><td>\(escape(f.message))</td></tr>\n"
      }
      out += "</table>\n<h2>Failing frames</h2>\n"
    }
    for frame in frames {
      out += "<figure class=\"frame\"><figcaption>\(escape(frame.configuration)) / "
      out += "\(escape(frame.state))</figcaption>\n"
      if let png = frame.png {
        out += "<div class=\"shot\"><img alt=\"\(escape(frame.configuration)) "
        out += "\(escape(frame.state))\" src=\"data:image/png;base64,"
        out += "\(png.base64EncodedString())\">\n"
        let w = Int(frame.size.width.rounded())
        let h = Int(frame.size.height.rounded())
        out += "<svg viewBox=\"0 0 \(w) \(h)\" preserveAspectRatio=\"none\">"
        for r in frame.highlights {
          out += "<rect x=\"\(number(r.minX))\" y=\"\(number(r.minY))\" "
          out += "width=\"\(number(r.width))\" height=\"\(number(r.height))\"/>"
        }
        out += "</svg></div>\n"
      } else {
        out += "<p>Not rendered: \(escape(frame.error ?? "unknown error"))</p>\n"
      }
      out += "<ul>"
      for f in frame.findings {
        out += "<li><span class=\"rule\">\(escape(f.rule.id))</span> "
        out += "\(escape(f.views.joined(separator: ", "))): \(escape(f.message))</li>"
      }
      out += "</ul></figure>\n"
    }
    if framesLeftOut > 0 {
      out +=
        "<p>\(framesLeftOut) more failing frame\(framesLeftOut == 1 ? "" : "s") not pictured.</p>\n"
    }
    out += "</body></html>\n"
    return out
  }

  private func number(_ value: CGFloat) -> String {
    String(format: "%.1f", Double(value))
  }

  private func size(_ f: LayoutFinding) -> String {
    "\(Int(f.size.width.rounded()))×\(Int(f.size.height.rounded()))"
  }

  private func escape(_ text: String) -> String {
    var out = ""
    for ch in text {
      switch ch {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      default: out.append(ch)
      }
    }
    return out
  }
}
