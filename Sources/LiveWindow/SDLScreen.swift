import CSDL2
import Foundation

/// One SDL2 window with its renderer and a streaming texture the frame's pixels are copied
/// into: Cairo's premultiplied ARGB32 is SDL's `ARGB8888`, so a frame goes in unconverted.
@MainActor
final class SDLScreen {
  let window: OpaquePointer
  let renderer: OpaquePointer
  private var texture: OpaquePointer?
  private var textureSize = (width: 0, height: 0)
  /// The SDL renderer's name (`software`, `opengl`, …).
  let rendererName: String
  /// Whether presenting waits for the display's vertical blank.
  let waitsForVSync: Bool

  /// Starts SDL's video (and audio, when asked) once per process; SDL stays up until exit.
  static func start(audio: Bool) throws(NavigationWindowError) {
    SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0")
    SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "0")
    SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
    SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
    if SDL_WasInit(UInt32(SDL_INIT_VIDEO)) == 0,
      SDL_InitSubSystem(UInt32(SDL_INIT_VIDEO) | UInt32(SDL_INIT_EVENTS)) != 0
    {
      throw .sdl(stage: "starting video (is DISPLAY set?)", message: lastError)
    }
    if audio, SDL_WasInit(UInt32(SDL_INIT_AUDIO)) == 0 {
      _ = SDL_InitSubSystem(UInt32(SDL_INIT_AUDIO))
    }
  }

  static var lastError: String { String(cString: SDL_GetError()) }

  /// The refresh rate of the display the window is on, else 60 Hz.
  var refreshRate: Double {
    var mode = SDL_DisplayMode()
    let display = SDL_GetWindowDisplayIndex(window)
    guard display >= 0, SDL_GetCurrentDisplayMode(display, &mode) == 0, mode.refresh_rate > 0
    else { return 60 }
    return Double(mode.refresh_rate)
  }

  /// A window of `width` × `height` pixels titled `title`, centred on the screen.
  init(title: String, width: Int, height: Int, resizable: Bool, hidden: Bool = false)
    throws(NavigationWindowError)
  {
    let centred = Int32(bitPattern: 0x2FFF_0000)  // SDL_WINDOWPOS_CENTERED
    var flags = UInt32(SDL_WINDOW_ALLOW_HIGHDPI.rawValue)
    if resizable { flags |= UInt32(SDL_WINDOW_RESIZABLE.rawValue) }
    if hidden { flags |= UInt32(SDL_WINDOW_HIDDEN.rawValue) }
    guard
      let made = SDL_CreateWindow(
        title, centred, centred, Int32(width), Int32(height), flags)
    else { throw .sdl(stage: "creating the window", message: Self.lastError) }
    window = made
    let accelerated = UInt32(SDL_RENDERER_ACCELERATED.rawValue)
    let vsync = UInt32(SDL_RENDERER_PRESENTVSYNC.rawValue)
    guard
      let renderer = SDL_CreateRenderer(made, -1, accelerated | vsync)
        ?? SDL_CreateRenderer(made, -1, UInt32(SDL_RENDERER_SOFTWARE.rawValue))
    else {
      SDL_DestroyWindow(made)
      throw .sdl(stage: "creating the renderer", message: Self.lastError)
    }
    self.renderer = renderer
    var info = SDL_RendererInfo()
    SDL_GetRendererInfo(renderer, &info)
    rendererName = info.name.map { String(cString: $0) } ?? "unknown"
    waitsForVSync = info.flags & vsync != 0 && rendererName != "software"
  }

  isolated deinit {
    if let texture { SDL_DestroyTexture(texture) }
    SDL_DestroyRenderer(renderer)
    SDL_DestroyWindow(window)
  }

  /// The window's drawable size in pixels.
  var pixelSize: (width: Int, height: Int) {
    var w: Int32 = 0
    var h: Int32 = 0
    SDL_GetRendererOutputSize(renderer, &w, &h)
    return (Int(w), Int(h))
  }

  /// The window's size in screen coordinates (mouse positions are in these).
  var windowSize: (width: Int, height: Int) {
    var w: Int32 = 0
    var h: Int32 = 0
    SDL_GetWindowSize(window, &w, &h)
    return (Int(w), Int(h))
  }

  /// Where the window's top-left corner is on the screen.
  var position: (x: Int, y: Int) {
    var x: Int32 = 0
    var y: Int32 = 0
    SDL_GetWindowPosition(window, &x, &y)
    return (Int(x), Int(y))
  }

  /// Copies one frame (ARGB8888 rows of `stride` bytes) into the texture and presents it,
  /// stretched over the window when their sizes differ (during a resize).
  func present(pixels: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int)
    throws(NavigationWindowError)
  {
    if texture == nil || textureSize != (width, height) {
      if let texture { SDL_DestroyTexture(texture) }
      texture = SDL_CreateTexture(
        renderer, UInt32(SDL_PIXELFORMAT_ARGB8888.rawValue),
        Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), Int32(width), Int32(height))
      textureSize = (width, height)
      guard texture != nil else {
        throw .sdl(stage: "creating a \(width)×\(height) texture", message: Self.lastError)
      }
      // The frame is opaque: copied, not blended (SDL blends textures with alpha by default).
      SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
    }
    guard SDL_UpdateTexture(texture, nil, pixels, Int32(stride)) == 0 else {
      throw .sdl(stage: "uploading the frame", message: Self.lastError)
    }
    SDL_RenderClear(renderer)
    SDL_RenderCopy(renderer, texture, nil, nil)
    SDL_RenderPresent(renderer)
  }
}
