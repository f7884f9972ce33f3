import OmniScrollJSON

/// The static picture of a trace (`omniscroll trace --svg`): one column per
/// step, content coordinates downwards; in each column every child's frame as
/// a band in its colour and the viewport as a red outline; the offset as a
/// line across the steps; each step's events as dots below, coloured by the
/// child they name, and a red mark under a step with a problem.
public enum TraceStrip {
    static let columnWidth = 34.0
    static let plotHeight = 300.0
    static let top = 34.0
    static let left = 58.0
    static let legendRow = 16.0
    static let dot = 7.0
    /// Tableau 10, the palette of docs/figures and of the HTML page.
    static let palette = ["#4c78a8", "#f58518", "#54a24b", "#b279a2", "#e45756", "#72b7b2", "#9d755d", "#eeca3b", "#ff9da6", "#bab0ac"]
    static let viewportRed = "#d62728"
    static let muted = "#6b6b6b"
    static let font = "DejaVu Sans, Helvetica, Arial, sans-serif"

    /// One step as the strip needs it.
    struct Column {
        var offset: Double?
        var viewportHeight: Double?
        var bands: [(id: String, top: Double, height: Double)]
        var events: [String?]
        var bad: Bool
        /// A `session.pointer` step's finger, in viewport points, and the viewport's width (docs/pointer.md).
        var finger: (x: Double, y: Double, viewportWidth: Double)?
        /// Children the trace left out of this step (`TraceBound.trim`).
        var omitted: Int
    }

    static let fingerInk = "#111111"

    public static func svg(_ trace: Trace, title: String) -> String {
        let columns = trace.steps.map(column)
        var ids: [String] = []
        for c in columns { for band in c.bands where !ids.contains(band.id) { ids.append(band.id) } }
        func color(_ id: String?) -> String {
            guard let id, let i = ids.firstIndex(of: id) else { return muted }
            return palette[i % palette.count]
        }
        var lo = 0.0, hi = 1.0
        for c in columns {
            if let o = c.offset {
                lo = min(lo, o)
                hi = max(hi, o + (c.viewportHeight ?? 0))
            }
            for band in c.bands {
                lo = min(lo, band.top)
                hi = max(hi, band.top + band.height)
            }
        }
        let scale = plotHeight / (hi - lo)
        func y(_ v: Double) -> Double { top + (v - lo) * scale }
        let maxEvents = columns.map(\.events.count).max() ?? 0
        let eventsTop = top + plotHeight + 22
        let legendTop = eventsTop + Double(maxEvents) * (dot + 2) + 26
        let width = left + Double(max(columns.count, 1)) * columnWidth + 20
        let hasFinger = columns.contains { $0.finger != nil }
        let legendBottom = legendTop + Double((ids.count + 2 + (hasFinger ? 1 : 0)) / 3) * legendRow
        let omitted = columns.map(\.omitted).max() ?? 0
        let height = legendBottom + (omitted > 0 ? legendRow : 0) + 10

        var svg = SVGWriter(width: width, height: height)
        svg.rect(x: 0, y: 0, width: width, height: height, attributes: [("fill", "#ffffff")])
        svg.text(x: left, y: 20, "\(title): offset and child frames per step", attributes: [("font-size", "13"), ("font-weight", "bold")])
        for tickValue in axisTicks(lo: lo, hi: hi) {
            svg.line(x1: left - 4, y1: y(tickValue), x2: width - 20, y2: y(tickValue), attributes: [("stroke", "#ececec")])
            svg.text(x: left - 8, y: y(tickValue) + 4, SVGWriter.number(tickValue),
                     attributes: [("font-size", "10"), ("fill", muted), ("text-anchor", "end")])
        }
        var offsetPoints: [(Double, Double)] = []
        for (i, c) in columns.enumerated() {
            let x = left + Double(i) * columnWidth
            let inner = columnWidth - 8
            for band in c.bands where band.height > 0 {
                svg.rect(x: x + 4, y: y(band.top), width: inner, height: band.height * scale,
                         attributes: [("fill", color(band.id)), ("fill-opacity", "0.55"), ("stroke", color(band.id))])
            }
            if let o = c.offset {
                if let v = c.viewportHeight {
                    svg.rect(x: x + 2, y: y(o), width: columnWidth - 4, height: v * scale,
                             attributes: [("fill", "none"), ("stroke", viewportRed), ("stroke-width", "1.5")])
                }
                offsetPoints.append((x + columnWidth / 2, y(o)))
                // The finger, where it touches the viewport: across the column as across the viewport.
                if let f = c.finger {
                    svg.circle(cx: x + 2 + (columnWidth - 4) * min(max(f.x / f.viewportWidth, 0), 1), cy: y(o + f.y), r: 3.5,
                               attributes: [("fill", fingerInk), ("stroke", "#ffffff"), ("stroke-width", "1")])
                }
            }
            svg.text(x: x + columnWidth / 2, y: top + plotHeight + 14, "\(i + 1)",
                     attributes: [("font-size", "10"), ("fill", c.bad ? viewportRed : muted), ("text-anchor", "middle")])
            for (k, child) in c.events.enumerated() {
                svg.circle(cx: x + columnWidth / 2, cy: eventsTop + Double(k) * (dot + 2) + dot / 2, r: dot / 2,
                           attributes: [("fill", color(child))])
            }
            if c.bad {
                let my = eventsTop - 10
                svg.path("M\(SVGWriter.number(x + columnWidth / 2 - 5)) \(SVGWriter.number(my + 6))h10l-5 -8z",
                         attributes: [("fill", viewportRed)])
            }
        }
        if !offsetPoints.isEmpty {
            svg.polyline(offsetPoints, attributes: [("fill", "none"), ("stroke", viewportRed), ("stroke-width", "2")])
            for (px, py) in offsetPoints {
                svg.circle(cx: px, cy: py, r: 2.5, attributes: [("fill", viewportRed)])
            }
        }
        svg.text(x: left - 8, y: top + plotHeight + 14, "step", attributes: [("font-size", "10"), ("fill", muted), ("text-anchor", "end")])
        svg.text(x: left - 8, y: eventsTop + dot, "events", attributes: [("font-size", "10"), ("fill", muted), ("text-anchor", "end")])
        let legend = [("offset, viewport", viewportRed)] + (hasFinger ? [("finger", fingerInk)] : [])
            + ids.map { ($0, color($0)) }
        for (k, entry) in legend.enumerated() {
            let lx = left + Double(k % 3) * 170
            let ly = legendTop + Double(k / 3) * legendRow
            svg.rect(x: lx, y: ly - 9, width: 12, height: 10, attributes: [("fill", entry.1), ("fill-opacity", k == 0 ? "1" : "0.55")])
            svg.text(x: lx + 17, y: ly, entry.0, attributes: [("font-size", "11")])
        }
        if omitted > 0 {
            svg.text(x: left, y: legendBottom,
                     "… up to \(omitted) more children per step, not drawn: only those within a viewport of it are kept",
                     attributes: [("font-size", "11"), ("fill", muted)])
        }
        return svg.finish()
    }

