// `import CoreGraphics` in code written for iOS: the same types as `CairoGraphics` (which
// `ViewKit` re-exports too), under Apple's module name. See Guides/Rendering.md.
@_exported import CairoGraphics
