import OmniScrollJSON
import OmniScrollTestSupport

/// `count` random `grid.update` params (without `session`), seeded: mostly
/// small drags, some jumps across many screens, viewport changes and rests.
func gridWalk(_ count: Int, using random: inout SeededGenerator) -> [JSONObject] {
    var x = 9812.5, y = 9600.0
    var ticks: [JSONObject] = []
    for _ in 0..<count {
        var params: JSONObject = [:]
        switch Int.random(in: 0..<20, using: &random) {
        case 0: params["phase"] = "idle"
        case 1: params["viewport"] = ["width": .number(Double.random(in: 200...900, using: &random).rounded()),
                                     "height": .number(Double.random(in: 200...900, using: &random).rounded())]
        case 2:
            x += Double.random(in: -9000...9000, using: &random).rounded()
            y += Double.random(in: -9000...9000, using: &random).rounded()
        default:
            x += Double.random(in: -60...60, using: &random).rounded()
            y += Double.random(in: -60...60, using: &random).rounded()
            params["phase"] = "dragging"
        }
        params["x"] = .number(x); params["y"] = .number(y)
        ticks.append(params)
    }
    return ticks
}
