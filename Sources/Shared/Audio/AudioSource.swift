/// Samples a player reads, a few thousand frames at a time from wherever playback is: a WAV file, a
/// file decoded by libsndfile or FFmpeg. One thread at a time reads a source (the player's feeding
/// thread); nothing is read whole.
package protocol AudioSource: AnyObject, Sendable {
    /// The samples' rate and channels (the device is opened with them).
    var format: SampleFormat { get }
    /// How many frames it holds (a decoder's count may be an estimate: the player plays what there is).
    var frameCount: Int { get }
    /// Up to `count` interleaved frames from frame `start`; fewer at the end, none past it.
    /// - Throws: ``AudioError`` (`file`) when the file cannot be read or decoded from there.
    func read(from start: Int, count: Int) throws(AudioError) -> [Int16]
}

extension AudioSource {
    /// The length in seconds.
    package var duration: Double { format.seconds(in: frameCount) }
}
