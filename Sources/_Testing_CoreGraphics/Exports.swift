// Swift Testing names `_Testing_CoreGraphics` as its cross-import overlay with a module called
// `CoreGraphics` (Testing.swiftcrossimport/CoreGraphics.swiftoverlay in the toolchain). A file
// that imports both loads this module in place of Testing, so it must exist and re-export
// Testing, or the file cannot see `@Test`. It declares nothing and is built without an autolink
// entry for Testing (Package.swift), so linking CoreGraphics into an app does not link
// libTesting. See Guides/Rendering.md.
@_exported import Testing
