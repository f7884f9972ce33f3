import OmniScrollCore
import OmniScrollJSON

/// A params object (or a nested object) opened against its declared members.
///
/// Opening walks the object's members once: each lands in the slot of the
/// declared member it names, and any other member is rejected ("unknown
/// member; expected one of a, b"). Reading a member then checks it against
/// that member's schema (type, bounds, enum, length, `null`) and throws
/// `RPCError.invalidParams` naming its JSON path:
///
///     let viewport = try params.object("viewport")   // declared .required("viewport", .object([...]))
///     let width = try viewport.double("width")       // params.viewport.width: must be a finite number > 0
///
/// `null` is a value like any other: it is "none" only where the member's
/// schema is `.nullable`, and a wrong type everywhere else.
///
/// A decoder reads the parsed message in place (`JSONElement`s): it is valid
/// while the method it was given to runs.
public struct ParamDecoder {
    /// The most members one declared object may have (the slots are stored inline).
    public static let maxMembers = 16

    public let members: [Member]
    /// `--max-children`, the one bound a member's length is checked against.
    /// Kept alone rather than the whole `Limits`: every call copies a
    /// decoder, and the larger struct cost session.scroll ~30 instructions.
    public let maxChildren: Int
    /// The object given (its tape holds every member's value).
    private let object: JSONElement?
    /// Each declared member's value as its tape position (`JSONElement.position`),
    /// -1 when absent. A tape has fewer entries than its message has bytes, and
    /// `--max-message-bytes` is at most 2^31, so a position fits in an `Int32`.
    private var slots: InlineArray<16, Int32>
    private let basePath: String
    private let index: Int?

    /// Opens `object` (an object element, or `nil` for none) at `path`,
    /// rejecting members not in `members`. The element at `index` of an
    /// array at `path` is addressed as `path[index]`.
    public init(_ object: JSONElement?, path basePath: String = "params", index: Int? = nil, members: [Member],
                maxChildren: Int = Limits.default.maxChildren) throws(RPCError) {
        assert(object.map { $0.kind == .object } ?? true, "ParamDecoder opens objects only")
        precondition(members.count <= Self.maxMembers, "an object declares at most \(Self.maxMembers) members")
        // Filled in a local and stored once: writing into `self` member by
        // member would build the decoder twice.
        var slots = InlineArray<16, Int32>(repeating: -1)
        if let object {
            // Clients write members in their declared order, so each name is
            // looked for from the slot after the previous one's (wrapping):
            // one comparison a member instead of one per member before it
            // (a `session.pointer` sample's `time` compared five names).
            var start = 0
            next: for member in object.members {
                for offset in members.indices {
                    let slot = start + offset < members.count ? start + offset : start + offset - members.count
                    guard members[slot].name.names(member.key) else { continue }
                    if slots[slot] < 0 { slots[slot] = Int32(truncatingIfNeeded: member.value.position) }
                    start = slot + 1 < members.count ? slot + 1 : 0
                    continue next
                }
                let expected = members.isEmpty ? "this object takes no members" : "expected one of \(members.map(\.name.description).joined(separator: ", "))"
                let path = index.map { "\(basePath)[\($0)]" } ?? basePath
                throw RPCError.invalidParams(path: "\(path).\(member.key.stringValue ?? "")", reason: "unknown member; \(expected)")
            }
        }
        self.members = members
        self.maxChildren = maxChildren
        self.basePath = basePath
        self.index = index
        self.object = object
        self.slots = slots
    }

    /// This object's JSON path (`params`, `params.viewport`, `params.children[2]`).
    public var path: String {
        if let index { return "\(basePath)[\(index)]" }
        return basePath
    }

    /// The JSON path of member `key`.
    public func path(_ key: ParamKey) -> String { path(named: key.description) }

    /// The JSON path of the member named `name` (a name read from the message).
    func path(named name: String) -> String { "\(path).\(name)" }

    public func invalid(_ key: ParamKey, _ reason: String) -> RPCError {
        RPCError.invalidParams(path: path(key), reason: reason)
    }

