/// A small SVG writer: shapes in the order drawn, attributes in the order
/// given, numbers with at most two decimals, so the same picture is the same bytes.
struct SVGWriter {
    private var body = ""
    let width: Double
    let height: Double

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    typealias Attributes = [(String, String)]

    /// The largest magnitude drawn: far past any picture, and small enough
    /// that hundredths of it convert to `Int` (a layout at 1e24 would trap).
    static let maxMagnitude = 1e15

    /// At most two decimals, no trailing zeros, never `-0`; held within
    /// ±`maxMagnitude` (NaN draws as its upper end).
    static func number(_ value: Double) -> String {
        let bounded = value < maxMagnitude ? max(-maxMagnitude, value) : maxMagnitude
        let hundredths = Int((bounded * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = hundredths.magnitude
        let whole = magnitude / 100
        let fraction = magnitude % 100
        if fraction == 0 { return "\(sign)\(whole)" }
        let digits = fraction % 10 == 0 ? "\(fraction / 10)" : (fraction < 10 ? "0\(fraction)" : "\(fraction)")
        return "\(sign)\(whole).\(digits)"
    }

    static func escape(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
            .replacing("\"", with: "&quot;")
    }

    private mutating func element(_ name: String, _ geometry: [(String, Double)], _ attributes: Attributes, content: String? = nil) {
        body += "<\(name)"
        for (key, value) in geometry { body += " \(key)=\"\(Self.number(value))\"" }
        for (key, value) in attributes { body += " \(key)=\"\(Self.escape(value))\"" }
        if let content { body += ">\(Self.escape(content))</\(name)>\n" } else { body += "/>\n" }
    }

    mutating func rect(x: Double, y: Double, width: Double, height: Double, attributes: Attributes) {
        element("rect", [("x", x), ("y", y), ("width", width), ("height", height)], attributes)
    }

    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, attributes: Attributes) {
        element("line", [("x1", x1), ("y1", y1), ("x2", x2), ("y2", y2)], attributes)
    }

    mutating func circle(cx: Double, cy: Double, r: Double, attributes: Attributes) {
        element("circle", [("cx", cx), ("cy", cy), ("r", r)], attributes)
    }

    mutating func text(x: Double, y: Double, _ content: String, attributes: Attributes) {
        element("text", [("x", x), ("y", y)], attributes, content: content)
    }

    mutating func path(_ d: String, attributes: Attributes) {
        element("path", [], [("d", d)] + attributes)
    }

    mutating func polyline(_ points: [(Double, Double)], attributes: Attributes) {
        let list = points.map { "\(Self.number($0.0)),\(Self.number($0.1))" }.joined(separator: " ")
        element("polyline", [], [("points", list)] + attributes)
    }

    func finish() -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Self.number(width))\" height=\"\(Self.number(height))\" "
            + "viewBox=\"0 0 \(Self.number(width)) \(Self.number(height))\" font-family=\"\(TraceStrip.font)\">\n"
            + body + "</svg>\n"
    }
}
