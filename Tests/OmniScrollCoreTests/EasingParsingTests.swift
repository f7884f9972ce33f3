import XCTest
@testable import OmniScrollCore

/// CSS easing text: what parses, to what, and what is refused with which reason.
final class EasingParsingTests: XCTestCase {
    private let field = FieldPath("options").member("tracks").index(2).member("easing")

    func testAcceptedTexts() throws {
        let accepted: [(String, Easing)] = [
            ("linear", .linear), ("ease", .ease), ("ease-in", .easeIn), ("ease-out", .easeOut),
            ("ease-in-out", .easeInOut), ("  Ease-In-Out\t", .easeInOut), ("EASE", .ease),
            ("cubic-bezier(0.1, 0.7, 1, 0.1)", .cubicBezier(CubicBezier(0.1, 0.7, 1, 0.1))),
            ("cubic-bezier(0.1,0.7,1,0.1)", .cubicBezier(CubicBezier(0.1, 0.7, 1, 0.1))),
            ("\n cubic-bezier ( .1 ,\t+.7 , 1.0 , 1e-1 ) ", .cubicBezier(CubicBezier(0.1, 0.7, 1, 0.1))),
            ("cubic-bezier(0, -2.5E2, 1, 3)", .cubicBezier(CubicBezier(0, -250, 1, 3))),
            ("steps(4)", .steps(4)), ("steps( 4 )", .steps(4)), ("Steps(+1)", .steps(1)),
            ("steps(4, jump-end)", .steps(4)), ("steps(4,end)", .steps(4)), ("steps(2147483647)", .steps(Int(Int32.max))),
        ]
        for (text, easing) in accepted {
            XCTAssertEqual(try Easing(parsing: text, field: field), easing, "'\(text)'")
        }
    }

    /// Each refused text with a word its reason must contain.
    func testRefusedTextsNameTheFieldAndSayWhy() {
        let refused: [(String, String)] = [
            ("", "unknown easing"), ("   ", "unknown easing"), ("bounce", "unknown easing 'bounce'"),
            ("ease_in", "unknown easing"), ("easein", "unknown easing"), ("step-start", "unknown easing"),
            ("cubic-bezier", "parentheses"), ("steps", "parentheses"),
            ("cubic-bezier(0.1, 0.7, 1, 0.1", "must end with ')'"), ("cubic-bezier(0.1, 0.7, 1)", "got 3"),
            ("cubic-bezier(0.1, 0.7, 1, 0.1, 0)", "got 5"), ("cubic-bezier()", "got 1"),
            ("cubic-bezier(0.1, 0.7, , 0.1)", "'' is not a number"), ("cubic-bezier(0.1, nan, 1, 1)", "'nan' is not a number"),
            ("cubic-bezier(0.1, inf, 1, 1)", "'inf' is not a number"), ("cubic-bezier(0x1, 0, 1, 1)", "not a number"),
            ("cubic-bezier(1., 0, 1, 1)", "not a number"), ("cubic-bezier(1e, 0, 1, 1)", "not a number"),
            ("cubic-bezier(0.1 0.2, 0.7, 1, 0.1)", "not a number"), ("cubic-bezier(0.1, 1e999, 1, 1)", "not a finite number"),
            ("cubic-bezier(1.1, 0, 1, 1)", "x1 must be a number between 0 and 1"),
            ("cubic-bezier(0, 0, -0.1, 1)", "x2 must be a number between 0 and 1"),
            ("cubic-bezier(0, 2e6, 1, 1)", "y1 must be a finite number between -1e6 and 1e6"),
            ("steps(0)", "between 1 and"), ("steps(-2)", "between 1 and"), ("steps(2.5)", "'2.5' is not an integer"),
            ("steps(4.0)", "not an integer"), ("steps()", "not an integer"), ("steps(99999999999999999999)", "not an integer"),
            ("steps(4, jump-start)", "only jump-end"), ("steps(4, start)", "only jump-end"), ("steps(4, end, 1)", "got 3 arguments"),
            ("linear(0, 1)", "unknown easing function 'linear'"), ("spring(1)", "unknown easing function"),
        ]
        for (text, reason) in refused {
            XCTAssertThrowsError(try Easing(parsing: text, field: field), "'\(text)'") { error in
                let error = error as! ContainerError
                XCTAssertEqual(error.kind, .invalidValue, "'\(text)'")
                XCTAssertEqual(error.field, field, "'\(text)'")
                XCTAssertTrue(error.reason.contains(reason), "'\(text)': \(error.reason)")
            }
        }
    }
}
