/// The small wordbook a new user starts with, so the first run shows cards at once.
public enum SampleWordbook {
  /// The sample book's title.
  public static let title = "Korean basics"

  /// The sample book's words: everyday Korean with English meanings.
  public static let words: [WordDraft] = [
    WordDraft(term: "안녕하세요", meaning: "hello"),
    WordDraft(term: "감사합니다", meaning: "thank you"),
    WordDraft(term: "사랑", meaning: "love"),
    WordDraft(term: "친구", meaning: "friend"),
    WordDraft(term: "학교", meaning: "school"),
    WordDraft(term: "물", meaning: "water"),
    WordDraft(term: "밥", meaning: "rice; a meal"),
    WordDraft(term: "책", meaning: "book"),
    WordDraft(term: "단어장", meaning: "vocabulary notebook"),
    WordDraft(term: "공부하다", meaning: "to study"),
    WordDraft(term: "시간", meaning: "time"),
    WordDraft(term: "내일", meaning: "tomorrow"),
  ]

  /// The sample as the `books` argument of ``InMemoryWordService/init(books:faults:)``.
  public static var books: [(title: String, words: [WordDraft])] {
    [(title, words)]
  }
}
