"""Replays review histories with py-fsrs, for ReviewSchedulerOracleTests.

Reads a JSON file (its path is the only argument):
  {"cases": [{"settings": {"parameters": [21 floats], "desiredRetention": float,
                           "learningSteps": [seconds], "relearningSteps": [seconds],
                           "maximumInterval": days},
              "reviews": [[rating 1-4, seconds since 1970], ...]}, ...]}
and prints {"version": "...", "cases": [[state after each review, ...], ...]}, where a state is
[state 1-3, step or null, stability, difficulty, due, last review], times in whole seconds since
1970, rounded down (a hard first step of an odd number of seconds ends on a half second).
Fuzz is always off: the Swift side compares exact due times.
"""

import json
import sys
from datetime import datetime, timedelta, timezone
from importlib.metadata import version

from fsrs import Card, Rating, Scheduler

EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
SECOND = timedelta(seconds=1)


def moment(seconds):
    return EPOCH + timedelta(seconds=seconds)


def seconds(moment):
    return (moment - EPOCH) // SECOND


def replay(case):
    settings = case["settings"]
    scheduler = Scheduler(
        parameters=settings["parameters"],
        desired_retention=settings["desiredRetention"],
        learning_steps=[timedelta(seconds=s) for s in settings["learningSteps"]],
        relearning_steps=[timedelta(seconds=s) for s in settings["relearningSteps"]],
        maximum_interval=settings["maximumInterval"],
        enable_fuzzing=False,
    )
    card = Card(card_id=1, due=moment(case["reviews"][0][1]))
    states = []
    for rating, time in case["reviews"]:
        card, _ = scheduler.review_card(card, Rating(rating), moment(time))
        states.append(
            [
                int(card.state),
                card.step,
                card.stability,
                card.difficulty,
                seconds(card.due),
                seconds(card.last_review),
            ]
        )
    return states


def main():
    with open(sys.argv[1]) as file:
        cases = json.load(file)["cases"]
    json.dump({"version": version("fsrs"), "cases": [replay(case) for case in cases]}, sys.stdout)


main()
