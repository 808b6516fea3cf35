import MarksAssembly

/// The composition root as a command builds it: from its command line's settings and the CLI's context.
extension CompositionRoot {
    /// The root for a command line: its settings (file, environment, flags).
    static func load(_ arguments: ParsedArguments, context: CLIContext) throws -> CompositionRoot {
        CompositionRoot(settings: try Settings.load(arguments, context: context), context: context)
    }

    /// A root over `settings` in the CLI's `context`; `warn` defaults to a `warning:` line on standard error.
    convenience init(settings: Settings, context: CLIContext, runsBackgroundWork: Bool = false, overrides: Overrides = Overrides(),
                     warn: (@Sendable (String) -> Void)? = nil) {
        self.init(settings: settings, context: context.process, runsBackgroundWork: runsBackgroundWork, overrides: overrides, warn: warn)
    }
}
