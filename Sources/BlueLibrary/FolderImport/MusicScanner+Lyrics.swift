import BlueLibraryCore
import BlueLibraryScanner
import BlueLibraryServices

/// The scanner reads lyrics for the web API and the Subsonic API.
extension MusicScanner: LyricsSource {}
