import XCTest
@testable import OmniScrollJSON

/// `JSONTape.asciiString`, which makes a small string's words itself: the
/// same `String` as the runtime's, for every length and byte.
final class ASCIIStringTests: XCTestCase {
    func testEveryLengthAndByteMakesTheRuntimesString() {
        for length in 0...20 {
            for first in UInt8(0)..<0x80 {
                var bytes: [UInt8] = []
                for i in 0..<length { bytes.append(i == 0 ? first : UInt8(truncatingIfNeeded: 0x20 + (i * 7) % 0x5F)) }
                let built = bytes.withUnsafeBufferPointer { JSONTape.asciiString($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, length: length) }
                let runtime = String(decoding: bytes, as: UTF8.self)
                XCTAssertEqual(built, runtime)
                XCTAssertEqual(Array(built.utf8), bytes)
                XCTAssertEqual(built.count, runtime.count)
                XCTAssertEqual(built.hashValue, runtime.hashValue)
                XCTAssertEqual(built + "!", runtime + "!")
            }
        }
    }
}
