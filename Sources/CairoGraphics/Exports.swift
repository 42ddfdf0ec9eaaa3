@_exported import Foundation
