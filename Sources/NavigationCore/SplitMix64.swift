import Foundation

/// A seeded, deterministic random number generator (SplitMix64, Steele et al. 2014).
///
/// ```swift
/// var rng = SplitMix64(seed: 42)
/// let x = Double.random(in: 0..<1, using: &rng)
/// ```
public struct SplitMix64: RandomNumberGenerator, Sendable, Hashable {
  /// The generator's state.
  public private(set) var state: UInt64

  /// A generator starting from `seed`.
  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform double in [0, 1) from the top 53 bits.
  public mutating func nextUnit() -> Double {
    Double(next() >> 11) * (1.0 / 9_007_199_254_740_992.0)
  }

  /// A standard normal sample (Box–Muller).
  public mutating func nextGaussian() -> Double {
    let u1 = max(nextUnit(), 1e-300)
    let u2 = nextUnit()
    return (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
  }
}
