import OmniScrollJSON
import XCTest
@testable import OmniScrollProtocol

/// Containers from configuration: `--templates FILE`, `session.defineTemplate`
/// and `session.templates`, and `session.create` naming a defined template.
final class TemplateCatalogueTests: XCTestCase {
    private static let follow = #"{"children":[{"id":"fol0","kind":"page"},{"id":"fol1","kind":"page"}],"options":{"feed":{"preload":{"ahead":1,"behind":0}}}}"#

    private func define(_ name: String, _ template: String, id: Int = 1) -> String {
        #"{"jsonrpc":"2.0","id":\#(id),"method":"session.defineTemplate","params":{"name":"\#(name)","template":\#(template)}}"#
    }

    private func create(_ template: String, id: Int = 2) -> String {
        #"{"jsonrpc":"2.0","id":\#(id),"method":"session.create","params":{"template":"\#(template)","viewport":{"width":375,"height":800}}}"#
    }

    private let list = #"{"jsonrpc":"2.0","id":9,"method":"session.templates"}"#

    private func names(_ line: String) -> [String] {
        parsed(line)?["result"]?["templates"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
    }

    private func param(_ line: String) -> String? { parsed(line)?["error"]?["data"]?["param"]?.stringValue }

    func testADefinedTemplateIsListedAndCreatesASession() throws {
        let lines = replies([list, define("follow", Self.follow), create("follow")])
        XCTAssertEqual(names(lines[0]), ["shortContainer", "stickyTabs", "feed", "profileTabs", "collapsingNav"])
        XCTAssertEqual(names(lines[1]), ["shortContainer", "stickyTabs", "feed", "profileTabs", "collapsingNav", "follow"])
        let layout = try XCTUnwrap(parsed(lines[2])?["result"], lines[2])
        XCTAssertEqual(layout["currentChild"]?.stringValue, "fol0")
        XCTAssertEqual(layout["children"]?.arrayValue?.count, 2)
    }

    func testAnInvalidTemplateIsRejectedWholeWithItsPath() {
        let lines = replies([
            define("bad", #"{"children":[{"id":"a","kind":"page"},{"id":"a","kind":"page"}]}"#),
            define("bad", #"{"children":[{"id":"a","kind":"scroll"}],"options":{"feed":{"preload":{"behind":-1}}}}"#, id: 3),
            define("feed", Self.follow, id: 4),
            list, create("bad", id: 5),
        ])
        XCTAssertEqual(param(lines[0]), "params.template.children[1].id")
        XCTAssertEqual(param(lines[1]), "params.template.options.feed.preload.behind")
        XCTAssertEqual(param(lines[2]), "params.name", "a built-in cannot be redefined")
        XCTAssertEqual(names(lines[3]), ["shortContainer", "stickyTabs", "feed", "profileTabs", "collapsingNav"], "nothing was defined")
        XCTAssertEqual(param(lines[4]), "params.template")
        XCTAssertEqual(parsed(lines[4])?["error"]?["code"]?.intValue, -32602)
    }

    /// A template carries the session motions' options like any other, and
    /// a bad one is refused at its path under the template.
    func testATemplateCarriesPhysicsSnapAndPaging() throws {
        let paged = #"{"children":[{"id":"a","kind":"page"},{"id":"b","kind":"page"}],"options":{"physics":{"preset":"android"},"paging":true}}"#
        let snapped = #"{"children":[{"id":"a","kind":"page"}],"options":{"snap":{"interval":100,"points":[0]}}}"#
        let lines = replies([
            define("paged", paged), define("snapped", snapped, id: 3), create("paged", id: 4),
            #"{"jsonrpc":"2.0","id":5,"method":"session.snapshot","params":{"session":"s1"}}"#,
        ])
        XCTAssertEqual(names(lines[0]).last, "paged")
        XCTAssertEqual(param(lines[1]), "params.template.options.snap.interval", "points and interval exclude each other")
        let options = try XCTUnwrap(parsed(lines[3])?["result"]?["options"], lines[3])
        XCTAssertEqual(options["paging"]?.boolValue, true)
        XCTAssertEqual(options["physics"]?["preset"]?.stringValue, "android")
    }

    func testDefinitionsAreBounded() {
        var requests = (0..<TemplateCatalogue.maxDefined).map { define("t\($0)", Self.follow, id: $0) }
        requests.append(define("t0", Self.follow, id: 100))
        requests.append(define("oneTooMany", Self.follow, id: 101))
        let lines = replies(requests)
        XCTAssertEqual(names(lines[TemplateCatalogue.maxDefined]).count, SessionTemplate.builtInNames.count + TemplateCatalogue.maxDefined, "redefining counts once")
        XCTAssertEqual(parsed(lines.last)?["error"]?["code"]?.intValue, -32004)
        XCTAssertEqual(param(lines.last!), "params.name")
    }

    func testAFileDefinesItsTemplatesOrNothing() throws {
        let file = #"{"recommend":\#(Self.follow),"follow":\#(Self.follow)}"#
        var catalogue = try TemplateCatalogue(file: Array(file.utf8), limits: .default)
        XCTAssertEqual(try catalogue.template(named: "follow", path: "p").children.count, 2)
        try catalogue.define("more", catalogue.template(named: "recommend", path: "p"), path: "p")
        func failure(_ json: String) -> String? {
            do throws(RPCError) {
                _ = try TemplateCatalogue(file: Array(json.utf8), limits: .default)
                return nil
            } catch { return error.data?["param"]?.stringValue ?? error.message }
        }
        XCTAssertEqual(failure(#"{"ok":\#(Self.follow),"broken":{"children":[{"id":"a","kind":"pag"}]}}"#), "broken.children[0].kind")
        XCTAssertEqual(failure(#"{"shortContainer":\#(Self.follow)}"#), "shortContainer")
        XCTAssertEqual(failure(#"{"x":[]}"#), "x")
        XCTAssertNotNil(failure("[]"))
        XCTAssertNotNil(failure("{"))
        // Issue 26, finding 8: refused as session.defineTemplate's params are.
        XCTAssertEqual(failure(#"{"":\#(Self.follow)}"#), "(file)")
        let long = String(repeating: "n", count: 257)
        XCTAssertEqual(failure(#"{"\#(long)":\#(Self.follow)}"#), long)
        XCTAssertNil(failure(#"{"\#(String(long.dropLast()))":\#(Self.follow)}"#))
        XCTAssertEqual(failure(#"{"follow":\#(Self.follow),"follow":\#(Self.follow)}"#), "follow")
        XCTAssertEqual(failure(#"{"follow":{"children":[],"insets":{"top":1,"top":2}}}"#), "follow.insets.top")
    }
}