    /// The declared members present (even as `null`), a bit per member in
    /// declaration order: one test of several members.
    public var presentMembers: UInt32 {
        // Every slot's sign bit, two slots a load, not only the declared
        // members' (the others stay -1): a loop over the declared members ran
        // 260 instructions a child of a create (a child spec declares 16).
        var absent: UInt64 = 0
        withUnsafeBytes(of: slots) { raw in
            // Two slots a word: their sign bits are bits 31 and 63 (little-endian).
            for word in 0..<Self.maxMembers / 2 {
                let w = raw.loadUnaligned(fromByteOffset: word * 8, as: UInt64.self)
                absent |= ((w &>> 31) & 1 | (w &>> 62) & 2) &<< (2 * word)
            }
        }
        return UInt32(truncatingIfNeeded: ~absent) & (1 << Self.maxMembers - 1)
    }

    /// Whether member `key` is present (even as `null`).
    public func contains(_ key: ParamKey) -> Bool { slots[slot(key)] >= 0 }

    /// The value given for the member in `slot`: `nil` when an optional
    /// member is absent, or `null` where the schema allows it. A required
    /// member that is absent is "required".
    @inline(__always)
    private func value(at slot: Int) throws(RPCError) -> JSONElement? {
        let position = slots[slot]
        guard position >= 0, let object else {
            if members[slot].required { throw invalid(at: slot, "required") }
            return nil
        }
        let value = object.element(at: Int(position))
        return value.isNull && members[slot].allowsNull ? nil : value
    }

    /// The value of a member that is required and not nullable.
    @inline(__always)
    private func requiredValue(at slot: Int) throws(RPCError) -> JSONElement {
        guard let value = try value(at: slot) else {
            preconditionFailure("'\(members[slot].name)' is optional or nullable; read it with an optional accessor")
        }
        return value
    }

    private func invalid(at slot: Int, _ reason: String) -> RPCError { invalid(members[slot].name, reason) }

    /// The slot of declared member `key`. Keys are literals, and the same
    /// literal's bytes are usually one constant, so most compare by address.
    @inline(__always)
    private func slot(_ key: ParamKey) -> Int {
        for slot in members.indices where members[slot].name.name.utf8Start == key.name.utf8Start { return slot }
        for slot in members.indices where members[slot].name == key { return slot }
        preconditionFailure("ParamDecoder: '\(key)' is not a declared member (\(members.map(\.name.description)))")
    }

    /// The slot of declared `member`: first the slot its method's
    /// declaration gives it (`Member.slot`, one comparison), searched only
    /// when the member is listed elsewhere too. A search by name cost a
    /// `session.pointer` move ~130 instructions, ~100 more than
    /// `session.drag`'s two reads (issue 29).
    @inline(__always)
    private func slot(_ member: Member) -> Int {
        let hint = member.slot
        return hint < members.count && members[hint] === member ? hint : search(member)
    }

    private func search(_ member: Member) -> Int {
        for slot in members.indices where members[slot] === member { return slot }
        preconditionFailure("ParamDecoder: '\(member.name)' is not a declared member (\(members.map(\.name.description)))")
    }

    // MARK: Typed reads: each checks the value against its member's schema

    /// Runs a check; a mismatch becomes -32602 at the path of the member in
    /// `slot`. (The checks capture locals only: capturing `self` would copy
    /// the decoder.)
    @inline(__always)
    private func check<T>(at slot: Int, _ body: () throws(Mismatch) -> T) throws(RPCError) -> T {
        do throws(Mismatch) { return try body() } catch { throw invalid(at: slot, error.reason) }
    }

    private func string(at slot: Int) throws(RPCError) -> String {
        let v = try requiredValue(at: slot)
        let rule = members[slot].bounds
        return try check(at: slot) { () throws(Mismatch) in try ParamCheck.string(v, rule) }
    }

