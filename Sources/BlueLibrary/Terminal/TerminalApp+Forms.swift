import BlueLibraryCore
import BlueLibraryPresentation
import TerminalKit

/// The add and edit forms (an album's, a track's): Enter saves through the controller, Esc cancels, the
/// rest edits the fields.
/// A mistake — a bad year, an empty title, an album another process deleted meanwhile — is shown in the
/// form, which stays open to put it right.
extension TerminalApp {
    func handleForm(_ key: Key, form: AlbumForm) async {
        var form = form
        switch key {
        case .escape:
            input = .browse
            controller.setMessage(nil)
        case .enter:
            await save(form)
        default:
            if form.edit(key) { input = .form(form) }
        }
    }

    private func save(_ form: AlbumForm) async {
        var form = form
        do {
            switch form.purpose {
            case .add:
                try await controller.add(try form.album())
            case .edit(let album):
                let patch = try form.patch(for: album)
                if patch.isEmpty {
                    controller.setMessage("Nothing changed in \"\(album.title)\"")
                } else {
                    try await controller.edit(album.id, with: patch)
                }
            case .editTrack(let track):
                let patch = try form.trackPatch(for: track)
                if patch.isEmpty {
                    controller.setMessage("Nothing changed in \"\(track.title)\"")
                } else {
                    try await controller.editTrack(track, with: patch)
                }
            }
            input = .browse
        } catch {
            form.error = (error as? LibraryError)?.message ?? "\(error)"
            input = .form(form)
            // The form shows the mistake; the status line does not repeat it.
            controller.setMessage(nil)
        }
    }
}
