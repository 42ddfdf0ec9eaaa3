import Foundation
import Testing
import ViewKit

/// A picture decoded by libjpeg-turbo's `djpeg`: RGB bytes, row by row.
struct DecodedJPEG {
  let width: Int
  let height: Int
  let rgb: [UInt8]
}

/// Where `djpeg` and `cjpeg` are (Debian's `libjpeg-turbo-progs`, installed by `make setup`).
let jpegTools = "/usr/bin"

/// Runs a libjpeg-turbo tool on `input`; returns its standard output. Fails the test with
/// the tool's complaint (libjpeg prints corrupt-data warnings and exits 2) when it is not
/// clean.
func runJPEGTool(_ tool: String, _ arguments: [String], input: Data) throws -> Data {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "jpeg-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  let inputFile = folder.appendingPathComponent("in")
  let outputFile = folder.appendingPathComponent("out")
  try input.write(to: inputFile)
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "\(jpegTools)/\(tool)")
  process.arguments = arguments + ["-outfile", outputFile.path, inputFile.path]
  let errors = Pipe()
  process.standardError = errors
  guard FileManager.default.isExecutableFile(atPath: "\(jpegTools)/\(tool)") else {
    Issue.record("no \(jpegTools)/\(tool): run `make setup` (Debian's libjpeg-turbo-progs)")
    throw CocoaError(.fileNoSuchFile)
  }
  try process.run()
  let complaint = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  process.waitUntilExit()
  #expect(process.terminationStatus == 0 && complaint.isEmpty, "\(tool): \(complaint)")
  return try Data(contentsOf: outputFile)
}

/// `data` decoded by `djpeg` (libjpeg-turbo, the decoder most software uses).
func djpeg(_ data: Data) throws -> DecodedJPEG {
  let ppm = [UInt8](try runJPEGTool("djpeg", ["-pnm"], input: data))
  // "P6\n<width> <height>\n255\n" then the pixels.
  var fields: [Int] = []
  var index = 2
  while fields.count < 3 {
    while ppm[index] == 0x20 || ppm[index] == 0x0A { index += 1 }
    var value = 0
    while ppm[index] >= 0x30 && ppm[index] <= 0x39 {
      value = value * 10 + Int(ppm[index] - 0x30)
      index += 1
    }
    fields.append(value)
  }
  #expect(Array(ppm[0..<2]) == Array("P6".utf8) && fields[2] == 255)
  return DecodedJPEG(width: fields[0], height: fields[1], rgb: Array(ppm[(index + 1)...]))
}

/// Mean absolute difference of `decoded` from `image`'s colours over black, per component.
func meanError(_ decoded: DecodedJPEG, _ image: CGImage) -> Double {
  var total = 0
  for y in 0..<image.height {
    for x in 0..<image.width {
      let p = image.pixel(x: x, y: y)!
      let source = [p.red, p.green, p.blue].map { Int($0) * Int(p.alpha) / 255 }
      let offset = (y * decoded.width + x) * 3
      for c in 0..<3 { total += abs(Int(decoded.rgb[offset + c]) - source[c]) }
    }
  }
  return Double(total) / Double(image.width * image.height * 3)
}

/// The peak signal-to-noise ratio in dB of `decoded` against `image`'s colours over black.
func psnr(_ decoded: DecodedJPEG, _ image: CGImage) -> Double {
  var squares = 0.0
  for y in 0..<image.height {
    for x in 0..<image.width {
      let p = image.pixel(x: x, y: y)!
      let source = [p.red, p.green, p.blue].map { Int($0) * Int(p.alpha) / 255 }
      let offset = (y * decoded.width + x) * 3
      for c in 0..<3 {
        let difference = Double(Int(decoded.rgb[offset + c]) - source[c])
        squares += difference * difference
      }
    }
  }
  let mean = squares / Double(image.width * image.height * 3)
  return 10 * log10(255 * 255 / max(mean, 1e-9))
}

/// The quantisation tables of a JPEG's DQT segments, in file order.
func quantisationTables(_ data: Data) -> [[UInt8]] {
  let bytes = [UInt8](data)
  var tables: [[UInt8]] = []
  var index = 2
  while index + 4 <= bytes.count, bytes[index] == 0xFF, bytes[index + 1] != 0xDA {
    let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
    if bytes[index + 1] == 0xDB {
      var table = index + 4
      while table < index + 2 + length {
        tables.append(Array(bytes[(table + 1)..<(table + 65)]))
        table += 65
      }
    }
    index += 2 + length
  }
  return tables
}

