/// A retained widget: an object with properties that its owner sets, drawn into a rectangle when the
/// screen is rendered. Owners differ by architecture — a controller, a binding, a driver diffing
/// virtual views — but the widgets are the same.
@MainActor
package protocol View: AnyObject {
    /// Draws the widget into `rect`.
    func draw(in rect: Rect, on canvas: inout Canvas)
}

/// A widget that reacts to keys of its own (moving in a list, typing in a field). It returns whether it
/// used the key; an unused key goes on to the app.
@MainActor
package protocol KeyResponder: AnyObject {
    /// Handles a key; `true` when the widget used it.
    func handle(_ key: Key) -> Bool
}
