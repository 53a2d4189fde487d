import BlueLibraryCore
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Limits every request of an ``URLSessionHTTPClient`` obeys.
public struct HTTPClientConfiguration: Sendable {
    /// The longest a whole request may take, from start to the last byte.
    public var timeout: Duration = .seconds(10)
    /// The largest response body accepted; enforced while it streams in.
    public var maximumBodySize = 10 * 1024 * 1024
    /// How many redirects are followed.
    public var maximumRedirects = 5
    /// The `User-Agent` header sent.
    public var userAgent = "BlueLibrary/0.1"

    /// The defaults: 10 s, 10 MB, 5 redirects.
    public init() {}
}

/// The real ``HTTPClient``, over `URLSession`: a total timeout, a body-size limit enforced while
/// streaming (a 2 GB answer is cut off at the limit, not read then refused), a redirect limit, a user
/// agent and cancellation. Failures are ``LibraryError`` `unavailable` naming the URL.
public final class URLSessionHTTPClient: HTTPClient {
    /// The limits in force.
    public let configuration: HTTPClientConfiguration
    private let session: URLSession
    private let tasks: TaskTable

    /// Creates a client with its own session.
    public init(configuration: HTTPClientConfiguration = HTTPClientConfiguration()) {
        self.configuration = configuration
        let tasks = TaskTable(configuration: configuration)
        self.tasks = tasks
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        // Our own timer enforces the total timeout; the session's are a back-stop a little later.
        let seconds = Double(configuration.timeout.components.seconds) + 5
        sessionConfiguration.timeoutIntervalForRequest = seconds
        sessionConfiguration.timeoutIntervalForResource = seconds
        sessionConfiguration.httpAdditionalHeaders = ["User-Agent": configuration.userAgent]
        session = URLSession(configuration: sessionConfiguration, delegate: tasks, delegateQueue: nil)
    }

    deinit { session.invalidateAndCancel() }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let url = URL(string: request.url), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https"
        else { throw LibraryError(.usage, "\(request.method) \(request.url): not an http or https URL") }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        if !request.body.isEmpty { urlRequest.httpBody = Data(request.body) }
        let task = session.dataTask(with: urlRequest)
        let label = "\(request.method) \(request.url)"
        let timeout = configuration.timeout
        // The total timeout, whatever the server does (URLSession's own timeouts are per read).
        let timer = Task { [tasks] in
            try await Task.sleep(for: timeout)
            tasks.fail(task, with: LibraryError(.unavailable, "\(label): no answer within \(timeout)"))
        }
        defer { timer.cancel() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                tasks.start(task, label: label, continuation: continuation)
            }
        } onCancel: {
            tasks.fail(task, with: LibraryError(.unavailable, "\(label): cancelled"))
        }
    }
}

/// The session delegate: collects each task's response and body, enforces the limits, and resumes the
/// waiting caller exactly once.
private final class TaskTable: NSObject, URLSessionDataDelegate, Sendable {
    private struct Entry {
        var label: String
        var continuation: CheckedContinuation<HTTPResponse, any Error>
        var response: HTTPURLResponse?
        var body: [UInt8] = []
        var redirects = 0
        var failure: LibraryError?
    }

    private let configuration: HTTPClientConfiguration
    private let entries = Mutex<[Int: Entry]>([:])

    init(configuration: HTTPClientConfiguration) {
        self.configuration = configuration
    }

    func start(
        _ task: URLSessionDataTask, label: String, continuation: CheckedContinuation<HTTPResponse, any Error>
    ) {
        entries.withLock { $0[task.taskIdentifier] = Entry(label: label, continuation: continuation) }
        task.resume()
    }

    /// Ends a task with an error (timeout, size limit, cancellation); later events for it are ignored.
    func fail(_ task: URLSessionTask, with error: LibraryError) {
        guard let entry = entries.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        task.cancel()
        entry.continuation.resume(throwing: error)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let tooLarge = entries.withLock { entries -> String? in
            guard var entry = entries[dataTask.taskIdentifier] else { return nil }
            entry.response = response as? HTTPURLResponse
            entries[dataTask.taskIdentifier] = entry
            let declared = response.expectedContentLength
            return declared > configuration.maximumBodySize ? entry.label : nil
        }
        if let label = tooLarge {
            completionHandler(.cancel)
            fail(dataTask, with: tooLargeError(label))
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let tooLarge = entries.withLock { entries -> String? in
            guard var entry = entries[dataTask.taskIdentifier] else { return nil }
            entry.body.append(contentsOf: data)
            entries[dataTask.taskIdentifier] = entry
            return entry.body.count > configuration.maximumBodySize ? entry.label : nil
        }
        if let label = tooLarge { fail(dataTask, with: tooLargeError(label)) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let exceeded = entries.withLock { entries -> String? in
            guard var entry = entries[task.taskIdentifier] else { return nil }
            entry.redirects += 1
            entries[task.taskIdentifier] = entry
            return entry.redirects > configuration.maximumRedirects ? entry.label : nil
        }
        guard let label = exceeded else { return completionHandler(request) }
        completionHandler(nil)
        fail(
            task,
            with: LibraryError(
                .unavailable, "\(label): more than \(configuration.maximumRedirects) redirects"))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let entry = entries.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let error {
            entry.continuation.resume(
                throwing: LibraryError(.unavailable, "\(entry.label): \(describe(error))"))
            return
        }
        guard let response = entry.response else {
            entry.continuation.resume(throwing: LibraryError(.unavailable, "\(entry.label): no response"))
            return
        }
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        entry.continuation.resume(
            returning: HTTPResponse(status: response.statusCode, headers: headers, body: entry.body))
    }

    /// A short reason for a transport error (Foundation's own texts on Linux are often just codes).
    private func describe(_ error: any Error) -> String {
        let error = error as NSError
        guard error.domain == NSURLErrorDomain else { return error.localizedDescription }
        switch error.code {
        case NSURLErrorTimedOut: return "no answer within \(configuration.timeout)"
        case NSURLErrorCannotConnectToHost: return "connection refused"
        case NSURLErrorCannotFindHost, NSURLErrorDNSLookupFailed: return "unknown host"
        case NSURLErrorNetworkConnectionLost: return "the connection was lost"
        case NSURLErrorNotConnectedToInternet: return "no network"
        default: return error.localizedDescription
        }
    }

    private func tooLargeError(_ label: String) -> LibraryError {
        LibraryError(
            .unavailable, "\(label): the answer is larger than \(configuration.maximumBodySize) bytes")
    }
}