    private func optionalString(at slot: Int) throws(RPCError) -> String? {
        guard let v = try value(at: slot) else { return nil }
        let rule = members[slot].bounds
        return try check(at: slot) { () throws(Mismatch) in try ParamCheck.string(v, rule) }
    }

    private func enumeration<E: RawRepresentable & CaseIterable>(at slot: Int, as type: E.Type = E.self) throws(RPCError) -> E where E.RawValue == String {
        let v = try requiredValue(at: slot)
        let cases = members[slot].cases
        return try check(at: slot) { () throws(Mismatch) in try ParamCheck.enumeration(v, cases) }
    }

    /// `enumeration` for a member read very often (a child's `kind`, once per
    /// child of a create; a pointer sample's `phase`): the value's bytes are
    /// compared with each case's name as a JSON string (`"scroll"`, quotes
    /// included; the schema's cases and their values) in place, building no
    /// `String`; a value none matches (an escaped one too) takes
    /// `enumeration`'s path, and its error. Inlined: called, its
    /// specializations were merged into one taking the type as an argument,
    /// ~30 instructions of every `session.pointer` sample's `phase` (issue 29).
    @inline(__always)
    private func enumeration<E>(at slot: Int, among cases: EnumerationCases<E>) throws(RPCError) -> E {
        let v = try requiredValue(at: slot)
        if let value = cases.match(v) { return value }
        return try enumeration(at: slot)
    }

    /// `enumeration(at:among:)` for an optional member (`session.scroll`'s
    /// `phase`, once a frame while dragging): `E.allCases` and each case's
    /// raw value built on every call were ~500 instructions of such a scroll.
    /// `cases` is read only when the member is given: a plain scroll does
    /// not pay for reading a table. Inlined: called, it cost a plain scroll
    /// ~25 instructions.
    @inline(__always)
    private func optionalEnumeration<E>(at slot: Int, among cases: () -> EnumerationCases<E>) throws(RPCError) -> E? {
        guard let v = try value(at: slot) else { return nil }
        if let value = cases().match(v) { return value }
        return try optionalEnumeration(at: slot)
    }

    /// Inlined: once several enums are decoded through it (`physics.fling`'s
    /// preset and snap mode), the optimizer merges its specializations into
    /// one function taking the type as an argument, and `session.scroll`'s
    /// `phase` paid 7 instructions a call for it (callgrind, bench/scroll-instructions).
    @inline(__always)
    private func optionalEnumeration<E: RawRepresentable & CaseIterable>(at slot: Int, as type: E.Type = E.self) throws(RPCError) -> E? where E.RawValue == String {
        guard let v = try value(at: slot) else { return nil }
        let cases = members[slot].cases
        return try check(at: slot) { () throws(Mismatch) in try ParamCheck.enumeration(v, cases) }
    }

    /// Inlined: called, a read cost ~30 instructions more, ~100 of a
    /// `session.pointer` move (`x`, `y`, `time`) and ~40 of a plain
    /// `session.scroll` (issue 29, bench/scroll-instructions).
    @inline(__always)
    private func double(at slot: Int) throws(RPCError) -> Double {
        let v = try requiredValue(at: slot)
        let rule = members[slot].bounds
        return try check(at: slot) { () throws(Mismatch) in try ParamCheck.number(v, rule) }
    }

    private func optionalDouble(at slot: Int) throws(RPCError) -> Double? {
        guard let v = try value(at: slot) else { return nil }
        let rule = members[slot].bounds
        return try check(at: slot) { () throws(Mismatch) in try ParamCheck.number(v, rule) }
    }

    private func int(at slot: Int) throws(RPCError) -> Int {
        let v = try requiredValue(at: slot)
        let rule = members[slot].bounds
        return try check(at: slot) { () throws(Mismatch) in try ParamCheck.integer(v, rule) }
    }

    private func optionalInt(at slot: Int) throws(RPCError) -> Int? {
        guard let v = try value(at: slot) else { return nil }
        let rule = members[slot].bounds
        return try check(at: slot) { () throws(Mismatch) in try ParamCheck.integer(v, rule) }
    }

