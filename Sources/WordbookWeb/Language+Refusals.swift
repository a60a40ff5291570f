import Wordbook

extension Language {
  /// Why the server refused a request, in this language.
  func describe(_ refusal: AccessGuard.Refusal) -> String {
    switch (self, refusal) {
    case (.english, .foreignHost):
      "This server answers only to its own address; open the address it printed."
    case (.english, .foreignOrigin):
      "Refused: the request did not come from Wordbook's own page."
    case (.english, .missingToken):
      "Refused: open the address that 'wordbook serve' printed; it holds this page's key."
    case (.korean, .foreignHost):
      "이 서버는 자기 주소로만 응답합니다. 서버가 출력한 주소를 여세요."
    case (.korean, .foreignOrigin):
      "거절했습니다: Wordbook 자신의 페이지에서 온 요청이 아닙니다."
    case (.korean, .missingToken):
      "거절했습니다: 'wordbook serve'가 출력한 주소를 여세요. 그 주소에 이 페이지의 열쇠가 있습니다."
    }
  }
}
