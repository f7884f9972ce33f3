import XCTest
import OmniScrollJSON
@testable import OmniScrollCore
@testable import OmniScrollProtocol

/// A constant event's pre-encoded text (`ContainerEvent.encoded`, issue 29)
/// is what writing its members one by one gives, so a reply is the same
/// byte for byte either way.
final class ConstantEventTextTests: XCTestCase {
    func testEveryConstantEventIsWrittenAsItsMembersWouldBe() throws {
        let events = [PhaseTracking.ended, PhaseTracking.idle, PhaseTracking.dragging, PhaseTracking.decelerating,
                      PhaseTracking.animating].joined()
        XCTAssertEqual(events.count, 6)
        for event in events {
            XCTAssertNotNil(event.encoded, "\(event.type)")
            let members = ContainerEvent(event.type, child: event.child, members: event.members)
            XCTAssertNil(members.encoded)
            XCTAssertEqual(event, members)
            XCTAssertEqual(written(event), written(members))
            XCTAssertNotNil(try JSONParser.parse(written(event)), written(event))
        }
    }

    private func written(_ event: ContainerEvent) -> String {
        var w = JSONWriter()
        w.beginArray()
        LayoutEncoding.writeEvent(event, components: nil, into: &w)
        LayoutEncoding.writeEvent(event, components: nil, into: &w)
        w.endArray()
        return String(decoding: w.bytes, as: UTF8.self)
    }
}
