/// A server's routes as data: each a method, a path pattern (`/api/albums/{id}`: literal segments and
/// captures) and its handler. Finding a request's route also finds what to answer when there is none:
/// a path some route serves with other methods is 405 with the `Allow` those routes give, any other is
/// 404 — no list of 405 cases kept by hand. HEAD is answered wherever GET is.
package struct RouteTable<Handler: Sendable>: Sendable {
    /// One route.
    package struct Route: Sendable {
        /// `GET`, `POST`, …
        package let method: String
        /// The path pattern as written: `/api/albums/{id}`.
        package let pattern: String
        fileprivate let segments: [Segment]
        fileprivate let handler: Handler
    }

    /// What a request's method and path find.
    package enum Match {
        /// The route's handler and the path's captured segments, in order.
        case found(Handler, captures: [String])
        /// The path is served, by these methods only (sorted, HEAD included where GET is).
        case methodNotAllowed(allowed: [String])
        /// No route serves the path.
        case notFound
    }

    fileprivate enum Segment: Sendable, Comparable {
        // A literal sorts before a capture: `/api/albums/sections` wins over `/api/albums/{id}`.
        case literal(String)
        case capture

        func matches(_ part: String) -> Bool {
            switch self {
            case .literal(let text): text == part
            case .capture: !part.isEmpty
            }
        }

        var isCapture: Bool { self == .capture }
    }

    /// The routes, in the order they were added.
    package private(set) var routes: [Route] = []

    /// An empty table.
    package init() {}

    /// Adds `method pattern`. A pattern is `/`, or `/`-separated segments each a literal or `{name}`.
    package mutating func add(_ method: String, _ pattern: String, _ handler: Handler) {
        let segments = pattern.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map {
            $0.hasPrefix("{") && $0.hasSuffix("}") ? Segment.capture : .literal(String($0))
        }
        precondition(
            !routes.contains { $0.method == method && $0.segments == segments }, "\(method) \(pattern) twice")
        routes.append(Route(method: method, pattern: pattern, segments: segments, handler: handler))
    }

    /// The route of `method` on the path whose segments (after the leading `/`) are `parts`: among the
    /// patterns the path matches, the most specific (literals before captures, segment by segment).
    package func match(method: String, parts: [String]) -> Match {
        let matching = routes.filter { route in
            route.segments.count == parts.count
                && zip(route.segments, parts).allSatisfy { segment, part in segment.matches(part) }
        }
        guard let best = matching.map(\.segments).min(by: { $0.lexicographicallyPrecedes($1) }) else {
            return .notFound
        }
        let served = matching.filter { $0.segments == best }
        let wanted = method == "HEAD" ? ["HEAD", "GET"] : [method]
        for name in wanted {
            if let route = served.first(where: { $0.method == name }) {
                let captures = zip(route.segments, parts).filter { $0.0.isCapture }.map(\.1)
                return .found(route.handler, captures: captures)
            }
        }
        let methods = Set(served.map(\.method)).union(served.contains { $0.method == "GET" } ? ["HEAD"] : [])
        return .methodNotAllowed(allowed: methods.sorted())
    }
}
