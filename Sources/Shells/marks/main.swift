import Foundation
import MarksCLI

// The `marks` executable: everything lives in MarksCLI; this file only hands over argv and the exit code.
let code = await MarksCommandLine.run(Array(CommandLine.arguments.dropFirst()), context: .live)
exit(code)
