/// The trace page's style and scripts, kept as files in Resources/ and
/// embedded by SwiftPM (`.embedInCode`), so the files are the only copy and a
/// browser loads them as they are. The page shares trace.css, errors.js and
/// draw.js with the playground (docs/playground.md): scripts/package ships the
/// same files in the Python wheel, and the playground reads them from here in
/// the repository.
enum TraceResources {
    /// Resources/trace.css: the style sheet.
    static let css = String(decoding: PackageResources.trace_css, as: UTF8.self)
    /// Resources/errors.js: keeps every error in `window.traceErrors`; runs first.
    static let errorHook = String(decoding: PackageResources.errors_js, as: UTF8.self)
    /// Resources/draw.js: `OmniScrollDraw`, the drawing of one session state.
    static let drawScript = String(decoding: PackageResources.draw_js, as: UTF8.self)
    /// Resources/trace.js: the trace page's own stepping, timeline and details.
    static let pageScript = String(decoding: PackageResources.trace_js, as: UTF8.self)
}
