import BlueLibraryCore
import TestSupport
import Testing

@testable import BlueLibraryServices

/// The library's settings file: the defaults without one, what `config` writes read back, a setting a
/// later version knows skipped, and a line that is wrong named in one error.
struct LibrarySettingsTests {
    let folder = TemporaryDirectory("settings")

    @Test func noFileIsTheDefaultsAndAWrittenFileReadsBack() throws {
        let path = folder.file("library.db.settings")
        #expect(try LibrarySettings.read(from: path) == LibrarySettings())
        var settings = LibrarySettings()
        try settings.set("write-tags", to: "on")
        try settings.write(to: path)
        #expect(try LibrarySettings.read(from: path).writeTags)
        #expect(try LibrarySettings.read(from: path).value(of: "write-tags") == "on")
    }

    @Test func aSettingALaterVersionKnowsIsSkipped() throws {
        let path = folder.write(
            "library.db.settings", "# a comment\n\nreplay-gain = album\nwrite-tags = on\n")
        #expect(try LibrarySettings.read(from: path).writeTags)
    }

    @Test(arguments: [
        ("write-tags = maybe\n", "line 1: invalid value 'maybe' for write-tags: it is on or off"),
        ("# settings\nwrite-tags on\n", "line 2: not 'name = value'"),
    ])
    func aWrongLineIsOneErrorNamingTheFileAndTheLine(text: String, message: String) throws {
        let path = folder.write("library.db.settings", text)
        let error = try #require(throws: LibraryError.self) { try LibrarySettings.read(from: path) }
        #expect(error.code == .malformedInput)
        #expect(error.message == "the settings '\(path)' \(message)")
    }

    @Test func aNameThatIsNoSettingIsAUsageError() throws {
        var settings = LibrarySettings()
        let error = try #require(throws: LibraryError.self) { try settings.set("write-tag", to: "on") }
        #expect(error.code == .usage)
        #expect(error.message == "unknown setting 'write-tag': the settings are write-tags")
    }
}
