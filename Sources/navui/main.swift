import Foundation
import NavCLI

let status = NavUI.run(Array(CommandLine.arguments.dropFirst()), context: .standard())
exit(status)
