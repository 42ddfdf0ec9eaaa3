@_exported import NavigationCore
@_exported import ViewKit
