"""Fits and scores FSRS-6 parameters with fsrs-rs-python (fsrs-rs's own code), for the
parameter optimizer's oracle tests.

Reads a JSON file (its path is the only argument):
  {"words": [[[rating 1-4, days since the review before], ...], ...],
   "sets": {NAME: [[word, review], ...], ...},
   "fits": [NAME, ...],
   "evaluations": [{"set": NAME, "parameters": [21 floats] or "fitted"}, ...]}
An item [word, review] is the word's reviews up to and including that one; each set lists its
items oldest first, and a fit is given each item's word as its card ID; "fitted" parameters are
those of the first fit. Prints
  {"version": "...", "fitted": [[21 floats], ...], "evaluations": [[log loss, RMSE(bins)], ...]}
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
        name: (
            [FSRSItem(words[word][: review + 1]) for word, review in items],
            [word for word, _ in items],
        )
        for name, items in request["sets"].items()
    }
    fitted = [
        FSRS(DEFAULT_PARAMETERS).compute_parameters(sets[name][0], card_ids=sets[name][1])
        for name in request["fits"]
    ]
    evaluations = []
    for evaluation in request["evaluations"]:
        parameters = evaluation["parameters"]
        if parameters == "fitted":
            parameters = fitted[0]
        result = FSRS(parameters).evaluate(sets[evaluation["set"]][0])
        evaluations.append([result.log_loss, result.rmse_bins])
    json.dump(
        {"version": version("fsrs-rs-python"), "fitted": fitted, "evaluations": evaluations},
        sys.stdout,
    )


main()
