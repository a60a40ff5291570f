import Testing
import Wordbook

@testable import WordbookWeb

/// The limits on sign-ins, at given times.
@Suite struct SignInThrottleTests {
  private let start = Timestamp(secondsSince1970: 1_800_000_000)

  /// Many learners signing in from one address (a class behind one router) all go through:
  /// only wrong passwords count against an address, and a success forgets its name's attempts.
  @Test func manyLearnersFromOneAddressSignIn() {
    var throttle = SignInThrottle()
    for learner in 0..<200 {
      #expect(throttle.admit(name: "learner\(learner)", from: "10.0.0.1", at: start) == nil)
      #expect(throttle.waitBeforeChecking(from: "10.0.0.1", at: start) == nil)
      throttle.settle(name: "learner\(learner)", from: "10.0.0.1", succeeded: true, at: start)
    }
    #expect(throttle.trackedNames == 0 && throttle.trackedAddresses == 0)
  }

  /// Twenty wrong passwords from an address close it for fifteen minutes, to the attempts
  /// already admitted too; five attempts on a name close the name, whichever address tries
  /// it, until one succeeds.
  @Test func wrongPasswordsCloseTheAddressAndAttemptsTheName() {
    var throttle = SignInThrottle()
    for attempt in 0..<20 {
      #expect(throttle.admit(name: "guess\(attempt)", from: "10.0.0.2", at: start) == nil)
    }
    for attempt in 0..<20 {
      #expect(throttle.waitBeforeChecking(from: "10.0.0.2", at: start) == nil)
      throttle.settle(name: "guess\(attempt)", from: "10.0.0.2", succeeded: false, at: start)
    }
    #expect(throttle.waitBeforeChecking(from: "10.0.0.2", at: start) == 900)
    #expect(throttle.admit(name: "mina", from: "10.0.0.2", at: start) == 900)
    #expect(throttle.admit(name: "mina", from: "10.0.0.2", at: start.advanced(by: 60)) == 840)
    #expect(throttle.admit(name: "mina", from: "10.0.0.2", at: start.advanced(by: 900)) == nil)
    throttle.settle(name: "mina", from: "10.0.0.2", succeeded: true, at: start)
    for _ in 0..<5 {
      #expect(throttle.admit(name: " mina ", from: "10.0.0.3", at: start) == nil)
      throttle.settle(name: "mina", from: "10.0.0.3", succeeded: false, at: start)
    }
    #expect(throttle.admit(name: "mina", from: "10.0.0.4", at: start) == 900)
  }

  /// Attempts on one name admitted together count before they are checked; one withdrawn
  /// unchecked counts for nothing.
  @Test func attemptsOnANameAtOnceCannotPassItsLimit() {
    var throttle = SignInThrottle()
    for address in 0..<5 {
      #expect(throttle.admit(name: "jun", from: "10.0.1.\(address)", at: start) == nil)
    }
    #expect(throttle.admit(name: "jun", from: "10.0.1.9", at: start) == 900)
    throttle.withdraw(name: "jun")
    #expect(throttle.admit(name: "jun", from: "10.0.1.9", at: start) == nil)
  }

  /// An IPv6 client holds a whole /64 network: its addresses count as one.
  @Test func anIPv6NetworkIsOneAddress() {
    var throttle = SignInThrottle()
    for host in 0..<20 {
      let address = "2001:db8:1:2::\(String(host + 1, radix: 16))"
      throttle.settle(name: "n\(host)", from: address, succeeded: false, at: start)
    }
    #expect(throttle.waitBeforeChecking(from: "2001:db8:1:2:ffff::1", at: start) == 900)
    #expect(throttle.waitBeforeChecking(from: "2001:db8:1:3::1", at: start) == nil)
    #expect(
      SignInThrottle.client(of: "::ffff:192.0.2.1") == SignInThrottle.client(of: "192.0.2.1"))
  }

  /// However long the names and however many addresses, the throttle keeps at most its limit
  /// of each, with fixed-size keys: its memory does not grow with what clients send.
  @Test func memoryStaysBoundedWhateverIsSent() {
    var throttle = SignInThrottle()
    let long = String(repeating: "x", count: 200)
    for attempt in 0..<(SignInThrottle.trackedLimit + 200) {
      let name = long + String(attempt)
      let address = "10.\(attempt >> 16 & 255).\(attempt >> 8 & 255).\(attempt & 255)"
      _ = throttle.admit(name: name, from: address, at: start)
      throttle.settle(name: name, from: address, succeeded: false, at: start)
    }
    #expect(throttle.trackedNames <= SignInThrottle.trackedLimit)
    #expect(throttle.trackedAddresses <= SignInThrottle.trackedLimit)
  }
}
