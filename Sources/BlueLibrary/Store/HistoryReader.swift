import BlueLibraryCore

/// The undo and redo history, the saved current album (the memento) and the outbox of changes for a
/// remote server.
package protocol HistoryReader {
    /// How many commands are on one side of the history.
    func historyCount(_ side: HistorySide) throws -> Int
    /// The saved current album, if any.
    func savedCurrent() throws -> CurrentAlbum?
    /// What the library's state is made of, read in one statement (``StoredState``).
    func storedState() throws -> StoredState
    /// The oldest changes waiting to be sent to the remote server, oldest first.
    func pendingSync(limit: Int) throws -> [PendingSync]
    /// How many changes wait to be sent to the remote server.
    func pendingSyncCount() throws -> Int
}

/// Recording steps, saving the current album and filling and emptying the outbox, in the transaction
/// of the change itself.
package protocol HistoryWriter: HistoryReader {
    /// Pushes a command on one side of the history, dropping the oldest beyond `limit`.
    func push(_ command: HistoryCommand, on side: HistorySide, limit: Int) throws
    /// Removes and returns the newest command of one side.
    func pop(_ side: HistorySide) throws -> HistoryCommand?
    /// Empties one side of the history.
    func clearHistory(_ side: HistorySide) throws
    /// Saves the current album (the memento), or clears it.
    func saveCurrent(_ current: CurrentAlbum?) throws
    /// Puts a change in the outbox, in the same transaction as the change itself.
    func enqueueSync(_ command: HistoryCommand, key: String) throws
    /// Removes a change from the outbox once the remote has it.
    func removeSync(_ sequence: Int) throws
}

/// What the library's state is made of, as stored: the saved current album and where that album is now
/// (nil when it is no longer in the library), how many albums there are, and whether each side of the
/// history holds a command.
package struct StoredState: Sendable, Equatable {
    package var saved: CurrentAlbum?
    package var savedIndex: Int?
    package var count: Int
    package var canUndo: Bool
    package var canRedo: Bool
}
