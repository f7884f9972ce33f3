import OmniScrollJSON

/// A JSON-RPC response. The dispatcher writes results straight into the
/// output buffer; this type is for code that builds responses as values
/// (tests, clients, error replies).
public struct Response: Sendable, Equatable {
    public var id: RequestID
    public var result: Result<JSONValue, RPCError>

    public init(id: RequestID, result: Result<JSONValue, RPCError>) {
        self.id = id
        self.result = result
    }

    /// Writes `{"jsonrpc":"2.0","id":…,"result"|"error":…}`.
    public func write(into writer: inout JSONWriter) {
        switch result {
        case .success(let value):
            Response.writeHead(id: id, member: "result", into: &writer)
            writer.value(value)
            writer.endObject()
        case .failure(let error):
            Response.writeError(error, id: id, into: &writer)
        }
    }

    /// Writes `{"jsonrpc":"2.0","id":<raw id>,"<member>":` — the caller then
    /// writes one value and calls `writer.endObject()`.
    @inline(__always)
    static func writeHead(id: RequestID, member: StaticString, into writer: inout JSONWriter) {
        var raw = id.raw
        raw.withUTF8 { writeHead(rawID: UnsafeRawBufferPointer($0), member: member, into: &writer) }
    }

    /// `writeHead(id:member:into:)` with the id's JSON text as bytes (the
    /// dispatcher echoes them from the request without building a `RequestID`).
    @inline(__always)
    static func writeHead(rawID: UnsafeRawBufferPointer, member: StaticString, into writer: inout JSONWriter) {
        // One cursor run: one capacity check, and constant fragments
        // stored inline rather than through a call to memcpy each.
        let separated = writer.needsComma
        writer.withCursor(reserving: 32 + rawID.count + member.utf8CodeUnitCount, needsComma: false) { c in
            if separated { c.byte(UInt8(ascii: ",")) }
            c.fragment(#"{"jsonrpc":"2.0","id":"#)
            c.raw(rawID)
            c.fragment(#",""#)
            c.fragment(member)
            c.fragment(#"":"#)
        }
    }

    /// The JSON text of a null id.
    static var nullID: UnsafeRawBufferPointer {
        let null: StaticString = "null"
        return UnsafeRawBufferPointer(start: null.utf8Start, count: null.utf8CodeUnitCount)
    }

    /// Writes a complete error response.
    public static func writeError(_ error: RPCError, id: RequestID, into writer: inout JSONWriter) {
        var raw = id.raw
        raw.withUTF8 { writeError(error, rawID: UnsafeRawBufferPointer($0), into: &writer) }
    }

    static func writeError(_ error: RPCError, rawID: UnsafeRawBufferPointer, into writer: inout JSONWriter) {
        writeHead(rawID: rawID, member: "error", into: &writer)
        error.write(into: &writer)
        writer.endObject()
    }
}
