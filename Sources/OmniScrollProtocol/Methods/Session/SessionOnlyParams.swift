/// The params of a method that takes only `session` (`session.get`, the
/// `SessionCommand`s).
struct SessionOnlyParams: ParamList {
    let session = SessionParams.session
}
