"""The warm-up's order, pauses and time left (issue 36 item 1): training a learner never waits
for the whole warm-up — that learner is warmed next and the warm-up pauses while a job runs —
and the status bar counts the learners and the time left."""

from __future__ import annotations

import dataclasses
import threading

import pytest

from app.warmup import WarmupPlan, seconds_left, time_left_text, warm_kernels
from engine.algorithms.registry import get


def recording(names, calls, during=None):
    """Real learners whose fit records its name (and runs `during(name)` first)."""
    infos = []
    for name in names:
        real = get(name)

        def fit(*args, _real=real, **kwargs):
            calls.append(_real.name)
            if during is not None:
                during(_real.name)
            return _real.fit(*args, **kwargs)

        infos.append(dataclasses.replace(real, fit=fit))
    return infos


def test_the_plan_is_re_read_before_each_learner():
    calls, steps = [], []
    plan = WarmupPlan(["cart", "id3", "c45", "m1"])
    plan.prefer("c45")  # the Train tab's learner, at the start
    # the user trains m1 while c45 warms: m1 comes next
    infos = recording(["cart", "id3", "c45", "m1"], calls, during=lambda name: name == "c45" and plan.prefer("m1"))
    result = warm_kernels(plan, lambda *step: steps.append(step), learners=infos)
    assert calls == ["c45", "m1", "cart", "id3"]
    assert result.algorithms == calls
    assert [s[:2] for s in steps] == [(1, 4), (2, 4), (3, 4), (4, 4)]
    assert not any(s[3] for s in steps)
    assert steps[0][2] is not None and steps[0][2] > 0 and steps[-1][2] == 0.0
    plan.prefer("cart")  # warmed already: nothing to move
    assert plan.pending() == []


def test_the_warm_up_waits_between_learners_while_a_job_runs():
    calls, steps = [], []
    job = threading.Event()
    job.set()  # a job runs from the start
    polls = []

    def pause():
        polls.append(1)
        if len(polls) == 5:
            job.clear()  # the job ended
        return job.is_set()

    plan = WarmupPlan(["cart", "id3"], pause=pause)
    warm_kernels(plan, lambda *step: (steps.append(step), calls.append("step")), learners=recording(
        ["cart", "id3"], calls), poll_s=0.001)
    # told it is paused before anything is fitted; nothing fitted until the job ended
    assert steps[0] == (0, 2, None, True)
    assert calls[0] == "step" and calls[1] == "cart"
    assert len(polls) >= 5


@pytest.mark.parametrize("done, total, elapsed, expected", [(0, 17, 3.0, None), (1, 17, 10.0, 160.0),
                                                            (4, 16, 8.0, 24.0), (17, 17, 90.0, 0.0)])
def test_seconds_left_at_the_pace_so_far(done, total, elapsed, expected):
    assert seconds_left(done, total, elapsed) == expected


@pytest.mark.parametrize("left, text", [(None, "estimating the time left"), (2.0, "about 5 s left"),
                                        (42.0, "about 40 s left"), (90.0, "about 90 s left"),
                                        (200.0, "about 3 min left"), (644.0, "about 11 min left")])
def test_time_left_in_words(left, text):
    assert time_left_text(left) == text