    /// What a step contributes: the observed Layout's offset and frames (`children`,
    /// a grid's `tiles` as one band), the viewport, the reply's events.
    static func column(_ step: TraceStep) -> Column {
        let layout = step.view?.layout
        let offset = layout?["offset"]?.doubleValue ?? layout?["offset"]?["y"]?.doubleValue
        var bands: [(id: String, top: Double, height: Double)] = []
        for child in layout?["children"]?.arrayValue ?? [] {
            guard let id = child["id"]?.stringValue, let frame = child["frame"],
                  let y = frame["y"]?.doubleValue, let h = frame["height"]?.doubleValue else { continue }
            bands.append((id, y, h))
        }
        let tileFrames = (layout?["tiles"]?.arrayValue ?? []).compactMap { tile -> (Double, Double)? in
            guard let y = tile["frame"]?["y"]?.doubleValue, let h = tile["frame"]?["height"]?.doubleValue else { return nil }
            return (y, y + h)
        }
        if let first = tileFrames.first {
            let lo = tileFrames.reduce(first.0) { min($0, $1.0) }
            let hi = tileFrames.reduce(first.1) { max($0, $1.1) }
            bands.append(("tiles", lo, hi - lo))
        }
        let events = (step.events ?? Trace.events(in: step.reply.flatMap { try? JSONParser.parse($0) }))
            .map { $0["child"]?.stringValue }
        let request = try? JSONParser.parse(step.request)
        var finger: (x: Double, y: Double, viewportWidth: Double)?
        if request?["method"]?.stringValue?.hasSuffix(".pointer") == true, let params = request?["params"],
           let fx = params["x"]?.doubleValue, let fy = params["y"]?.doubleValue,
           let width = step.view?.snapshot?["viewport"]?["width"]?.doubleValue, width > 0 {
            finger = (fx, fy, width)
        }
        return Column(offset: offset, viewportHeight: step.view?.snapshot?["viewport"]?["height"]?.doubleValue,
                      bands: bands, events: events, bad: !step.problems.isEmpty, finger: finger,
                      omitted: step.view?.omittedChildren ?? 0)
    }

    /// Round axis values (1, 2 or 5 times a power of ten) every ~60 px.
    static func axisTicks(lo: Double, hi: Double) -> [Double] {
        let raw = (hi - lo) / (plotHeight / 60)
        var step = 1.0
        while step * 10 <= raw { step *= 10 }
        if step * 5 <= raw { step *= 5 } else if step * 2 <= raw { step *= 2 }
        var ticks: [Double] = []
        var v = (lo / step).rounded(.up) * step
        while v <= hi {
            ticks.append(v)
            v += step
        }
        return ticks
    }
}
