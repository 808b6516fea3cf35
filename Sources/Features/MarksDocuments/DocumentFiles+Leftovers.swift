import Foundation

extension DocumentFiles {
    /// What a clean-up removed, and what it could not.
    struct Leftovers: Sendable, Equatable {
        /// Paths removed (staging files in `incoming/`, `files/<uuid>/` directories without a row).
        var removed: [String] = []
        /// What could not be removed or read, in words.
        var problems: [String] = []
    }

    /// Removes what a crash left: everything in `incoming/` and every `files/<name>/` whose name is not the uuid of a
    /// row in `knownIDs`, when nothing in it changed for `staleAfter` before `now`. The age guard keeps the files of
    /// an import another process (the server, while the CLI opens the library) is writing right now; an upload that
    /// streams keeps its file's modification time fresh.
    func removeLeftovers(knownIDs: Set<String>, now: Date, staleAfter: TimeInterval) -> Leftovers {
        var result = Leftovers()
        let cutoff = now.addingTimeInterval(-staleAfter)
        let orphanDirectories = children(of: root.appendingPathComponent("files", isDirectory: true), into: &result)
            .filter { !knownIDs.contains($0.lastPathComponent.lowercased()) }
        for item in children(of: incoming, into: &result) + orphanDirectories {
            guard let changed = newestChange(item) else {
                // Gone meanwhile (an import moved it in) is no problem; still there but unreadable is said.
                if FileManager.default.fileExists(atPath: item.path) {
                    result.problems.append("left \(item.path) alone: when it last changed could not be read")
                }
                continue
            }
            guard changed < cutoff else { continue }
            do {
                try FileManager.default.removeItem(at: item)
                result.removed.append(item.path)
            } catch {
                result.problems.append("could not remove \(item.path): \(error.localizedDescription)")
            }
        }
        return result
    }

    /// The entries of `directory` (none when it does not exist).
    private func children(of directory: URL, into result: inout Leftovers) -> [URL] {
        guard FileManager.default.fileExists(atPath: directory.path) else { return [] }
        do {
            return try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: [.contentModificationDateKey])
        } catch {
            result.problems.append("could not list \(directory.path): \(error.localizedDescription)")
            return []
        }
    }

    /// The latest modification time of `item` and, for a directory, of what is directly inside it (an OCR work
    /// directory rewrites the same page file); nil when it cannot be read (then it is left alone).
    private func newestChange(_ item: URL) -> Date? {
        func modified(_ url: URL) -> Date? {
            do {
                return try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date
            } catch {
                return nil
            }
        }
        guard var newest = modified(item) else { return nil }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: item.path, isDirectory: &isDirectory), isDirectory.boolValue {
            let inside: [String]
            do { inside = try FileManager.default.contentsOfDirectory(atPath: item.path) } catch { return nil }
            for name in inside.prefix(10_000) {
                guard let date = modified(item.appendingPathComponent(name)) else { return nil }
                newest = max(newest, date)
            }
        }
        return newest
    }
}
