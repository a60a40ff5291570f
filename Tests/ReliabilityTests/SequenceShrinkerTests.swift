import Testing

@MainActor
@Suite struct SequenceShrinkerTests {
  @Test func shrinksToTheStepsTheFailureNeeds() async {
    var runs = 0
    let shrunk = await shrink(Array(1...40)) { candidate in
      runs += 1
      return candidate.contains(3) && candidate.contains(29)
    }
    #expect(shrunk == [3, 29])
    #expect(runs < 100)
  }

  @Test func endsWhereNoSingleStepCanGo() async {
    let fails: ([Int]) -> Bool = { $0.contains(3) && $0.contains(29) && $0.count % 2 == 0 }
    let shrunk = await shrink(Array(1...40)) { fails($0) }
    #expect(fails(shrunk))
    for index in shrunk.indices {
      var candidate = shrunk
      candidate.remove(at: index)
      #expect(!fails(candidate))
    }
  }

  @Test func keepsASequenceFromWhichNothingCanGo() async {
    let shrunk = await shrink([5, 6, 7]) { $0 == [5, 6, 7] }
    #expect(shrunk == [5, 6, 7])
  }
}
