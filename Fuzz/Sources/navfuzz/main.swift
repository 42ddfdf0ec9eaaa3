// The fuzzing driver. SwiftPM links an executable's entry point as `navfuzz_main`, so this
// file is the program's `main`; it picks the target from `NAVFUZZ_TARGET` and hands control
// to libFuzzer through `LLVMFuzzerRunDriver` (reached through CFuzzDriver's weak reference).
// In a plain build, without libFuzzer, it replays the files named on the command line
// through the target once each, so a finding can be re-run under a debugger.
import CFuzzDriver
import Foundation

let name = ProcessInfo.processInfo.environment["NAVFUZZ_TARGET"] ?? ""
guard let target = FuzzTarget.all.first(where: { $0.name == name }) else {
  let names = FuzzTarget.all.map(\.name).joined(separator: ", ")
  FileHandle.standardError.write(Data("navfuzz: set NAVFUZZ_TARGET to one of: \(names)\n".utf8))
  exit(2)
}
FuzzTarget.selected = target

if navfuzz_has_libfuzzer() != 0 {
  var argc = CommandLine.argc
  var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
  exit(navfuzz_run_driver(&argc, &argv, fuzzerTestOneInput))
}

// Replay: every argument is an input file.
let files = CommandLine.arguments.dropFirst()
guard !files.isEmpty else {
  FileHandle.standardError.write(
    Data(
      ("navfuzz: built without libFuzzer; give input files to replay, or build with "
        + "`make fuzz`\n").utf8))
  exit(2)
}
for file in files {
  guard let data = FileManager.default.contents(atPath: file) else {
    FileHandle.standardError.write(Data("navfuzz: cannot read \(file)\n".utf8))
    exit(1)
  }
  target.run(Array(data))
  print("\(target.name): \(file) ok")
}

/// One input to the selected target (libFuzzer's `LLVMFuzzerTestOneInput`).
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  FuzzTarget.selected?.run(bytes)
  return 0
}
