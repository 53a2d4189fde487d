/// Suspends until the current task is cancelled (a service that only needs to stop when asked).
package func waitUntilCancelled() async {
    let (stream, _) = AsyncStream.makeStream(of: Never.self)
    for await _ in stream {}
}
