import Wordbook

/// The review chart's words in Korean.
extension KoreanCatalogue: ChartCatalogue {
  var chartLabels: ReviewChartLabels {
    ReviewChartLabels(
      title: { "“\($0)” 복습" },
      summary: { today, week, percent in
        "오늘 복습 \(today) · 이번 주 복습 \(week) · 평균 기억 확률 "
          + (percent.map { "\($0)%" } ?? "아직 없음")
      },
      prediction: { logLoss, rmse, items in
        "일정의 예측 정확도: 로그 손실 \(logLoss) · RMSE(bins) \(rmse)% (복습 \(items)회 기준)"
      },
      noPrediction: "일정의 예측 정확도: 아직 판단할 수 없음 (앞 복습보다 하루 이상 뒤에 한 복습이 없음)",
      history: "지난 1년의 복습", forecast: "앞으로 30일의 복습", less: "적음", more: "많음",
      reviewsOn: { "\($0): 복습 \($1)회" }, dueOn: { "\($0): 복습할 단어 \($1)개" })
  }
}
