import Wordbook

/// The review chart's words in English.
extension EnglishCatalogue: ChartCatalogue {
  var chartLabels: ReviewChartLabels {
    ReviewChartLabels(
      title: { "Reviews of “\($0)”" },
      summary: { today, week, percent in
        "Due today \(today) · due this week \(week) · average retrievability "
          + (percent.map { "\($0)%" } ?? "none yet")
      },
      prediction: { logLoss, rmse, items in
        "How well the schedule predicts you: log loss \(logLoss) · RMSE(bins) \(rmse)% "
          + "over \(items == 1 ? "1 review" : "\(items) reviews")"
      },
      noPrediction: "How well the schedule predicts you: not judged yet (no review a day or "
        + "more after the one before)",
      history: "Reviews in the last year", forecast: "Due in the next 30 days", less: "Less",
      more: "More", reviewsOn: { "\($0): \($1 == 1 ? "1 review" : "\($1) reviews")" },
      dueOn: { "\($0): \($1 == 1 ? "1 word" : "\($1) words") due" })
  }
}
