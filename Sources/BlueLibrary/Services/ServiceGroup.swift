/// A long-running part of a process — a server, a polling loop, the cover downloads — that runs until
/// its task is cancelled and then stops gracefully (the shape of Hummingbird's services).
package protocol Service: Sendable {
    /// Runs until cancelled; returns once everything it started has stopped.
    func run() async throws
}

/// Runs a face's services side by side as one structured unit: when any of them ends — the user quit,
/// a stop signal arrived, a service failed — every other one is cancelled, and ``run()`` returns only
/// when all have stopped. One graceful shutdown for the whole process.
package struct ServiceGroup: Sendable {
    private let services: [any Service]

    /// A group of services.
    package init(_ services: [any Service]) {
        self.services = services
    }

    /// Runs every service until the first one ends, then cancels the rest and waits for them.
    /// - Throws: the first error a service threw, after all have stopped.
    package func run() async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for service in services { group.addTask { try await service.run() } }
            var failure: (any Error)?
            do {
                try await group.next()
            } catch {
                failure = error
            }
            group.cancelAll()
            while !group.isEmpty {
                do {
                    try await group.next()
                } catch is CancellationError {
                    continue
                } catch {
                    failure = failure ?? error
                }
            }
            if let failure, !(failure is CancellationError) { throw failure }
        }
    }
}

/// A service made of a closure (a stop signal, a face's own loop).
package struct ClosureService: Service {
    private let body: @Sendable () async throws -> Void

    /// A service that runs `body`.
    package init(_ body: @escaping @Sendable () async throws -> Void) {
        self.body = body
    }

    package func run() async throws {
        try await body()
    }
}

/// Follows changes committed by other processes (the command line, another server): asks the facade
/// every `interval`, so they reach the open faces within a second.
package struct ExternalChangeWatcher: Service {
    private let library: LibraryAPI
    private let interval: Duration

    /// A watcher of `library`.
    package init(library: LibraryAPI, interval: Duration = .milliseconds(400)) {
        self.library = library
        self.interval = interval
    }

    package func run() async {
        while !Task.isCancelled {
            _ = try? await library.checkForExternalChanges()
            try? await Task.sleep(for: interval)
        }
    }
}
