"""Fits and scores FSRS-6 parameters with fsrs-rs-python (fsrs-rs's own code), for the
parameter optimizer's oracle tests.

Reads a JSON file (its path is the only argument):
  {"words": [[[rating 1-4, days since the review before], ...], ...],
   "sets": {NAME: [[word, review], ...], ...},
   "fit": NAME or null,
   "evaluations": [{"set": NAME, "parameters": [21 floats] or "fitted"}, ...]}
An item [word, review] is the word's reviews up to and including that one; each set lists its
items oldest first, and the fit is given each item's word as its card ID. Prints
  {"version": "...", "fitted": [21 floats] or null, "evaluations": [[log loss, RMSE(bins)], ...]}
"""

import json
import sys
from importlib.metadata import version

from fsrs_rs_python import FSRS, DEFAULT_PARAMETERS, FSRSItem, FSRSReview


def main():
    with open(sys.argv[1]) as file:
        request = json.load(file)
    words = [[FSRSReview(rating, days) for rating, days in word] for word in request["words"]]
    sets = {
        name: ([FSRSItem(words[word][: review + 1]) for word, review in items], [word for word, _ in items])
        for name, items in request["sets"].items()
    }
    fitted = None
    if request.get("fit") is not None:
        items, cards = sets[request["fit"]]
        fitted = FSRS(DEFAULT_PARAMETERS).compute_parameters(items, card_ids=cards)
    evaluations = []
    for evaluation in request["evaluations"]:
        parameters = fitted if evaluation["parameters"] == "fitted" else evaluation["parameters"]
        result = FSRS(parameters).evaluate(sets[evaluation["set"]][0])
        evaluations.append([result.log_loss, result.rmse_bins])
    json.dump(
        {"version": version("fsrs-rs-python"), "fitted": fitted, "evaluations": evaluations},
        sys.stdout,
    )


main()
