import OmniScrollCore

/// The result a method's reply carries, as the document describes it.
public enum ResultSchema: Sendable {
    /// `#/components/schemas/<name>`.
    case component(String)
    /// JSON `null` (`shutdown`).
    case null
    /// A schema written out in the method (`session.destroy`'s `{session}`).
    case inline(Schema)
    /// A schema outside the document, by its URL (`rpc.discover`: the OpenRPC meta-schema).
    case external(String)
    /// No reply: a notification-only method (`exit`).
    case none
}