    private func bool(at slot: Int) throws(RPCError) -> Bool {
        let v = try requiredValue(at: slot)
        return try check(at: slot) { () throws(Mismatch) in try ParamCheck.boolean(v) }
    }

    private func optionalBool(at slot: Int) throws(RPCError) -> Bool? {
        guard let v = try value(at: slot) else { return nil }
        return try check(at: slot) { () throws(Mismatch) in try ParamCheck.boolean(v) }
    }

    private func object(at slot: Int) throws(RPCError) -> ParamDecoder {
        try nested(try requiredValue(at: slot), at: slot)
    }

    private func optionalObject(at slot: Int) throws(RPCError) -> ParamDecoder? {
        guard let v = try value(at: slot) else { return nil }
        return try nested(v, at: slot)
    }

    private func nested(_ v: JSONElement, at slot: Int) throws(RPCError) -> ParamDecoder {
        try check(at: slot) { () throws(Mismatch) in try ParamCheck.kind(v, .object) }
        let member = members[slot]
        let members: [Member]
        do throws(OneOfMismatch) {
            members = try member.schema.members(of: v)
        } catch {
            throw RPCError.invalidParams(path: "\(path(member.name)).\(error.discriminator)", reason: error.reason)
        }
        return try ParamDecoder(v, path: path(member.name), members: members, maxChildren: maxChildren)
    }

    private func optionalAnyObject(at slot: Int) throws(RPCError) -> JSONElement? {
        guard let v = try value(at: slot) else { return nil }
        try check(at: slot) { () throws(Mismatch) in try ParamCheck.kind(v, .object) }
        return v
    }

    private func array(_ v: JSONElement, at slot: Int) throws(RPCError) -> ParamArray {
        try check(at: slot) { () throws(Mismatch) in try ParamCheck.kind(v, .array) }
        return ParamArray(v, members[slot], path: path(members[slot].name), maxChildren: maxChildren)
    }

    private func optionalNumberMap(at slot: Int) throws(RPCError) -> NumberMap? {
        guard let v = try value(at: slot) else { return nil }
        try check(at: slot) { () throws(Mismatch) in try ParamCheck.kind(v, .object) }
        let member = members[slot]
        guard case .map(let values) = member.schema.nonNull else { preconditionFailure("'\(member.name)' is not declared as a map") }
        let bounds = ScalarBounds(values)
        var entries: NumberMap = []
        for entry in v.members {
            let name = entry.key.stringValue!
            let entryPath = "\(path(member.name)).\(name)"
            do throws(Mismatch) {
                entries.append((name, try ParamCheck.number(entry.value, bounds), entryPath))
            } catch {
                throw RPCError.invalidParams(path: entryPath, reason: error.reason)
            }
        }
        return entries
    }

    /// A `.map` member's entries: each name, its value and its JSON path.
    public typealias NumberMap = [(name: String, value: Double, path: String)]

    // MARK: Reads by name (nested objects and snapshots, declared as schemas)

