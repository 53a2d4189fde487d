/// A source of messages the driver keeps running while the state asks for it (Elm's `Sub`).
enum Subscription: Hashable {
    /// The store's changes, this instance's and others'.
    case storeChanges
    /// Playback position, every tick while playing.
    case playbackClock
    /// Recording time, every tick while recording.
    case recordingClock
}

/// The subscriptions the state asks for.
func subscriptions(_ state: AppState) -> Set<Subscription> {
    var subscriptions: Set<Subscription> = [.storeChanges]
    if state.play?.isPlaying == true { subscriptions.insert(.playbackClock) }
    if case .record = state.modal { subscriptions.insert(.recordingClock) }
    return subscriptions
}
