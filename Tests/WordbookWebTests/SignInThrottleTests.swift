import Testing
import Wordbook

@testable import WordbookWeb

/// The limits on failed sign-ins, at given times.
@Suite struct SignInThrottleTests {
  private let start = Timestamp(secondsSince1970: 1_800_000_000)

  /// Many learners signing in at once from one address (a class behind one router) all go
  /// through: only wrong passwords count against an address.
  @Test func manyLearnersFromOneAddressSignIn() {
    var throttle = SignInThrottle()
    for learner in 0..<200 {
      #expect(
        throttle.waitBeforeTrying(name: "learner\(learner)", from: "10.0.0.1", at: start) == nil)
      throttle.recordAttempt(name: "learner\(learner)", at: start)
    }
    for learner in 0..<200 {
      #expect(throttle.waitBeforeSigningIn(from: "10.0.0.1", at: start) == nil)
      throttle.recordSuccess(name: "learner\(learner)")
    }
  }

  /// Twenty wrong passwords from an address close it for fifteen minutes, to a right password
  /// that was admitted at the same time too; five attempts on a name close the name.
  @Test func wrongPasswordsCloseTheAddressAndAttemptsTheName() {
    var throttle = SignInThrottle()
    for attempt in 0..<20 {
      throttle.recordAttempt(name: "guess\(attempt)", at: start)
      throttle.recordFailure(from: "10.0.0.2", at: start)
    }
    #expect(throttle.waitBeforeSigningIn(from: "10.0.0.2", at: start) == 900)
    #expect(
      throttle.waitBeforeTrying(name: "mina", from: "10.0.0.2", at: start.advanced(by: 60)) == 840)
    #expect(
      throttle.waitBeforeTrying(name: "mina", from: "10.0.0.2", at: start.advanced(by: 900)) == nil)
    for _ in 0..<5 { throttle.recordAttempt(name: " mina ", at: start) }
    #expect(throttle.waitBeforeTrying(name: "mina", from: "10.0.0.3", at: start) == 900)
    throttle.recordSuccess(name: "mina")
    #expect(throttle.waitBeforeTrying(name: "mina", from: "10.0.0.3", at: start) == nil)
  }
}
