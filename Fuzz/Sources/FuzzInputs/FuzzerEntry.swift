import Foundation

/// The process entry: `FuzzInputs TARGET [libFuzzer arguments...]`. The
/// target name is taken off the arguments and libFuzzer's driver gets the
/// rest, so every libFuzzer flag (-max_total_time, -runs, corpus
/// directories, a crash file to reproduce) works as documented.
/// `FuzzInputs seeds DIR FILE...` writes the seeds of the results targets.
@_cdecl("FuzzInputs_main")
func fuzzInputsMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    let arguments = (0..<Int(argc)).map { String(cString: argv[$0]!) }
    if arguments.count >= 3, arguments[1] == "seeds" {
        return ResultsSeeds.write(into: arguments[2], from: Array(arguments.dropFirst(3)))
    }
    guard arguments.count >= 2, let target = FuzzTarget(rawValue: arguments[1]) else {
        let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
        FileHandle.standardError.write(
            Data("usage: FuzzInputs TARGET [libFuzzer options] [corpus dirs]; TARGET is one of \(names)\n".utf8))
        return 64
    }
    FuzzTarget.selected = target
    target.prepare()
    // argv without the target name, for libFuzzer (which keeps the pointers).
    var count = argc - 1
    var rest = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: Int(argc))
    rest[0] = argv[0]
    for index in 2..<Int(argc) { rest[index - 1] = argv[index] }
    rest[Int(argc) - 1] = nil
    return runFuzzerDriver(&count, &rest) { bytes, size in
        FuzzTarget.selected.run(Data(bytes: bytes, count: size))
        return 0
    }
}

@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt
