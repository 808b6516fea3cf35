/// The exit codes of `marks`: 0 ok, 1 failure, 64 usage (sysexits' EX_USAGE).
public enum ExitCode {
    public static let success: Int32 = 0
    public static let failure: Int32 = 1
    public static let usage: Int32 = 64
}
