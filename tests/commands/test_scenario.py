"""``companion scenario``: scripted games in, JSON out, clear exits for bad files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main


def write(tmp_path: Path, content: object) -> str:
    path = tmp_path / "scenario.json"
    path.write_text(content if isinstance(content, str) else json.dumps(content))
    return str(path)


@pytest.mark.usefixtures("die_race_registered")
def test_prints_the_state_and_legal_actions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = write(
        tmp_path, {"game": "die-race", "players": 2, "seed": 3, "actions": ["roll 3", "move 3"]}
    )
    assert main(["scenario", file]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["current_player"] == "chance"
    assert out["legal_actions"] == [
        {"action": "roll 1", "probability": pytest.approx(1 / 3)},
        {"action": "roll 2", "probability": pytest.approx(1 / 3)},
        {"action": "roll 3", "probability": pytest.approx(1 / 3)},
    ]
    assert out["state"]["state"]["positions"] == [3, 0]
    assert out["terminal"] is False and out["returns"] == [0.0, 0.0]
    view = out["view"]
    assert view["headline"] == "Roll the die for Player 2" and view["turn"] is None
    assert view["log"] == ["The die shows 3.", "Player 1 moves 3."]
    assert [o["label"] for o in view["chance"]["outcomes"]] == [
        "It shows 1",
        "It shows 2",
        "It shows 3",
    ]


@pytest.mark.usefixtures("die_race_registered")
def test_a_finished_game_reports_returns(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = write(
        tmp_path,
        {
            "game": "die-race",
            "players": 1,
            "options": {"target": 2},
            "actions": ["roll 2", "move 2"],
        },
    )
    assert main(["scenario", file]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["terminal"] is True and out["current_player"] == "terminal"
    assert out["returns"] == [1.0] and out["legal_actions"] == []
    assert out["view"]["end"]["winners"] == [0]
    assert out["view"]["end"]["reason"] == "Player 1 reached square 2."


@pytest.mark.usefixtures("die_race_registered")
def test_an_illegal_action_exits_2_naming_index_text_and_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = write(tmp_path, {"game": "die-race", "players": 2, "actions": ["roll 1", "move 3"]})
    assert main(["scenario", file]) == 2
    err = capsys.readouterr().err
    assert "action 1 ('move 3') is illegal: move 3 is not a legal move now" in err
    assert "legal here: move 1" in err


@pytest.mark.usefixtures("die_race_registered")
def test_a_key_that_names_no_action_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = write(tmp_path, {"game": "die-race", "players": 2, "actions": ["jump " + "x" * 5000]})
    assert main(["scenario", file]) == 2
    err = capsys.readouterr().err
    assert "is not a Die Race action" in err and "legal here: roll 1; roll 2; roll 3" in err
    assert len(err) < 500


@pytest.mark.usefixtures("die_race_registered")
@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not valid JSON at line 1, column 2"),
        ([1, 2], "top level must be a JSON object"),
        ({"players": 2}, "missing the required key 'game'"),
        ({"game": "chess", "players": 2}, "no game 'chess'"),
        ({"game": "die-race", "players": 7}, "1-3 players, not 7"),
        ({"game": "die-race", "players": 2, "options": {"target": "far"}}, '"Target" can be'),
        ({"game": "die-race", "players": 2, "actions": "roll 1"}, "list of action texts"),
        ({"game": "die-race", "players": 2, "seed": 1.5}, "'seed' must be an integer"),
        ({"game": "die-race", "players": 2, "moves": []}, "unknown key(s): moves"),
    ],
)
def test_a_malformed_file_exits_2_saying_what_is_wrong(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: object, message: str
) -> None:
    assert main(["scenario", write(tmp_path, content)]) == 2
    assert message in capsys.readouterr().err


def test_a_missing_file_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scenario", "/nonexistent/s.json"]) == 2
    assert "cannot read the file" in capsys.readouterr().err


def test_version_and_games(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out.startswith("companion 0.1.0")
    assert main(["games"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "lost-in-the-woods            Lost in the Woods (1 player)" in lines
    assert "le-petit-poucet              Le Petit Poucet (2-5 players)" in lines
    assert len(lines) == 5


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("[" * 100_000, "nested more than 32 levels deep"),
        ('{"game": "die-race", "players": 1, "seed": ' + "7" * 5000 + "}", "has 5000 digits"),
        ('{"game": "die-race", "players": 1, "options": {"target": NaN}}', "NaN is not a number"),
        ('{"game": "die-race", "players": 1e999}', "too large"),
        ('{"game": "die-race", "players": "two"}', "'players' must be an integer"),
    ],
    ids=["deep brackets", "5000-digit seed", "NaN option", "1e999", "text players"],
)
@pytest.mark.usefixtures("die_race_registered")
def test_numbers_that_are_not_numbers_exit_2_with_a_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, message: str
) -> None:
    assert main(["scenario", write(tmp_path, content)]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


@pytest.mark.usefixtures("die_race_registered")
def test_a_huge_action_text_is_not_echoed_back_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    huge = "roll " + "9" * 10_000_000
    file = write(tmp_path, {"game": "die-race", "players": 1, "actions": [huge]})
    assert main(["scenario", file]) == 2
    err = capsys.readouterr().err
    assert "action 0 ('roll 99999" in err and "10,000,007 characters" in err
    assert len(err) < 2_000
