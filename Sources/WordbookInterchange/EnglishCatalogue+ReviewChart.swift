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
      history: "Reviews in the last year", forecast: "Due in the next 30 days", less: "Less",
      more: "More", reviewsOn: { "\($0): \($1 == 1 ? "1 review" : "\($1) reviews")" },
      dueOn: { "\($0): \($1 == 1 ? "1 word" : "\($1) words") due" })
  }
}
