/// The whole screen: a title bar, the content, a message line and a line of key hints, with an
/// optional ``Overlay`` (a modal or a dialog) over the content.
@MainActor
package final class Window {
    /// The title bar's text (a path such as `Recordings › Work`).
    package var title = ""
    /// What fills the middle.
    package var content: any View
    /// A message for the user (an error, a confirmation), or `nil`.
    package var message: String?
    /// The keys that work now.
    package var hints = ""
    /// A modal or dialog over the content.
    package var overlay: (any Overlay)?
    /// The characters to draw with.
    package let glyphs: Glyphs

    /// Creates a window around a content view.
    package init(content: any View, glyphs: Glyphs) {
        self.content = content
        self.glyphs = glyphs
    }

    /// The rectangle the content gets on a screen of `width × height`.
    package static func contentRect(width: Int, height: Int) -> Rect {
        Rect(x: 0, y: 1, width: width, height: height - 3)
    }

    /// Draws everything into a new screen.
    package func render(width: Int, height: Int) -> TerminalScreen {
        var canvas = Canvas(width: width, height: height, glyphs: glyphs)
        let bar = CellStyle(inverse: true)
        canvas.clear(Rect(x: 0, y: 0, width: width, height: 1), style: bar)
        canvas.write(" " + title, x: 0, y: 0, style: CellStyle(bold: true, inverse: true), maxWidth: width)
        let area = Self.contentRect(width: width, height: height)
        content.draw(in: area, on: &canvas)
        // A long message takes as many lines as it needs above the hints, over the content's last rows.
        let lines = (message ?? "").wrapped(toColumns: width - 2, maxLines: max(height - 3, 1))
        for (offset, line) in lines.enumerated() {
            let y = height - 1 - lines.count + offset
            canvas.clear(Rect(x: 0, y: y, width: width, height: 1))
            canvas.write(line, x: 1, y: y, style: CellStyle(bold: true), maxWidth: width - 2)
        }
        canvas.write(hints, x: 1, y: height - 1, style: CellStyle(dim: true), maxWidth: width - 2)
        if let overlay {
            let size = overlay.preferredSize
            var frame = area.centered(width: size.width, height: size.height)
            if overlay.placement == .bottom { frame.y = area.y + area.height - frame.height }
            overlay.draw(in: frame, on: &canvas)
        }
        return canvas.screen
    }
}
