import Demo
import LiveWindow
import NavigationCore

/// A command that could not run: bad arguments, or input that is not there.
public enum CommandLineError: Error, Equatable, CustomStringConvertible {
  /// The word after `navui` (or after a command group) names no subcommand.
  case unknownSubcommand(String)
  /// A subcommand group was given without a subcommand.
  case missingSubcommand
  /// An option the command does not have.
  case unknownOption(String)
  /// An option that needs a value was given none.
  case missingValue(option: String)
  /// A required positional argument is absent.
  case missingArgument(String)
  /// A positional argument the command does not take.
  case unexpectedArgument(String)
  /// An option's value is not acceptable.
  case invalidValue(option: String, value: String, reason: String)
  /// A folder named on the command line does not exist.
  case missingDirectory(String)
  /// A language code the catalog does not have; `available` lists those it has.
  case unknownLanguage(String, available: [String])
  /// Loading instruction data failed.
  case instructionData(InstructionError)
  /// A file named on the command line does not exist.
  case missingFile(String)
  /// A demo session could not run or be drawn.
  case demo(DemoError)
  /// The live window could not open or go on.
  case liveWindow(NavigationWindowError)

  /// The message after `Error: `.
  public var description: String {
    switch self {
    case .unknownSubcommand(let name): return "Unknown subcommand '\(name)'"
    case .missingSubcommand: return "Missing subcommand"
    case .unknownOption(let option): return "Unknown option '\(option)'"
    case .missingValue(let option): return "Missing value for '\(option)'"
    case .missingArgument(let name): return "Missing expected argument '\(name)'"
    case .unexpectedArgument(let value): return "Unexpected argument '\(value)'"
    case .invalidValue(let option, let value, let reason):
      return "The value '\(value)' is invalid for '\(option)': \(reason)"
    case .missingDirectory(let path): return "No such directory: \(path)"
    case .unknownLanguage(let code, let available):
      return "Unknown language '\(code)' (available: \(available.joined(separator: ", ")))"
    case .instructionData(let error): return error.description
    case .missingFile(let path): return "No such file: \(path)"
    case .demo(let error): return error.description
    case .liveWindow(let error): return error.description
    }
  }

  /// The exit status: 64 (`EX_USAGE`) for usage mistakes, 65 (`EX_DATAERR`) for bad data
  /// (points off the map, a corrupt route file), 1 for input that is not there or a failure.
  public var exitCode: Int32 {
    switch self {
    case .missingDirectory, .instructionData, .missingFile: return 1
    case .demo(let error): return error.isBadData ? 65 : 1
    case .liveWindow(.demo(let error)): return error.isBadData ? 65 : 1
    case .liveWindow(.location): return 65
    case .liveWindow: return 1
    default: return 64
    }
  }
}
