@_exported import CairoGraphics
@_exported import Foundation
