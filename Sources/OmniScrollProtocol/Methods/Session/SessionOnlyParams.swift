/// The params of a method that takes only `session` (`session.get`, the
/// `SessionCommand`s). Every instance holds the one shared member
/// (`SessionParams.session`), so any instance reads it.
struct SessionOnlyParams: ParamList {
    let session = SessionParams.session
}
