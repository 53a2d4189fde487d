import TerminalKit

/// The app's dialogs with their texts (the originals' alert controllers): what confirming and
/// cancelling do is each architecture's own.
extension Dialog {
    /// A dialog asking for a name, with the texts of ``Strings/createFolder`` or ``Strings/saveRecording``.
    package static func askingName(_ texts: (title: String, placeholder: String, confirm: String)) -> Dialog {
        Dialog(title: texts.title, placeholder: texts.placeholder, confirm: texts.confirm)
    }

    /// The yes/no question before deleting the folder named `name` and everything in it.
    package static func confirmingDeletion(ofFolder name: String) -> Dialog {
        Dialog(
            title: Strings.deleteFolder.title, prompt: Strings.deleteFolderPrompt(name),
            confirm: Strings.deleteFolder.confirm)
    }
}
