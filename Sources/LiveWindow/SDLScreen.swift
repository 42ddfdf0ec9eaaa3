import CSDL2
import Foundation

/// One SDL2 window and where its frames go. Each frame is drawn straight into pixels SDL
/// owns — Cairo's premultiplied ARGB32 is SDL's `ARGB8888` (and `RGB888`, whose top byte is
/// not shown), so nothing is converted or copied on our side:
///
/// - with an accelerated SDL renderer (a GPU), into a locked streaming texture, then copied
///   over the window and presented (waiting for the vertical blank when it can);
/// - with none, or when `SDL_RENDER_DRIVER=software` asks for software, into the window's own
///   surface (X11 shared memory), then `SDL_UpdateWindowSurface`. SDL's software renderer
///   would add a texture copy and a blit, and SDL 2.26 presents a window surface through
///   OpenGL (Mesa's llvmpipe without a GPU: two more copies on the CPU) unless told not to.
@MainActor
final class SDLScreen {
  let window: OpaquePointer
  /// The accelerated renderer, `nil` when frames go into the window surface.
  let renderer: OpaquePointer?
  private var texture: OpaquePointer?
  private var textureSize = (width: 0, height: 0)
  /// A frame of another size than the window surface (during a resize), drawn here and
  /// stretched over the window.
  private var staging: [UInt8] = []
  /// The SDL renderer's name (`opengl`, …), or `window-surface`.
  let rendererName: String
  /// Whether presenting waits for the display's vertical blank.
  let waitsForVSync: Bool

  /// Whether the environment asks for SDL's software rendering (`SDL_RENDER_DRIVER`).
  static var softwareRequested: Bool {
    guard let hint = SDL_GetHint(SDL_HINT_RENDER_DRIVER) else { return false }
    return String(cString: hint).lowercased() == "software"
  }

  /// Starts SDL's video (and audio, when asked) once per process; SDL stays up until exit.
  static func start(audio: Bool) throws(NavigationWindowError) {
    SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0")
    SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "0")
    SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
    SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
    // A window surface goes to X11 shared memory directly, not through an OpenGL texture
    // (read once per process, before the first window surface; the environment wins).
    _ = SDL_SetHintWithPriority(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0", SDL_HINT_DEFAULT)
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
    if !Self.softwareRequested, let renderer = SDL_CreateRenderer(made, -1, accelerated | vsync) {
      self.renderer = renderer
      var info = SDL_RendererInfo()
      SDL_GetRendererInfo(renderer, &info)
      rendererName = info.name.map { String(cString: $0) } ?? "unknown"
      waitsForVSync = info.flags & vsync != 0
    } else {
      guard SDL_GetWindowSurface(made) != nil else {
        let message = Self.lastError
        SDL_DestroyWindow(made)
        throw .sdl(stage: "getting the window surface", message: message)
      }
      renderer = nil
      rendererName = "window-surface"
      waitsForVSync = false
    }
  }

  isolated deinit {
    if let texture { SDL_DestroyTexture(texture) }
    if let renderer { SDL_DestroyRenderer(renderer) }
    SDL_DestroyWindow(window)
  }

  /// The window's drawable size in pixels.
  var pixelSize: (width: Int, height: Int) {
    var w: Int32 = 0
    var h: Int32 = 0
    if let renderer {
      SDL_GetRendererOutputSize(renderer, &w, &h)
    } else {
      SDL_GetWindowSizeInPixels(window, &w, &h)
    }
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

  /// Draws one frame of `width` × `height` pixels with `draw` (into ARGB8888 rows of
  /// `stride` bytes it must fill) and presents it, stretched over the window when their sizes
  /// differ (during a resize).
  func present(
    width: Int, height: Int,
    draw: (_ pixels: UnsafeMutablePointer<UInt8>, _ stride: Int) throws(NavigationWindowError)
      -> Void
  ) throws(NavigationWindowError) {
    if let renderer {
      try presentTexture(renderer, width: width, height: height, draw: draw)
    } else {
      try presentSurface(width: width, height: height, draw: draw)
    }
  }

  private func presentTexture(
    _ renderer: OpaquePointer, width: Int, height: Int,
    draw: (UnsafeMutablePointer<UInt8>, Int) throws(NavigationWindowError) -> Void
  ) throws(NavigationWindowError) {
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
    var pixels: UnsafeMutableRawPointer?
    var pitch: Int32 = 0
    guard SDL_LockTexture(texture, nil, &pixels, &pitch) == 0, let pixels else {
      throw .sdl(stage: "locking the frame's texture", message: Self.lastError)
    }
    do {
      try draw(pixels.assumingMemoryBound(to: UInt8.self), Int(pitch))
    } catch {
      SDL_UnlockTexture(texture)
      throw error
    }
    SDL_UnlockTexture(texture)
    SDL_RenderClear(renderer)
    SDL_RenderCopy(renderer, texture, nil, nil)
    SDL_RenderPresent(renderer)
  }

  private func presentSurface(
    width: Int, height: Int,
    draw: (UnsafeMutablePointer<UInt8>, Int) throws(NavigationWindowError) -> Void
  ) throws(NavigationWindowError) {
    // Valid until the window is resized; SDL makes a new one then.
    guard let surface = SDL_GetWindowSurface(window) else {
      throw .sdl(stage: "getting the window surface", message: Self.lastError)
    }
    let format = surface.pointee.format.pointee.format
    let direct =
      Int(surface.pointee.w) == width && Int(surface.pointee.h) == height
      && (format == SDL_PIXELFORMAT_ARGB8888.rawValue || format == SDL_PIXELFORMAT_RGB888.rawValue)
    if direct {
      guard SDL_LockSurface(surface) == 0, let pixels = surface.pointee.pixels else {
        throw .sdl(stage: "locking the window surface", message: Self.lastError)
      }
      do {
        try draw(pixels.assumingMemoryBound(to: UInt8.self), Int(surface.pointee.pitch))
      } catch {
        SDL_UnlockSurface(surface)
        throw error
      }
      SDL_UnlockSurface(surface)
    } else {
      try stretch(width: width, height: height, onto: surface, draw: draw)
    }
    guard SDL_UpdateWindowSurface(window) == 0 else {
      throw .sdl(stage: "presenting the window surface", message: Self.lastError)
    }
  }

  /// Draws the frame into the staging buffer and stretches (and converts) it over `surface`.
  private func stretch(
    width: Int, height: Int, onto surface: UnsafeMutablePointer<SDL_Surface>,
    draw: (UnsafeMutablePointer<UInt8>, Int) throws(NavigationWindowError) -> Void
  ) throws(NavigationWindowError) {
    let stride = width * 4
    if staging.count != stride * height { staging = [UInt8](repeating: 0, count: stride * height) }
    var failure: NavigationWindowError?
    staging.withUnsafeMutableBytes { buffer in
      guard let base = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
      do throws(NavigationWindowError) {
        try draw(base, stride)
      } catch {
        failure = error
        return
      }
      guard
        let frame = SDL_CreateRGBSurfaceWithFormatFrom(
          base, Int32(width), Int32(height), 32, Int32(stride),
          UInt32(SDL_PIXELFORMAT_ARGB8888.rawValue))
      else {
        failure = .sdl(stage: "wrapping the frame", message: Self.lastError)
        return
      }
      SDL_SetSurfaceBlendMode(frame, SDL_BLENDMODE_NONE)
      if SDL_UpperBlitScaled(frame, nil, surface, nil) != 0 {
        failure = .sdl(stage: "stretching the frame", message: Self.lastError)
      }
      SDL_FreeSurface(frame)
    }
    if let failure { throw failure }
  }
}
