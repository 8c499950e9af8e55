"""The words of The Kingdoms of Crusaders' board picture, in English and German: captions
drawn on the board and the sentences of its tooltips (``data-tip``). Seat names come from
``engine.picture.seat_name``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...engine.picture import lang_of, seat_name

SVG_LABELS: dict[str, dict[str, str]] = {
    "en": {
        "title": "The Kingdoms of Crusaders",
        "symbols": "Lance,Bow,Sword,Helmet,Banner",
        "tiers": "Regiment,Battalion,Company",
        "letters": "R,B,C",
        "territory": "Territory {n}",
        "open": "Open",
        "by_completion": "by completion · #{n}",
        "by_claim": "by claim · #{n}",
        "claimable": "Claimable: {names}",
        "claim_control": "⚑ Claim",
        "your_hand": "Your hand · {n} cards",
        "spectator_hand": "Spectator view: the hands are hidden",
        "drawn": "◆ new",
        "no_formation": "no formation",
        "deck": "Deck: {n} cards",
        "plays": "Cards played: {n}",
        "players": "{n} players",
        "claims": "Claims: {mode}",
        "claims_auto": "automatic",
        "claims_manual": "by the player",
        "claims_off": "off",
        "stop": "Ends as soon as the winners are fixed",
        "markers_left": "Victory markers to take",
        "standing": "Standing",
        "col_hand": "Hand",
        "col_won": "Won",
        "col_markers": "Markers",
        "col_sum": "Sum",
        "col_place": "Place",
        "ranking_rule": "Place: more territories, then the lower marker sum; equal ones share.",
        "unseen_head": "Unseen cards · {n} in the hands and the deck",
        "compare_head": "Which army is stronger?",
        "compare": "More regiments (a symbol on all 4 cards) win|With as many, the higher "
        "regiment symbols win|Then battalions (3 cards), then companies (2), the same way|"
        "Equally strong: the army completed first wins",
        "formations_head": "Formations:",
        "tier_legend": "{letter} {tier} = a symbol on {n} cards",
        "notation": "#n = play number · ✓ = army complete · ★ = territory won",
        "to_play": "{name} to play",
        "to_claim": "{name} may claim territories",
        "your_play": "Your turn: pick a card in your hand, then the territory to play it into",
        "your_claim": "Your turn: claim a proven territory (⚑ Claim on it) or choose End claims",
        "you_are": "you are {name}",
        "spectator": "spectator view",
        "over": "Game over.",
        "winner": "Winner: {names}",
        "winners": "Winners: {names} (shared win)",
        "result_line": "{w} territories, marker sum {s}",
        "none": "none",
        "end_claims": "End claims",
        # tooltips
        "tip_card": "{symbols} — card {code}, played #{play} by {name} into territory {t}",
        "tip_hand": "{symbols} — card {code} in your hand",
        "tip_drawn": " (just drawn)",
        "tip_pick": ". Pick it, then the territory to play it into.",
        "tip_army": "{name} in territory {t}: {k} of 4 cards; {formations}",
        "tip_complete": "; complete at play #{n} (in a tie the earlier complete army wins)",
        "tip_won_army": "; won this territory",
        "tip_formation": "{tier} of {symbol} (on {n} cards)",
        "tip_no_formation": "no formation yet (a symbol on 2, 3 or 4 cards forms one)",
        "tip_drop": ". Drop a card here to play it.",
        "tip_territory_open": "Territory {t}: open. Each player fields up to 4 cards here; "
        "it is decided when every army is complete{claims}.",
        "tip_claims_auto": ", or as soon as a complete army provably cannot be beaten",
        "tip_claims_manual": ", or when a player claims it with a proven army",
        "tip_claimable": " Claimable now by {names}.",
        "tip_territory_won": "Territory {t}: won by {name} {how} at play #{play}; "
        "victory marker {m}.",
        "tip_completion": "by completion (the strongest complete army)",
        "tip_claim": "by claim (no cards off the table can beat that army)",
        "tip_claim_control": "Claim territory {t}: no cards that are not on the table can "
        "beat your army there any more.",
        "tip_marker": "Victory marker {m}: {name} won territory {t}, the territory decided "
        "{m}th. In a tie on territories the lower marker sum wins.",
        "tip_marker_left": "Victory marker {m}: goes to the winner of the next territory "
        "decided. In a tie on territories the lower marker sum wins.",
        "tip_deck": "Deck: {n} cards face down. A player draws one at the start of each "
        "turn, then plays one card.",
        "tip_unseen": "Unseen cards: the {n} cards in all hands and the deck, by their symbols. "
        "A claim is proven when no choice of them can beat the army.",
        "tip_unseen_set": "{n} unseen card(s) with {symbols}",
        "tip_seat": "{name}: {h} cards in hand; territories won: {won}; marker sum {s}; place {r}",
        "tip_won_item": "territory {t} (marker {m})",
        "tip_tier": "{tier}: a symbol on {n} of the army's cards. More regiments win, then "
        "the higher symbols; then battalions, then companies.",
        "tip_plays": "Cards played so far; each card shows its play number #n.",
        "tip_claims_mode": "How territories are decided early: {mode}.",
        "tip_stop": "The game ends as soon as the remaining markers cannot change the winners.",
    },
    "de": {
        "title": "Die Königreiche der Kreuzritter",
        "symbols": "Lanze,Bogen,Schwert,Helm,Banner",
        "tiers": "Regiment,Bataillon,Kompanie",
        "letters": "R,B,K",
        "territory": "Gebiet {n}",
        "open": "Offen",
        "by_completion": "vervollständigt · #{n}",
        "by_claim": "beansprucht · #{n}",
        "claimable": "Beanspruchbar: {names}",
        "claim_control": "⚑ Beanspruchen",
        "your_hand": "Deine Hand · {n} Karten",
        "spectator_hand": "Zuschauersicht: die Hände sind verdeckt",
        "drawn": "◆ neu",
        "no_formation": "keine Formation",
        "deck": "Stapel: {n} Karten",
        "plays": "Ausgespielt: {n}",
        "players": "{n} Spieler",
        "claims": "Ansprüche: {mode}",
        "claims_auto": "automatisch",
        "claims_manual": "durch die Spieler",
        "claims_off": "aus",
        "stop": "Endet, sobald die Sieger feststehen",
        "markers_left": "Noch zu vergebende Siegmarker",
        "standing": "Stand",
        "col_hand": "Hand",
        "col_won": "Gebiete",
        "col_markers": "Marker",
        "col_sum": "Summe",
        "col_place": "Platz",
        "ranking_rule": "Platz: mehr Gebiete, dann die kleinere Markersumme; Gleiche teilen.",
        "unseen_head": "Ungesehene Karten · {n} in den Händen und im Stapel",
        "compare_head": "Welche Armee ist stärker?",
        "compare": "Mehr Regimenter (ein Symbol auf allen 4 Karten) gewinnen|Bei gleich "
        "vielen gewinnen die höheren Regiment-Symbole|Dann Bataillone (3 Karten), dann "
        "Kompanien (2), ebenso|Gleich stark: die zuerst vollständige Armee gewinnt",
        "formations_head": "Formationen:",
        "tier_legend": "{letter} {tier} = ein Symbol auf {n} Karten",
        "notation": "#n = Ausspielung · ✓ = Armee vollständig · ★ = Gebiet gewonnen",
        "to_play": "{name} ist am Zug",
        "to_claim": "{name} darf Gebiete beanspruchen",
        "your_play": "Du bist am Zug: wähle eine Karte deiner Hand, dann das Gebiet dafür",
        "your_claim": "Du bist am Zug: beanspruche ein bewiesenes Gebiet (⚑) oder wähle Fertig",
        "you_are": "du bist {name}",
        "spectator": "Zuschauersicht",
        "over": "Spielende.",
        "winner": "Sieger: {names}",
        "winners": "Sieger: {names} (geteilter Sieg)",
        "result_line": "{w} Gebiete, Markersumme {s}",
        "none": "keine",
        "end_claims": "Fertig",
        "tip_card": "{symbols} — Karte {code}, als #{play} von {name} in Gebiet {t} gespielt",
        "tip_hand": "{symbols} — Karte {code} in deiner Hand",
        "tip_drawn": " (gerade gezogen)",
        "tip_pick": ". Wähle sie, dann das Gebiet, in das sie kommt.",
        "tip_army": "{name} in Gebiet {t}: {k} von 4 Karten; {formations}",
        "tip_complete": "; vollständig bei #{n} (bei Gleichstand gewinnt die früher "
        "vollständige Armee)",
        "tip_won_army": "; hat dieses Gebiet gewonnen",
        "tip_formation": "{tier} aus {symbol} (auf {n} Karten)",
        "tip_no_formation": "noch keine Formation (ein Symbol auf 2, 3 oder 4 Karten bildet eine)",
        "tip_drop": ". Lege eine Karte hier ab, um sie auszuspielen.",
        "tip_territory_open": "Gebiet {t}: offen. Jeder Spieler stellt hier bis zu 4 Karten; "
        "entschieden wird es, wenn alle Armeen vollständig sind{claims}.",
        "tip_claims_auto": ", oder sobald eine vollständige Armee nachweislich nicht mehr zu "
        "schlagen ist",
        "tip_claims_manual": ", oder wenn ein Spieler es mit einer bewiesenen Armee beansprucht",
        "tip_claimable": " Jetzt beanspruchbar von {names}.",
        "tip_territory_won": "Gebiet {t}: gewonnen von {name} {how} bei #{play}; Siegmarker {m}.",
        "tip_completion": "durch Vervollständigung (die stärkste vollständige Armee)",
        "tip_claim": "durch Anspruch (keine Karten außerhalb des Tisches schlagen diese Armee)",
        "tip_claim_control": "Gebiet {t} beanspruchen: keine Karten, die nicht auf dem Tisch "
        "liegen, können deine Armee dort noch schlagen.",
        "tip_marker": "Siegmarker {m}: {name} hat Gebiet {t} gewonnen, das als {m}. "
        "entschieden wurde. Bei gleich vielen Gebieten gewinnt die kleinere Markersumme.",
        "tip_marker_left": "Siegmarker {m}: geht an den Sieger des nächsten entschiedenen "
        "Gebiets. Bei gleich vielen Gebieten gewinnt die kleinere Markersumme.",
        "tip_deck": "Stapel: {n} verdeckte Karten. Zu Beginn jedes Zuges zieht der Spieler "
        "eine, dann spielt er eine Karte aus.",
        "tip_unseen": "Ungesehene Karten: die {n} Karten in allen Händen und im Stapel, nach "
        "Symbolen. Ein Anspruch ist bewiesen, wenn keine Auswahl daraus die Armee schlägt.",
        "tip_unseen_set": "{n} ungesehene Karte(n) mit {symbols}",
        "tip_seat": "{name}: {h} Karten auf der Hand; gewonnene Gebiete: {won}; "
        "Markersumme {s}; Platz {r}",
        "tip_won_item": "Gebiet {t} (Marker {m})",
        "tip_tier": "{tier}: ein Symbol auf {n} Karten der Armee. Mehr Regimenter gewinnen, "
        "dann die höheren Symbole; dann Bataillone, dann Kompanien.",
        "tip_plays": "Bisher ausgespielte Karten; jede Karte zeigt ihre Nummer #n.",
        "tip_claims_mode": "Wie Gebiete vorzeitig entschieden werden: {mode}.",
        "tip_stop": "Das Spiel endet, sobald die übrigen Marker die Sieger nicht mehr ändern.",
    },
}


def labels(lang: str) -> dict[str, str]:
    return SVG_LABELS[lang_of(lang)]


def symbol_names(lab: dict[str, str]) -> list[str]:
    return lab["symbols"].split(",")


def spelled(slots: str, lab: dict[str, str]) -> str:
    """``3 Sword + 4 Helmet`` for the slot string ``..34.``."""
    names = symbol_names(lab)
    return " + ".join(f"{i + 1} {names[i]}" for i, ch in enumerate(slots[:5]) if ch != ".")


def names_of(seats: Sequence[int], lang: str, viewer: int | None, lab: dict[str, str]) -> str:
    return ", ".join(seat_name(s, lang, viewer) for s in seats) or lab["none"]


def formations(key: Sequence[Any], lab: dict[str, str]) -> str:
    """An army key ``[nR, [ranks], nB, [ranks], nC, [ranks]]`` in words: ``Regiment of
    Sword (on 4 cards), Company of Bow (on 2 cards)``."""
    tiers, names = lab["tiers"].split(","), symbol_names(lab)
    words = [
        lab["tip_formation"].format(tier=tiers[tier], symbol=names[int(rank) - 1], n=4 - tier)
        for tier in range(3)
        for rank in key[2 * tier + 1]
    ]
    return ", ".join(words) or lab["tip_no_formation"]
