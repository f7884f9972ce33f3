import Foundation
import OmniScrollCore
import OmniScrollJSON
import OmniScrollOpenRPC
import OmniScrollTemplates
@testable import OmniScrollProtocol
import XCTest

/// `protocol/templates/*.json`: each decodes through `session.create`'s own
/// param decoding, the embedded list is the folder, and the `template` param of
/// `protocol/openrpc.json` names exactly the files as its built-ins.
final class TemplateFileTests: XCTestCase {
    private static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("protocol/templates")

    private func filesOnDisk() throws -> [String: [UInt8]] {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".json") }
        var files: [String: [UInt8]] = [:]
        for name in names {
            files[String(name.dropLast(".json".count))] = Array(try Data(contentsOf: Self.folder.appendingPathComponent(name)))
        }
        return files
    }

    func testEveryFileInTheFolderIsEmbeddedByteForByte() throws {
        let onDisk = try filesOnDisk()
        XCTAssertEqual(Set(TemplateFiles.all.map(\.name)), Set(onDisk.keys), "TemplateFiles.all vs protocol/templates/")
        for file in TemplateFiles.all { XCTAssertEqual(file.bytes, onDisk[file.name], file.name) }
    }

    func testEveryFileDecodesAsARequestWould() throws {
        for (name, bytes) in try filesOnDisk() {
            XCTAssertNoThrow(try SessionTemplate(json: bytes, path: "\(name).json"), name)
            XCTAssertNotNil(try SessionTemplate.builtIn(name), name)
        }
    }

    func testTheTemplateParamOfTheDocumentNamesTheFiles() throws {
        let document = try JSONParser.parse(String(decoding: OpenRPCDocument.bytes, as: UTF8.self))
        let create = try XCTUnwrap(document["methods"]?.arrayValue?.first { $0["name"] == "session.create" })
        let template = try XCTUnwrap(create["params"]?.arrayValue?.first { $0["name"] == "template" })
        let description = try XCTUnwrap(template["description"]?.stringValue)
        XCTAssertTrue(description.contains("(\(SessionTemplate.builtInNames.joined(separator: ", ")))"), description)
        XCTAssertEqual(Set(SessionTemplate.builtInNames), Set(try filesOnDisk().keys))
    }

    /// The files hold what the Swift templates held before they became data.
    func testTemplatesAreTheSeedContainers() throws {
        let short = try XCTUnwrap(SessionTemplate.builtIn("shortContainer"))
        XCTAssertEqual(short.children, [.scroll("web", contentHeight: nil), .scroll("list", contentHeight: nil)])
        XCTAssertEqual(short.options, ContainerOptions(seedEvents: true))
        XCTAssertFalse(short.delta)
        let tabs = try XCTUnwrap(SessionTemplate.builtIn("stickyTabs"))
        XCTAssertEqual(tabs.children, [.fixed("header", height: nil), .sticky("tabs", height: 44), .scroll("list", contentHeight: nil)])
        XCTAssertEqual(tabs.options, ContainerOptions(seedEvents: true))
        let feed = try XCTUnwrap(SessionTemplate.builtIn("feed"))
        XCTAssertEqual(feed.children, [.page("item0"), .page("item1"), .page("item2")])
        XCTAssertEqual(feed.options.feed, FeedOptions(ahead: 2, behind: 1))
        XCTAssertTrue(feed.delta, "a feed's replies list only the children in view and those that changed")
        XCTAssertEqual(feed.components?.all.map(\.name), ["player", "preloader", "analytics"])
    }

    /// A broken file fails here with the member at fault, as a request would.
    func testABrokenTemplateIsRejectedNamingTheMember() {
        func failure(_ json: String) -> String? {
            do {
                _ = try SessionTemplate(json: Array(json.utf8), path: "broken.json")
                return nil
            } catch {
                return error.data?["param"]?.stringValue ?? error.message
            }
        }
        XCTAssertEqual(failure(#"{"children":[{"id":"a","kind":"scroll","height":3}]}"#), "broken.json.children[0].height")
        XCTAssertEqual(failure(#"{"children":[{"id":"a","kind":"tile"}]}"#), "broken.json.children[0].kind")
        XCTAssertEqual(failure(#"{"children":[],"options":{"refresh":{"threshold":0}}}"#), "broken.json.options.refresh.threshold")
        XCTAssertEqual(failure(#"{"children":[],"colour":"red"}"#), "broken.json.colour")
        XCTAssertEqual(failure(#"{"options":{}}"#), "broken.json.children")
        XCTAssertEqual(failure(#"{"children":[],"insets":{"top":-1}}"#), "broken.json.insets.top")
        XCTAssertEqual(failure(#"{"children":[],"components":[{"name":"p","events":["nope"]}]}"#), "broken.json.components[0].events[0]")
        XCTAssertEqual(failure("[]"), "broken.json")
        XCTAssertNotNil(failure("{"))
        XCTAssertEqual(failure(#"{"children":[{"id":"a","kind":"page"},{"id":"a","kind":"page"}]}"#), "broken.json.children[1].id",
                       "a fault only a container sees is found when the template is decoded")
        XCTAssertEqual(failure(#"{"children":[],"options":{"feed":{"preload":{"ahead":17}}}}"#), "broken.json.options.feed.preload.ahead")
    }

    /// A template carries insets and components beside children and options.
    func testATemplateCarriesInsetsAndComponents() throws {
        let json = #"{"children":[{"id":"a","kind":"scroll"}],"insets":{"bottom":100},"components":[{"name":"player","events":["childDidShow"]}]}"#
        let template = try SessionTemplate(json: Array(json.utf8), path: "feed.json")
        XCTAssertEqual(template.insets, Insets(top: 0, bottom: 100))
        XCTAssertEqual(template.components?.all, [SessionComponents.Component(name: "player", events: [EventType("childDidShow")])])
        let empty = try SessionTemplate(json: Array(#"{"children":[],"components":[]}"#.utf8), path: "empty.json")
        XCTAssertNil(empty.insets)
        XCTAssertNil(empty.components)
    }
}