    public func string(_ key: ParamKey) throws(RPCError) -> String { try string(at: slot(key)) }
    public func optionalString(_ key: ParamKey) throws(RPCError) -> String? { try optionalString(at: slot(key)) }
    public func enumeration<E: RawRepresentable & CaseIterable>(_ key: ParamKey, as type: E.Type = E.self) throws(RPCError) -> E where E.RawValue == String {
        try enumeration(at: slot(key))
    }
    @inline(__always)
    public func enumeration<E>(_ key: ParamKey, among cases: EnumerationCases<E>) throws(RPCError) -> E {
        try enumeration(at: slot(key), among: cases)
    }
    @inline(__always)
    public func optionalEnumeration<E>(_ key: ParamKey, among cases: @autoclosure () -> EnumerationCases<E>) throws(RPCError) -> E? {
        try optionalEnumeration(at: slot(key), among: cases)
    }
    @inline(__always)
    public func optionalEnumeration<E: RawRepresentable & CaseIterable>(_ key: ParamKey, as type: E.Type = E.self) throws(RPCError) -> E? where E.RawValue == String {
        try optionalEnumeration(at: slot(key))
    }
    @inline(__always)
    public func double(_ key: ParamKey) throws(RPCError) -> Double { try double(at: slot(key)) }
    public func optionalDouble(_ key: ParamKey) throws(RPCError) -> Double? { try optionalDouble(at: slot(key)) }
    public func int(_ key: ParamKey) throws(RPCError) -> Int { try int(at: slot(key)) }
    public func optionalInt(_ key: ParamKey) throws(RPCError) -> Int? { try optionalInt(at: slot(key)) }
    public func bool(_ key: ParamKey) throws(RPCError) -> Bool { try bool(at: slot(key)) }
    public func optionalBool(_ key: ParamKey) throws(RPCError) -> Bool? { try optionalBool(at: slot(key)) }
    public func object(_ key: ParamKey) throws(RPCError) -> ParamDecoder { try object(at: slot(key)) }
    public func optionalObject(_ key: ParamKey) throws(RPCError) -> ParamDecoder? { try optionalObject(at: slot(key)) }
    /// The object checked as `anyObject` (its members are not looked into).
    public func optionalAnyObject(_ key: ParamKey) throws(RPCError) -> JSONElement? { try optionalAnyObject(at: slot(key)) }
    public func array(_ key: ParamKey) throws(RPCError) -> ParamArray {
        let slot = slot(key)
        return try array(try requiredValue(at: slot), at: slot)
    }
    public func optionalArray(_ key: ParamKey) throws(RPCError) -> ParamArray? {
        let slot = slot(key)
        guard let v = try value(at: slot) else { return nil }
        return try array(v, at: slot)
    }
    /// A `.map` member's entries, each value checked as a number against the map's value schema.
    public func optionalNumberMap(_ key: ParamKey) throws(RPCError) -> NumberMap? { try optionalNumberMap(at: slot(key)) }

    // MARK: Reads of a method's declared params (`Param`)

    /// -32602 at `param`'s path (a rule between params: "only with velocity").
    public func invalid<Value>(_ param: Param<Value>, _ reason: String) -> RPCError { invalid(param.member.name, reason) }

    public func read(_ param: Param<String>) throws(RPCError) -> String {
        let slot = slot(param.member)
        return try string(at: slot)
    }
    public func read(_ param: Param<String?>) throws(RPCError) -> String? {
        let slot = slot(param.member)
        return try optionalString(at: slot)
    }
    @inline(__always)
    public func read(_ param: Param<Double>) throws(RPCError) -> Double {
        let slot = slot(param.member)
        return try double(at: slot)
    }
    public func read(_ param: Param<Double?>) throws(RPCError) -> Double? {
        let slot = slot(param.member)
        return try optionalDouble(at: slot)
    }
    public func read(_ param: Param<Int>) throws(RPCError) -> Int {
        let slot = slot(param.member)
        return try int(at: slot)
    }
    public func read(_ param: Param<Int?>) throws(RPCError) -> Int? {
        let slot = slot(param.member)
        return try optionalInt(at: slot)
    }
    public func read(_ param: Param<Bool>) throws(RPCError) -> Bool {
        let slot = slot(param.member)
        return try bool(at: slot)
    }
    public func read(_ param: Param<Bool?>) throws(RPCError) -> Bool? {
        let slot = slot(param.member)
        return try optionalBool(at: slot)
    }
    public func read<E: RawRepresentable & CaseIterable>(_ param: Param<E>) throws(RPCError) -> E where E.RawValue == String {
        let slot = slot(param.member)
        return try enumeration(at: slot)
    }
    @inline(__always)
    public func read<E: RawRepresentable & CaseIterable>(_ param: Param<E?>) throws(RPCError) -> E? where E.RawValue == String {
        let slot = slot(param.member)
        return try optionalEnumeration(at: slot)
    }
    @inline(__always)
    public func read<E>(_ param: Param<E>, among cases: EnumerationCases<E>) throws(RPCError) -> E {
        let slot = slot(param.member)
        return try enumeration(at: slot, among: cases)
    }
    @inline(__always)
    public func read<E>(_ param: Param<E?>, among cases: @autoclosure () -> EnumerationCases<E>) throws(RPCError) -> E? {
        let slot = slot(param.member)
        return try optionalEnumeration(at: slot, among: cases)
    }
    public func read(_ param: Param<ParamDecoder>) throws(RPCError) -> ParamDecoder {
        let slot = slot(param.member)
        return try object(at: slot)
    }
    public func read(_ param: Param<ParamDecoder?>) throws(RPCError) -> ParamDecoder? {
        let slot = slot(param.member)
        return try optionalObject(at: slot)
    }
    /// An `anyObject` param (its members are not looked into).
    public func read(_ param: Param<JSONElement?>) throws(RPCError) -> JSONElement? {
        let slot = slot(param.member)
        return try optionalAnyObject(at: slot)
    }
    public func read(_ param: Param<ParamArray>) throws(RPCError) -> ParamArray {
        let slot = slot(param.member)
        return try array(try requiredValue(at: slot), at: slot)
    }
    public func read(_ param: Param<ParamArray?>) throws(RPCError) -> ParamArray? {
        let slot = slot(param.member)
        guard let v = try value(at: slot) else { return nil }
        return try array(v, at: slot)
    }
    public func read(_ param: Param<NumberMap?>) throws(RPCError) -> NumberMap? {
        let slot = slot(param.member)
        return try optionalNumberMap(at: slot)
    }
}

