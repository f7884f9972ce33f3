import Foundation
import XCTest
import OmniScrollJSON
import OmniScrollTrace

/// Running a transcript in-process and drawing it: the replies are the
/// worker's, every step carries its session whole, problems are flagged at
/// their step, and the same input gives the same bytes.
final class TraceTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    static let create = #"{"jsonrpc":"2.0","id":1,"method":"session.create","params":{"id":"s","viewport":{"width":375,"height":800},"children":[{"id":"a","kind":"scroll","contentHeight":2000},{"id":"b","kind":"scroll","contentHeight":3000}],"options":{"delta":true}}}"#
    static let scroll = #"{"jsonrpc":"2.0","id":2,"method":"session.scroll","params":{"session":"s","offset":2600}}"#

    func testEveryConformanceReplyIsReproducedInProcess() throws {
        let directory = Self.root.appendingPathComponent("protocol/conformance")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".jsonl") }.sorted()
        XCTAssertFalse(files.isEmpty)
        for file in files {
            let trace = Trace(running: Transcript(reading: try Self.read("protocol/conformance/\(file)")))
            XCTAssertEqual(trace.notes, [], file)
            for step in trace.steps {
                XCTAssertFalse(step.problems.contains("the reply differs from the recorded one"), "\(file) line \(step.line)")
            }
        }
    }

    func testADeltaReplyStillGetsTheWholeSessionDrawn() throws {
        let trace = Trace(running: Transcript(reading: Self.create + "\n" + Self.scroll + "\n"))
        let scrolled = trace.steps[1]
        let replied = try JSONParser.parse(XCTUnwrap(scrolled.reply))["result"]?["children"]?.arrayValue ?? []
        let drawn = scrolled.view?.layout?["children"]?.arrayValue ?? []
        XCTAssertEqual(replied.compactMap { $0["id"]?.stringValue }, ["a", "b"])
        XCTAssertEqual(drawn.compactMap { $0["id"]?.stringValue }, ["a", "b"])
        XCTAssertEqual(scrolled.view?.layout?["offset"]?.doubleValue, 2600)
        XCTAssertEqual(scrolled.view?.snapshot?["viewport"]?["height"]?.doubleValue, 800)
        // The observer's extra calls leave the replies alone: a second scroll's delta lists only what changed.
        let again = Trace(running: Transcript(reading: Self.create + "\n" + Self.scroll + "\n" + Self.scroll.replacing("2600", with: "2700") + "\n"))
        let third = try JSONParser.parse(XCTUnwrap(again.steps[2].reply))["result"]?["children"]?.arrayValue ?? []
        XCTAssertEqual(third.compactMap { $0["id"]?.stringValue }, ["b"])
    }

    func testALineThatIsNotJSONAndARejectedRequestAreFlaggedAtTheirStep() throws {
        let bad = #"{"jsonrpc":"2.0","id":3,"method":"session.scroll","params":{"session":"s","offset":"far"}}"#
        let trace = Trace(running: Transcript(reading: [Self.create, "{oops", bad, Self.scroll].joined(separator: "\n")))
        XCTAssertEqual(trace.steps.map(\.line), [1, 2, 3, 4])
        XCTAssertEqual(trace.steps[0].problems, [])
        XCTAssertEqual(trace.steps[1].problems.count, 2)
        XCTAssertTrue(trace.steps[1].problems[0].hasPrefix("line 2 is not JSON: "), trace.steps[1].problems[0])
        XCTAssertTrue(trace.steps[1].problems[1].hasPrefix("error -32700: "), trace.steps[1].problems[1])
        XCTAssertEqual(trace.steps[2].problems.count, 1)
        XCTAssertTrue(trace.steps[2].problems[0].hasPrefix("error -32602: "), trace.steps[2].problems[0])
        XCTAssertTrue(trace.steps[2].problems[0].contains("params.offset"), trace.steps[2].problems[0])
        // The session is still drawn at the bad steps, and the run carries on after them.
        XCTAssertEqual(trace.steps[2].view?.layout?["offset"]?.doubleValue, 0)
        XCTAssertEqual(trace.steps[3].problems, [])
        XCTAssertEqual(trace.steps[3].view?.layout?["offset"]?.doubleValue, 2600)
        let page = TracePage.html(trace, title: "bad")
        XCTAssertTrue(page.contains("line 2 is not JSON"))
        XCTAssertTrue(page.contains("params.offset"))
    }

    func testAGoneSessionSaysWhyItIsNotDrawn() {
        let destroy = #"{"jsonrpc":"2.0","id":2,"method":"session.destroy","params":{"session":"s"}}"#
        let trace = Trace(running: Transcript(reading: Self.create + "\n" + destroy))
        XCTAssertNotNil(trace.steps[0].view?.layout)
        XCTAssertEqual(trace.steps[1].view?.session, "s")
        XCTAssertNil(trace.steps[1].view?.layout)
        XCTAssertNotNil(trace.steps[1].view?.unavailable)
        XCTAssertEqual(trace.steps[1].problems, [])
    }

    func testAReplyThatDiffersFromTheRecordedOneIsFlagged() {
        let pair = #"{"send":"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"session.list\"}","expect":"{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"sessions\":[\"x\"]}}"}"#
        let trace = Trace(running: Transcript(reading: pair))
        XCTAssertEqual(trace.steps[0].problems, ["the reply differs from the recorded one"])
    }

    func testUnusableWorkerArgumentsAreANoteNotAFailure() {
        let trace = Trace(running: Transcript(reading: "{\"args\":[\"--no-such-flag\"]}\n" + Self.create))
        XCTAssertEqual(trace.notes, ["worker arguments ignored: unknown option --no-such-flag"])
        XCTAssertEqual(trace.steps[0].problems, [])
    }

    func testTheSameTranscriptGivesTheSameBytes() throws {
        let text = try Self.read("protocol/examples/sticky-tabs.jsonl")
        for svg in [false, true] {
            let command = TraceCommand(svg: svg)
            XCTAssertEqual(command.render(text, title: "t"), command.render(text, title: "t"))
        }
    }

    func testThePageLoadsNothingAndNoTranscriptTextCanEndItsScript() {
        let hostile = #"{"jsonrpc":"2.0","id":1,"method":"</script><script>alert(1)</script>"}"#
        let page = TracePage.html(Trace(running: Transcript(reading: hostile)), title: "<b>")
        XCTAssertEqual(page.components(separatedBy: "</script>").count - 1, 3, "the error hook, the data, the main script")
        XCTAssertFalse(page.contains("<b>"))
        for reference in ["src=", "href=", "@import", "url(", "https:"] {
            XCTAssertFalse(page.contains(reference), reference)
        }
        XCTAssertEqual(page.components(separatedBy: "http:").count - 1, 1, "only the SVG namespace")
    }

    /// The playground (docs/playground.md) serves the same files; the page must carry them as they are.
    func testThePageEmbedsTheSharedDrawingFilesAsTheyAre() throws {
        let page = TracePage.html(Trace(running: Transcript(reading: Self.create)), title: "t")
        for name in ["draw.js", "errors.js", "trace.css"] {
            let file = try Self.read("Sources/OmniScrollTrace/Resources/" + name)
            XCTAssertFalse(file.isEmpty, name)
            XCTAssertTrue(page.contains(file), name + " is not in the page as it is in the source")
        }
    }

    func testTheStripDrawsMembersItHasNoSpecialDrawingFor() {
        let layout: JSONValue = ["offset": ["x": 10, "y": 40], "tiles": [
            ["col": 0, "row": 0, "frame": ["x": 0, "y": 0, "width": 100, "height": 100]],
            ["col": 0, "row": 1, "frame": ["x": 0, "y": 100, "width": 100, "height": 100]],
        ]]
        let step = TraceStep(line: 1, request: "{}", reply: nil, recorded: nil, problems: [],
                             view: SessionView(session: "g", layout: layout, snapshot: ["viewport": ["width": 50, "height": 60]]))
        let svg = TraceStrip.svg(Trace(steps: [step]), title: "grid")
        XCTAssertTrue(svg.contains(">tiles</text>"), "the tiles' band is in the legend")
        XCTAssertTrue(svg.contains("<polyline points="), "the offset's y is drawn")
    }

    /// A `session.pointer` step draws the finger where it touches the viewport; other steps draw none.
    func testTheStripDrawsTheFingerOnPointerSteps() throws {
        let text = try Self.read("protocol/examples/pointer-profile.jsonl")
        let svg = TraceCommand(svg: true).render(text, title: "pointer-profile.jsonl")
        let pointerSteps = text.split(separator: "\n").filter { $0.contains("\"session.pointer\"") }.count
        XCTAssertEqual(svg.components(separatedBy: "fill=\"#111111\" stroke=").count - 1, pointerSteps)
        XCTAssertTrue(svg.contains(">finger</text>"), "the legend names the finger")
        let plain = TraceCommand(svg: true).render(try Self.read("protocol/examples/short-container.jsonl"), title: "s")
        XCTAssertFalse(plain.contains(">finger</text>"))
    }

    /// A `grid.pointer` step draws the finger too (docs/pointer.md, "Grids").
    func testTheStripDrawsTheFingerOnGridPointerSteps() throws {
        let text = try Self.read("protocol/examples/pointer-grid.jsonl")
        let svg = TraceCommand(svg: true).render(text, title: "pointer-grid.jsonl")
        let pointerSteps = text.split(separator: "\n").filter { $0.contains("\"grid.pointer\"") }.count
        XCTAssertEqual(pointerSteps, 18)
        XCTAssertEqual(svg.components(separatedBy: "fill=\"#111111\" stroke=").count - 1, pointerSteps)
        XCTAssertTrue(svg.contains(">tiles</text>"), "drawn as a grid")
    }

    /// The README's picture is `scripts/generate-traces`' output for the seed example.
    func testTheCheckedInFigureIsUpToDate() throws {
        let figure = try Self.read("docs/figures/trace/short-container.svg")
        let drawn = TraceCommand(svg: true).render(try Self.read("protocol/examples/short-container.jsonl"), title: "short-container.jsonl")
        XCTAssertEqual(figure, drawn, "docs/figures/trace/short-container.svg is stale: run scripts/generate-traces")
    }

    /// A session a client recorded with `--templates FILE` (its args line) traces as it ran; the flag may come on
    /// the command line too, and an unreadable file is a note.
    func testTheWorkersTemplatesFlagDefinesItsTemplates() {
        let file = Array(#"{"follow": {"children": [{"id": "a", "kind": "page"}], "options": {"feed": {"preload": {"ahead": 1}}}}}"#.utf8)
        let create = #"{"jsonrpc":"2.0","id":1,"method":"session.create","params":{"viewport":{"width":375,"height":800},"template":"follow"}}"#
        let recorded = Transcript(reading: #"{"args": ["--templates", "t.json"]}"# + "\n" + create + "\n")
        for trace in [Trace(running: recorded, read: { $0 == "t.json" ? file : nil }),
                      Trace(running: Transcript(reading: create), workerArguments: ["--templates", "t.json"], read: { _ in file })] {
            XCTAssertEqual(trace.notes, [])
            XCTAssertEqual(trace.steps[0].problems, [])
            XCTAssertEqual(trace.steps[0].view?.layout?["currentChild"]?.stringValue, "a")
        }
        XCTAssertEqual(Trace(running: recorded).notes, ["--templates t.json ignored: cannot read it"])
        XCTAssertEqual(Trace(running: recorded).steps[0].problems.count, 1, "an unknown template is the worker's error")
    }

    func testTheCommandLine() throws {
        XCTAssertEqual(try TraceCommand.parse(["--svg", "--out", "x.svg", "t.jsonl"]), .run(TraceCommand(svg: true, output: "x.svg", transcript: "t.jsonl")))
        XCTAssertEqual(try TraceCommand.parse(["--templates", "t.json", "--max-depth=9", "s.jsonl"]),
                       .run(TraceCommand(transcript: "s.jsonl", workerArguments: ["--templates", "t.json", "--max-depth=9"])))
        XCTAssertThrowsError(try TraceCommand.parse(["--templates"]))
        XCTAssertEqual(try TraceCommand.parse(["--out=x.html"]), .run(TraceCommand(output: "x.html")))
        XCTAssertEqual(try TraceCommand.parse(["--help"]), .help)
        XCTAssertThrowsError(try TraceCommand.parse(["--bogus"]))
        XCTAssertThrowsError(try TraceCommand.parse(["a", "b"]))
        XCTAssertThrowsError(try TraceCommand.parse(["--out"]))
    }

    func testAnUnreadableInputIsTheOnlyFailure() {
        XCTAssertEqual(TraceCommand(output: "/dev/null", transcript: "/nonexistent/transcript.jsonl").run(), 1)
    }
}
