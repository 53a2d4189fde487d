import BlueLibraryCovers
import BlueLibraryPresentation
import TerminalKit

/// A cover tile in the terminal: the ``AlbumViewModel`` state drawn as half-block art inside a frame — white
/// when highlighted, black otherwise, as in the tutorial — with a spinner while the cover loads.
@MainActor
final class AlbumTile: ScrollerTile {
    let view: AlbumViewModel
    private let mode: any ColorStrategy
    private var art: (image: RGBAImage, columns: Int, rows: Int, cells: [[TerminalArt.HalfBlock]])?
    private static let spinner: [Character] = ["|", "/", "-", "\\"]

    init(view: AlbumViewModel, mode: any ColorStrategy) {
        self.view = view
        self.mode = mode
    }

    func draw(into screen: inout TerminalScreen, x: Int, y: Int, width: Int, height: Int, tick: Int) {
        let frameColor = view.isHighlighted ? RGB(255, 255, 255) : RGB(0, 0, 0)
        let frameStyle = CellStyle(
            foreground: view.isHighlighted ? RGB(0, 0, 0) : RGB(90, 90, 90),
            background: frameColor,
            bold: view.isHighlighted)
        // The frame: heavy lines when highlighted, light ones otherwise (readable without colour too).
        let (horizontal, vertical, corners): (Character, Character, [Character]) =
            view.isHighlighted ? ("━", "┃", ["┏", "┓", "┗", "┛"]) : ("─", "│", ["┌", "┐", "└", "┘"])
        for column in x..<(x + width) {
            screen.put(horizontal, x: column, y: y, style: frameStyle)
            screen.put(horizontal, x: column, y: y + height - 1, style: frameStyle)
        }
        for row in y..<(y + height) {
            screen.put(vertical, x: x, y: row, style: frameStyle)
            screen.put(vertical, x: x + width - 1, y: row, style: frameStyle)
        }
        screen.put(corners[0], x: x, y: y, style: frameStyle)
        screen.put(corners[1], x: x + width - 1, y: y, style: frameStyle)
        screen.put(corners[2], x: x, y: y + height - 1, style: frameStyle)
        screen.put(corners[3], x: x + width - 1, y: y + height - 1, style: frameStyle)

        let columns = width - 2
        let rows = height - 2
        guard columns > 0, rows > 0 else { return }
        guard let image = view.image else {
            let black = Cell(character: " ", style: CellStyle(background: RGB(0, 0, 0)))
            screen.fill(x: x + 1, y: y + 1, width: columns, height: rows, with: black)
            if view.isLoadingIndicatorVisible {
                let spinner = Self.spinner[tick % Self.spinner.count]
                screen.put(
                    spinner, x: x + width / 2, y: y + height / 2,
                    style: CellStyle(
                        foreground: RGB(220, 220, 220), background: RGB(0, 0, 0)))
            }
            return
        }
        let cells = artCells(image, columns: columns, rows: rows)
        for (row, line) in cells.enumerated() {
            for (column, block) in line.enumerated() {
                let (character, style) = mode.halfBlock(upper: block.top, lower: block.bottom)
                screen.put(character, x: x + 1 + column, y: y + 1 + row, style: style)
            }
        }
    }

    /// The scaled art, computed once per image and size (scaling every frame would waste time).
    /// Generated artwork is drawn afresh at the tile's own size, so its initials stay crisp instead of
    /// being blurred down from 200 pixels.
    private func artCells(_ image: RGBAImage, columns: Int, rows: Int) -> [[TerminalArt.HalfBlock]] {
        if let art, art.image == image, art.columns == columns, art.rows == rows { return art.cells }
        var source = image
        if case .generated = view.coverState {
            source = GeneratedArtwork(album: view.album).image(size: max(columns, rows * 2))
        }
        let cells = TerminalArt.halfBlocks(source, columns: columns, rows: rows)
        art = (image, columns, rows, cells)
        return cells
    }
}
