/// What the trace page shares with the playground (docs/playground.md), kept
/// as files in Resources/ and embedded by SwiftPM (`.embedInCode`), so the
/// files are the only copy: scripts/package ships the same files in the
/// Python wheel, and the playground reads them from here in the repository.
enum TraceResources {
    /// Resources/trace.css: the style sheet.
    static let css = String(decoding: PackageResources.trace_css, as: UTF8.self)
    /// Resources/errors.js: keeps every error in `window.traceErrors`; runs first.
    static let errorHook = String(decoding: PackageResources.errors_js, as: UTF8.self)
    /// Resources/draw.js: `OmniScrollDraw`, the drawing of one session state.
    static let drawScript = String(decoding: PackageResources.draw_js, as: UTF8.self)
}