/// A 203 × 301 picture (not a whole number of 16-pixel blocks; three restart bands): a
/// gradient, discs, text and a hard-edged square.
@MainActor
func photoLikeImage() -> UIImage {
  renderer(203, 301).image { context in
    let cg = context.cgContext
    let gradient = CGGradient(
      colorsSpace: CGColorSpaceCreateDeviceRGB(),
      colors: [UIColor.systemBlue.cgColor, UIColor.orange.cgColor] as CFArray,
      locations: [0, 1])!
    cg.drawLinearGradient(
      gradient, start: .zero, end: CGPoint(x: 203, y: 301), options: [])
    UIColor.white.setFill()
    UIBezierPath(ovalIn: CGRect(x: 20, y: 30, width: 90, height: 90)).fill()
    UIColor.red.setFill()
    UIRectFill(CGRect(x: 120, y: 180, width: 60, height: 60))
    "Monaco".draw(
      at: CGPoint(x: 10, y: 250),
      withAttributes: [.font: UIFont.systemFont(ofSize: 22), .foregroundColor: UIColor.black])
  }
}

@MainActor
@Suite struct JPEGDataTests {
  @Test func libjpegDecodesItCloseToTheSourceAndWorseAtLowQuality() throws {
    let image = photoLikeImage()
    let cgImage = try #require(image.cgImage)
    let high = try #require(image.jpegData(compressionQuality: 0.9))
    let low = try #require(image.jpegData(compressionQuality: 0.1))
    let bytes = [UInt8](high)
    #expect(Array(bytes[0..<4]) == [0xFF, 0xD8, 0xFF, 0xE0])
    #expect(Array(bytes[6..<11]) == Array("JFIF".utf8) + [0])
    #expect(Array(bytes.suffix(2)) == [0xFF, 0xD9])
    let decodedHigh = try djpeg(high)
    let decodedLow = try djpeg(low)
    #expect(decodedHigh.width == 203 && decodedHigh.height == 301)
    #expect(decodedHigh.rgb.count == 203 * 301 * 3)
    let highError = meanError(decodedHigh, cgImage)
    let lowError = meanError(decodedLow, cgImage)
    #expect(highError < 2.5, "mean error at 0.9: \(highError)")
    #expect(lowError > highError * 1.5 && lowError < 12, "mean error at 0.1: \(lowError)")
    #expect(low.count * 2 < high.count, "\(low.count) bytes at 0.1, \(high.count) at 0.9")
    // The red square is red: the colour conversion has the right components.
    let centre = (210 * 203 + 150) * 3
    #expect(decodedHigh.rgb[centre] > 235 && decodedHigh.rgb[centre + 1] < 20)
    // The same picture gives the same bytes.
    #expect(image.jpegData(compressionQuality: 0.9) == high)
  }

