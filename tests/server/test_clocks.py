"""Table settings and the seats' clocks as bookkeeping over timestamps (no server)."""

from __future__ import annotations

import pytest

from spieltisch.server.clocks import DAY_S, SeatClocks, SettingsError, TableSettings


def test_default_settings_have_no_clock_and_no_zombie_mode() -> None:
    settings = TableSettings.from_json(None)
    assert settings == TableSettings.from_json({})
    assert not settings.timed and not settings.watched
    assert TableSettings.from_json(settings.to_json()) == settings


@pytest.mark.parametrize(
    ("settings", "named"),
    [
        ({"clock": "hourglass"}, "'clock'"),
        ({"clock": "minutes", "minutes": -1}, "'minutes'"),
        ({"clock": "minutes", "minutes": 0}, "'minutes'"),
        ({"clock": "minutes", "minutes": "ten"}, "'minutes'"),
        ({"clock": "minutes", "minutes": True}, "'minutes'"),
        ({"clock": "days", "days_per_move": 400}, "'days_per_move'"),
        ({"increment_s": -5}, "'increment_s'"),
        ({"on_timeout": "shrug"}, "'on_timeout'"),
        ({"zombie_after_s": -1}, "'zombie_after_s'"),
        ({"zombie_after_s": "soon"}, "'zombie_after_s'"),
        ({"zombie_bot": 3}, "'zombie_bot'"),
        ({"colour": "red"}, "'colour'"),
        ([1, 2], "JSON object"),
    ],
)
def test_bad_settings_name_the_setting(settings: object, named: str) -> None:
    with pytest.raises(SettingsError, match=named):
        TableSettings.from_json(settings)


def test_zero_seconds_away_is_allowed() -> None:
    assert TableSettings.from_json({"zombie_after_s": 0}).zombie_after_s == 0.0


def test_real_time_clocks_charge_only_the_seats_that_must_act() -> None:
    clocks = SeatClocks(TableSettings(clock="minutes", minutes=10), 3, start=100.0)
    clocks.advance(100.0, [0])
    assert clocks.left(0, 130.0) == 570.0 and clocks.left(1, 130.0) == 600.0
    clocks.advance(160.0, [1], mover=0)  # seat 0 thought 60 s
    assert clocks.left(0, 500.0) == 540.0  # stopped
    clocks.advance(170.0, [1, 2], mover=1)  # a step where two seats choose at once
    clocks.advance(175.0, [1], mover=2)
    assert clocks.used == [60.0, 15.0, 5.0]
    assert clocks.deadline(1, 175.0) == 175.0 + 585.0
    assert clocks.deadline(0, 175.0) is None


def test_the_increment_is_credited_after_each_own_move() -> None:
    clocks = SeatClocks(TableSettings(clock="minutes", minutes=1, increment_s=5), 2, start=0.0)
    clocks.advance(0.0, [0])
    clocks.advance(20.0, [1], mover=0)
    assert clocks.left(0, 20.0) == 45.0


def test_turn_based_clocks_count_each_decision_from_its_start() -> None:
    clocks = SeatClocks(TableSettings(clock="days", days_per_move=2), 2, start=0.0)
    clocks.advance(0.0, [0, 1])  # both must decide
    clocks.advance(DAY_S, [0], mover=1)  # seat 1 decided; seat 0's decision still runs
    assert clocks.left(0, DAY_S) == DAY_S
    clocks.advance(1.5 * DAY_S, [0], mover=0)  # seat 0 decided and must decide again
    assert clocks.left(0, 1.5 * DAY_S) == 2 * DAY_S
    assert clocks.left(1, 1.5 * DAY_S) == 2 * DAY_S  # not running: a full decision
    assert clocks.deadline(0, 1.5 * DAY_S) == 3.5 * DAY_S


def test_time_the_server_was_down_is_charged_to_nobody() -> None:
    clocks = SeatClocks(TableSettings(clock="minutes", minutes=5), 2, start=0.0)
    clocks.advance(0.0, [0])
    clocks.advance(10.0, [1], mover=0)
    clocks.restart(1000.0)  # down from some time after 10 s until 1000 s
    assert clocks.left(1, 1030.0) == 270.0
    days = SeatClocks(TableSettings(clock="days", days_per_move=1), 2, start=0.0)
    days.advance(0.0, [0])
    days.restart(50_000.0)
    assert days.left(0, 50_000.0) == DAY_S


def test_no_clock_reports_nothing() -> None:
    clocks = SeatClocks(TableSettings(), 2, start=0.0)
    clocks.advance(0.0, [0])
    assert clocks.left(0, 10.0) is None and clocks.deadline(0, 10.0) is None
