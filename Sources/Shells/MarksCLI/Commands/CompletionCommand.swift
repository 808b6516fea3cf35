/// `marks completion bash|zsh|fish`: prints the shell's completion script for every command and option.
enum CompletionCommand: CLICommand {
    static let descriptor = CommandDescriptor(
        name: "completion",
        abstract: "Print shell completions (bash, zsh or fish).",
        discussion: """
        bash: marks completion bash > ~/.local/share/bash-completion/completions/marks
        zsh:  marks completion zsh > "${fpath[1]}/_marks"
        fish: marks completion fish > ~/.config/fish/completions/marks.fish
        """,
        arguments: [.positional("shell", help: "bash, zsh or fish.")]
    )

    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        let shell = arguments.positional("shell") ?? ""
        guard let script = CompletionScript.script(for: shell, root: MarksCommandLine.root) else {
            throw arguments.usageError("SHELL must be bash, zsh or fish, not '\(shell.singleLine)'")
        }
        context.standardOutput(script)
        return ExitCode.success
    }
}