/// A params array with its JSON path and its items' schema; elements are
/// addressed as `path[i]`.
public struct ParamArray {
    private let array: JSONElement
    /// Each element's position in the tape (`JSONElement.position`; a tape has
    /// fewer than 2^32 entries): a quarter of the bytes of the elements themselves.
    private let positions: [UInt32]
    public let path: String
    private let items: Schema
    private let itemBounds: ScalarBounds
    /// `--max-children`, handed to the decoders of the elements.
    let maxChildren: Int

    init(_ value: JSONElement, _ member: Member, path: String, maxChildren: Int) {
        guard case .array(let items, _) = member.schema.nonNull else { preconditionFailure("'\(member.name)' is not declared as an array") }
        array = value
        positions = value.elements.map { UInt32(truncatingIfNeeded: $0.position) }
        self.path = path
        self.items = items
        self.itemBounds = ScalarBounds(items)
        self.maxChildren = maxChildren
    }

    public var count: Int { positions.count }

    /// The elements, in order.
    public var elements: [JSONElement] { positions.map { array.element(at: Int($0)) } }

    /// Element `index`, unchecked (`UsualChildSpec` reads it in place).
    func element(_ index: Int) -> JSONElement { array.element(at: Int(positions[index])) }

    /// Gives back the tape memory of the elements before `index`, read for
    /// good (`JSONElement.discardElements`).
    func discard(before index: Int) {
        if index < count { array.discardElements(before: element(index)) }
    }

    public func path(at index: Int) -> String { "\(path)[\(index)]" }

    public func object(at index: Int) throws(RPCError) -> ParamDecoder {
        let v = element(index)
        do throws(Mismatch) { try ParamCheck.kind(v, .object) } catch { throw RPCError.invalidParams(path: path(at: index), reason: error.reason) }
        return try ParamDecoder(v, path: path, index: index, members: items.members, maxChildren: maxChildren)
    }

    public func string(at index: Int) throws(RPCError) -> String {
        do throws(Mismatch) { return try ParamCheck.string(element(index), itemBounds) } catch {
            throw RPCError.invalidParams(path: path(at: index), reason: error.reason)
        }
    }

    public func double(at index: Int) throws(RPCError) -> Double {
        do throws(Mismatch) { return try ParamCheck.number(element(index), itemBounds) } catch {
            throw RPCError.invalidParams(path: path(at: index), reason: error.reason)
        }
    }
}
