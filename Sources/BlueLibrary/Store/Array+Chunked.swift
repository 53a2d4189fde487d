extension Array {
    /// The elements in consecutive runs of at most `size` (a statement about many rows, a batch at a time).
    package func chunked(into size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
