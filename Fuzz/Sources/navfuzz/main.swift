// The libFuzzer driver. SwiftPM links an executable's entry point as `navfuzz_main`, so this
// file is the program's `main` and hands control to libFuzzer through `LLVMFuzzerRunDriver`
// (libFuzzer's own `main` is not linked); the target is chosen from `NAVFUZZ_TARGET` first.
import Foundation

/// libFuzzer's entry for programs with their own `main`.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

let name = ProcessInfo.processInfo.environment["NAVFUZZ_TARGET"] ?? ""
guard let target = FuzzTarget.all.first(where: { $0.name == name }) else {
  let names = FuzzTarget.all.map(\.name).joined(separator: ", ")
  FileHandle.standardError.write(Data("navfuzz: set NAVFUZZ_TARGET to one of: \(names)\n".utf8))
  exit(2)
}
FuzzTarget.selected = target
var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzerTestOneInput))

/// One input to the selected target (libFuzzer's `LLVMFuzzerTestOneInput`).
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  FuzzTarget.selected?.run(bytes)
  return 0
}
