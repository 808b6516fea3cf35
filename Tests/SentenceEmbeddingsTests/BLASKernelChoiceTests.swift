import Testing
@testable import SentenceEmbeddings

/// OpenBLAS 0.3.21 runs its generic Prescott kernels on a CPU it does not know (a Sapphire Rapids here: the model 5×
/// slower); BLAS then has OpenBLAS choose again, with OPENBLAS_CORETYPE naming a kernel set the CPU can run.
@Suite struct BLASKernelChoiceTests {
    static let sapphireRapids = "processor\t: 0\nflags\t\t: fpu sse4_2 avx avx2 fma avx512f avx512dq avx512cd avx512bw avx512vl avx512_fp16\nbogomips\t: 4600\n"

    @Test func aFallbackOnACPUWithAVX512GetsSkylakeX() {
        let flags = BLASKernelChoice.cpuFlags(cpuinfo: Self.sapphireRapids)
        #expect(flags.contains("avx512vl") && flags.contains("fpu") && !flags.contains("4600"))
        #expect(BLASKernelChoice.override(environment: [:], loaded: "Prescott", cpuFlags: flags) == "SkylakeX")
        #expect(BLASKernelChoice.override(environment: [:], loaded: "Prescott", cpuFlags: ["avx", "avx2", "fma"]) == "Haswell")
        #expect(BLASKernelChoice.override(environment: [:], loaded: "Prescott", cpuFlags: ["sse3"]) == nil)
    }

    @Test func aGoodChoiceOrTheUsersOwnIsKept() {
        let flags = BLASKernelChoice.cpuFlags(cpuinfo: Self.sapphireRapids)
        #expect(BLASKernelChoice.override(environment: [:], loaded: "SkylakeX", cpuFlags: flags) == nil)
        #expect(BLASKernelChoice.override(environment: [:], loaded: "Haswell", cpuFlags: flags) == nil)
        #expect(BLASKernelChoice.override(environment: ["OPENBLAS_CORETYPE": "Prescott"], loaded: "Prescott", cpuFlags: flags) == nil)
        #expect(BLASKernelChoice.cpuFlags(cpuinfo: "").isEmpty)
    }

    @Test func onThisMachineTheKernelsFitTheCPU() {
        let flags = BLASKernelChoice.cpuFlags(cpuinfo: BLASKernelChoice.readCPUInfo())
        if flags.contains("avx2") && flags.contains("fma") {
            #expect(BLAS.kernels != "Prescott", "OpenBLAS's generic kernels on a CPU with AVX2")
        }
    }
}
