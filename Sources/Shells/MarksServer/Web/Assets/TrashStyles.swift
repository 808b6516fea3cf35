/// Part of the app's style sheet (`StyleSheet` puts the parts in order after its own rules).
/// The trash: the Undo form inside the notice after a delete; the Trash rows' two forms side by side.
enum TrashStyles {
    static let css = #"""
/* Trash: the Undo form inside the notice after a delete; the Trash rows' two forms side by side. */
.notice.undo form,.trash .actions form{display:inline}
"""#
}