  @Test(arguments: [10, 50, 75, 90, 100])
  func quantisationTablesAreLibjpegsAtTheSameQuality(quality: Int) throws {
    let image = photoLikeImage()
    let ours = try #require(image.jpegData(compressionQuality: CGFloat(quality) / 100))
    // The same pixels through cjpeg (libjpeg's own encoder: islow DCT, 4:2:0).
    let cgImage = try #require(image.cgImage)
    var ppm = Data("P6\n\(cgImage.width) \(cgImage.height)\n255\n".utf8)
    for y in 0..<cgImage.height {
      for x in 0..<cgImage.width {
        let p = cgImage.pixel(x: x, y: y)!
        ppm += [p.red, p.green, p.blue]
      }
    }
    let theirs = try runJPEGTool("cjpeg", ["-quality", "\(quality)", "-baseline"], input: ppm)
    #expect(quantisationTables(ours) == quantisationTables(theirs))
    #expect(quantisationTables(ours).count == 2)
    // The same tables and Huffman codes give files of about the same size and error, never
    // larger nor worse. At 100 (every divisor 1) ours is about two thirds of cjpeg's: libjpeg
    // rounds Y, Cb and Cr to integers before the DCT, and that rounding noise costs bits; we
    // transform the unrounded values (mean errors 0.70 against 0.73 in this picture).
    let ourError = meanError(try djpeg(ours), cgImage)
    let theirError = meanError(try djpeg(theirs), cgImage)
    let detail = "\(ours.count) bytes, error \(ourError); cjpeg \(theirs.count), \(theirError)"
    #expect(Double(ours.count) <= Double(theirs.count) * 1.02, "\(detail)")
    #expect(quality == 100 || Double(ours.count) >= Double(theirs.count) * 0.95, "\(detail)")
    #expect(ourError <= theirError * 1.02, "\(detail)")
    // PSNR through libjpeg's decoder: no more than 0.1 dB below cjpeg's, and above 30 dB from
    // quality 50.
    let ourPSNR = psnr(try djpeg(ours), cgImage)
    let theirPSNR = psnr(try djpeg(theirs), cgImage)
    #expect(ourPSNR >= theirPSNR - 0.1, "PSNR \(ourPSNR) dB; cjpeg \(theirPSNR) dB")
    #expect(quality < 50 || ourPSNR > 30, "PSNR \(ourPSNR) dB at \(quality)")
  }

  @Test func qualityIsClampedToZeroToOne() throws {
    let image = photoLikeImage()
    #expect(image.jpegData(compressionQuality: 7) == image.jpegData(compressionQuality: 1))
    #expect(image.jpegData(compressionQuality: -2) == image.jpegData(compressionQuality: 0))
    #expect(image.jpegData(compressionQuality: .nan) == image.jpegData(compressionQuality: 1))
    let lowest = try djpeg(try #require(image.jpegData(compressionQuality: 0)))
    #expect(lowest.width == 203)
  }

  @Test func imagesWithoutPixelsGiveNil() {
    #expect(UIImage(size: CGSize(width: 10, height: 10)).jpegData(compressionQuality: 0.8) == nil)
    #expect(UIImage(systemName: "car.fill")?.jpegData(compressionQuality: 0.8) == nil)
    #expect(
      UIGraphicsImageRenderer(size: CGSize(width: -4, height: 4)).jpegData(
        withCompressionQuality: 0.8
      ) { _ in }.isEmpty)
  }

  @Test func transparencyIsCompositedOverBlackAndTintsApply() throws {
    let data = renderer(40, 20).jpegData(withCompressionQuality: 1) { context in
      UIColor.red.withAlphaComponent(0.5).setFill()
      context.fill(CGRect(x: 20, y: 0, width: 20, height: 20))
    }
    let decoded = try djpeg(data)
    func at(_ x: Int, _ y: Int) -> [Int] {
      let offset = (y * decoded.width + x) * 3
      return decoded.rgb[offset..<offset + 3].map { Int($0) }
    }
    #expect(at(5, 10).allSatisfy { $0 < 4 }, "\(at(5, 10))")
    #expect(abs(at(32, 10)[0] - 128) < 6 && at(32, 10)[1] < 6, "\(at(32, 10))")
    // A tinted image is written in its tint, as drawn.
    let mask = renderer(32, 32).image { _ in
      UIColor.black.setFill()
      UIRectFill(CGRect(x: 0, y: 0, width: 32, height: 32))
    }
    let tinted = try djpeg(
      try #require(mask.withTintColor(.green).jpegData(compressionQuality: 1)))
    let middle = (16 * 32 + 16) * 3
    #expect(tinted.rgb[middle] < 8 && tinted.rgb[middle + 1] > 245, "\(tinted.rgb[middle...])")
  }

  @Test func onePixelAndWideImagesDecode() throws {
    for (width, height) in [(1, 1), (17, 1), (1, 300), (600, 9)] {
      let image = renderer(CGFloat(width), CGFloat(height)).image { context in
        UIColor.systemGreen.setFill()
        context.fill(CGRect(x: 0, y: 0, width: width, height: height))
      }
      let decoded = try djpeg(try #require(image.jpegData(compressionQuality: 0.8)))
      #expect(decoded.width == width && decoded.height == height)
      let error = meanError(decoded, try #require(image.cgImage))
      #expect(error < 3, "\(width) x \(height): mean error \(error)")
    }
  }
}
