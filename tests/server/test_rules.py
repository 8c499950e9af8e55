"""Rules at hand on the server (server/rules.py, server/markdown.py, server/why.py): the
summary, options in words and any rule's text in each language; every refusal of the rules
API names the problem; "Why can't I?" answers a spectator, a seat out of turn and a click
that means no move."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from spieltisch.engine.options import SOURCES
from spieltisch.server.app import create_app
from spieltisch.server.markdown import inline, to_html
from tests.shipped import shipped_ids

KC = "kingdoms-of-crusaders"


@pytest.fixture
def client(tmp_path: Any) -> Any:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'tables.db'}")) as c:
        yield c


def test_markdown_escapes_and_links_rule_ids() -> None:
    html = to_html("# Title\n\nA <b>bold</b> **claim** (KC-R29), `KC-R1 in code`.\n")
    assert "<h2>Title</h2>" in to_html("# Title", heading_base=1)
    assert "&lt;b&gt;" in html and "<strong>claim</strong>" in html
    assert 'data-rule="KC-R29"' in html and "<code>KC-R1 in code</code>" in html
    nested = to_html("- one\n  - two\n- three\n\n| a | b |\n|---|---|\n| 1 | MD-R2 |\n")
    assert nested.count("<ul>") == 2 and "<td>1</td>" in nested and 'data-rule="MD-R2"' in nested
    assert inline("*it* and 2 * 3 * 4") == "<em>it</em> and 2 * 3 * 4"


@pytest.mark.parametrize("game", shipped_ids())  # the example game has English texts only
def test_summary_options_and_index_in_both_languages(client: Any, game: str) -> None:
    english = client.get(f"/api/rules/{game}?lang=en").json()
    german = client.get(f"/api/rules/{game}?lang=de").json()
    assert english["summary"] != german["summary"] and "<h2>" in german["summary"]
    assert sum(len(s["rules"]) for s in english["index"]) > 50
    for en, de in zip(english["options"], german["options"], strict=True):
        assert en["label"] and en["summary"] and en["source"] in SOURCES
        assert "_" not in en["label"], en["name"]  # a human name, not the option's key
        assert de["label"] != en["label"] or de["summary"] != en["summary"]
        if en["choices"]:
            assert {v["value"] for v in en["value_labels"]} >= set(en["choices"])


def test_a_rules_text_by_id_and_the_refusals(client: Any) -> None:
    rule = client.get(f"/api/rules/{KC}/rule/KC-R15?lang=de").json()
    assert rule["id"] == "KC-R15" and "<p>" in rule["html"]
    english = client.get(f"/api/rules/{KC}/rule/KC-R15").json()
    assert english["html"] != rule["html"]
    r = client.get(f"/api/rules/{KC}/rule/KC-R999")
    assert r.status_code == 404 and "has no rule KC-R999" in r.json()["error"]
    r = client.get(f"/api/rules/{KC}/rule/hello")
    assert r.status_code == 400 and "not a rule id" in r.json()["error"]
    r = client.get("/api/rules/chess")
    assert r.status_code == 404 and "no game 'chess'" in r.json()["error"]
    page = client.get(f"/rules/{KC}")
    assert page.status_code == 200 and 'data-game="kingdoms-of-crusaders"' in page.text


def test_the_lobby_gets_options_in_the_readers_language(client: Any) -> None:
    found = {g["id"]: g for g in client.get("/api/games?lang=de").json()}
    claims = next(o for o in found[KC]["options"] if o["name"] == "claims")
    assert claims["label"] != "claims" and claims["source"] in SOURCES
    assert found[KC]["rules"] == f"/rules/{KC}"


def test_why_answers_spectators_seats_out_of_turn_and_clicks_that_mean_nothing(
    client: Any,
) -> None:
    made = client.post(
        "/api/tables", json={"game": KC, "seed": 3, "seats": [{"kind": "human"}] * 2}
    ).json()
    tokens = [s["link"].rsplit("/", 1)[1] for s in made["seats"]]
    spectator = made["spectator_link"].rsplit("/", 1)[1]
    actor = client.get(f"/api/seat/{spectator}").json()["actors"][0]
    waiting = tokens[1 - actor]
    r = client.post(f"/api/seat/{waiting}/why?lang=de", json={"pick": None, "place": None})
    body = r.json()
    assert r.status_code == 200 and "nicht am Zug" in body["text"] and body["rule"] == "KC-R17"
    assert "Spectators" in client.post(f"/api/seat/{spectator}/why", json={}).json()["text"]
    nothing = client.post(
        f"/api/seat/{tokens[actor]}/why", json={"pick": "no-such-key", "place": None}
    ).json()
    assert nothing["rule"] is None and nothing["legal"] is False
    before = client.get(f"/api/seat/{spectator}").json()["version"]
    assert before == 0  # asking changes nothing
    r = client.post(f"/api/seat/{tokens[actor]}/why", json={"pick": 5})
    assert r.status_code == 400 and "pick" in r.json()["error"]
