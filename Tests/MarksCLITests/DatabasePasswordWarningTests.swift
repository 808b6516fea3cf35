import MarksAssembly
import Testing
@testable import MarksCLI

/// Issue 35 item 11: `--database postgres://user:password@…` shows the password to every local user in
/// `/proc/<pid>/cmdline`; Marks now warns and points to `MARKS_DATABASE_URL` or a libpq password file.
@Suite struct DatabasePasswordWarningTests {
    @Test(arguments: [
        ("postgres://marks:secret@db.internal/marks", true),
        ("postgresql://marks:s%40cret@db.internal:5432/marks?sslmode=require", true),
        ("postgres://db.internal/marks?user=marks&password=secret", true),
        ("postgres://marks@db.internal/marks", false),
        ("postgres://db.internal/marks?passfile=/etc/marks/pgpass", false),
        ("postgres://[::1]:5432/marks", false),
        ("postgres://marks@db.internal/marks?password=", false),
    ])
    func aPasswordInTheURLIsSeen(url: String, holds: Bool) {
        #expect(Settings.holdsPassword(url) == holds)
    }

    @Test func aPasswordOnTheCommandLineIsWarnedAboutAndOneInTheEnvironmentIsNot() throws {
        let harness = try CLIHarness()
        defer { harness.cleanUp() }
        let settings = try Settings.load(try harness.parse(["jobs", "--database", "postgres://marks:secret@db.internal/marks"]),
                                         context: harness.context())
        #expect(settings.databaseURL == "postgres://marks:secret@db.internal/marks")
        #expect(harness.stderr.contains("warning: --database holds a password"))
        #expect(harness.stderr.contains("MARKS_DATABASE_URL") && harness.stderr.contains(".pgpass"))
        #expect(!harness.stderr.contains("secret"), "the warning does not repeat the password")

        let quiet = try CLIHarness(environment: ["MARKS_DATABASE_URL": "postgres://marks:secret@db.internal/marks"])
        defer { quiet.cleanUp() }
        _ = try Settings.load(try quiet.parse(["jobs"]), context: quiet.context())
        _ = try Settings.load(try quiet.parse(["jobs", "--database", "postgres://marks@db.internal/marks"]), context: quiet.context())
        #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
    }
}
