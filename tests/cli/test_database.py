"""``spieltisch db``: the schema version shown, upgraded and taken back; a bad version or
database URL is one clear error line."""

from __future__ import annotations

from pathlib import Path

from spieltisch.server import db

from .conftest import assert_user_error, run


def test_upgrade_brings_a_new_database_to_the_newest_version_and_current_says_so(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'x.db'}"
    assert "no version" in run(["db", "current", "--db", url]).output
    result = run(["db", "upgrade", "--db", url])
    assert result.exit_code == 0 and f"at {db.head()}" in result.output
    assert f"at {db.head()}; newest {db.head()}" in run(["db", "current", "--db", url]).output


def test_downgrade_goes_back_to_a_version_and_refuses_one_that_does_not_exist(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'x.db'}"
    run(["db", "upgrade", "--db", url])
    result = run(["db", "downgrade", "0002", "--db", url])
    assert result.exit_code == 0 and "at 0002" in result.output
    assert_user_error(run(["db", "downgrade", "0099", "--db", url]), "0099")
    assert "at 0002;" in run(["db", "current", "--db", url]).output


def test_a_url_that_names_no_database_is_one_clear_error(tmp_path: Path) -> None:
    assert_user_error(run(["db", "current", "--db", "nonsense"]), "no database URL")
