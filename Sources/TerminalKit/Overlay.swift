/// Something shown over the window's content — a ``Modal`` or a ``Dialog`` — that takes every key while
/// it is there.
@MainActor
public protocol Overlay: View, KeyResponder {
    /// The size it asks for, in columns and rows (clipped to the screen).
    var preferredSize: (width: Int, height: Int) { get }
}
