/// Something shown over the window's content — a ``Modal`` or a ``Dialog`` — that takes every key while
/// it is there.
@MainActor
package protocol Overlay: View, KeyResponder {
    /// The size it asks for, in columns and rows (clipped to the screen).
    var preferredSize: (width: Int, height: Int) { get }
    /// Where it sits over the content.
    var placement: OverlayPlacement { get }
}

/// Where an overlay sits.
package enum OverlayPlacement: Sendable {
    /// In the middle of the content (dialogs, the record modal).
    case center
    /// Along the bottom of the content, leaving the rest visible (a slider).
    case bottom
}

extension Overlay {
    /// Dialogs and modals sit in the middle.
    package var placement: OverlayPlacement { .center }
}
