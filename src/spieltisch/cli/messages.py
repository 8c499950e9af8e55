"""The words of the terminal client in English and German (``--lang en|de``)."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "player": "Player {n}",
        "you": "you",
        "starting": "{game} · {players} players · seed {seed}",
        "seat_line": "  {name}: {who}",
        "human": "you (at this terminal)",
        "since": "Since your last turn",
        "turn": "{name}, your move",
        "prompt": "Your choice (1-{n}, help, log, quit): ",
        "prompt_typed": "Your move (e.g. grey 4 5; help, list, log, quit): ",
        "empty": "Type the number of an action (1-{n}), or help, log, quit.",
        "empty_typed": "Type a move such as grey 4 5, or help, list, log, quit.",
        "not_number": "{text!r} is not a number. Type 1-{n}, or help, log, quit.",
        "out_of_range": "There is no action {text}: choose 1-{n}.",
        "rejected": "That move was rejected: {reason}",
        "illegal": "{what}: not allowed. {reason}",
        "which": "{text!r} fits several moves:",
        "which_prompt": "Which one (1-{n}, Enter for none)? ",
        "which_none": "No move chosen; type another.",
        "help": "Type the number in front of an action and press Enter. Other commands: "
        "[bold]board[/bold] shows the table again, [bold]log[/bold] the whole log, "
        "[bold]help[/bold] this text, [bold]hint[/bold] suggests a move (the hard bot's, "
        "with its estimated win chance), [bold]quit[/bold] ends the game. Ctrl-D also quits.",
        "help_typed": "Type your move and press Enter. Other commands: [bold]list[/bold] "
        "numbers every legal move (then type a number), [bold]board[/bold] shows the table "
        "again, [bold]log[/bold] the whole log, [bold]help[/bold] this text, [bold]hint[/bold] "
        "suggests a move, [bold]quit[/bold] ends the game. Ctrl-D also quits.",
        "hint_wait": "The hard bot thinks about your move…",
        "hint": "Suggested: {n}) {move} — estimated win chance {chance}%",
        "hint_typed": "Suggested: {move} — estimated win chance {chance}%",
        "full_log": "The whole log",
        "handover": "{name}'s turn: hand the terminal over, then press Enter.",
        "over": "Game over",
        "final": "Final table",
        "col_player": "Player",
        "col_score": "Score",
        "col_return": "Return",
        "col_result": "Result",
        "winner": "winner",
        "winner_line": "Winner: {names}",
        "winners": "Winners: {names} (shared win)",
        "no_winner": "Nobody won.",
        "saved": "Record saved to {path} (replay it with: spieltisch replay {path})",
        "save_prompt": "Save the game record to (file name, Enter to skip): ",
        "save_hint": "Add --save FILE to keep a record of the game.",
        "quit": "You quit the game after {moves} moves.",
        "eof": "Input ended (end of file) after {moves} moves: the game is abandoned.",
        "interrupted": "Interrupted after {moves} moves: the game is abandoned.",
        "partial": "The unfinished game's record was saved to {path}.",
        "spectator": "a spectator",
        "replay_head": "{players} players · seed {seed} · {moves} moves · seen by {who}",
        "replay_log": "Log",
        "replay_table": "Table after move {last} of {moves}",
        "replay_start": "Start",
        "replay_move": "Move {n}: {name}: {action}",
        "since_move": "What happened",
    },
    "de": {
        "player": "Spieler {n}",
        "you": "du",
        "starting": "{game} · {players} Spieler · Startwert {seed}",
        "seat_line": "  {name}: {who}",
        "human": "du (an diesem Terminal)",
        "since": "Seit deinem letzten Zug",
        "turn": "{name}, du bist am Zug",
        "prompt": "Deine Wahl (1-{n}, hilfe, protokoll, ende): ",
        "prompt_typed": "Dein Zug (z. B. grau 4 5; hilfe, liste, protokoll, ende): ",
        "empty": "Gib die Nummer einer Aktion ein (1-{n}), oder hilfe, protokoll, ende.",
        "empty_typed": "Tippe einen Zug wie grau 4 5, oder hilfe, liste, protokoll, ende.",
        "not_number": "{text!r} ist keine Zahl. Gib 1-{n} ein, oder hilfe, protokoll, ende.",
        "out_of_range": "Es gibt keine Aktion {text}: wähle 1-{n}.",
        "rejected": "Dieser Zug wurde abgelehnt: {reason}",
        "illegal": "{what}: nicht erlaubt. {reason}",
        "which": "{text!r} passt zu mehreren Zügen:",
        "which_prompt": "Welcher (1-{n}, Enter für keinen)? ",
        "which_none": "Kein Zug gewählt; tippe einen anderen.",
        "help": "Gib die Nummer vor einer Aktion ein und drücke Enter. Weitere Befehle: "
        "[bold]brett[/bold] zeigt den Tisch erneut, [bold]protokoll[/bold] das ganze "
        "Protokoll, [bold]hilfe[/bold] diesen Text, [bold]ende[/bold] beendet das Spiel. "
        "Strg-D beendet ebenfalls. (Die englischen Befehle gehen auch.)",
        "help_typed": "Tippe deinen Zug und drücke Enter. Weitere Befehle: [bold]liste[/bold] "
        "nummeriert alle erlaubten Züge (dann eine Nummer tippen), [bold]brett[/bold] zeigt "
        "den Tisch erneut, [bold]protokoll[/bold] das ganze Protokoll, [bold]hilfe[/bold] "
        "diesen Text, [bold]tipp[/bold] schlägt einen Zug vor, [bold]ende[/bold] beendet das "
        "Spiel. Strg-D beendet ebenfalls.",
        "hint_wait": "Der schwere Bot denkt über deinen Zug nach …",
        "hint": "Vorschlag: {n}) {move} — geschätzte Gewinnchance {chance} %",
        "hint_typed": "Vorschlag: {move} — geschätzte Gewinnchance {chance} %",
        "full_log": "Das ganze Protokoll",
        "handover": "{name} ist am Zug: gib das Terminal weiter und drücke Enter.",
        "over": "Spielende",
        "final": "Der Tisch am Ende",
        "col_player": "Spieler",
        "col_score": "Punkte",
        "col_return": "Ertrag",
        "col_result": "Ergebnis",
        "winner": "Sieger",
        "winner_line": "Sieger: {names}",
        "winners": "Sieger: {names} (geteilter Sieg)",
        "no_winner": "Niemand hat gewonnen.",
        "saved": "Partie gespeichert in {path} (abspielen mit: spieltisch replay {path})",
        "save_prompt": "Partie speichern unter (Dateiname, Enter zum Überspringen): ",
        "save_hint": "Mit --save DATEI wird die Partie gespeichert.",
        "quit": "Du hast das Spiel nach {moves} Zügen beendet.",
        "eof": "Eingabe zu Ende (Dateiende) nach {moves} Zügen: das Spiel wird abgebrochen.",
        "interrupted": "Unterbrochen nach {moves} Zügen: das Spiel wird abgebrochen.",
        "partial": "Die unfertige Partie wurde in {path} gespeichert.",
        "spectator": "Zuschauer",
        "replay_head": "{players} Spieler · Startwert {seed} · {moves} Züge · gesehen von {who}",
        "replay_log": "Protokoll",
        "replay_table": "Der Tisch nach Zug {last} von {moves}",
        "replay_start": "Beginn",
        "replay_move": "Zug {n}: {name}: {action}",
        "since_move": "Was geschah",
    },
}

LANGUAGES = tuple(MESSAGES)


def messages(lang: str) -> dict[str, str]:
    """The messages of ``lang`` (English for an unknown language)."""
    return MESSAGES.get(lang, MESSAGES["en"])
