import Foundation
import MarksCLI
import SentenceEmbeddings

// The `marks` executable: everything lives in MarksCLI; this file only hands over argv and the exit code — after
// asking OpenBLAS for the kernels this CPU can run when it fell back to its generic ones (`BLASKernelChoice`).
BLASKernelChoice.restartIfBetterKernelsExist()
let code = await MarksCommandLine.run(Array(CommandLine.arguments.dropFirst()), context: .live)
exit(code)
